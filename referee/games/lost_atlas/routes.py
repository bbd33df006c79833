"""The geometry of the game: what lies on each hex, what a company reaches, its best routes.

Without a map (the players did not enter one, rules ■3) every function here answers None
("not known") and the referee trusts the table, as before. With the map:

- `reach(state, company)` follows the track from the company's stations without reversing
  (■14 到達できるとは; a full city of other companies stops the walk, ■15);
- `position(state)` is the `referee.eighteen` Position of the game: the map, the tiles laid,
  the stations, the suburbs, the destination card's value for the phase (■3, ■16) and the
  Lost Atlas route options (local routes, the port as one city, the mine as two, ■16);
- `search(state, company)` is the exact route search of `referee.eighteen.search`: it runs
  against the clock, so only `rules.decide` calls it, before a move is applied; `apply` reads
  what it found from the move (`found`);
- `connected(state, a, b)` answers the merger condition (■22).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from referee.eighteen.hexes import neighbour, opposite
from referee.eighteen.maps import GameMap, HexSpec
from referee.eighteen.position import Laid, Position, Token
from referee.eighteen.proposal import SEARCH_SECONDS, Found
from referee.eighteen.search import best_routes
from referee.eighteen.tiles import End, TileSpec, tile
from referee.eighteen.trains import Train as RouteTrain
from referee.games.lost_atlas import ROUTE_RULES, atlas, data
from referee.games.lost_atlas.state import Company, State
from referee.i18n import _

PHASES = {"yellow": "yellow", "green": "green", "purple": "purple", "grey": "gray"}


def known(state: State) -> bool:
    return state.map_state == "done"


def content(state: State, hex_: str) -> tuple[TileSpec, tuple[tuple[End, End], ...]]:
    """The tile on a hex (laid, or printed) and its paths turned to map edges."""
    laid = state.tiles.get(hex_)
    if laid is not None:
        spec = tile(laid[0], _("hex {hex}").format(hex=hex_))
        return spec, spec.rotated_paths(laid[1])
    printed = atlas.board(state).cells[hex_].printed
    return printed, printed.paths


def hub_spot(hub: str) -> tuple[str, int]:
    """A station's hex and city index ("C5" = city 0, "C5.1" = city 1)."""
    hex_, _dot, city = hub.partition(".")
    return hex_, int(city or 0)


def hub_name(hex_: str, city: int) -> str:
    return hex_ if city == 0 else f"{hex_}.{city}"


def tokens_at(state: State, hex_: str, city: int) -> list[str]:
    return [c.name for c in state.companies.values() for h in c.hubs if hub_spot(h) == (hex_, city)]


def blocked(state: State, company: str, hex_: str, city: int) -> bool:
    """■15: a city whose every spot holds another company's station cannot be passed."""
    here = tokens_at(state, hex_, city)
    spec = content(state, hex_)[0]
    return company not in here and len(here) >= spec.nodes[city].slots


@dataclass(frozen=True)
class Reach:
    cities: frozenset[tuple[str, int]]  # nodes reached (hex, index)
    exits: frozenset[tuple[str, int]]  # (hex, edge): the company's track leaves hex there
    paths: frozenset[tuple[str, int]]  # (hex, path index) walked


def reach(state: State, company: Company, overnight: bool = False) -> Reach:
    """■14: everything the company's stations reach along track, never reversing.
    `overnight`: full cities of other companies are passed (■26 Overnight, on a 路線)."""
    cells = atlas.board(state).cells
    cities: set[tuple[str, int]] = set()
    exits: set[tuple[str, int]] = set()
    walked: set[tuple[str, int]] = set()
    seen: set[tuple[str, int, End]] = set()
    todo: list[tuple[str, int, End]] = []

    def leave_node(hex_: str, node: int, came: int) -> None:
        for i, (a, b) in enumerate(content(state, hex_)[1]):
            if i != came and ("n", node) in (a, b):
                todo.append((hex_, i, ("n", node)))

    for hub in company.hubs:
        hex_, city = hub_spot(hub)
        if hex_ in cells:
            cities.add((hex_, city))
            leave_node(hex_, city, -1)
    while todo:
        hex_, i, start = todo.pop()
        if (hex_, i, start) in seen:
            continue
        seen.add((hex_, i, start))
        walked.add((hex_, i))
        spec, paths = content(state, hex_)
        a, b = paths[i]
        far = b if start == a else a
        if far[0] == "e":
            exits.add((hex_, far[1]))
            other = _across(cells, hex_, far[1])
            if other is None:
                continue
            back = ("e", opposite(far[1]))
            for j, (c, d) in enumerate(content(state, other)[1]):
                if back in (c, d):
                    todo.append((other, j, back))
        else:
            cities.add((hex_, far[1]))
            node = spec.nodes[far[1]]
            if node.kind == "offboard" or (
                node.kind == "city" and not overnight and blocked(state, company.name, hex_, far[1])
            ):
                continue
            leave_node(hex_, far[1], i)
    return Reach(frozenset(cities), frozenset(exits), frozenset(walked))


