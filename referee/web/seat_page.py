"""What one player's seat shows (issue 32): whose turn it is, what just happened, the player's
own holdings, and the moves legal for them now as buttons and as a line with completion.

The buttons and the completion are the shell's offers (`referee.play.offers`), never a list of
their own: a line is offered only where the session would accept it, or where it leads to a
move it would accept. A candidate line ending in a space leads on (tapping it fills the line
and shows the next words); any other is a whole move that the session accepts as it stands.
Where the next word is a number said freely (the game's `Options.amounts`: a bid, a revenue),
the completion says so (`pad`) and the page shows a number pad beside the candidates.

The server (referee/web/seats.py) calls `html`, `view`, `completions` and `pad` and serves
the page's script and stylesheet (static/seat.js, static/seat.css) beside it; a move tapped
here is POSTed to it and goes through the same session as a typed one.
"""

from __future__ import annotations

import json
import shlex
from typing import Any

from referee import i18n
from referee.core.engine import RefereeError
from referee.core.gamespec import page
from referee.core.html import esc
from referee.i18n import _, pgettext
from referee.play import offers
from referee.play.render import event_lines
from referee.play.session import Session, split
from referee.web.view import answers, verdict

HAPPENED = 2  # the answers shown under "what just happened": the last, and the one before
# The languages a player may choose for their seat, each named in its own script (whatever the
# page speaks now, a player finds theirs).
LANGUAGES = {"en": "English", "ja": "日本語"}


def words() -> dict[str, str]:
    """The page's own words, in the language of the page (its script takes them from here)."""
    return {
        "your_turn": _("Your turn"),
        "waiting": _("Waiting for {player}"),
        "over": _("The game is over."),
        "happened": _("What just happened"),
        "holdings": _("What you hold"),
        "moves": _("Your moves"),
        "none": _("nothing to do until your turn"),
        "send": pgettext("seat", "Send"),
        "pad": _("number pad"),
        "back": _("take back the last digit"),
        "next_word": _("next word"),
        "clear": _("Clear"),
        "line": pgettext("seat", "type a move"),
        "take_back": _("Take back my last move"),
        "confirm": _("confirm {move} (made automatically)"),
        "sending": _("sending…"),
        "yes": _("yes"),
        "no": pgettext("seat", "no"),
        "unreachable": _("cannot reach the referee; retrying…"),
        "live": _("live · move {moves}"),
        "lost": _("connection lost; reconnecting…"),
        "language": _("the language of this seat"),
    }


def completions(session: Session, player: str, line: str) -> list[str]:
    """The whole lines that may follow what is typed in `line` for `player` now: each either a
    move accepted as it stands, or (ending in a space) the start of one with more words to
    come. None for a player whose turn it is not, or in a game that is over."""
    if session.actor() != player:
        return []
    typed = _words(line)
    if typed is None:
        return []
    done, start = typed
    now = offers.of(session)
    out: list[str] = []
    for word in now.words(done):
        if not word.lower().startswith(start.lower()):
            continue
        whole = [*done, word]
        said = shlex.join(whole)
        if now.verdict(whole) == "accepted":
            out.append(said)
        if now.needs_more(whole) or now.words(whole):
            out.append(said + " ")
    return out


def pad(session: Session, player: str, line: str) -> dict[str, bool] | None:
    """Whether the word being typed at the end of `line` (or the next, after a space) is an
    amount the options mark as typed freely for `player` now (a bid, a revenue, a price): the
    seat then shows a number pad. With digits typed, `send` says the line is a whole move (the
    rules may still refuse the amount: the answer tells why), `next` that more words may
    follow it. None where no number pad is wanted."""
    typed = _words(line) if session.actor() == player else None
    if typed is None or not typed[0]:
        return None
    done, start = typed
    now = offers.of(session)
    if (start and not start.isdigit()) or not now.amount_next(done):
        return None
    if not start:
        return {"send": False, "next": False}
    whole = [*done, start]
    verdict = now.verdict(whole)
    leads_on = verdict == "open" or now.amount_next(whole) or bool(now.following(whole))
    return {"send": verdict in ("accepted", "refused"), "next": leads_on}


def _words(line: str) -> tuple[list[str], str] | None:
    """The complete words of `line` and the start of the word being typed ("" after a space);
    None where the line cannot be read as words (an open quote)."""
    try:
        done = split(line)
    except RefereeError:
        return None
    if line and not line[-1].isspace() and done:
        return done[:-1], done[-1]
    return done, ""


def happened(session: Session) -> list[list[str]]:
    """The last answers as the shell and the table page tell them, the newest first: each the
    move's sentence (`#N ...`), then what it changed, then the automatic moves after it."""
    shown = []
    for group in answers(session)[-HAPPENED:][::-1]:
        lines = [f"#{group[0] + 1} {session.tell(group[0]).sentence}"]
        lines += [line for index in group for line in event_lines(session.tell(index))]
        shown.append(lines)
    return shown


def view(session: Session, player: str, *, version: str) -> dict[str, Any]:
    """Everything the seat of `player` shows, as plain data (the page's script draws it)."""
    game, state = session.game, session.state
    options = game.options(state)
    over = game.is_over(state)
    holdings = page(game.name).holdings(session, state, player)
    return {
        "version": version,
        "lang": i18n.language(),
        "title": _("{player}'s seat · {game}").format(player=player, game=session.title),
        "player": player,
        "moves": len(session.entries),
        "actor": options.actor,
        "mine": options.actor == player,
        "phase": options.phase,
        "next": verdict(session) if over else session.next_step(),
        "over": over,
        "happened": happened(session),
        "holdings": [[what, value] for what, value in holdings],
        "standing": _standing(session, player),
        "buttons": completions(session, player, ""),
        "take_back": session.may_undo_for(player),
        "automatic": automatic(session, player),
        "words": words(),
        "languages": [[code, LANGUAGES[code]] for code in i18n.LANGUAGES],
    }


def automatic(session: Session, player: str) -> list[str]:
    """The moves the referee made for `player` (no choice in them) that the table has not
    typed yet: the seat confirms one by sending it, as the shell takes it typed afterwards."""
    return [session.entries[n].text for n in session.awaiting if session.entries[n].by == player]


def _standing(session: Session, player: str) -> str:
    """The player's place and total, in a few words."""
    rows = session.game.standings(session.state)
    row = next(r for r in rows if r.player == player)
    return _("place {place} of {players} · total {total}").format(
        place=row.place, players=len(rows), total=row.score
    )


def html(session: Session, player: str, *, page_token: str, version: str, lang: str) -> str:
    """The seat's page in `lang`: its first view comes inside, as data for the script, which
    then follows the game's events (`events`) and POSTs the player's moves (with `page_token`
    and the version shown)."""
    with i18n.drawing(lang):
        shown = view(session, player, version=version)
        title = shown["title"]
        noscript = _("this page needs JavaScript to send moves")
    data = json.dumps(shown, ensure_ascii=False).replace("</", "<\\/")
    return f"""<!doctype html>
<html lang="{esc(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>{esc(title)}</title>
<link rel="stylesheet" href="seat.css"><script src="seat.js" defer></script>
</head>
<body data-page="{esc(page_token)}" data-version="{esc(version)}">
<header><h1 id="title">{esc(title)}</h1><p class="live" id="live" aria-live="polite"></p></header>
<main id="seat"><noscript><p>{esc(noscript)}</p></noscript></main>
<script type="application/json" id="view">{data}</script>
</body>
</html>
"""
