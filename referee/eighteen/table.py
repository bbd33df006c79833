"""What every stage of the route search shares: the table of routes listed, the steps a walk
takes over the track graph, and the deadline's exception.

No route is built as a tuple while listing: each step of a walk is an entry of a prefix tree
(parent, node, link), and a route is its last entry with its track, its count of stops and its
value for each kind of train, summed on the way. Only the chosen routes are rebuilt.
"""

from __future__ import annotations

from array import array
from collections import deque
from dataclasses import dataclass

from referee.eighteen.graph import TrackGraph
from referee.eighteen.rules import Route, Setup

Candidate = tuple[int, int, int]  # (revenue, track mask, route index)
# A route's walk, entry by entry: (node, link from the entry before or -1, 1 if counted).
Trail = list[tuple[int, int, int]]


class OutOfTime(Exception):
    """The deadline passed: the caller keeps what it has, unproven."""


def stops_to_token(
    graph: TrackGraph, overnight: bool, counts: list[int] | None = None
) -> dict[int, int]:
    """Fewest stops between each node and a company token (the node counted, the token not):
    a lower bound that prunes routes which can no longer reach a token. It must never
    overestimate, or a route would be found from one end only: junctions cost nothing, nor do
    full cities that Overnight passes without counting, nor free towns (`counts`: each node's
    weight, rules.weights), so this is a 0-1 breadth-first search."""
    best = {v: 0 for v in graph.token_nodes()}
    queue = deque(best)
    while queue:
        v = queue.popleft()
        for w, _, _ in graph.adjacency[v]:
            node = graph.nodes[w]
            free = not node.is_stop or (overnight and node.blocked)
            free = free or (counts is not None and counts[w] == 0)
            cost = best[v] + (0 if free else 1)
            if cost < best.get(w, 1 << 30):
                best[w] = cost
                if cost == best[v]:
                    queue.appendleft(w)
                else:
                    queue.append(w)
    return best


# A step of a walk from a node, over one link: the node reached, the link's track and index, the
# bit of the node's identity, the nodes of that identity, whether it is a stop, whether the
# company has a token there, whether a route may pass it, and whether it is a full city
# Overnight passes free. (A plain tuple: unpacked in the walks' inner loops, where a NamedTuple
# unpacks at a third of the speed.)
Step = tuple[int, int, int, int, int, bool, bool, bool, bool]


def same_cities(graph: TrackGraph) -> list[int]:
    """Per node, the nodes counted as one city with it (port halves, off-board areas)."""
    by_identity: dict[int, int] = {}
    for node in graph.nodes:
        by_identity[node.identity] = by_identity.get(node.identity, 0) | 1 << node.id
    return [by_identity[node.identity] for node in graph.nodes]


def route_steps(graph: TrackGraph, setup: Setup, paid: list[int]) -> list[list[Step]]:
    """Per node, the steps a walk can take from it, the best paid first."""
    nodes = graph.nodes
    same_city = same_cities(graph)
    return [
        [
            (
                w,
                link_mask,
                link,
                1 << nodes[w].identity,
                same_city[w],
                nodes[w].is_stop,
                nodes[w].token,
                nodes[w].kind != "offboard" and not nodes[w].blocked,
                setup.overnight and nodes[w].blocked,
            )
            for w, link_mask, link in sorted(graph.adjacency[v], key=lambda a: -paid[a[0]])
        ]
        for v in range(len(nodes))
    ]


@dataclass
class RouteTable:
    """Every route found, by column (route i is entry i of each list), and the prefix tree of
    the walk that found them."""

    masks: list[int]  # track used
    link_sets: list[int]  # links used, a bit per link
    counts: list[int]  # stops counted
    values: list[int]  # revenue for a train paid the normal values
    diesel: list[int]  # revenue for a D train
    ends: list[int]  # the route's last entry in the tree
    parent: array[int]  # tree entry: the entry before it (-1 where a route starts)
    node: array[int]
    link: array[int]  # the link from the parent entry (-1 where a route starts)
    counted: array[int]  # 1 if the entry's node is a counted stop

    @classmethod
    def empty(cls) -> RouteTable:
        return cls([], [], [], [], [], [], array("i"), array("i"), array("i"), array("b"))

    def entry(self, before: int, node: int, link: int, counted: int) -> int:
        """A new entry of the tree, after `before` (-1: a route starts): its index."""
        self.parent.append(before)
        self.node.append(node)
        self.link.append(link)
        self.counted.append(counted)
        return len(self.parent) - 1

    def add(self, mask: int, links: int, count: int, value: int, diesel: int, end: int) -> None:
        """A route, whose walk ends at entry `end`."""
        self.masks.append(mask)
        self.link_sets.append(links)
        self.counts.append(count)
        self.values.append(value)
        self.diesel.append(diesel)
        self.ends.append(end)

    def trail(self, i: int) -> Trail:
        """Route i's walk from its start, entry by entry."""
        walk: Trail = []
        entry = self.ends[i]
        while entry >= 0:
            walk.append((self.node[entry], self.link[entry], self.counted[entry]))
            entry = self.parent[entry]
        walk.reverse()
        return walk

    def route(self, i: int) -> Route:
        trail = self.trail(i)
        stops = tuple(node for node, _, counted in trail if counted)
        links = tuple(link for _, link, _ in trail if link >= 0)
        return Route(stops, self.masks[i], links)
