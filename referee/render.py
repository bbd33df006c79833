"""Text shared by all games: events, standings, the move log (tabulate)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tabulate import tabulate

from referee.citations import bracket
from referee.engine import Event, Overridden, Reading, Readings, Standing
from referee.i18n import _
from referee.session import Entry


def events(items: Sequence[Event]) -> str:
    return "\n".join(f"  {event_text(e)}" for e in items)


def event_text(event: Event) -> str:
    if isinstance(event, Overridden):
        return _("  overrides {rule}: {text}").format(rule=bracket(event.rule), text=event.text)
    return event.text


def cell(value: object) -> object:
    """A detail of the standings as the table shows it: a flag is a word, or nothing if false."""
    if isinstance(value, bool):
        return _("yes") if value else ""
    return value


def standings_cells(rows: Sequence[Standing]) -> tuple[list[str], list[list[Any]]]:
    """Headers and one row per player: place, name, the game's detail columns, total."""
    extra: list[str] = []
    for row in rows:
        # A flag false for everyone (nobody bankrupt) is not worth a column.
        extra += [k for k, v in row.details.items() if k not in extra and v is not False]
    table = [
        [row.place or "", row.player, *(cell(row.details.get(k, "")) for k in extra), row.score]
        for row in rows
    ]
    return ["#", _("player"), *(_(k) for k in extra), _("total")], table


def standings_table(rows: Sequence[Standing], fmt: str = "simple") -> str:
    headers, table = standings_cells(rows)
    return tabulate(table, headers=headers, tablefmt=fmt)


def standings(rows: Sequence[Standing], over: bool) -> str:
    title = _("Final standings") if over else _("Standings")
    body = standings_table(rows)
    winners = [r.player for r in rows if r.place == 1]
    if over and winners:
        if len(winners) > 1:
            verdict = _("{players} share the win").format(players=_(" and ").join(winners))
        else:
            verdict = _("{player} wins").format(player=winners[0])
        return f"{title}\n{body}\n{verdict}"
    return f"{title}\n{body}"


def described(e: Entry, mark: str, code: Callable[[str], str] = str) -> str:
    """A move of the log as the diaries show it: the text (through `code`, e.g. Markdown's
    backticks), what it replaced if amended, and how it was made beyond the rules' order."""
    text = code(e.text)
    if e.was:
        text += _(" (amended; was {was})").format(was=code(e.was))
    return text + (f" ({mark})" if mark else "")


def log(entries: Sequence[Entry], marks: Sequence[str] = ()) -> str:
    """The moves, numbered; `marks` says how a move broke the order of play (`out of turn`)."""
    if not entries:
        return _("no moves yet")
    rows = []
    for number, e in enumerate(entries, start=1):
        mark = marks[number - 1] if number <= len(marks) else ""
        rows.append([number, e.by, described(e, mark), e.at.strftime("%Y-%m-%d %H:%M")])
    headers = ["#", _("by"), _("move"), _("at (UTC)")]
    return tabulate(rows, headers=headers, tablefmt="simple")


def readings(declared: Sequence[Reading], chosen: Readings, only_chosen: bool = False) -> str:
    """Each reading: its key, the lines it is about, the choices (the one in force marked *,
    the default said), each in a sentence. `only_chosen`: those that differ from the default."""
    shown = [r for r in declared if not only_chosen or chosen.of(r) != r.default]
    if not declared:
        return _("this game has no readings to choose: its rules text is read one way")
    if not shown:
        return _("every reading is the default (`readings --all` lists them and their choices)")
    lines = []
    for r in shown:
        lines.append(f"{r.key} ({r.rules}): {_(r.question)}")
        for name, sentence in r.choices:
            mark = "*" if name == chosen.of(r) else " "
            default = _(" (default)") if name == r.default else ""
            lines.append(f"  {mark} {name}{default}: {_(sentence)}")
    return "\n".join(lines)


def readings_line(declared: Sequence[Reading], chosen: Readings) -> str:
    """The readings in force in one line, for `status`; those the table chose marked."""
    if not declared:
        return ""
    mark = _(" (chosen)")
    parts = [f"{r.key}={chosen.of(r)}{'' if chosen.of(r) == r.default else mark}" for r in declared]
    return _("readings: {readings}").format(readings=", ".join(parts))
