"""Text shared by all games: events, standings, the move log (tabulate)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from tabulate import tabulate

from referee.core import fit
from referee.core.citations import bracket
from referee.core.engine import Event, Overridden, Reading, Readings, Standing
from referee.i18n import _, in_game
from referee.play.session import Session, Told


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


def standings_cells(rows: Sequence[Standing], game: str = "") -> tuple[list[str], list[list[Any]]]:
    """Headers and one row per player: place, name, the game's detail columns (in the words of
    `game`'s rules), total."""
    extra: list[str] = []
    for row in rows:
        # A flag false for everyone (nobody bankrupt) is not worth a column.
        extra += [k for k, v in row.details.items() if k not in extra and v is not False]
    table = [
        [row.place or "", row.player, *(cell(row.details.get(k, "")) for k in extra), row.score]
        for row in rows
    ]
    return ["#", _("player"), *(in_game(game, k) for k in extra), _("total")], table


def standings_table(rows: Sequence[Standing], fmt: str = "simple", game: str = "") -> str:
    headers, table = standings_cells(rows, game)
    if fmt == "simple":
        return fit.table(table, headers, keep=2)
    return tabulate(table, headers=headers, tablefmt=fmt)


def standings(rows: Sequence[Standing], over: bool, game: str = "") -> str:
    title = _("Final standings") if over else _("Standings")
    body = standings_table(rows, game=game)
    winners = [r.player for r in rows if r.place == 1]
    if over and winners:
        if len(winners) > 1:
            verdict = _("{players} share the win").format(players=_(" and ").join(winners))
        else:
            verdict = _("{player} wins").format(player=winners[0])
        return f"{title}\n{body}\n{verdict}"
    return f"{title}\n{body}"


def local_time(at: datetime, fmt: str = "%Y-%m-%d %H:%M") -> str:
    """When a move was made, in this machine's time zone (the log keeps UTC)."""
    return at.astimezone().strftime(fmt)


def time_header() -> str:
    """The heading of the time column, naming this machine's time zone."""
    return _("at ({zone})").format(zone=datetime.now().astimezone().tzname() or "")


def event_lines(told: Told) -> list[str]:
    """The answer lines the shell printed for a move, without their indent."""
    return [event_text(e) for e in told.events]


def described(session: Session, index: int, code: Callable[[str], str] = str) -> str:
    """Move `index` (0-based) of the log as the diaries show it: its canonical sentence with
    its effect, what it replaced if amended (through `code`, e.g. Markdown's backticks), and
    how it was made beyond the rules' order."""
    entry, mark = session.entries[index], session.mark(index)
    text = session.tell(index).sentence
    if entry.was:
        text += _(" (amended; was {was})").format(was=code(entry.was))
    return text + (f" ({mark})" if mark else "")


def log_rows(
    session: Session,
    numbers: Sequence[int] | None = None,
    fmt: str = "%Y-%m-%d %H:%M",
    code: Callable[[str], str] = str,
) -> tuple[list[str], list[list[Any]]]:
    """Headers and rows of the log (moves `numbers`, 1-based; all by default): number, who,
    the sentence, the local time."""
    shown = range(1, len(session.entries) + 1) if numbers is None else numbers
    rows = [
        [
            n,
            session.entries[n - 1].by,
            described(session, n - 1, code),
            local_time(session.entries[n - 1].at, fmt),
        ]
        for n in shown
    ]
    return ["#", _("by"), _("move"), time_header()], rows


def chapters(session: Session) -> list[tuple[str, list[int]]]:
    """The log's moves (1-based numbers) by round, for the diary's headings: each round's name
    in words (the round the game was in before its first move, `Game.round_name`) with its
    moves; a single chapter named "" for a game without rounds."""
    parts: list[tuple[str, list[int]]] = []
    for n in range(1, len(session.entries) + 1):
        name = session.game.round_name(session.states[n - 1])
        if parts and parts[-1][0] == name:
            parts[-1][1].append(n)
        else:
            parts.append((name, [n]))
    return parts


def log(session: Session) -> str:
    """The moves, numbered, each as a sentence with its effect and its local time."""
    if not session.entries:
        return _("no moves yet")
    headers, rows = log_rows(session)
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
        lines.append(f"{r.key} ({r.rules}): {_(r.question)}")  # marked N_ by the game
        for name, sentence in r.choices:
            mark = "*" if name == chosen.of(r) else " "
            default = _(" (default)") if name == r.default else ""
            lines.append(f"  {mark} {name}{default}: {_(sentence)}")
    return "\n".join(lines)


def settings(declared: Sequence[Reading], chosen: Readings) -> list[str]:
    """Each reading in plain words for the players: its question and the choice in force, as
    `referee readings` says them."""
    lines = []
    for r in declared:
        choice = chosen.of(r)
        sentence = dict(r.choices)[choice]
        lines.append(
            _("{question} — {sentence}").format(question=_(r.question), sentence=_(sentence))
        )
    return lines


def readings_line(declared: Sequence[Reading], chosen: Readings) -> str:
    """The readings in force in one line, for `status`; those the table chose marked."""
    if not declared:
        return ""
    mark = _(" (chosen)")
    parts = [f"{r.key}={chosen.of(r)}{'' if chosen.of(r) == r.default else mark}" for r in declared]
    return _("readings: {readings}").format(readings=", ".join(parts))
