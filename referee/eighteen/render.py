"""A text picture of a position: hexes, tiles, tokens, and the chosen routes marked."""

from __future__ import annotations

from referee.eighteen import compass
from referee.eighteen.hexes import is_flat, parse
from referee.eighteen.position import Position
from referee.eighteen.search import Answer
from referee.i18n import _

CELL = 7  # characters per hex column


def _content(position: Position, hex_name: str) -> str:
    spec, paths = position.content(hex_name)
    kinds = [n.kind for n in spec.nodes]
    if "offboard" in kinds:
        return "[off]"
    if hex_name in position.laid:
        laid = position.laid[hex_name]
        code = laid.tile.name
    elif paths:
        code = "=" * 3
    else:
        code = ""
    if "city" in kinds:
        code = code or "( )"
    elif "town" in kinds:
        code = code or "o"
    return code or "."


def picture(position: Position, answer: Answer | None = None) -> str:
    """Each hex shows its name, then its tile/rotation (or . o ( ) [off]), then tokens and
    the numbers of the trains whose routes use it."""
    layout = position.map.layout
    marks: dict[str, list[str]] = {}
    if answer is not None:
        for number, route in enumerate(answer.routes, start=1):
            if route is None:
                continue
            used = {answer.graph.nodes[s].hex for s in route.stops}
            for link in route.links:
                used.update(answer.graph.links[link].hexes)
            for hex_name in used:
                marks.setdefault(hex_name, []).append(str(number))
    cells: dict[tuple[int, int], list[str]] = {}
    for hex_name in position.map.hexes:
        x, y = parse(hex_name, layout) or (0, 0)
        tokens = "".join(t.company[:2] for t in position.tokens if t.hex == hex_name)
        mark = "*" + "".join(marks.get(hex_name, [])) if hex_name in marks else ""
        cells[(x, y)] = [hex_name, _content(position, hex_name), (tokens + mark)[: CELL - 1]]
    if not cells:
        return ""
    min_x = min(x for x, _y in cells)
    min_y = min(y for _x, y in cells)
    # Flat maps: a column per letter; a doubled row step is two text lines (hex = 4 lines).
    # Pointy maps: a row per letter (4 lines); a doubled column step is 4 characters.
    step_x, step_y = (CELL, 2) if is_flat(layout) else (4, 4)
    width = (max(x for x, _y in cells) - min_x + 1) * step_x + CELL
    height = (max(y for _x, y in cells) - min_y + 1) * step_y + 3
    grid = [[" "] * width for _row in range(height)]
    for (x, y), lines in cells.items():
        col = (x - min_x) * step_x
        row = (y - min_y) * step_y
        for k, text in enumerate(lines):
            for j, ch in enumerate(text[: CELL - 1]):
                grid[row + k][col + j] = ch
    text = "\n".join("".join(r).rstrip() for r in grid).rstrip("\n")
    legend = _(
        "legend: TILE number, ( ) city, o town, [off] off-board, === printed track; "
        "AB = token; *12 = routes of trains 1 and 2"
    )
    laid = [(h, t.tile, t.rotation) for h, t in sorted(position.laid.items())]
    tiles = compass.laid_legend(laid, layout)
    return "\n".join(line for line in (text, legend, tiles) if line)
