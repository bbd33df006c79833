"""Text that fits a terminal 80 columns wide, in English and in Japanese (a Japanese character
takes two columns: everything here measures with `referee.i18n.width`).

Tables (`table`) keep their columns in the order given, which is their priority: when a table
is too wide, the columns that do not fit go into a second panel under the first (and a third
...), each panel repeating the first `keep` columns, which name the row; a column too wide
even alone has its cells wrapped. Prose (`screen`) breaks at spaces, and in Japanese between
any two characters, never before a closing mark (、。」) nor after an opening one; its
continuation lines are indented two columns more than the line they continue."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from tabulate import tabulate

from referee.i18n import width

WIDTH = 80
# The least a wrapped column keeps: narrower, a cell is more breaks than text.
NARROWEST = 8
# A Japanese run this wide or less after a space (a name, a figure) moves whole to the next line.
SHORT_WORD = 16
_OPENING = "(\\[「『（"
_CLOSING = "、。，．：；）」』！？ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ"
# One unit that is never split: an ASCII word, or one Japanese character with the closing
# marks that may not start a line; opening marks go with what follows; spaces go with the unit
# before them.
_UNIT = re.compile(
    rf"[{_OPENING}]*[^\x00-\x7f][{_CLOSING}]*[)\],.:;%]* *"
    r"|[!-~]+ *"
    r"| +"
)


def widest(text: str) -> int:
    """The columns the widest line of `text` takes."""
    return max((width(line) for line in text.splitlines()), default=0)


def wrap(line: str, limit: int = WIDTH, hang: int = 2) -> list[str]:
    """`line` as lines no wider than `limit`, each after the first indented `hang` columns
    more than it (a word longer than a whole line is cut)."""
    if width(line) <= limit:
        return [line]
    body = line.lstrip(" ")
    indent = " " * (len(line) - len(body))
    more = indent + " " * hang
    lines: list[str] = []
    current = indent
    for unit in _UNIT.findall(body):
        if width(current + unit.rstrip()) > limit and current.strip():
            head, tail = _at_space(current, len(more), limit)
            lines.append(head.rstrip())
            current = more + tail
        current += unit
        while width(current.rstrip()) > limit:  # one word wider than the line
            head, current = _cut(current, limit)
            lines.append(head)
            current = more + current
    if current.strip():
        lines.append(current.rstrip())
    return lines


def _at_space(current: str, start: int, limit: int) -> tuple[str, str]:
    """`current` split where a reader expects: after its last " · " when what follows is at
    most half a line (a status's last part moves whole), else at its last space when what
    follows is short (a name, a figure: "優先プレイヤー 花子" must not end a line inside 花子),
    else where it is."""
    text = current.rstrip()
    dot = text.rfind("·", start)
    if dot > start and width(current[dot + 1 :].strip()) <= limit // 2:
        return current[: dot + 1], current[dot + 1 :].lstrip()
    space = text.rfind(" ", start)
    if space > start and width(current[space + 1 :]) <= SHORT_WORD:
        return current[:space], current[space + 1 :]
    return current, ""


def _cut(text: str, limit: int) -> tuple[str, str]:
    """`text` cut after the most characters that fit in `limit` columns."""
    for end in range(len(text), 0, -1):
        if width(text[:end]) <= limit:
            return text[:end], text[end:]
    return text[:1], text[1:]


def screen(text: str, limit: int = WIDTH) -> str:
    """`text` with every line wider than `limit` wrapped (tables are laid out by `table`)."""
    return "\n".join(part for line in text.split("\n") for part in wrap(line, limit))


def table(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[str],
    *,
    keep: int = 1,
    limit: int = WIDTH,
    sparse: bool = False,
    **options: Any,
) -> str:
    """tabulate's table, no wider than `limit`: as one table if it fits, else in panels (see
    the module's text). `sparse` (a grid): a panel leaves out the rows empty in it.
    `options` are tabulate's (`colalign` is split with the columns)."""
    everything = list(range(len(headers)))
    whole = _laid_out(rows, headers, everything, options, limit)
    if widest(whole) <= limit or len(headers) <= keep + 1:
        return whole
    panels: list[list[int]] = []
    current: list[int] = []
    for column in everything[keep:]:
        shown = everything[:keep] + current + [column]
        if current and widest(_render(rows, headers, shown, options)) > limit:
            panels.append(current)
            current = [column]
        else:
            current.append(column)
    panels.append(current)
    laid_out = []
    for panel in panels:
        kept = [r for r in rows if not sparse or any(str(r[c]).strip() for c in panel)]
        laid_out.append(_laid_out(kept, headers, everything[:keep] + panel, options, limit))
    return "\n\n".join(laid_out)


def _render(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[str],
    columns: Sequence[int],
    options: dict[str, Any],
    wraps: dict[int, int] | None = None,
) -> str:
    """The table of `columns` only; `wraps` gives the width at which a column's cells wrap."""
    chosen = dict(options)
    if "colalign" in options:
        chosen["colalign"] = [options["colalign"][c] for c in columns]
    wraps = wraps or {}
    return tabulate(
        [[_cell(row[c], wraps.get(c)) for c in columns] for row in rows],
        [_cell(headers[c], wraps.get(c)) for c in columns],
        **chosen,
    )


def _cell(value: Any, limit: int | None) -> Any:
    """A cell as lines no wider than `limit` (as prose breaks), or as it is."""
    if limit is None or not isinstance(value, str):
        return value
    return "\n".join(part for line in value.split("\n") for part in wrap(line, limit, hang=0))


def _laid_out(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[str],
    columns: Sequence[int],
    options: dict[str, Any],
    limit: int,
) -> str:
    """The table of `columns`, its widest text columns wrapped until it fits (or none can
    be narrowed further)."""
    wraps: dict[int, int] = {}
    text = _render(rows, headers, columns, options)
    while widest(text) > limit:
        sizes = _column_widths(rows, headers, columns, wraps)
        narrowable = [c for c in columns if sizes[c] > NARROWEST and _is_text(rows, c)]
        if not narrowable:
            return text
        # The widest first, no narrower than the next widest: the room is shared out.
        column = max(narrowable, key=lambda c: sizes[c])
        others = [sizes[c] for c in narrowable if c != column]
        room = max(NARROWEST, sizes[column] - (widest(text) - limit), *others)
        wraps[column] = room if room < sizes[column] else sizes[column] - 1
        text = _render(rows, headers, columns, options, wraps)
    return text


def _column_widths(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[str],
    columns: Sequence[int],
    wraps: dict[int, int],
) -> dict[int, int]:
    """How wide each column's widest cell or header is (at most its wrap)."""
    sizes = {}
    for c in columns:
        cells = [str(headers[c]), *(str(row[c]) for row in rows)]
        size = max(width(line) for cell in cells for line in cell.split("\n"))
        sizes[c] = min(size, wraps.get(c, size))
    return sizes


def _is_text(rows: Sequence[Sequence[Any]], column: int) -> bool:
    """Whether a column holds words that may wrap (not only numbers)."""
    return any(isinstance(row[column], str) and " " in row[column].strip() for row in rows) or (
        any(isinstance(row[column], str) and not row[column].isascii() for row in rows)
    )
