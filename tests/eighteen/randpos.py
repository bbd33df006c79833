"""Small random positions for the property tests (fast search == exhaustive search)."""

from __future__ import annotations

import random
from typing import Any

from referee.eighteen.hexes import name_of, neighbour
from referee.eighteen.tiles import catalogue

LAYOUT = "flat"
# Tiles that make the graph interesting: cities, towns, crossings (16, 19, 20), Y switches
# (23, 24, LA3), two-city tiles, port tiles.
TILES = [
    "5",
    "6",
    "57",
    "14",
    "15",
    "619",
    "1",
    "55",
    "69",
    "3",
    "4",
    "7",
    "8",
    "9",
    "16",
    "19",
    "20",
    "23",
    "24",
    "25",
    "26",
    "41",
    "45",
    "63",
    "125",
    "LA2",
    "LA1",
    "LA3",
    "59",
    "64",
]


def grid(width: int, height: int) -> list[str]:
    return [name_of(x, y, LAYOUT) for x in range(width) for y in range(height) if (x + y) % 2 == 0]


def random_position(seed: int, *, lost_atlas: bool | None = None) -> tuple[dict[str, Any], str]:
    """A position as TOML-shaped data and the company to run."""
    rng = random.Random(seed)
    width, height = rng.choice([(3, 6), (4, 5), (4, 6), (5, 5)])
    names = grid(width, height)
    on_map = set(names)
    tiles = catalogue()
    hexes: dict[str, Any] = {}
    laid: list[dict[str, Any]] = []
    exits_at: dict[str, set[int]] = {}  # track already on each hex, to join new tiles to it
    for name in rng.sample(names, k=len(names)):
        open_edges = [e for e in range(6) if neighbour(name, e, LAYOUT) in on_map]
        roll = rng.random()
        if roll < 0.1 and open_edges:  # an off-board area
            edges = rng.sample(open_edges, k=min(len(open_edges), rng.choice([1, 2])))
            node = {"kind": "offboard", "revenue": {"yellow": rng.choice([20, 30]), "brown": 60}}
            if rng.random() < 0.5:
                node["groups"] = ["West"]
            hexes[name] = {
                "color": "red",
                "nodes": [node],
                "paths": [[f"e{e}", "n0"] for e in edges],
            }
            exits_at[name] = set(edges)
            continue
        if roll < 0.16 and len(open_edges) >= 3:  # a printed junction of track
            edges = rng.sample(open_edges, k=3)
            hexes[name] = {
                "color": "gray",
                "nodes": [{"kind": "junction"}],
                "paths": [[f"e{e}", "n0"] for e in edges],
            }
            exits_at[name] = set(edges)
            continue
        if roll < 0.22:
            hexes[name] = {"terrain": "plain"}
            continue
        best: tuple[float, str, int] | None = None
        for key in rng.sample(TILES, k=12):
            for rotation in range(6):
                exits = tiles[key].exits(rotation)
                if not exits <= set(open_edges):
                    continue
                joined = sum(
                    1
                    for e in exits
                    if (e + 3) % 6 in exits_at.get(neighbour(name, e, LAYOUT) or "", set())
                )
                score = joined + rng.random()
                if best is None or score > best[0]:
                    best = (score, key, rotation)
        if best is None:
            hexes[name] = {"terrain": "plain"}
            continue
        _, key, rotation = best
        spec = tiles[key]
        exits_at[name] = set(spec.exits(rotation))
        cities = sum(1 for n in spec.nodes if n.kind == "city")
        printed: dict[str, Any] = {"terrain": "plain"}
        if cities:
            printed["nodes"] = [{"kind": "city", "revenue": 0, "slots": 1}] * cities
        if spec.label:
            printed["label"] = spec.label
        hexes[name] = printed
        laid.append({"hex": name, "tile": key, "rotation": rotation})

    tokens: list[dict[str, Any]] = []
    city_spots = []
    for item in laid:
        for i, node in enumerate(tiles[item["tile"]].nodes):
            if node.kind == "city":
                city_spots.append((item["hex"], i, node.slots))
    rng.shuffle(city_spots)
    for k, (hex_name, i, slots) in enumerate(city_spots):
        if k < rng.choice([1, 1, 2]):
            tokens.append({"hex": hex_name, "city": i, "company": "A"})
        elif rng.random() < 0.4:  # other companies, often filling the city
            for c in range(rng.randint(1, slots)):
                tokens.append({"hex": hex_name, "city": i, "company": "BCD"[c]})
    data: dict[str, Any] = {
        "map": f"random-{seed}",
        "layout": LAYOUT,
        "hexes": hexes,
        "tiles": laid,
        "tokens": tokens,
        "phase": rng.choice(["yellow", "green", "brown", "gray"]),
    }
    if lost_atlas is None:
        lost_atlas = rng.random() < 0.4
    if lost_atlas:
        data["game"] = "lost-atlas"
        abilities = [a for a in ("express", "overnight") if rng.random() < 0.3]
        data["companies"] = {"A": {"abilities": abilities}}
        free = [(h, i) for h, i, _ in city_spots if not any(t["hex"] == h for t in tokens)]
        data["suburbs"] = [{"hex": h, "city": i} for h, i in free[: rng.choice([0, 1, 2])]]
    return data, "A"


def random_trains(seed: int) -> str:
    rng = random.Random(seed * 7 + 1)
    count = rng.choice([1, 1, 2, 2, 2, 3])
    return ",".join(rng.choice(["2", "3", "4", "5", "D"]) for _ in range(count))
