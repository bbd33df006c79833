"""A game diary: the setup, the moves and the standings, in Markdown or as one HTML page."""

from __future__ import annotations

from tabulate import tabulate

from referee.render import described, standings_table
from referee.session import Session


def markdown(session: Session) -> str:
    game, state = session.game, session.state
    over = game.is_over(state)
    chosen = ", ".join(f"{key}={choice}" for key, choice in session.readings.chosen)
    lines = [
        f"# {game.title}, {session.created:%Y-%m-%d}",
        "",
        f"Players: {', '.join(session.players)}. Variant: {session.variant}."
        + (f" Readings: {chosen}." if chosen else ""),
        "",
        "## Moves",
        "",
    ]
    rows = [
        [n, e.by, described(e, mark, lambda text: f"`{text}`"), f"{e.at:%H:%M}"]
        for n, (e, mark) in enumerate(zip(session.entries, session.marks(), strict=True), start=1)
    ]
    lines.append(tabulate(rows, headers=["#", "by", "move", "at (UTC)"], tablefmt="github"))
    lines += ["", "## Final standings" if over else "## Standings (game not over)", ""]
    lines.append(standings_table(game.standings(state), fmt="github"))
    return "\n".join(lines) + "\n"


def html_page(session: Session) -> str:
    """The table page as one self-contained file: the final table, the charts, the whole log
    (the stylesheet inside, no script, nothing fetched)."""
    from referee.web.page import page_html
    from referee.web.view import Page, body

    return page_html(session, body(session, Page(), whole_log=True), "diary", live=False)
