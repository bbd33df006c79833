"""Benchmark: our exact route search on late-game positions, against the exhaustive search.

    python bench/routes.py [--count N] [--exhaustive-seconds S]

Builds late-game positions (1889 and 1830 with brown and gray tiles, up to four trains
including a D; a Lost Atlas long-game map of all 33 pieces with purple and gray tiles), times
our search on each, and times the exhaustive search on the same position in a child process
(stopped after --exhaustive-seconds; then its ratio is only a lower bound, printed with '>').

Track is grown outward from the printed track and cities, tile counts respected, so each
network is one dense connected web as late in a real game. routes-18xx (PyPI) is not run here
yet: see the note printed at the end.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.eighteen.exhaustive import best_revenue
from referee.eighteen.maps import GameMap, load_map
from referee.eighteen.position import Position, position_from_data
from referee.eighteen.search import best_routes
from referee.eighteen.tiles import catalogue
from referee.eighteen.trains import parse_trains
from referee.tables import load_table

LATE = {"1889": ("brown", "gray", "green", "yellow"), "1830": ("brown", "gray", "green", "yellow")}


def _lay_tiles(
    game_map: GameMap, game: str, colours: tuple[str, ...], rng: random.Random, fill: float
) -> list[dict[str, Any]]:
    """Late-game track, grown outward from the printed track and cities: each new tile joins
    track already there, so the network is one connected, dense web, as late in a real game.
    Tile counts of the game's manifest are respected; `fill` is the share of open hex sides
    that get a tile."""
    tiles = catalogue()
    table = load_table("tiles")["tiles"]
    left = {
        t.name: table[t.name].get("counts", {}).get(game, 0)
        for t in tiles.values()
        if t.color in colours and game in _games(t.name)
    }
    pool = [tiles[name] for name in sorted(left)]
    exits_at: dict[str, set[int]] = {h: set(s.printed.exits()) for h, s in game_map.hexes.items()}
    laid: dict[str, dict[str, Any]] = {}
    frontier = [(h, e) for h, ex in exits_at.items() for e in sorted(ex)]
    # Cities and towns get their late-game tiles whether or not track reached them yet.
    frontier += [(h, -1) for h, spec in game_map.hexes.items() if spec.printed.nodes]
    rng.shuffle(frontier)
    while frontier:
        source, edge = frontier.pop(rng.randrange(len(frontier)))
        target = source if edge < 0 else game_map.neighbour(source, edge)
        if target is None or target in laid or rng.random() > fill:
            continue
        printed = game_map.hexes[target].printed
        if printed.color in ("red", "gray"):
            continue
        need = set(printed.exits()) | ({(edge + 3) % 6} if edge >= 0 else set())
        kinds = sorted(n.kind for n in printed.nodes)
        choices = []
        for spec in pool:
            if left[spec.name] <= 0 or spec.label != printed.label:
                continue
            if sorted(n.kind for n in spec.nodes) != kinds:
                continue
            for rotation in range(6):
                exits = spec.exits(rotation)
                if not need <= exits or any(game_map.neighbour(target, e) is None for e in exits):
                    continue
                joined = sum(
                    (e + 3) % 6 in exits_at.get(game_map.neighbour(target, e) or "", set())
                    for e in exits
                )
                choices.append((len(exits) + joined + 2 * rng.random(), spec, rotation))
        if not choices:
            continue
        _, spec, rotation = max(choices, key=lambda c: c[0])
        left[spec.name] -= 1
        exits_at[target] = set(spec.exits(rotation))
        laid[target] = {"hex": target, "tile": spec.name, "rotation": rotation}
        frontier += [(target, e) for e in sorted(exits_at[target])]
    return list(laid.values())


def _games(tile_name: str) -> set[str]:
    return set(load_table("tiles")["tiles"][tile_name].get("counts", {}))


def _tokens(
    position_data: dict[str, Any], rng: random.Random, company: str, others: list[str]
) -> None:
    base = position_from_data(position_data)
    spots = []
    for h in base.map.hexes:
        for i, node in enumerate(base.content(h)[0].nodes):
            if node.kind == "city":
                spots.append((h, i, node.slots))
    rng.shuffle(spots)
    # Late game: the company sits in the big, well-connected cities.
    spots.sort(key=lambda s: -len(base.content(s[0])[0].exits(0)) - len(base.content(s[0])[1]))
    tokens = []
    for k, (h, i, slots) in enumerate(spots):
        if k < 3:
            tokens.append({"hex": h, "city": i, "company": company})
        elif rng.random() < 0.35:
            for c in range(rng.randint(1, min(slots, len(others)))):
                tokens.append({"hex": h, "city": i, "company": others[c % len(others)]})
    position_data["tokens"] = tokens


def map_position(game: str, seed: int) -> tuple[Position, str, str]:
    rng = random.Random(seed)
    game_map = load_map(game)
    data: dict[str, Any] = {"map": game, "phase": "D"}
    data["tiles"] = _lay_tiles(game_map, game, LATE[game], rng, fill=0.8)
    _tokens(data, rng, "X", ["Y", "Z", "W"])
    trains = rng.choice(["5,D", "6,D", "4,5,D", "5,6,D", "D,D", "4,4,6,D", "5,6"])
    return position_from_data(data), "X", trains


def lost_atlas_position(seed: int) -> tuple[Position, str, str]:
    """All 33 map pieces (each piece unturned, laid on a lattice that tiles the plane with
    three-hex triangles, nearest the centre first), purple and gray tiles on most hexes."""
    rng = random.Random(seed)
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
    dest_value = {"yellow": 30, "green": 40, "purple": 70, "gray": 100}  # recommended card, §3
    from referee.eighteen.hexes import name_of

    for (q, r), h in cells.items():
        name = name_of(q - min_q, 2 * r + q - min_y, "flat")
        content: dict[str, Any] = {"terrain": h["terrain"]}
        if h["terrain"] == "destination":
            continue  # printed destination track is low confidence; left out of this bench map
        nodes = h.get("nodes")
        if nodes and not h.get("paths"):
            content["nodes"] = nodes
        if h.get("label") in ("mine", "port"):
            content["nodes"] = nodes
            content["label"] = h["label"]
        hexes[name] = content
    del dest_value
    game_map_data = {
        "map": "lost-atlas-bench",
        "layout": "flat",
        "hexes": hexes,
        "game": "lost_atlas",
        "phase": "gray",
    }
    game_map = position_from_data(game_map_data).map
    # Capitals: three basic cities get the star overlay.
    basic = [n for n, c in hexes.items() if c.get("nodes") and not c.get("label")]
    for name in rng.sample(basic, k=3):
        hexes[name]["label"] = "capital"
    game_map = position_from_data(game_map_data).map
    data = dict(game_map_data)
    data["tiles"] = _lay_tiles(
        game_map, "lost_atlas", ("purple", "brown", "gray", "green", "yellow"), rng, fill=0.85
    )
    _tokens(data, rng, "X", ["Y", "Z"])
    trains = rng.choice(["5,6", "6,∞", "5,∞", "4,6"])
    return position_from_data(data), "X", trains


def _exhaustive_child(args: tuple[Position, str, str], out: Any) -> None:
    position, company, trains = args
    start = time.perf_counter()
    total = best_revenue(position, company, parse_trains(trains))
    out.send((total, time.perf_counter() - start))


def exhaustive(
    position: Position, company: str, trains: str, limit: float
) -> tuple[int | None, float]:
    recv, send = mp.Pipe(duplex=False)
    child = mp.Process(target=_exhaustive_child, args=((position, company, trains), send))
    child.start()
    child.join(limit)
    if child.is_alive():
        child.terminate()
        child.join()
        return None, limit
    return recv.recv() if recv.poll() else (None, limit)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=8, help="positions per game")
    parser.add_argument("--exhaustive-seconds", type=float, default=10.0)
    parser.add_argument("--max-seconds", type=float, default=30.0)
    args = parser.parse_args()
    makers = [
        ("1889", lambda s: map_position("1889", s)),
        ("1830", lambda s: map_position("1830", s)),
        ("lost_atlas", lost_atlas_position),
    ]
    times: list[float] = []
    unproven = 0
    print(
        f"{'game':<11}{'seed':>5} {'trains':<9}{'tiles':>6}{'total':>7}{'proven':>7}"
        f"{'ours s':>9}{'exh s':>9}{'exh/ours':>10}"
    )
    for game, maker in makers:
        for seed in range(args.count):
            position, company, trains = maker(seed)
            answer = best_routes(position, company, parse_trains(trains), args.max_seconds)
            times.append(answer.seconds)
            unproven += not answer.proven
            ex_total, ex_time = exhaustive(position, company, trains, args.exhaustive_seconds)
            if ex_total is None:
                ratio = f">{ex_time / max(answer.seconds, 1e-6):.0f}"
            else:
                if ex_total != answer.total:
                    print(f"  DISAGREE: exhaustive {ex_total} vs ours {answer.total}")
                ratio = f"{ex_time / max(answer.seconds, 1e-6):.1f}"
            print(
                f"{game:<11}{seed:>5} {trains:<9}{len(position.laid):>6}{answer.total:>7}"
                f"{'yes' if answer.proven else 'NO':>7}{answer.seconds:>9.3f}"
                f"{ex_time:>9.2f}{ratio:>10}"
            )
    print(
        f"\nour search: median {statistics.median(times):.3f} s, worst {max(times):.3f} s, "
        f"{len(times) - unproven}/{len(times)} proven optimal"
    )
    print(
        "routes-18xx: not compared yet: its 1889 board uses other coordinates (pointy rows) and "
        "its own tile ids and orientations, and the translation of our positions into its "
        "board-state and railroad files is not written."
    )


if __name__ == "__main__":
    main()
