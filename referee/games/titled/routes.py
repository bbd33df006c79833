"""The routes of a title that names a map (1830, 1889): the position in referee.eighteen terms,
and the best runs of a company's trains found by the exact route search.

The position is the title's map, the tiles laid (state.tiles), every company's stations
(state.stations) and the phase, which the map turns into a tile colour. A title's train runs by
its distance (unlimited: every stop); one named D also collects the diesel values the map
prints, as `referee route --trains D` runs it (referee.eighteen.trains.parse_trains). A train
may pass towns free (trains.*.towns_free, or operating.towns_free for all) and multiply its
cities (trains.*.multiplier); the company's privates may add to its routes (bonuses.py).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from referee.core.engine import UsageError
from referee.eighteen.maps import load_map
from referee.eighteen.position import Position, position_from_data
from referee.eighteen.proposal import SEARCH_SECONDS, Found
from referee.eighteen.rules import Bonuses
from referee.eighteen.search import Answer, best_routes
from referee.eighteen.tiles import tile
from referee.eighteen.trains import Train as RouteTrain
from referee.games.titled import bonuses
from referee.games.titled.state import Corp, State

Tiles = tuple[tuple[str, str, int], ...]  # (hex, tile, rotation)
Stations = tuple[tuple[str, int, str], ...]  # (hex, city, company)


def _data(
    map_name: str, phase: str, tiles: Tiles, stations: Stations, blocks: bool = True
) -> dict[str, Any]:
    """The position as `referee route` reads it from a file; `blocks`: the title's
    operating.full_cities_block. (Towns free are the trains' own: route_trains.)"""
    return {
        "map": map_name,
        "phase": phase,
        "tiles": [{"hex": h, "tile": t, "rotation": r} for h, t, r in tiles],
        "tokens": [{"hex": h, "city": c, "company": a} for h, c, a in stations],
        "full_cities_block": blocks,
    }


def _tiles(state: State) -> Tiles:
    return tuple((h, t, r) for h, (t, r) in state.tiles.items())


def position(state: State) -> Position:
    """The position on the title's map; UsageError naming the hex where it does not fit."""
    rules = state.title.operating
    return _position(
        state.title.map, state.phase, _tiles(state), tuple(state.stations), rules.full_cities_block
    )


# Asked several times of each state (is the company searchable, the options, the page): the
# positions of the last few states are kept. A Position is frozen and read only.
@lru_cache(maxsize=16)
def _position(
    map_name: str, phase: str, tiles: Tiles, stations: Stations, blocks: bool
) -> Position:
    return position_from_data(_data(map_name, phase, tiles, stations, blocks))


def cities_on(state: State, hex_: str) -> int:
    """The cities of the tile on a hex of the title's map: the one laid, else what is printed.
    1 without a map (or off it), where which city holds a station is the table's business."""
    if not state.title.map:
        return 1
    printed = load_map(state.title.map).hexes.get(hex_)
    if printed is None:
        return 1
    laid = state.tiles.get(hex_)
    spec = tile(laid[0], hex_) if laid else printed.printed
    return sum(node.kind == "city" for node in spec.nodes)


def route_trains(state: State, corp: Corp) -> tuple[RouteTrain, ...]:
    trains = []
    for name in corp.trains:
        described = state.title.train(name)
        distance = described.distance
        trains.append(
            RouteTrain(
                name,
                distance or 0,
                diesel=distance is None and name == "D",
                towns_free=described.towns_free,
                multiplier=described.multiplier,
            )
        )
    return tuple(trains)


def searchable(state: State, corp: Corp) -> bool:
    """Whether the referee looks for the company's routes: the title names a map, the company
    has a train and a station, and the position fits the map (not forced past its checks)."""
    if not state.title.map or not corp.trains:
        return False
    if not any(abbr == corp.abbr for _h, _c, abbr in state.stations):
        return False
    try:
        position(state)
    except UsageError:
        return False
    return True


def search(state: State, corp: Corp) -> Found | None:
    """The best routes of the company's trains; None when not `searchable`. The search runs
    against the clock: only `operating.decide` calls it, before a move is applied."""
    if not searchable(state, corp):
        return None
    answer = _best(
        state.title.map,
        state.phase,
        tuple(sorted(_tiles(state))),
        tuple(state.stations),
        corp.abbr,
        route_trains(state, corp),
        state.title.operating.full_cities_block,
        bonuses.of(state, corp),
    )
    return Found.of(answer) if answer is not None else None


@lru_cache(maxsize=32)
def _best(
    map_name: str,
    phase: str,
    tiles: Tiles,
    stations: Stations,
    company: str,
    trains: tuple[RouteTrain, ...],
    blocks: bool = True,
    extra: Bonuses | None = None,
) -> Answer | None:
    try:
        where = _position(map_name, phase, tiles, stations, blocks)
        return best_routes(where, company, list(trains), SEARCH_SECONDS, bonuses=extra)
    except UsageError:
        return None
