"""Hex coordinates, neighbours and edge orientation (18xx.games conventions).

Edges are numbered 0-5 clockwise. On a flat map edge 0 is the bottom side; on a pointy map the
same numbering is turned 30 degrees clockwise (edge 0 lower-left). Edge e of a hex touches edge
(e + 3) mod 6 of the neighbour across it. Hexes are named letter + number: on flat maps the
letter is the column, on pointy maps the row (both use doubled coordinates internally). A
`flat_rows` map has flat hexes whose letter names the row and number the column (18xx.games'
`AXES = { x: :number, y: :letter }`, 18AL).
"""

from __future__ import annotations

import re

LAYOUTS = ("flat", "pointy", "flat_rows")

# (dx, dy) in doubled coordinates for each edge.
_STEPS: dict[str, tuple[tuple[int, int], ...]] = {
    "flat": ((0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1)),
    "pointy": ((-1, 1), (-2, 0), (-1, -1), (1, -1), (2, 0), (1, 1)),
}
_STEPS["flat_rows"] = _STEPS["flat"]
_NAME = re.compile(r"^([A-Z]+)(\d+)$")


def opposite(edge: int) -> int:
    return (edge + 3) % 6


def rotate(edge: int, rotation: int) -> int:
    """The map side that tile edge `edge` faces, the tile turned `rotation` x 60 deg clockwise."""
    return (edge + rotation) % 6


def is_flat(layout: str) -> bool:
    """Whether the map's hexes have a side at the bottom (edge 0 is S)."""
    return layout != "pointy"


def _letters_to_index(letters: str) -> int:
    value = 0
    for ch in letters:
        value = value * 26 + (ord(ch) - ord("A") + 1)
    return value - 1


def _index_to_letters(index: int) -> str:
    index += 1
    out = ""
    while index > 0:
        index, rem = divmod(index - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


def parse(name: str, layout: str) -> tuple[int, int] | None:
    """Doubled coordinates (x, y) of a hex name, or None when the name is not a hex name."""
    match = _NAME.match(name)
    if not match:
        return None
    letter = _letters_to_index(match.group(1))
    number = int(match.group(2)) - 1
    return (letter, number) if layout == "flat" else (number, letter)


def name_of(x: int, y: int, layout: str) -> str:
    if layout == "flat":
        return f"{_index_to_letters(x)}{y + 1}"
    return f"{_index_to_letters(y)}{x + 1}"


def neighbour(name: str, edge: int, layout: str) -> str | None:
    """The name of the hex across `edge` (it may not exist on the map)."""
    xy = parse(name, layout)
    if xy is None or xy[0] < 0 or xy[1] < 0:
        return None
    dx, dy = _STEPS[layout][edge]
    x, y = xy[0] + dx, xy[1] + dy
    if x < 0 or y < 0:
        return None
    return name_of(x, y, layout)
