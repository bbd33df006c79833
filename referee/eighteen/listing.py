"""Listing routes: every legal route of a company, walked once over its track graph.

Depth first from each possible end, keeping a route from the end walked first. No route is built
as a tuple while listing: each step of the walk is an entry of a prefix tree (parent, node,
link), and a route is its last entry with its track, its count of stops and its value for each
kind of train, summed on the way. Only the chosen routes are rebuilt.
"""

from __future__ import annotations

import time
from array import array
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING

from referee.eighteen import cores
from referee.eighteen.graph import TrackGraph
from referee.eighteen.rules import Route, Setup, stop_values, weights
from referee.eighteen.trains import Train

if TYPE_CHECKING:
    from referee.eighteen.floor import Floor


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


# A step of a walk from a node: the node reached, the link's track and index, the bit of the
# node's identity, the nodes of that identity, whether it is a stop, whether the company has a
# token there, whether a route may pass it, and whether it is a full city Overnight passes free.
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


# A walk so far: start node, identities met, nodes of those identities, track, links, the
# other trains' candidates it clashes with (see Floor), stops counted, whether a token was met,
# value and diesel value.
_Walk = tuple[int, int, int, int, int, tuple[int, ...], int, bool, int, int]


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

    def route(self, i: int) -> Route:
        stops: list[int] = []
        links: list[int] = []
        entry = self.ends[i]
        while entry >= 0:
            if self.counted[entry]:
                stops.append(self.node[entry])
            if self.link[entry] >= 0:
                links.append(self.link[entry])
            entry = self.parent[entry]
        return Route(tuple(reversed(stops)), self.masks[i], tuple(reversed(links)))


