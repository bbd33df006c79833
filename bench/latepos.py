"""Late-game positions for the route benchmark, grown deterministically from a seed.

Track grows outward from the cities the way a game lays it: yellow tiles only where they join
track already on the board (or on a city or town hex), then green and brown (and, in Lost
Atlas, purple and gray) upgrades of those tiles. Each game's tile counts are respected (an
upgraded tile goes back to the supply) and an upgrade keeps every exit of the tile it
replaces (plain track also keeps each of its edge-to-edge paths). Then station tokens of
several companies, some cities full, and a late-phase train set.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from referee.core.datafiles import load_table
from referee.eighteen.hexes import name_of, opposite
from referee.eighteen.maps import GameMap, load_map
from referee.eighteen.position import Position, position_from_data
from referee.eighteen.tiles import TileSpec, catalogue

ORDER = ("white", "yellow", "green", "brown", "gray")
NEXT = dict(itertools.pairwise(ORDER))
STAGES = {
    "1889": (("yellow", 3, 0.75), ("green", 2, 0.7), ("brown", 2, 0.6)),
    "1830": (("yellow", 3, 0.75), ("green", 2, 0.7), ("brown", 2, 0.6)),
    "lost_atlas": (("yellow", 3, 0.8), ("green", 2, 0.7), ("brown", 2, 0.65), ("gray", 1, 0.6)),
}
PORT_ONLY = {"437"}  # 1889's port town tile: our map does not mark the port towns
TRAINS = {
    "1889": ("6,D", "D,D", "5,D", "6,6", "5,6"),  # 1889 allows two trains from phase 5 on
    "1830": ("5,6,D", "4,5,6,D", "6,D", "6,6,D", "5,D"),
    "lost_atlas": ("5,6", "6,∞", "5,∞", "∞,∞", "4,6,∞", "5,6,∞"),
}


def _kinds(spec: TileSpec) -> tuple[int, int]:
    return (
        sum(1 for n in spec.nodes if n.kind == "city"),
        sum(1 for n in spec.nodes if n.kind == "town"),
    )


def _edge_pairs(spec: TileSpec, rotation: int) -> set[frozenset[int]]:
    return {
        frozenset((a[1], b[1]))
        for a, b in spec.rotated_paths(rotation)
        if a[0] == "e" and b[0] == "e"
    }


@dataclass
class Board:
    """The tiles on a map as the game goes on, with the supply left."""

    game_map: GameMap
    game: str
    rng: random.Random
    supply: Counter[str] = field(default_factory=Counter)
    laid: dict[str, tuple[str, int]] = field(default_factory=dict)
    starts: frozenset[str] = frozenset()  # hexes where track may begin unjoined (home cities)

    def __post_init__(self) -> None:
        raw = load_table("tiles")["tiles"]
        for name, entry in raw.items():
            count = entry.get("counts", {}).get(self.game, 0)
            if count and name not in PORT_ONLY:
                self.supply[name] = count

    def current(self, hex_name: str) -> tuple[TileSpec, int]:
        if hex_name in self.laid:
            name, rotation = self.laid[hex_name]
            return catalogue()[name], rotation
        return self.game_map.hexes[hex_name].printed, 0

    def colour(self, hex_name: str) -> str:
        spec, _ = self.current(hex_name)
        return spec.color or "white"

    def exits(self, hex_name: str) -> frozenset[int]:
        spec, rotation = self.current(hex_name)
        return spec.exits(rotation)

    def _joins(self, hex_name: str, edge: int) -> bool:
        other = self.game_map.neighbour(hex_name, edge)
        return other is not None and opposite(edge) in self.exits(other)

    def _next_colour(self, hex_name: str, phase: str) -> str | None:
        """The colour a lay here would have in this phase: yellow on an empty hex (next to
        track, or a city or town), else the next colour up if the phase allows it yet."""
        now = self.colour(hex_name)
        if now == "white":
            joined = hex_name in self.starts or any(self._joins(hex_name, e) for e in range(6))
            return "yellow" if joined else None
        wanted = NEXT.get(now)
        if wanted is None or ORDER.index(wanted) > ORDER.index(phase):
            return None
        return wanted

    def _fits(self, hex_name: str, spec: TileSpec, rotation: int) -> bool:
        old, old_rotation = self.current(hex_name)
        exits = spec.exits(rotation)
        if not old.exits(old_rotation) <= exits:
            return False
        for edge in exits:
            other = self.game_map.neighbour(hex_name, edge)
            if other is None:
                return False
            fixed = self.game_map.hexes[other].printed
            if fixed.color in ("red", "gray") and opposite(edge) not in fixed.exits():
                return False  # no track into the side of a printed red or gray hex
        if not old.nodes and not _edge_pairs(old, old_rotation) <= _edge_pairs(spec, rotation):
            return False
        printed = self.game_map.hexes[hex_name].printed
        if printed.label or spec.label:
            return spec.label == printed.label
        return _kinds(spec) == _kinds(printed)

    def lay(self, hex_name: str, colour: str) -> bool:
        """Lay the best-joining tile of `colour` that fits here; False when none does."""
        old_exits = self.exits(hex_name)
        on_node = hex_name in self.starts
        best: tuple[float, str, int] | None = None
        for name in sorted(self.supply):
            spec = catalogue()[name]
            if self.supply[name] <= 0 or spec.color != colour:
                continue
            for rotation in range(6):
                if not self._fits(hex_name, spec, rotation):
                    continue
                exits = spec.exits(rotation)
                joined = sum(1 for e in exits if self._joins(hex_name, e))
                if not joined and not on_node and not old_exits:
                    continue  # new track must join the track already there
                fresh = len(exits - old_exits)
                score = 2 * joined + 0.5 * fresh + self.rng.random()
                if best is None or score > best[0]:
                    best = (score, name, rotation)
        if best is None:
            return False
        _, name, rotation = best
        if hex_name in self.laid:
            self.supply[self.laid[hex_name][0]] += 1
        self.supply[name] -= 1
        self.laid[hex_name] = (name, rotation)
        return True

    def grow(self, stages: tuple[tuple[str, int, float], ...]) -> None:
        playable = [
            h
            for h, s in sorted(self.game_map.hexes.items())
            if s.printed.color not in ("red", "gray", "blue")
        ]
        for phase, passes, share in stages:
            for _ in range(passes):
                for hex_name in self.rng.sample(playable, k=len(playable)):
                    colour = self._next_colour(hex_name, phase)
                    if colour is not None and self.rng.random() < share:
                        self.lay(hex_name, colour)

    def tiles(self) -> list[dict[str, Any]]:
        return [
            {"hex": h, "tile": name, "rotation": rotation}
            for h, (name, rotation) in sorted(self.laid.items())
        ]


def place_tokens(
    data: dict[str, Any], rng: random.Random, companies: list[str], homes: dict[str, str]
) -> None:
    """Home stations first (a company without a home starts in a well-connected city), then
    the first company spreads to three more of the best-connected cities and the others to
    one or two each, so that some cities fill up."""
    base = position_from_data(data)
    spots = []
    for h in sorted(base.map.hexes):
        spec, paths = base.content(h)
        for i, node in enumerate(spec.nodes):
            if node.kind == "city":
                degree = sum(1 for a, b in paths if ("n", i) in (a, b))
                spots.append((degree + rng.random(), h, i, node.slots))
    spots.sort(reverse=True)
    held: dict[tuple[str, int], list[str]] = {(h, i): [] for _, h, i, _ in spots}
    slots = {(h, i): n for _, h, i, n in spots}
    home_of = {h: c for c, h in homes.items()}

    def put(company: str, key: tuple[str, int]) -> bool:
        here = held[key]
        if company in here or len(here) >= slots[key]:
            return False
        owner = home_of.get(key[0])
        if owner not in (None, company) and owner not in here and len(here) + 1 >= slots[key]:
            return False  # the last slot of a home city stays free for its company
        here.append(company)
        return True

    for k, company in enumerate(companies):
        home = homes.get(company)
        if home is not None:
            put(company, (home, 0))
        else:
            put(company, (spots[k][1], spots[k][2]))
    for k, company in enumerate(companies):
        extra = 3 if k == 0 else rng.choice([1, 2, 2])
        order = spots if k == 0 else rng.sample(spots, k=len(spots))
        for _, h, i, _ in order:
            if extra and put(company, (h, i)):
                extra -= 1
    data["tokens"] = [
        {"hex": h, "city": i, "company": c} for (h, i), here in sorted(held.items()) for c in here
    ]


def map_position(game: str, seed: int) -> tuple[Position, str, str]:
    """A late game on 1889 or 1830 (phase D: off-boards pay their late or diesel values)."""
    rng = random.Random(seed)
    homes = {c: v["home"] for c, v in load_table(f"maps/{game}")["corporations"].items()}
    board = Board(load_map(game), game, rng, starts=frozenset(homes.values()))
    board.grow(STAGES[game])
    data: dict[str, Any] = {"map": game, "phase": "D", "tiles": board.tiles()}
    companies = rng.sample(sorted(homes), k=min(len(homes), 6))
    place_tokens(data, rng, companies, homes)
    return position_from_data(data), companies[0], rng.choice(TRAINS[game])


def lost_atlas_hexes(rng: random.Random) -> dict[str, Any]:
    """All 33 map pieces (each unturned, on a lattice that tiles the plane with three-hex
    triangles, nearest the centre first), three basic cities made capitals."""
    pieces = load_table("maps/lost_atlas_pieces")["pieces"]
    copies = [p for p in pieces for _ in range(p["copies"])]
    rng.shuffle(copies)
    anchors = sorted(
        ((q, r) for q in range(-12, 13) for r in range(-12, 13) if (q + 2 * r) % 3 == 0),
        key=lambda a: (abs(a[0]) + abs(a[1]) + abs(a[0] + a[1]), a),
    )[: len(copies)]
    cells = {}
    for (q, r), piece in zip(anchors, copies, strict=True):
        for h in piece["hexes"]:
            dq, dr = h["axial"]
            cells[(q + dq, r + dr)] = h
    min_q = min(q for q, _ in cells)
    min_y = min(2 * r + q for q, r in cells)
    hexes: dict[str, Any] = {}
    for (q, r), h in sorted(cells.items()):
        if h["terrain"] == "destination":
            continue  # printed destination track is low confidence; left out of this bench map
        content: dict[str, Any] = {"terrain": h["terrain"]}
        if h.get("nodes") and (not h.get("paths") or h.get("label") in ("mine", "port")):
            content["nodes"] = h["nodes"]
        if h.get("label") in ("mine", "port"):
            content["label"] = h["label"]
        hexes[name_of(q - min_q, 2 * r + q - min_y, "flat")] = content
    basic = sorted(n for n, c in hexes.items() if c.get("nodes") and not c.get("label"))
    for name in rng.sample(basic, k=3):
        hexes[name]["label"] = "capital"
    return hexes


def lost_atlas_position(seed: int) -> tuple[Position, str, str]:
    """A long Lost Atlas game: the full map, purple and gray tiles, gray phase."""
    rng = random.Random(seed)
    data: dict[str, Any] = {
        "map": "lost-atlas-bench",
        "layout": "flat",
        "hexes": lost_atlas_hexes(rng),
        "game": "lost-atlas",
        "phase": "gray",
    }
    game_map = position_from_data(data).map
    cities = frozenset(h for h, spec in game_map.hexes.items() if spec.printed.nodes)
    board = Board(game_map, "lost_atlas", rng, starts=cities)
    board.grow(STAGES["lost_atlas"])
    data["tiles"] = board.tiles()
    place_tokens(data, rng, ["X", "Y", "Z"], {})
    return position_from_data(data), "X", rng.choice(TRAINS["lost_atlas"])
