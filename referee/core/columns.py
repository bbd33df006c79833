"""Small tables of plain text laid out as tabulate's "simple" format does, for the quick
commands (`dividend`, `route`): importing tabulate (with wcwidth and importlib.metadata)
costs more than those commands' whole work. Everything else uses tabulate itself;
tests/test_columns.py holds the two to the same output."""

from __future__ import annotations

import re
from collections.abc import Sequence

from referee.i18n import pad, width

WHOLE_NUMBER = re.compile(r"-?\d+")


def _numeric(cell: object) -> bool:
    if isinstance(cell, bool):
        return False
    return isinstance(cell, int) or (isinstance(cell, str) and bool(WHOLE_NUMBER.fullmatch(cell)))


def simple_table(rows: Sequence[Sequence[object]], headers: Sequence[str]) -> str:
    """Columns two spaces apart under a dashed rule; whole numbers to the right, text to the
    left. Cells and headers may be Japanese (double width)."""
    columns = list(zip(*rows, strict=True)) if rows else [() for _ in headers]
    right = [bool(column) and all(_numeric(c) for c in column) for column in columns]
    widths = [
        max(width(head) + 2, *(width(str(c)) for c in column))
        for head, column in zip(headers, columns, strict=True)
    ]

    def line(cells: Sequence[object]) -> str:
        return "  ".join(
            " " * (w - width(str(c))) + str(c) if r else pad(str(c), w)
            for c, w, r in zip(cells, widths, right, strict=True)
        ).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths]), *map(line, rows)])