def enumerate_routes(
    graph: TrackGraph,
    max_stops: int,
    setup: Setup,
    deadline: float,
    table: RouteTable | None = None,
    floor: Floor | None = None,
    avoid: int = 0,
    max_routes: int = 1 << 62,
) -> tuple[RouteTable, range, bool]:
    """All routes with a company token and at most `max_stops` counted stops, plus the local
    routes the game allows, added to `table`; with a `floor`, only the routes worth more to its
    train than the floor; none using track in `avoid`. Returns the table, where the new routes
    are in it, and whether the listing finished before the deadline (and before the table
    held more than `max_routes`)."""
    nodes = graph.nodes
    overnight = setup.overnight
    paid = stop_values(graph, False, setup)
    paid_diesel = stop_values(graph, True, setup)
    same_city = same_cities(graph)
    steps = route_steps(graph, setup, paid)
    reach = graph.reachable(through_blocked=overnight)
    weight = weights(graph, setup)
    free_towns = setup.rules.towns_free
    to_token = stops_to_token(graph, overnight, weight)
    far = 1 << 30
    if table is None:
        table = RouteTable([], [], [], [], [], [], array("i"), array("i"), array("i"), array("b"))
    first_route = len(table.masks)
    parent, node_of, link_of, counted = table.parent, table.node, table.link, table.counted
    masks, link_sets, counts, values, diesel, ends = (
        table.masks,
        table.link_sets,
        table.counts,
        table.values,
        table.diesel,
        table.ends,
    )
    by_diesel = floor is not None and floor.diesel  # the walking train is paid as a D
    worth = paid_diesel if by_diesel else paid
    counter = [0]

    def step(before: int, w: int, link: int, is_counted: int) -> int:
        parent.append(before)
        node_of.append(w)
        link_of.append(link)
        counted.append(is_counted)
        return len(parent) - 1

    def extend(at: int, v: int, walk: _Walk) -> None:
        counter[0] += 1
        if counter[0] & 255 == 0:
            if time.monotonic() > deadline or len(masks) > max_routes:
                raise OutOfTime
            if floor is not None and floor.shared is not None:
                floor.shared.meet(floor)
        start, seen, met, mask, links, clash, count, token, value, value_d = walk
        order = rank[start]
        may_end = ends_after[order]
        if floor is not None and floor.dominated(
            v, met, mask, clash, value_d if by_diesel else value, token, order
        ):
            return
        moves: list[tuple[int, int, int, _Walk]] = []  # (ceiling, entry, node, walk) to go on
        for w, link_mask, link, bit, city, is_stop, has_token, can_pass, pass_free in steps[v]:
            if link_mask & mask or seen & bit:
                continue
            new_mask = mask | link_mask
            new_links = links | 1 << link
            new_clash = clash if floor is None else floor.clash(clash, link)
            here = (start, seen | bit, met | city, new_mask, new_links, new_clash)
            got = value_d if by_diesel else value
            if not is_stop or pass_free:  # a junction, or a full city Overnight passes
                ceiling = (
                    0 if floor is None else floor.ceiling(got, w, met | city, new_clash, may_end)
                )
                moves.append(
                    (ceiling, step(at, w, link, 0), w, (*here, count, token, value, value_d))
                )
                if not is_stop:
                    continue
            has = token or has_token
            n = count + weight[w]
            if n > max_stops:
                continue
            now, now_d = value + paid[w], value_d + paid_diesel[w]
            # Every route is found from both of its ends; keep it from the end walked from
            # first (the walk is symmetric: what may start a route may end it).
            keep = has and order < rank[w]
            room = n < max_stops or free_towns  # free towns may still follow
            go_on = can_pass and room and (has or n + to_token.get(w, far) <= max_stops)
            ceiling = 0
            if floor is not None:
                got = now_d if by_diesel else now
                keep = keep and got > floor.value
                if go_on:
                    ceiling = floor.ceiling(got, w, met | city, new_clash, may_end)
                    go_on = ceiling > floor.best
            if keep or go_on:
                entry = step(at, w, link, 1)
                if keep:
                    masks.append(new_mask ^ avoid)
                    link_sets.append(new_links)
                    counts.append(n)
                    values.append(now)
                    diesel.append(now_d)
                    ends.append(entry)
                    if floor is not None:
                        floor.found(got, new_mask, new_clash)
                if go_on:
                    moves.append((ceiling, entry, w, (*here, n, has, now, now_d)))
        if floor is None:
            for _, entry, w, walk in moves:
                extend(entry, w, walk)
            return
        # Most promising first, so the floor rises early; a move may no longer pay by its turn.
        moves.sort(key=itemgetter(0), reverse=True)  # (stable: ties keep their order)
        for ceiling, entry, w, walk in moves:
            if ceiling > floor.best:
                extend(entry, w, walk)

    # The best stops first, so that a floor rises early.
    starts = sorted(reach, key=lambda s: (-worth[s], s))
    rank = [len(nodes)] * len(nodes)
    for i, s in enumerate(starts):
        rank[s] = i
    no_clash = () if floor is None else floor.no_clash
    # Per start's order, the stops a route from it may end at: those walked from later.
    ends_after = [0] * (len(starts) + 1)
    for i in range(len(starts) - 1, 0, -1):
        ends_after[i - 1] = ends_after[i] | (nodes[starts[i]].is_stop << starts[i])
    origins = [
        s
        for s in starts
        if nodes[s].is_stop and (nodes[s].token or weight[s] + to_token.get(s, far) <= max_stops)
    ]

    def walk_from(chosen: Iterable[int]) -> bool:
        """Walk from these ends: whether it finished before the deadline."""
        try:
            for s in chosen:
                if floor is not None and floor.shared is not None:
                    # At each end too, not only every 256 steps: a short walk raises the floor
                    # as much as a long one, and a process left with a long walk must not go on
                    # with the floor it had when they split.
                    floor.shared.meet(floor)
                may_end = ends_after[rank[s]]
                if (
                    floor is None
                    or floor.ceiling(worth[s], s, same_city[s], no_clash, may_end) > floor.best
                ):
                    # The walk starts with the avoided track taken; routes are kept without it.
                    node = nodes[s]
                    walk = (
                        s,
                        1 << node.identity,
                        same_city[s],
                        avoid,
                        0,
                        no_clash,
                        weight[s],
                        node.token,
                    )
                    extend(step(-1, s, -1, 1), s, (*walk, paid[s], paid_diesel[s]))
        except OutOfTime:
            return False
        if floor is not None and floor.shared is not None:
            floor.shared.meet(floor)
        return True

    if floor is None or not cores.can_split():
        complete = walk_from(origins)
    else:
        # A long walk: once it has run a while, the ends left are shared with a child.
        split_at = time.monotonic() + cores.SPLIT_AFTER
        done = 0
        complete = True
        while done < len(origins) and complete and time.monotonic() < split_at:
            complete = walk_from(origins[done : done + 1])
            done += 1
        if complete and len(origins) - done > 1:
            shared = cores.Shared(done, floor.best)
            floor.shared = shared
            with cores.Child(
                table, lambda: walk_from(shared.each(origins)), lambda: floor.best
            ) as child:
                complete = walk_from(shared.each(origins))
                child_complete, child_best = child.join(table, deadline)
            complete = complete and child_complete
            floor.best = max(floor.best, child_best)
            floor.shared = None
        elif complete:
            complete = walk_from(origins[done:])
    for v in setup.local_stops(graph):
        masks.append(0)
        link_sets.append(0)
        counts.append(1)
        values.append(paid[v])
        diesel.append(paid_diesel[v])
        ends.append(step(-1, v, -1, 1))
    return table, range(first_route, len(table.masks)), complete


Candidate = tuple[int, int, int]  # (revenue, track mask, route index)


def candidates(
    table: RouteTable, span: range, train: Train, setup: Setup, deadline: float, least: int = 0
) -> tuple[list[Candidate], bool]:
    """(revenue, mask, route index) of the routes in `span` worth at least `least`, best
    first; and whether every route was scored before the deadline (if not, the answer cannot
    be proven)."""
    limit = setup.distance(train)
    revenues = table.diesel if train.diesel else table.values
    masks, counts = table.masks, table.counts
    best_by_mask: dict[int, Candidate] = {}
    complete = True
    for i in span:
        if i & 65535 == 65535 and time.monotonic() > deadline:  # score a first batch anyway
            complete = False
            break
        mask, revenue = masks[i], revenues[i]
        if counts[i] <= limit and revenue >= least:
            old = best_by_mask.get(mask)
            if old is None or revenue > old[0]:
                best_by_mask[mask] = (revenue, mask, i)
    ordered = sorted(
        best_by_mask.values(), key=lambda c: (c[0] << 12) - c[1].bit_count(), reverse=True
    )
    return ordered, complete
