"""The track graph of one company: stops and junctions joined by links of track.

Every tile path and every hex-side crossing is a *track resource* (a bit of a Python int).
A link is a stretch of track between two nodes with no node inside; its resource mask says
which track it uses, so "no track twice" and "routes share no track" are `mask & mask == 0`.
No reversing at a junction of track: at a hex side, a link always crosses to the other hex.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.eighteen.hexes import opposite
from referee.eighteen.position import Position
from referee.eighteen.tiles import End


@dataclass
class Node:
    id: int
    hex: str
    index: int  # node index on the hex's tile
    kind: str  # city, town, offboard, junction
    identity: int  # nodes with one identity count as one city/area (port halves, off-board areas)
    value: int  # revenue in this phase
    diesel_value: int  # revenue for a D train
    token: bool = False  # the company has a token here
    blocked: bool = False  # every slot holds another company's token
    suburb: bool = False

    @property
    def is_stop(self) -> bool:
        return self.kind != "junction"

    @property
    def name(self) -> str:
        return f"{self.hex}" if self.index == 0 else f"{self.hex}.{self.index}"


@dataclass(frozen=True)
class Link:
    a: int
    b: int
    mask: int
    hexes: tuple[str, ...]  # hexes the track passes, from a to b (for the picture)


@dataclass
class TrackGraph:
    company: str
    nodes: list[Node]
    links: list[Link]
    adjacency: list[list[tuple[int, int, int]]] = field(default_factory=list)  # (other, mask, link)

    def __post_init__(self) -> None:
        self.adjacency = [[] for _ in self.nodes]
        for i, link in enumerate(self.links):
            self.adjacency[link.a].append((link.b, link.mask, i))
            self.adjacency[link.b].append((link.a, link.mask, i))

    def token_nodes(self) -> list[int]:
        return [n.id for n in self.nodes if n.token]

    def reachable(self, through_blocked: bool = False) -> set[int]:
        """Nodes joined by track to one of the company's tokens. A city full of other
        companies' tokens ends the way, unless `through_blocked` (Overnight passes them)."""
        seen = set(self.token_nodes())
        todo = list(seen)
        while todo:
            v = todo.pop()
            passable = through_blocked or not self.nodes[v].blocked or self.nodes[v].token
            for w, _, _ in self.adjacency[v]:
                if w not in seen and passable:
                    seen.add(w)
                    todo.append(w)
        return seen


def build_graph(position: Position, company: str) -> TrackGraph:
    nodes: list[Node] = []
    node_at: dict[tuple[str, int], int] = {}
    identities: dict[tuple[str, str], int] = {}
    paths: list[tuple[str, End, End]] = []  # (hex, a, b) in map edges
    at_edge: dict[tuple[str, int], list[int]] = {}

    def identity(key: tuple[str, str]) -> int:
        return identities.setdefault(key, len(identities))

    for hex_name in position.map.hexes:
        spec, hex_paths = position.content(hex_name)
        for i, node in enumerate(spec.nodes):
            here = [t for t in position.tokens if t.hex == hex_name and t.city == i]
            own = any(t.company == company for t in here)
            if node.kind == "offboard" and node.group:
                ident = identity(("area", node.group))
            elif node.kind == "city" and position.rules.port_one_city and spec.label == "port":
                ident = identity(("port", hex_name))
            else:
                ident = identity(("node", f"{hex_name}.{i}"))
            nodes.append(
                Node(
                    id=len(nodes),
                    hex=hex_name,
                    index=i,
                    kind=node.kind,
                    identity=ident,
                    value=node.value(position.phase),
                    diesel_value=node.value(position.phase, diesel=True),
                    token=own,
                    blocked=node.kind == "city"
                    and not own
                    and len(here) >= node.slots
                    and position.rules.full_cities_block,
                    suburb=(hex_name, i) in position.suburbs,
                )
            )
            node_at[(hex_name, i)] = nodes[-1].id
        for a, b in hex_paths:
            for end in (a, b):
                if end[0] == "e":
                    at_edge.setdefault((hex_name, end[1]), []).append(len(paths))
            paths.append((hex_name, a, b))

    resource_count = len(paths)
    sides: dict[frozenset[tuple[str, int]], int] = {}

    def side_bit(hex_name: str, edge: int, other: str) -> int:
        nonlocal resource_count
        key = frozenset({(hex_name, edge), (other, opposite(edge))})
        if key not in sides:
            sides[key] = resource_count
            resource_count += 1
        return 1 << sides[key]

    links: dict[tuple[int, int, int], Link] = {}

    def walk(start: int, path: int, enter: End, mask: int, trail: tuple[str, ...]) -> None:
        hex_name, a, b = paths[path]
        far = b if enter == a else a
        mask |= 1 << path
        trail = trail if trail and trail[-1] == hex_name else (*trail, hex_name)
        if far[0] == "n":
            end = node_at[(hex_name, far[1])]
            if end != start:
                key = (min(start, end), max(start, end), mask)
                links.setdefault(key, Link(start, end, mask, trail))
            return
        other = position.map.neighbour(hex_name, far[1])
        if other is None:
            return
        bit = side_bit(hex_name, far[1], other)
        if mask & bit:
            return
        for nxt in at_edge.get((other, opposite(far[1])), []):
            if not mask >> nxt & 1:
                walk(start, nxt, ("e", opposite(far[1])), mask | bit, trail)

    for i, (hex_name, a, b) in enumerate(paths):
        for end in (a, b):
            if end[0] == "n":
                walk(node_at[(hex_name, end[1])], i, end, 0, ())

    # A link found from both ends once each; keep one copy, oriented from its lower node.
    unique = sorted(links.values(), key=lambda k: (min(k.a, k.b), max(k.a, k.b), k.mask))
    oriented = [k if k.a <= k.b else Link(k.b, k.a, k.mask, k.hexes[::-1]) for k in unique]
    seen: set[tuple[int, int, int]] = set()
    final: list[Link] = []
    for k in oriented:
        if (k.a, k.b, k.mask) not in seen:
            seen.add((k.a, k.b, k.mask))
            final.append(k)
    return TrackGraph(company, nodes, final)
