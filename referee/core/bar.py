"""The bottom bar: a game's essentials, most important first, fitted to the terminal's width.

A game says its bar as parts (`cash A 30, B 12`, `offer +1 blue +2 red`); this module lays
them out. Nothing is ever cut inside a word: a part that does not fit beside the others starts
a line of its own (or, when the bar is short of lines, every part flows on from the one
before), one wider than the terminal is broken between its items (after a comma) or its
words, and a part that would need more lines than the bar has is left out whole, the parts
before it (more important) kept."""

from __future__ import annotations

import re
from collections.abc import Sequence

from referee.i18n import width

SEPARATOR = " | "
MAX_LINES = 3
_ITEM_ENDS = (re.compile(r"(?<=;) "), re.compile(r"(?<=,) "))


def one_line(parts: Sequence[str]) -> str:
    """The parts on one line, for a pipe or a test: no width to fit."""
    return SEPARATOR.join(p for p in parts if p)


def fit(parts: Sequence[str], columns: int, lines: int = MAX_LINES) -> str:
    """The parts in at most `lines` lines of at most `columns` terminal columns each."""
    kept: list[str] = []
    for part in filter(None, parts):
        if len(_laid([*kept, part], columns, lines)) <= lines:
            kept.append(part)
    return "\n".join(_laid(kept, columns, lines))


def _laid(parts: Sequence[str], columns: int, lines: int) -> list[str]:
    """Each part whole on a line (beside others where it fits) if that takes at most `lines`
    lines, else the parts flowing on from each other."""
    for lay in (_placed, _flowed):
        rows: list[str] = []
        for part in parts:
            rows = lay(rows, part, columns)
        if len(rows) <= lines:
            break
    return rows


def _placed(rows: list[str], part: str, columns: int) -> list[str]:
    """`rows` with `part` beside the last one if it fits there, else on lines of its own."""
    if rows and width(rows[-1] + SEPARATOR + part) <= columns:
        return [*rows[:-1], rows[-1] + SEPARATOR + part]
    return [*rows, *_broken([], part, columns)]


def _flowed(rows: list[str], part: str, columns: int) -> list[str]:
    """`rows` with `part` begun beside the last one and broken where the line ends: fewer
    lines than `_placed` when the bar is short of them."""
    joined = rows[-1] + SEPARATOR.rstrip() if rows else ""
    if not rows or width(joined) > columns:
        return [*rows, *_broken([], part, columns)]
    return _broken([*rows[:-1], joined], part, columns)


def _broken(rows: list[str], part: str, columns: int) -> list[str]:
    """`rows` continued with `part` in lines of at most `columns`: whole items (`A 30,`)
    where they fit, else words, else (a word wider than the terminal) pieces of it."""
    rows = list(rows)
    for item in _items(part):
        pieces = [item] if width(item) <= columns else _words(item, columns)
        for piece in pieces:
            if rows and width(rows[-1] + " " + piece) <= columns:
                rows[-1] += " " + piece
            else:
                rows.append(piece)
    return rows


def _items(part: str) -> list[str]:
    """The items of a part, each with its separator: split at its coarsest (`;` between
    players whose items hold commas, else `,`)."""
    for end in _ITEM_ENDS:
        items = end.split(part)
        if len(items) > 1:
            return items
    return [part]


def _words(item: str, columns: int) -> list[str]:
    pieces: list[str] = []
    for word in item.split():
        while width(word) > columns:
            cut = _longest_prefix(word, columns)
            pieces.append(word[:cut])
            word = word[cut:]
        pieces.append(word)
    return pieces


def _longest_prefix(word: str, columns: int) -> int:
    cut = 1
    while cut < len(word) and width(word[: cut + 1]) <= columns:
        cut += 1
    return cut
