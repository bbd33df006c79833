"""A position: a map, the tiles laid, the station tokens, the phase and the game's options.

Loaded from TOML and validated; every error is one line naming the hex.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from referee.core import gamespec
from referee.core.engine import UsageError
from referee.core.files import read_toml
from referee.core.route_options import Rules
from referee.eighteen.maps import GameMap, available_maps, load_map, map_from_data
from referee.eighteen.tiles import End, TileSpec, tile
from referee.i18n import _, ngettext

ABILITIES = ("express", "overnight", "resourceful", "suburban")
COLOURS = ("yellow", "green", "brown", "purple", "gray")


def route_rules(game: str) -> Rules:
    """The route options of the position's `game` (its spec's; the 18xx games whose maps ship
    in tables/maps, 1830 and 1889, and a position naming no game run by the standard rules);
    UsageError naming the known games."""
    if not game:
        return Rules()
    ruled = {s.name: s.route_rules for s in gamespec.specs() if s.route_rules is not None}
    if game in ruled:
        return ruled[game]
    if game in available_maps():
        return Rules()
    known = [*ruled, *available_maps()]
    raise UsageError(_("position: unknown game '{game}'").format(game=game), ", ".join(known))


@dataclass(frozen=True)
class Laid:
    tile: TileSpec
    rotation: int


@dataclass(frozen=True)
class Token:
    hex: str
    city: int  # node index on the hex's tile
    company: str


@dataclass(frozen=True)
class Position:
    map: GameMap
    laid: dict[str, Laid]
    tokens: tuple[Token, ...]
    phase: str  # the phase colour: yellow, green, brown, purple or gray
    rules: Rules = field(default_factory=Rules)
    suburbs: frozenset[tuple[str, int]] = frozenset()  # (hex, city) carrying a suburb token
    abilities: dict[str, frozenset[str]] = field(default_factory=dict)

    def content(self, hex_name: str) -> tuple[TileSpec, tuple[tuple[End, End], ...]]:
        """The tile on a hex and its paths turned to map edges."""
        laid = self.laid.get(hex_name)
        if laid is not None:
            return laid.tile, laid.tile.rotated_paths(laid.rotation)
        printed = self.map.hexes[hex_name].printed
        return printed, printed.paths

    def companies(self) -> list[str]:
        return sorted({t.company for t in self.tokens})


def _int(raw: dict[str, Any], key: str, where: str, default: int | None = None) -> int:
    value = raw.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise UsageError(_("{where}: '{key}' must be a whole number").format(where=where, key=key))
    return value


def _str(raw: dict[str, Any], key: str, where: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value:
        raise UsageError(_("{where}: '{key}' is missing").format(where=where, key=key))
    return value


def _phase_colour(game_map: GameMap, phase: Any) -> str:
    name = str(phase)
    if name in game_map.phases:
        return game_map.phases[name]
    if name in COLOURS:
        return name
    allowed = ", ".join(list(game_map.phases) + list(COLOURS))
    raise UsageError(_("unknown phase '{name}'").format(name=name), allowed)


def _check_lay(game_map: GameMap, hex_name: str, laid: Laid) -> None:
    where = _("hex {hex}").format(hex=hex_name)
    exits = laid.tile.exits(laid.rotation)
    for edge in sorted(exits):
        if game_map.neighbour(hex_name, edge) is None:
            raise UsageError(
                _(
                    "{where}: tile {name} rotation {rotation} runs track off the map"
                    " (or across a closed border) at edge {edge}"
                ).format(where=where, name=laid.tile.name, rotation=laid.rotation, edge=edge)
            )
    printed = game_map.hexes[hex_name].printed
    lost = printed.exits() - exits
    if lost:
        raise UsageError(
            _(
                "{where}: tile {name} rotation {rotation} breaks the printed track at edge {items}"
            ).format(
                where=where,
                name=laid.tile.name,
                rotation=laid.rotation,
                items=", ".join(map(str, sorted(lost))),
            )
        )
    if printed.color in ("red", "gray"):
        raise UsageError(
            _("{where}: no tile may be laid on a {color} hex").format(
                where=where, color=printed.color
            )
        )
    cities = sum(1 for n in printed.nodes if n.kind == "city")
    new_cities = sum(1 for n in laid.tile.nodes if n.kind == "city")
    if cities != new_cities and not (printed.label == laid.tile.label != ""):
        kind = _("a city hex") if cities else _("a hex without a city")
        raise UsageError(
            ngettext(
                "{where}: tile {name} has {new_cities} city but this is {kind}",
                "{where}: tile {name} has {new_cities} cities but this is {kind}",
                new_cities,
            ).format(where=where, name=laid.tile.name, new_cities=new_cities, kind=kind)
        )


def position_from_data(data: dict[str, Any]) -> Position:
    # The map: a table in tables/maps, or hexes given inline (Lost Atlas builds its map in play).
    if "hexes" in data:
        game_map = map_from_data(str(data.get("map", "inline")), data)
    else:
        game_map = load_map(_str(data, "map", "position"))
    rules = route_rules(str(data.get("game", "")))
    if data.get("full_cities_block") is False:  # a title's reading (operating.full_cities_block)
        rules = replace(rules, full_cities_block=False)
    if data.get("towns_free") is True:  # a title's reading (operating.towns_free)
        rules = replace(rules, towns_free=True)
    colour = _phase_colour(game_map, data.get("phase", "yellow"))

    laid: dict[str, Laid] = {}
    for i, raw in enumerate(data.get("tiles", [])):
        hex_name = _str(raw, "hex", _("tile entry {number}").format(number=i + 1))
        where = _("hex {hex}").format(hex=hex_name)
        if hex_name not in game_map.hexes:
            raise UsageError(
                _("{where}: not on the map {name}").format(where=where, name=game_map.name)
            )
        if hex_name in laid:
            raise UsageError(_("{where}: two tiles laid on the same hex").format(where=where))
        rotation = _int(raw, "rotation", where, 0)
        if not 0 <= rotation < 6:
            raise UsageError(_("{where}: rotation must be 0-5").format(where=where))
        laid[hex_name] = Laid(tile(str(raw.get("tile", "")), where), rotation)
        _check_lay(game_map, hex_name, laid[hex_name])

    position = Position(game_map, laid, (), colour, rules)
    tokens: list[Token] = []
    for i, raw in enumerate(data.get("tokens", [])):
        hex_name = _str(raw, "hex", _("token entry {number}").format(number=i + 1))
        where = _("hex {hex}").format(hex=hex_name)
        if hex_name not in game_map.hexes:
            raise UsageError(
                _("{where}: not on the map {name}").format(where=where, name=game_map.name)
            )
        company = _str(raw, "company", where)
        city = _int(raw, "city", where, 0)
        nodes = position.content(hex_name)[0].nodes
        if not (0 <= city < len(nodes) and nodes[city].kind == "city"):
            have = (
                _("no city")
                if not any(n.kind == "city" for n in nodes)
                else _("no city {city}").format(city=city)
            )
            raise UsageError(
                _("{where}: token of {company} on {have}").format(
                    where=where, company=company, have=have
                )
            )
        token = Token(hex_name, city, company)
        if token in tokens:
            raise UsageError(
                _("{where}: {company} has two tokens in city {city}").format(
                    where=where, company=company, city=city
                )
            )
        tokens.append(token)
    for hex_name in sorted({t.hex for t in tokens}):
        nodes = position.content(hex_name)[0].nodes
        for city in sorted({t.city for t in tokens if t.hex == hex_name}):
            count = sum(1 for t in tokens if t.hex == hex_name and t.city == city)
            if count > nodes[city].slots:
                raise UsageError(
                    ngettext(
                        "hex {hex}: city {city} has {count} tokens but only {slots} slot",
                        "hex {hex}: city {city} has {count} tokens but only {slots} slots",
                        nodes[city].slots,
                    ).format(hex=hex_name, city=city, count=count, slots=nodes[city].slots)
                )

    suburbs: set[tuple[str, int]] = set()
    for raw in data.get("suburbs", []):
        hex_name = _str(raw, "hex", "suburb")
        city = _int(raw, "city", _("hex {hex}").format(hex=hex_name), 0)
        if hex_name not in game_map.hexes:
            raise UsageError(
                _("hex {hex}: not on the map {name}").format(hex=hex_name, name=game_map.name)
            )
        nodes = position.content(hex_name)[0].nodes
        if not (0 <= city < len(nodes) and nodes[city].kind == "city"):
            raise UsageError(_("hex {hex}: suburb token on no city").format(hex=hex_name))
        suburbs.add((hex_name, city))

    abilities: dict[str, frozenset[str]] = {}
    for company, raw in data.get("companies", {}).items():
        found = raw.get("abilities", []) if isinstance(raw, dict) else []
        unknown = [a for a in found if a not in ABILITIES]
        if unknown:
            raise UsageError(
                _("company {company}: unknown ability '{unknown}'").format(
                    company=company, unknown=unknown[0]
                ),
                ", ".join(ABILITIES),
            )
        abilities[company] = frozenset(found)

    return Position(game_map, laid, tuple(tokens), colour, rules, frozenset(suburbs), abilities)


def load_position(path: str | Path, phase: str | None = None) -> Position:
    data = read_toml(Path(path), "a position file")
    if phase is not None:
        data["phase"] = phase
    return position_from_data(data)
