"""A game diary: the setup, the moves and the standings, in Markdown or as one HTML page."""

from __future__ import annotations

from tabulate import tabulate

from referee.i18n import _
from referee.play.render import chapters, log_rows, standings_table
from referee.play.session import Session


def cell(value: object) -> str:
    """A value as text that keeps a GitHub Markdown table whole: `|` escaped, a line break a
    space, and the characters Markdown would read as markup (`\\`, `<`) escaped."""
    text = str(value).replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;")
    return " ".join(text.splitlines())


def markdown(session: Session) -> str:
    game, state = session.game, session.state
    over = game.is_over(state)
    chosen = ", ".join(f"{key}={choice}" for key, choice in session.readings.chosen)
    lines = [
        f"# {session.title}, {session.created:%Y-%m-%d}",
        "",
        _("Players: {players}. Variant: {variant}.").format(
            players=", ".join(session.players), variant=game.shown_variant(session.variant)
        )
        + (" " + _("Readings: {readings}.").format(readings=chosen) if chosen else ""),
        "",
        "## " + _("Moves"),
        "",
    ]
    for name, numbers in chapters(session):
        if name:
            lines += [f"### {cell(name)}", ""]
        headers, rows = log_rows(session, numbers, fmt="%H:%M", code=lambda text: f"`{text}`")
        rows = [[cell(value) for value in row] for row in rows]
        lines += [tabulate(rows, headers=headers, tablefmt="github"), ""]
    if not session.entries:
        lines += [_("no moves yet"), ""]
    lines.pop()
    title = _("Final standings") if over else _("Standings (game not over)")
    lines += ["", f"## {title}", ""]
    lines.append(standings_table(game.standings(state), fmt="github", game=game.name))
    return "\n".join(lines) + "\n"


def html_page(session: Session) -> str:
    """The table page as one self-contained file: the final table, the charts, the whole log
    (the stylesheet inside, no script, nothing fetched)."""
    # The page (every game's view, the charts) loads only for an HTML diary: the shell, which
    # writes diaries, starts without it.
    from referee.web.page import page_html
    from referee.web.view import Page, body

    return page_html(session, body(session, Page(), whole_log=True), "diary", live=False)
