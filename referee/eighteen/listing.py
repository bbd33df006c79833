"""Listing routes: every legal route of a company, walked once over its track graph.

Depth first from each possible end, keeping a route from the end walked first. Each step of the
walk is an entry of the table's prefix tree (table.py). With a floor (floor.py), only the routes
of the lone ∞ or D train that can still matter are listed, and a long walk is shared with a
second process (cores.py).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from operator import itemgetter
from typing import NamedTuple

from referee.eighteen import cores
from referee.eighteen.config import DEFAULT, SearchConfig
from referee.eighteen.floor import Floor
from referee.eighteen.graph import TrackGraph
from referee.eighteen.others import Clash
from referee.eighteen.rules import Setup, stop_values, weights
from referee.eighteen.table import (
    Candidate,
    OutOfTime,
    RouteTable,
    route_steps,
    same_cities,
    stops_to_token,
)
from referee.eighteen.trains import Train

FAR = 1 << 30  # stops to a token from a node that reaches none


class Walk(NamedTuple):
    """A walk so far."""

    start: int  # its first node
    seen: int  # the identities met, a bit each
    met: int  # the nodes of those identities
    mask: int  # the track taken
    links: int  # the links taken, a bit each
    clash: Clash  # the other trains' candidates it clashes with (see Floor; () without one)
    stops: int  # stops counted
    token: bool  # whether it met a company token
    value: int  # what it pays a train paid the normal values
    value_d: int  # what it pays a D train


# A walk as the inner loop makes and reads it: a plain tuple in Walk's order (a Walk is one).
# Measured under valgrind, one walk made and read whole: a plain tuple 0.9k instructions, a
# NamedTuple made by tuple.__new__ 3.0k, a slotted dataclass 4.0k, by its constructor 4.8k; and
# a NamedTuple unpacks and reads its fields far slower than a tuple (Python 3.11 specializes
# both for plain tuples only): as Walks, they made the listing 4% dearer (bench/route_structure.py).
PlainWalk = tuple[int, int, int, int, int, Clash, int, bool, int, int]

# A walk to go on with: its ceiling (0 without a floor), its entry in the tree, its end.
Move = tuple[int, int, int, PlainWalk]


def enumerate_routes(
    graph: TrackGraph,
    max_stops: int,
    setup: Setup,
    deadline: float,
    table: RouteTable | None = None,
    floor: Floor | None = None,
    avoid: int = 0,
    max_routes: int = 1 << 62,
    config: SearchConfig = DEFAULT,
) -> tuple[RouteTable, range, bool]:
    """All routes with a company token and at most `max_stops` counted stops, plus the local
    routes the game allows, added to `table`; with a `floor`, only the routes worth more to its
    train than the floor; none using track in `avoid`. Returns the table, where the new routes
    are in it, and whether the listing finished before the deadline (and before the table
    held more than `max_routes`)."""
    table = RouteTable.empty() if table is None else table
    first_route = len(table.masks)
    listing = _Listing(graph, max_stops, setup, table, floor, avoid)
    listing.deadline, listing.max_routes = deadline, max_routes
    if floor is None or not cores.can_split():
        complete = listing.walk_from(listing.origins)
    else:
        complete = listing.walk_shared(floor, config)
    for v in setup.local_stops(graph):
        table.add(0, 0, 1, listing.paid[v], listing.paid_diesel[v], table.entry(-1, v, -1, 1))
    return table, range(first_route, len(table.masks)), complete


@dataclass
class _Order:
    """The order the walk takes its ends in: the best stops first, so that a floor rises
    early; each route is kept from its end walked first."""

    rank: list[int]  # per node, its place in that order
    ends_after: list[int]  # per place, the stops a route from it may end at: those after it
    origins: list[int]  # the ends a route may start from, in order


def _order(graph: TrackGraph, worth: list[int], reach: set[int], can_start: set[int]) -> _Order:
    nodes = graph.nodes
    starts = sorted(reach, key=lambda s: (-worth[s], s))
    rank = [len(nodes)] * len(nodes)
    for i, s in enumerate(starts):
        rank[s] = i
    ends_after = [0] * (len(starts) + 1)
    for i in range(len(starts) - 1, 0, -1):
        ends_after[i - 1] = ends_after[i] | (nodes[starts[i]].is_stop << starts[i])
    return _Order(rank, ends_after, [s for s in starts if s in can_start])


class _Listing:
    """One listing of routes into a table: the walk, from each end in turn."""

    deadline: float
    max_routes: int

    def __init__(
        self,
        graph: TrackGraph,
        max_stops: int,
        setup: Setup,
        table: RouteTable,
        floor: Floor | None,
        avoid: int,
    ) -> None:
        self.graph, self.max_stops, self.table, self.floor, self.avoid = (
            graph,
            max_stops,
            table,
            floor,
            avoid,
        )
        self.paid = stop_values(graph, False, setup)
        self.paid_diesel = stop_values(graph, True, setup)
        self.same_city = same_cities(graph)
        self.steps = route_steps(graph, setup, self.paid)
        self.weight = weights(graph, setup)  # what each node counts toward max_stops
        self.to_token = stops_to_token(graph, setup.overnight, self.weight)
        self.by_diesel = floor is not None and floor.diesel  # the walking train is paid as a D
        self.worth = self.paid_diesel if self.by_diesel else self.paid
        nodes, to_token, weight = graph.nodes, self.to_token, self.weight
        can_start = {
            s
            for s in range(len(nodes))
            if nodes[s].is_stop
            and (nodes[s].token or weight[s] + to_token.get(s, FAR) <= max_stops)
        }
        order = _order(
            graph, self.worth, graph.reachable(through_blocked=setup.overnight), can_start
        )
        self.rank, self.ends_after, self.origins = order.rank, order.ends_after, order.origins
        self.no_clash: Clash = () if floor is None else floor.others.no_clash
        # What every step reads, in one tuple (a step's own lookups cost as much as its work).
        self.at_hand = (
            floor,
            table,
            self.paid,
            self.paid_diesel,
            self.rank,
            to_token,
            self.by_diesel,
            None if floor is None else floor.others.clash,
        )
        # What a walk counts: free towns (Setup.towns_free) may follow a walk that has
        # counted max_stops.
        self.counting = (max_stops, weight, setup.towns_free())
        self.counter = 0

    def walk_from(self, chosen: Iterable[int]) -> bool:
        """Walk from these ends: whether it finished before the deadline."""
        floor, nodes, same_city, worth = self.floor, self.graph.nodes, self.same_city, self.worth
        try:
            for s in chosen:
                if floor is not None:
                    # At each end too, not only every 256 steps: a short walk raises the floor
                    # as much as a long one, and a process left with a long walk must not go on
                    # with the floor it had when they split.
                    floor.meet()
                may_end = self.ends_after[self.rank[s]]
                if (
                    floor is None
                    or floor.ceiling(worth[s], s, same_city[s], self.no_clash, may_end) > floor.best
                ):
                    # The walk starts with the avoided track taken; routes are kept without it.
                    node = nodes[s]
                    walk = Walk(
                        start=s,
                        seen=1 << node.identity,
                        met=same_city[s],
                        mask=self.avoid,
                        links=0,
                        clash=self.no_clash,
                        stops=self.weight[s],
                        token=node.token,
                        value=self.paid[s],
                        value_d=self.paid_diesel[s],
                    )
                    self.extend(self.table.entry(-1, s, -1, 1), s, walk)
        except OutOfTime:
            return False
        if floor is not None:
            floor.meet()
        return True

    def walk_shared(self, floor: Floor, config: SearchConfig) -> bool:
        """A long walk: once it has run a while, the ends left are shared with a child."""
        origins = self.origins
        split_at = time.monotonic() + config.split_after
        done = 0
        complete = True
        while done < len(origins) and complete and time.monotonic() < split_at:
            complete = self.walk_from(origins[done : done + 1])
            done += 1
        if not complete:
            return False
        if len(origins) - done <= 1:
            return self.walk_from(origins[done:])
        shared = floor.shared = cores.Shared(done, floor.best)
        with cores.Child(
            self.table, lambda: self.walk_from(shared.each(origins)), lambda: floor.best
        ) as child:
            complete = self.walk_from(shared.each(origins))
            child_complete, child_best = child.join(self.table, self.deadline, config.grace)
        floor.best = max(floor.best, child_best)
        floor.shared = None
        return complete and child_complete

    def tick(self) -> None:
        """Every few steps: out of time or of room, or the best answer shared."""
        if time.monotonic() > self.deadline or len(self.table.masks) > self.max_routes:
            raise OutOfTime
        if self.floor is not None:
            self.floor.meet()

    def extend(self, at: int, v: int, walk: PlainWalk) -> None:
        """Go on from v (entry `at` of the tree) with every step that may lead to a route."""
        self.counter += 1
        if self.counter & 255 == 0:
            self.tick()
        floor = self.floor
        if floor is None:
            for _, entry, w, after in self.moves(at, v, walk):
                self.extend(entry, w, after)
            return
        moves = self.moves(at, v, walk)
        # Most promising first, so the floor rises early; a move may no longer pay by its turn.
        moves.sort(key=itemgetter(0), reverse=True)  # (stable: ties keep their order)
        for ceiling, entry, w, after in moves:
            if ceiling > floor.best:
                self.extend(entry, w, after)

    def moves(self, at: int, v: int, walk: PlainWalk) -> list[Move]:
        """The steps from v to go on with (none if another walk did as well); the routes they
        end are added to the table."""
        floor, table, paid, paid_diesel, rank, to_token, by_diesel, clash_after = self.at_hand
        max_stops, weight, free_towns = self.counting
        start, seen, met, mask, links, clash, count, token, value, value_d = walk
        order = rank[start]
        got = value_d if by_diesel else value
        if floor is not None and floor.dominance.dominated(
            v, met, mask, clash, got, token, order, floor.best
        ):
            return []
        may_end = self.ends_after[order]
        moves: list[Move] = []
        for w, link_mask, link, bit, city, is_stop, has_token, can_pass, pass_free in self.steps[v]:
            if link_mask & mask or seen & bit:
                continue
            new_mask, new_links, new_met = mask | link_mask, links | 1 << link, met | city
            new_clash = clash if clash_after is None else clash_after(clash, link)
            here = (start, seen | bit, new_met, new_mask, new_links, new_clash)
            if not is_stop or pass_free:  # a junction, or a full city Overnight passes
                ceiling = 0 if floor is None else floor.ceiling(got, w, new_met, new_clash, may_end)
                moves.append(
                    (ceiling, table.entry(at, w, link, 0), w, (*here, count, token, value, value_d))
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
            room = n < max_stops or free_towns
            go_on = can_pass and room and (has or n + to_token.get(w, FAR) <= max_stops)
            ceiling = 0
            if floor is not None:
                paid_now = now_d if by_diesel else now
                keep = keep and paid_now > floor.value
                if go_on:
                    ceiling = floor.ceiling(paid_now, w, new_met, new_clash, may_end)
                    go_on = ceiling > floor.best
            if keep or go_on:
                entry = table.entry(at, w, link, 1)
                if keep:
                    table.add(new_mask ^ self.avoid, new_links, n, now, now_d, entry)
                    if floor is not None:
                        floor.found(paid_now, new_mask, new_clash)
                if go_on:
                    moves.append((ceiling, entry, w, (*here, n, has, now, now_d)))
        return moves


@dataclass(frozen=True)
class Extras:
    """What scoring a train's routes needs beyond the table, for the rarer rules: the town
    nodes (a train that counts towns, where routes were listed with towns free) and, per
    route bonus, the links that touch a stop on each of its hexes."""

    towns: frozenset[int]
    bonus_links: tuple[tuple[tuple[int, ...], int], ...]  # (links per hex, amount)


def extras_for(graph: TrackGraph, setup: Setup) -> Extras:
    towns = frozenset(n.id for n in graph.nodes if n.kind == "town")
    touching: dict[str, int] = {}
    for i, link in enumerate(graph.links):
        for end in (graph.nodes[link.a], graph.nodes[link.b]):
            if end.is_stop:
                touching[end.hex] = touching.get(end.hex, 0) | 1 << i
    bonus_links = tuple(
        (tuple(touching.get(h, 0) for h in sorted(b.hexes)), b.amount) for b in setup.bonuses.routes
    )
    return Extras(towns, bonus_links)


def _rescored(
    table: RouteTable, span: range, train: Train, setup: Setup, extras: Extras
) -> tuple[list[int], list[int]]:
    """The counts and revenues of the routes in `span` for this train, where they differ from
    the table's: its towns counted, and the route bonuses it earns added."""
    counts = list(table.counts)
    revenues = list(table.diesel if train.second_column else table.values)
    recount = setup.towns_free() and setup.counts_towns(train)
    earned = [extras.bonus_links[k] for k in sorted(train.earns)]
    for i in span:
        if recount:
            counts[i] += sum(node in extras.towns for node, _, _ in table.trail(i))
        links = table.link_sets[i]
        revenues[i] += sum(
            amount for touching, amount in earned if all(links & t for t in touching)
        )
    return counts, revenues


def candidates(
    table: RouteTable,
    span: range,
    train: Train,
    setup: Setup,
    deadline: float,
    least: int = 0,
    extras: Extras | None = None,
) -> tuple[list[Candidate], bool]:
    """(revenue, mask, route index) of the routes in `span` worth at least `least`, best
    first; and whether every route was scored before the deadline (if not, the answer cannot
    be proven). `extras`: needed for a train that counts towns where routes were listed with
    towns free, or that earns route bonuses."""
    limit = setup.distance(train)
    revenues = table.diesel if train.second_column else table.values
    masks, counts = table.masks, table.counts
    if extras is not None and (train.earns or (setup.towns_free() and setup.counts_towns(train))):
        counts, revenues = _rescored(table, span, train, setup, extras)
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
