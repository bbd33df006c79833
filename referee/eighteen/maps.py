"""Game maps: the hexes of a board (tables/maps/NAME.toml, or given inline), validated."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from referee.core.datafiles import load_table, table_names
from referee.core.engine import UsageError
from referee.eighteen.hexes import LAYOUTS, neighbour, opposite, parse
from referee.eighteen.tiles import TileSpec, parse_tile
from referee.i18n import _


@dataclass(frozen=True)
class HexSpec:
    name: str
    printed: TileSpec  # what is printed on the hex (maybe nothing)
    impassable: frozenset[int] = frozenset()
    terrain: str = ""
    cost: int = 0  # what the first tile on it costs (its terrain), where the map says


@dataclass(frozen=True)
class GameMap:
    name: str
    layout: str
    hexes: dict[str, HexSpec]
    phases: dict[str, str] = field(default_factory=dict)  # phase name -> newest tile colour
    trains: dict[str, int] = field(default_factory=dict)  # train name -> stops (0 = all)

    def neighbour(self, name: str, edge: int) -> str | None:
        """The hex across `edge`, if it is on this map and no impassable border lies between."""
        other = neighbour(name, edge, self.layout)
        if other is None or other not in self.hexes:
            return None
        if edge in self.hexes[name].impassable or opposite(edge) in self.hexes[other].impassable:
            return None
        return other


def map_from_data(name: str, data: dict[str, Any]) -> GameMap:
    layout = data.get("layout", "flat")
    if layout not in LAYOUTS:
        raise UsageError(_("map {name}: layout must be flat or pointy").format(name=name))
    raw_hexes = data.get("hexes")
    if not isinstance(raw_hexes, dict) or not raw_hexes:
        raise UsageError(_("map {name}: no hexes").format(name=name))
    hexes: dict[str, HexSpec] = {}
    for hex_name, raw in raw_hexes.items():
        where = _("hex {hex}").format(hex=hex_name)
        if parse(hex_name, layout) is None:
            raise UsageError(
                _("{where}: not a hex name (letter and number, e.g. G8)").format(where=where)
            )
        printed = parse_tile(hex_name, raw, where)
        blocked = raw.get("impassable", [])
        if not all(isinstance(e, int) and 0 <= e < 6 for e in blocked):
            raise UsageError(_("{where}: impassable edges must be 0-5").format(where=where))
        cost = raw.get("cost", 0)
        if not isinstance(cost, int) or cost < 0:
            raise UsageError(
                _("{where}: cost must be a whole number of 0 or more").format(where=where)
            )
        hexes[hex_name] = HexSpec(
            hex_name, printed, frozenset(blocked), str(raw.get("terrain", "")), cost
        )
    phases = {str(k): str(v) for k, v in data.get("phases", {}).items()}
    trains = {str(k): int(v) for k, v in data.get("trains", {}).items()}
    game_map = GameMap(name, layout, hexes, phases, trains)
    for hex_spec in hexes.values():
        for edge in sorted(hex_spec.printed.exits()):
            if game_map.neighbour(hex_spec.name, edge) is None and hex_spec.printed.color != "red":
                raise UsageError(
                    _("hex {name}: printed track runs off the map at edge {edge}").format(
                        name=hex_spec.name, edge=edge
                    )
                )
    return game_map


def available_maps() -> list[str]:
    return [name for name in table_names("maps") if not name.endswith("_pieces")]


@cache  # a shipped map never changes while the program runs; each position reads one
def load_map(name: str) -> GameMap:
    if name not in available_maps():
        raise UsageError(_("unknown map '{name}'").format(name=name), ", ".join(available_maps()))
    return map_from_data(name, load_table(f"maps/{name}"))
