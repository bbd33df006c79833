"""What a seat sees: its player's page (HTML), its view (JSON) and the completions of a line.

The contract with the seat server (referee/web/seats.py, issue 32); a minimal page, to be
grown by the seat page's own work.
"""

from __future__ import annotations

from typing import Any

from referee.core.html import esc
from referee.i18n import _
from referee.play import frame, offers
from referee.play.session import Session
from referee.shell.completer import typed_so_far


def view(session: Session, player: str, *, version: str) -> dict[str, Any]:
    """The seat's view as JSON-able data: whose move it is, what just happened, the moves
    legal for `player` now."""
    now = offers.of(session)
    actor = now.options.actor
    last = [{"by": e.by, "text": e.text} for e in session.entries[-5:]]
    return {
        "version": version,
        "player": player,
        "actor": actor,
        "yours": actor == player,
        "next": session.next_step(),
        "last_moves": last,
        "moves": list(now.verbs()) if actor == player else [],
    }


def html(session: Session, player: str, *, page_token: str, version: str, lang: str) -> str:
    """The seat's page: its view and a form whose script posts moves with `page_token`."""
    seen = view(session, player, version=version)
    moves = "".join(f"<li>{esc(m)}</li>" for m in seen["moves"])
    played_there = esc(_("your moves are played by the referee at the table"))
    return f"""<!doctype html>
<html lang="{esc(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{esc(player)}: {esc(session.title)}</title>
</head>
<body data-version="{esc(version)}" data-page="{esc(page_token)}" data-player="{esc(player)}">
<h1>{esc(player)}</h1>
<p id="next">{esc(seen["next"])}</p>
<ul id="moves">{moves}</ul>
<p>{played_there}</p>
</body>
</html>
"""


def completions(session: Session, player: str, line: str) -> list[str]:
    """The words that may come next in `line`, from the shell's own completion."""
    if session.actor() != player:
        return []
    try:
        words, current, _raw = typed_so_far(line)
    except ValueError:  # an open quote the shell's completion cannot read either
        return []
    options = offers.candidates(session, words)
    low = current.lower()
    shown = [o for o in dict.fromkeys(options) if o.lower().startswith(low)]
    return [o for o in shown if words or frame.find(o) is None]  # a seat plays moves only
