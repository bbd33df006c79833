"""The page's content for one session: what the table sees, as HTML and as plain data.

Read-only: everything here is computed from the session's states with the game's own
functions (options, standings, snapshot) and the game's page (its spec's `page`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.core.gamespec import GamePage, page
from referee.core.html import esc, items, section, table
from referee.i18n import _
from referee.play.render import chapters, event_lines, log_rows, settings, standings_cells
from referee.play.render import standings as standings_text
from referee.play.session import Session
from referee.web import charts

LAST_MOVES = 12


@dataclass
class Page:
    """Caches of one page between versions (charts keep the points already computed)."""

    history: charts.History = field(default_factory=charts.History)


def page_of(session: Session) -> GamePage:
    """The game's own page module; a game without one (a new game) gets the plain page."""
    return page(session.game.name)


def next_line(session: Session) -> str:
    """Who acts next and at what step (not the commands: the page is read, not typed in)."""
    return session.next_step()


def answers(session: Session) -> list[list[int]]:
    """The moves of the log grouped as the shell answered them, the last answer last: a typed
    move with the automatic moves that followed it (0-based indexes)."""
    groups: list[list[int]] = []
    for index, entry in enumerate(session.entries):
        if entry.auto and groups:
            groups[-1].append(index)
        else:
            groups.append([index])
    return groups


def happened(session: Session) -> str:
    """ "What just happened": the answer lines of the last move as the shell printed them, and
    those of the one before, dimmed; empty before the first move."""
    shown = answers(session)[-2:][::-1]
    if not shown:
        return ""
    parts = []
    for age, group in enumerate(shown):
        lines = [f"#{i + 1} {session.tell(i).sentence}" for i in group[:1]]
        lines += [line for i in group for line in event_lines(session.tell(i))]
        style = ' style="opacity:.6"' if age else ""
        cls = "just" if not age else "before"
        parts.append(f'<div class="{cls}"{style}>{items(lines)}</div>')
    return section(_("What just happened"), "".join(parts), cls="happened")


def settings_html(session: Session) -> str:
    """The readings in force, in plain words; empty for a game with none."""
    lines = settings(session.game.readings(), session.readings)
    return section(_("Settings"), items(lines), cls="settings") if lines else ""


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
    numbers = list(range(1, len(session.entries) + 1))
    shown = numbers if last is None else numbers[-last:][::-1]
    if not shown:
        none = _("no moves yet")
        return f"<p>{esc(none)}</p>"
    headers, rows = log_rows(session, shown, fmt="%H:%M")
    if last:
        return table(headers, rows, cls="moves")
    # the whole log reads as the story of the game: each round under its heading
    starts = {n - 1: name for name, numbers in chapters(session) if name for n in numbers[:1]}
    return table(headers, rows, cls="log", headings=starts)


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
            {
                "number": n,
                "by": e.by,
                "text": e.text,
                "sentence": session.tell(n - 1).sentence,
                "effects": event_lines(session.tell(n - 1)),
                "at": e.at.isoformat(),
            }
            for n, e in list(enumerate(session.entries, start=1))[-LAST_MOVES:]
        ],
    }


def chart_sections(session: Session, page: Page) -> str:
    prices = page_of(session).prices
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
    view = page_of(session)
    over = game.is_over(state)
    parts = []
    if not whole_log:
        parts.append(happened(session))
    if notice:
        parts.append(f'<p class="notice">{esc(notice)}</p>')
    now = verdict(session) if over else next_line(session)
    parts.append(f'<p class="next" id="next">{esc(now)}</p>')
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
    parts.append(settings_html(session))
    return "\n".join(part for part in parts if part)