def _across(cells: dict[str, atlas.Cell], hex_: str, edge: int) -> str | None:
    other = neighbour(hex_, edge, "flat")
    return other if other in cells else None


# --- routes -----------------------------------------------------------------------------------
def position(state: State, company: Company | None = None) -> Position:
    """The Position as `company` runs it: only its own suburbs count (■26 Suburban: the +10
    is the Suburban company's ability, a power of its charter, not of the city)."""
    return _position(_key(state, company))


def _key(state: State, company: Company | None = None) -> tuple[object, ...]:
    tokens = tuple(sorted((h, c.name) for c in state.companies.values() for h in c.hubs))
    suburbs = tuple(sorted(company.suburbs)) if company is not None else ()
    abilities = tuple(
        sorted((c.name, tuple(sorted(c.abilities))) for c in state.companies.values())
    )
    return (
        tuple((p.number, p.hex, p.rot) for p in state.pieces),
        tuple(state.capitals),
        tuple(state.destinations),
        tuple(sorted(state.tiles.items())),
        tokens,
        suburbs,
        abilities,
        state.colour,
    )


# Bounded: a long game makes a new position at every tile laid. The views, the offers and `run
# best` ask for the same few positions in turn (the state's, per company: its own suburbs);
# replaying every Lost Atlas scenario misses 5 times with 8 or more kept, 10 with 4.
@lru_cache(maxsize=64)
def _position(key: tuple[Any, ...]) -> Position:
    placed, capitals, destinations, tiles, tokens, suburbs, abilities, colour = key
    b = atlas._board(placed, capitals, destinations, True)
    hexes = {h: HexSpec(h, c.printed, frozenset(), c.terrain) for h, c in b.cells.items()}
    game_map = GameMap("lost-atlas", "flat", hexes)
    laid = {h: Laid(tile(name, _("hex {hex}").format(hex=h)), rot) for h, (name, rot) in tiles}
    toks = tuple(Token(*hub_spot(h), company) for h, company in tokens)
    ability_words = {
        "Express": "express",
        "Overnight": "overnight",
        "Resourceful": "resourceful",
        "Suburban": "suburban",
    }
    return Position(
        game_map,
        laid,
        toks,
        PHASES[colour],
        ROUTE_RULES,
        frozenset(hub_spot(h) for h in suburbs),
        {
            name: frozenset(ability_words[a] for a in abl if a in ability_words)
            for name, abl in abilities
        },
    )


def route_trains(company: Company) -> list[RouteTrain]:
    out = []
    for t in company.trains:
        stops = data.stops(t.kind)
        out.append(RouteTrain("∞" if t.kind == data.INF else t.kind, stops, rusted=t.rusted))
    return out


def searchable(state: State, company: Company) -> bool:
    """Whether the referee looks for the company's routes: the map is known, the company has a
    train and a station on the map."""
    cells = atlas.board(state).cells if known(state) else {}
    return bool(company.trains) and any(hub_spot(h)[0] in cells for h in company.hubs)


def search(state: State, company: Company) -> Found | None:
    """The best routes of the company's trains; None when not `searchable`."""
    if not searchable(state, company):
        return None
    answer = best_routes(
        position(state, company), company.name, route_trains(company), SEARCH_SECONDS
    )
    return Found.of(answer)


def proven_best(state: State, company: Company, found: Found | None) -> int | None:
    """The proven best total revenue (■16), from what the search found; None: map not known
    or not proven."""
    if found is None:
        return 0 if known(state) and not company.trains else None
    return found.total if found.proven else None


def connected(state: State, a: Company, b: Company) -> bool | None:
    """■22: whether a route (路線) leads from a station of `a` (the proposer: 自社の駅から) to a
    station of `b`. An Overnight proposer traces its routes through full cities (■26)."""
    if not known(state):
        return None
    targets = {hub_spot(h) for h in b.hubs}
    return bool(reach(state, a, "Overnight" in a.abilities).cities & targets)
