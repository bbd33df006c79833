"""Run a 1889 position through routes-18xx (PyPI), the peer the route bench compares with.

Its input is two semicolon CSVs: the board ("hex; tile; orientation") and the railroads
("full name; trains; stations"). Its 1889 map is pointy with other hex names: our flat hex
(column a, doubled row b) is its row (b - a + 9) / 2 and doubled column (3a + b - 5) / 2,
and our map edge e is its edge e - 1 (both clockwise). Its tile orientations are found by
matching each tile's track against its own tile table, so no per-tile offset is assumed.
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

from referee.eighteen.hexes import parse
from referee.eighteen.position import Position

Shape = frozenset[frozenset[int]]


def peer_hex(name: str) -> str:
    xy = parse(name, "flat")
    assert xy is not None
    a, b = xy
    return f"{chr(ord('A') + (b - a + 9) // 2)}{(3 * a + b - 5) // 2 + 1}"


def peer_edge(edge: int) -> int:
    return (edge + 5) % 6


def _peer_data() -> Path:
    import routes18xx

    return Path(routes18xx.__file__).parent / "data"


def _our_shape(position: Position, hex_name: str) -> Shape:
    """The tile's track in the peer's map edges: per node the edges joined to it, and each
    edge-to-edge path."""
    _, paths = position.content(hex_name)
    groups: dict[object, set[int]] = {}
    for k, (a, b) in enumerate(paths):
        if a[0] == "n" or b[0] == "n":
            node, edge = (a, b) if a[0] == "n" else (b, a)
            groups.setdefault(node, set()).add(peer_edge(edge[1]))
        else:
            groups[k] = {peer_edge(a[1]), peer_edge(b[1])}
    return frozenset(frozenset(g) for g in groups.values())


def peer_orientation(tile_id: str, shape: Shape, tiles_db: dict[str, dict]) -> int:
    for orientation in range(6):
        turned = frozenset(
            frozenset((e + orientation) % 6 for e in group) for group in tiles_db[tile_id]["edges"]
        )
        if turned == shape:
            return orientation
    raise ValueError(f"tile {tile_id}: no orientation of the peer's tile matches {set(shape)}")


def board_csv(position: Position) -> str:
    tiles_db = json.loads((_peer_data() / "tiles-db.json").read_text())
    rows = []
    for hex_name, laid in sorted(position.laid.items()):
        orientation = peer_orientation(laid.tile.name, _our_shape(position, hex_name), tiles_db)
        rows.append(f"{peer_hex(hex_name)}; {laid.tile.name}; {orientation}")
    return "\n".join(rows) + "\n"


def railroads_csv(position: Position, company: str, trains: str) -> str:
    info = json.loads((_peer_data() / "1889" / "railroads.json").read_text())
    full = {nick: name for name, entry in info.items() for nick in entry["nicknames"]}
    rows = []
    for other in position.companies():
        stations = ", ".join(peer_hex(t.hex) for t in position.tokens if t.company == other)
        run = trains.replace(",", ", ") if other == company else ""
        rows.append(f"{full[other]}; {run}; {stations}")
    return "\n".join(rows) + "\n"


def peer_revenue(position: Position, company: str, trains: str) -> tuple[int, float]:
    """(total, seconds) from routes-18xx, timed around its search only (files written first)."""
    from routes18xx.find_best_routes import (
        find_best_routes_from_files,
    )

    with tempfile.TemporaryDirectory() as tmp:
        board = Path(tmp) / "board.csv"
        rails = Path(tmp) / "railroads.csv"
        board.write_text(board_csv(position))
        rails.write_text(railroads_csv(position, company, trains))
        info = json.loads((_peer_data() / "1889" / "railroads.json").read_text())
        name = next(n for n, e in info.items() if company in e["nicknames"])
        start = time.perf_counter()
        result = find_best_routes_from_files("1889", name, str(board), str(rails))
        seconds = time.perf_counter() - start
    return sum(route.value for route in result), seconds
