"""The table page: the live game, read-only, for every phone at the table.

A view, like `referee.play.render`: it reads a session (or a save) and never decides a rule or
changes a move. `server` serves it from the shell's own asyncio loop; `share` is the shell's
`share` command; `diary` writes the same page as one self-contained HTML file.
"""
