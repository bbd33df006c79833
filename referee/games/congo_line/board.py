"""Board data of Congo Line: the cities with their class and the lines between them.

The board's lines, their numbered spaces and which cities they join are not published, so the
players enter them once; the referee never invents them. Two forms are accepted: text as typed
at the prompt and structured TOML data. Both normalise to

    {"cities": {"Kolwezi": "A", ...},
     "lines": [{"from": "Lubumbashi", "to": "Kolwezi", "spaces": [1, 2, 3]}, ...]}

A line runs one way: 前に動かす（小さい数字から大きい数字へ動かす）, so its space values, read
from the city it leaves to the city it enters, never go down.
"""

from __future__ import annotations

import re
from typing import Any

from referee.core.engine import BoardField, UsageError
from referee.core.sealed import SealedDict
from referee.i18n import N_, _

from .state import BONUS, END_CITIES, START_CITY, Board, Line

FIELDS = (
    BoardField(
        "cities",
        N_(
            "Every city except Lubumbashi with its class A, B or C (the Francs placed on it: 2,"
            " 3, 4)"
        ),
        "Kolwezi A, Likasi B, Kananga C",
        lambda answer, _earlier: _cities(answer),
    ),
    BoardField(
        "lines",
        N_(
            "Every line as FROM > TO: the values of its spaces in the direction of travel, "
            "lines separated by ';'"
        ),
        "Lubumbashi > Likasi: 1 2 3; Likasi > Kolwezi: 2 3 4 5",
        lambda answer, earlier: (
            earlier.get("cities") and _lines(answer, _cities(earlier["cities"]))
        ),
    ),
)

_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_'-]*$")


def _split_entries(text: str) -> list[str]:
    return [e.strip() for e in re.split(r"[;,\n]", text) if e.strip()]


def _cities(raw: Any) -> dict[str, str]:
    if isinstance(raw, str):
        pairs: list[tuple[str, str]] = []
        for entry in _split_entries(raw):
            parts = re.split(r"\s*[:=]\s*|\s+", entry)
            if len(parts) != 2:
                raise UsageError(
                    _("cities: cannot read '{entry}'").format(entry=entry),
                    _("NAME CLASS, e.g. Kolwezi A"),
                )
            pairs.append((parts[0], parts[1]))
    elif isinstance(raw, dict):
        pairs = [(str(k), str(v)) for k, v in raw.items()]
    else:
        raise UsageError(_("cities: expected text or a table of NAME = CLASS"))
    cities: dict[str, str] = {}
    for name, cls in pairs:
        if name.lower() == START_CITY.lower():
            continue  # the start city is known; listing it is harmless
        if not _NAME.match(name):
            raise UsageError(
                _("cities: '{name}' is not a usable name").format(name=name),
                _("letters, digits, - and _"),
            )
        if name.lower() in {c.lower() for c in cities}:
            raise UsageError(_("cities: '{name}' is listed twice").format(name=name))
        if cls.upper() not in BONUS:
            raise UsageError(
                _("cities: class of {name} is '{cls}'").format(name=name, cls=cls), _("A, B or C")
            )
        cities[name] = cls.upper()
    if len(cities) < END_CITIES:
        raise UsageError(
            _("cities: {n} listed, but the game ends at the {last}th city reached").format(
                n=len(cities), last=END_CITIES
            ),
            _("at least {n} cities of class A, B or C").format(n=END_CITIES),
        )
    return cities


def _line_from_text(entry: str) -> tuple[str, str, list[Any]]:
    m = re.match(r"^\s*([^>:]+?)\s*>\s*([^>:]+?)\s*:\s*(.*)$", entry)
    if not m:
        raise UsageError(_("lines: cannot read '{entry}'").format(entry=entry), "FROM > TO: 1 2 3")
    return m.group(1), m.group(2), m.group(3).split()


def _lines(raw: Any, cities: dict[str, str]) -> list[dict[str, Any]]:
    if isinstance(raw, str):
        raw = [e for e in (x.strip() for x in re.split(r"[;\n]", raw)) if e]
    if not isinstance(raw, list):
        raise UsageError(_("lines: expected text or a list of lines"))
    known = {c.lower(): c for c in [START_CITY, *cities]}
    out: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    for item in raw:
        if isinstance(item, str):
            start, end, spaces = _line_from_text(item)
        elif isinstance(item, dict) and {"from", "to", "spaces"} <= set(item):
            start, end, spaces = str(item["from"]), str(item["to"]), list(item["spaces"])
        else:
            raise UsageError(
                _("lines: cannot read {item}").format(item=repr(item)), "FROM > TO: 1 2 3"
            )
        ends = []
        for name in (start, end):
            if name.lower() not in known:
                raise UsageError(
                    _("lines: '{name}' is not a city").format(name=name), ", ".join(known.values())
                )
            ends.append(known[name.lower()])
        start, end = ends
        if start == end:
            raise UsageError(
                _("lines: {start} > {end} joins a city to itself").format(start=start, end=end)
            )
        if (start, end) in seen:
            raise UsageError(
                _("lines: {start} > {end} is listed twice").format(start=start, end=end)
            )
        seen.add((start, end))
        values: list[int] = []
        for v in spaces:
            try:
                value = int(v)
            except (TypeError, ValueError):
                raise UsageError(
                    _("lines: {start} > {end}: '{word}' is not a number").format(
                        start=start, end=end, word=v
                    )
                ) from None
            if not 1 <= value <= 99:
                raise UsageError(
                    _("lines: {start} > {end}: space value {value}").format(
                        start=start, end=end, value=value
                    ),
                    _("{low} to {high}").format(low=1, high=99),
                )
            values.append(value)
        if values != sorted(values):
            raise UsageError(
                _("lines: {start} > {end}: values {values} go down").format(
                    start=start, end=end, values=values
                ),
                _("trains move from small numbers to large: list them in the direction of travel"),
            )
        out.append({"from": start, "to": end, "spaces": values})
    if not any(line["from"] == START_CITY for line in out):
        raise UsageError(
            _("lines: no line leaves {city}, where every train starts").format(city=START_CITY)
        )
    return out


def check_board(board: dict[str, Any]) -> dict[str, Any]:
    for f in FIELDS:
        if f.key not in board:
            raise UsageError(
                _("board data lacks '{key}'").format(key=f.key),
                _("{question}, e.g. {example}").format(question=_(f.prompt), example=f.example),
            )
    cities = _cities(board["cities"])
    return {"cities": cities, "lines": _lines(board["lines"], cities)}


def make_board(board: dict[str, Any]) -> Board:
    """The checked board data as the frozen Board the rules use."""
    checked = check_board(board)
    lines = tuple(Line(x["from"], x["to"], tuple(x["spaces"])) for x in checked["lines"])
    return Board(SealedDict(checked["cities"]), lines)
