"""The reference search: walk every piece of track, try every combination. Slow and simple.

Written apart from graph.py/search.py on purpose (it reads the position directly) so the two
can check each other. Use it only on small positions.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from referee.eighteen.hexes import opposite
from referee.eighteen.position import Position
from referee.eighteen.rules import Bonuses
from referee.eighteen.trains import Train

NodeKey = tuple[str, int]  # (hex, node index)
Piece = tuple[object, ...]  # of track: ('path', hex, i) or ('side', {hex/edge pairs})


@dataclass(frozen=True)
class Walk:
    nodes: tuple[NodeKey, ...]  # every node met, in order (stops and junctions)
    track: frozenset[Piece]


def _walks(position: Position) -> list[Walk]:
    """Every walk along track from a node to a node, never using a path or a hex side twice."""
    walks: list[Walk] = []
    paths = {h: position.content(h)[1] for h in position.map.hexes}

    def arrive(nodes: tuple[NodeKey, ...], track: frozenset[Piece]) -> None:
        walks.append(Walk(nodes, track))
        hex_name, index = nodes[-1]
        for i, (a, b) in enumerate(paths[hex_name]):
            if ("n", index) in (a, b) and ("path", hex_name, i) not in track:
                other = b if a == ("n", index) else a
                follow(nodes, track | {("path", hex_name, i)}, hex_name, other)

    def follow(
        nodes: tuple[NodeKey, ...], track: frozenset[Piece], hex_name: str, end: tuple[str, int]
    ) -> None:
        if end[0] == "n":
            arrive((*nodes, (hex_name, end[1])), track)
            return
        other = position.map.neighbour(hex_name, end[1])
        if other is None:
            return
        side = ("side", frozenset({(hex_name, end[1]), (other, opposite(end[1]))}))
        if side in track:
            return
        entry = ("e", opposite(end[1]))
        for i, (a, b) in enumerate(paths[other]):
            if entry in (a, b) and ("path", other, i) not in track:
                far = b if a == entry else a
                follow(nodes, track | {side, ("path", other, i)}, other, far)

    for hex_name in position.map.hexes:
        for index in range(len(position.content(hex_name)[0].nodes)):
            arrive(((hex_name, index),), frozenset())
    return walks


def _best_brute(
    position: Position, company: str, trains: Sequence[Train], bonuses: Bonuses | None = None
) -> tuple[int, list[Walk | None]]:
    extra = bonuses or Bonuses()
    at = dict(extra.stops)
    abilities = position.abilities.get(company, frozenset())
    nodes = {
        (h, i): n for h in position.map.hexes for i, n in enumerate(position.content(h)[0].nodes)
    }

    def tokens_at(key: NodeKey) -> list[str]:
        return [t.company for t in position.tokens if (t.hex, t.city) == key]

    def blocked(key: NodeKey) -> bool:
        node = nodes[key]
        here = tokens_at(key)
        return node.kind == "city" and company not in here and len(here) >= node.slots

    def same_city(key: NodeKey) -> tuple[object, ...]:
        node = nodes[key]
        if node.kind == "offboard" and node.group:
            return ("area", node.group)
        label = position.content(key[0])[0].label
        if node.kind == "city" and position.rules.port_one_city and label == "port":
            return ("port", key[0])
        return key

    def counted(walk: Walk) -> list[NodeKey] | None:
        """The stops a walk counts, or None when the walk is not a legal route."""
        first, last = walk.nodes[0], walk.nodes[-1]
        if nodes[first].kind == "junction" or nodes[last].kind == "junction":
            return None
        cities = [same_city(k) for k in walk.nodes if nodes[k].kind != "junction"]
        if len(cities) != len(set(cities)):
            return None
        stops = [first]
        for key in walk.nodes[1:-1]:
            kind = nodes[key].kind
            if kind == "offboard":
                return None
            if kind == "junction":
                continue
            if blocked(key):
                if "overnight" not in abilities:
                    return None
                continue
            stops.append(key)
        if len(walk.nodes) > 1:
            stops.append(last)
        if not any(company in tokens_at(k) for k in stops):
            return None
        return stops

    def distance(stops: list[NodeKey], train: Train) -> int:
        """The stops a train counts: a town not, where the game's or the train's towns are
        free."""
        free = position.rules.towns_free or train.towns_free
        return sum(not (free and nodes[k].kind == "town") for k in stops)

    def value(key: NodeKey, train: Train) -> int:
        bonus = position.rules.suburb_bonus if key in position.suburbs else 0
        times = train.multiplier if nodes[key].kind != "town" else 1
        return (
            nodes[key].value(position.phase, diesel=train.diesel) * times
            + bonus
            + at.get(key[0], 0)
        )

    def route_bonus(combo: Sequence[tuple[int, Walk | None]]) -> int:
        """Each route bonus once, where one route stops on all its hexes."""
        stopped = [{stop[0] for stop in stops_of[w]} for _, w in combo if w is not None]
        return sum(b.amount for b in extra.routes if any(b.hexes <= hexes for hexes in stopped))

    legal: list[tuple[Walk, list[NodeKey]]] = []
    for walk in _walks(position):
        stops = counted(walk)
        if stops is None:
            continue
        if len(stops) >= 2 or (position.rules.local_routes and len(walk.nodes) == 1):
            legal.append((walk, stops))

    stops_of = {walk: stops for walk, stops in legal}
    options: list[list[tuple[int, Walk | None]]] = []
    for train in trains:
        limit = train.distance + (1 if "express" in abilities and len(trains) == 1 else 0)
        choices: list[tuple[int, Walk | None]] = [(0, None)]
        for walk, stops in legal:
            if not train.distance or distance(stops, train) <= limit:
                choices.append((sum(value(k, train) for k in stops), walk))
        options.append(choices)

    best: tuple[int, list[Walk | None]] = (0, [None] * len(trains))
    for combo in itertools.product(*options):
        total = sum(rev for rev, _ in combo) + route_bonus(combo)
        if total <= best[0]:
            continue
        used: list[Piece] = [piece for _, w in combo if w is not None for piece in w.track]
        if len(used) == len(set(used)):
            best = (total, [w for _, w in combo])
    return best


def best_revenue(
    position: Position, company: str, trains: Sequence[Train], bonuses: Bonuses | None = None
) -> int:
    """The best total, by trying everything."""
    return _best_brute(position, company, trains, bonuses)[0]
