"""The page's content for one session: what the table sees, as HTML and as plain data.

Read-only: everything here is computed from the session's states with the game's own
functions (options, standings, snapshot) and the game's view in `referee.web.games`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.i18n import _
from referee.render import described, readings_line, standings_cells
from referee.render import standings as standings_text
from referee.session import Session
from referee.web import charts
from referee.web.games import view_of
from referee.web.html import esc, items, section, table

LAST_MOVES = 12


@dataclass
class Page:
    """Caches of one page between versions (charts keep the points already computed)."""

    history: charts.History = field(default_factory=charts.History)


def next_line(session: Session) -> str:
    from referee.shell.commands import Shell

    return Shell(session).next_line()


def verdict(session: Session) -> str:
    """The last line of the shell's final standings ("A wins"), or "" while the game goes on."""
    game, state = session.game, session.state
    if not game.is_over(state):
        return ""
    text = standings_text(game.standings(state), over=True)
    return text.splitlines()[-1] if [r for r in game.standings(state) if r.place == 1] else ""


def standings_html(session: Session) -> str:
    headers, rows = standings_cells(session.game.standings(session.state), session.game.name)
    return table(headers, rows, cls="standings")


def moves_html(session: Session, last: int | None = LAST_MOVES) -> str:
    numbered = list(enumerate(session.entries, start=1))
    shown = numbered if last is None else numbered[-last:][::-1]
    rows = [[n, e.by, described(e, session.mark(n - 1)), f"{e.at:%H:%M}"] for n, e in shown]
    if not rows:
        none = _("no moves yet")
        return f"<p>{esc(none)}</p>"
    headers = ["#", _("by"), _("move"), _("at (UTC)")]
    return table(headers, rows, cls="moves" if last else "log")


def data(session: Session) -> dict[str, Any]:
    """The plain data of the page (the JSON endpoint), without the HTML."""
    game, state = session.game, session.state
    options = game.options(state)
    return {
        "game": game.name,
        "title": session.title,
        "players": list(session.players),
        "moves": len(session.entries),
        "actor": options.actor,
        "phase": options.phase,
        "next": next_line(session),
        "over": game.is_over(state),
        "verdict": verdict(session),
        "standings": [
            {"place": s.place, "player": s.player, "score": s.score, **s.details}
            for s in game.standings(state)
        ],
        "last_moves": [
            {"number": n, "by": e.by, "text": e.text, "at": e.at.isoformat()}
            for n, e in list(enumerate(session.entries, start=1))[-LAST_MOVES:]
        ],
    }


def chart_sections(session: Session, page: Page) -> str:
    prices = view_of(session.game.name).prices
    return "\n".join(
        section(t, f'<div class="chart">{svg}</div>')
        for t, svg in charts.charts(session, page.history, prices)
    )


def body(
    session: Session,
    page: Page,
    notice: str = "",
    whole_log: bool = False,
    charts_html: str | None = None,
) -> str:
    """The main part of the page (everything below the title), as HTML. `charts_html`: the
    chart sections drawn earlier (drawing them is the slow part), or None to draw them now."""
    game, state = session.game, session.state
    view = view_of(game.name)
    over = game.is_over(state)
    parts = []
    if notice:
        parts.append(f'<p class="notice">{esc(notice)}</p>')
    now = verdict(session) if over else next_line(session)
    parts.append(f'<p class="next" id="next">{esc(now)}</p>')
    in_force = readings_line(game.readings(), session.readings)
    if in_force:
        parts.append(f'<p class="readings">{esc(in_force)}</p>')
    title = _("Final table") if over else _("Standings")
    parts.append(section(title, standings_html(session), cls="final" if over else ""))
    if not whole_log:
        parts.append(section(_("Last moves"), moves_html(session), cls="last"))
    # Maps take the whole width of a wide screen.
    parts += [
        section(t, html, cls="wide" if 'class="map"' in html else "")
        for t, html in view.panels(session, state)
    ]
    parts.append(section(_("End of the game"), items(view.ending(session, state))))
    parts.append(chart_sections(session, page) if charts_html is None else charts_html)
    if whole_log:
        parts.append(section(_("The whole log"), moves_html(session, last=None)))
    return "\n".join(parts)
