"""A game diary in Markdown: the setup, the moves and the standings."""

from __future__ import annotations

from tabulate import tabulate

from referee.render import standings_table
from referee.session import Session


def markdown(session: Session) -> str:
    game, state = session.game, session.state
    over = game.is_over(state)
    lines = [
        f"# {game.title}, {session.created:%Y-%m-%d}",
        "",
        f"Players: {', '.join(session.players)}. Variant: {session.variant}.",
        "",
        "## Moves",
        "",
    ]
    rows = [
        [
            n,
            e.by,
            f"`{e.text}`"
            + (f" (amended; was `{e.was}`)" if e.was else "")
            + (f" ({mark})" if mark else ""),
            f"{e.at:%H:%M}",
        ]
        for n, (e, mark) in enumerate(zip(session.entries, session.marks(), strict=True), start=1)
    ]
    lines.append(tabulate(rows, headers=["#", "by", "move", "at (UTC)"], tablefmt="github"))
    lines += ["", "## Final standings" if over else "## Standings (game not over)", ""]
    lines.append(standings_table(game.standings(state), fmt="github"))
    return "\n".join(lines) + "\n"
