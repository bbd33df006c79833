"""The fast exact route search: best_routes, and the order of its stages.

1. List the routes (listing.py): every legal route walked once, kept as a prefix tree with
   values summed on the way; only the chosen routes are rebuilt.
2. A single train that counts every stop (∞ or D) would have millions of routes on a dense map.
   Its companions' routes are listed and combined first; then its walk keeps a floor (floor.py:
   the best answer found so far, less the most the companions can earn) and goes on only while
   a ceiling (the stops still in reach, plus the companions' best on the track left) is above
   the best answer. Where the stops in reach are not enough, the ceiling is the richest chain
   of blocks from the walk's end; a walk that comes back to a place (end, stops met) already
   walked on, with no more to offer anyone, is dropped. Every route that could be in a better
   answer, or one as good with no more track, is still listed: the result is proven. A walk
   still going after a moment shares the ends left with a forked child (cores.py), on a
   machine with two cores.
3. Per train: candidates (revenue, track) with at most that train's stops, best first, one per
   track set. (Filtering out dominated candidates, more track for no more revenue, cost more
   than the bitsets below spend on them.)
4. Branch and bound over trains (combine.py), the longest list outermost, scanned best first.
   For every other list a bitset per link marks the candidates sharing its track, so a train's
   best candidate clear of the track taken (the bound) costs a few integer operations, and the
   last train is never branched on. Identical trains take candidates in list order only; a
   train counting every stop is first bounded by the richest piece of network left.
Two identical trains counting every stop and no other (∞,∞ or D,D) are listed and combined
the same way while the network is small; once the listing passes PAIR_AFTER routes (or runs
out of its time) it stops, and one walk finds the pair instead (pair.py), starting from the
answer found alone (see _twin_bounds).
Every stage watches a deadline and reports whether the answer is proven.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from referee.eighteen.combine import Index, build_index, combine, network_ceiling
from referee.eighteen.floor import Floor
from referee.eighteen.graph import TrackGraph, build_graph
from referee.eighteen.listing import Candidate, candidates, enumerate_routes
from referee.eighteen.pair import Pair, best_pair
from referee.eighteen.position import Position
from referee.eighteen.rules import Route, Setup, check_setup, setup_for
from referee.eighteen.trains import Train

# A budget that never runs out: the search goes on until its answer is proven (the tests use it,
# so that an answer is proven however loaded the machine; a player's search keeps a budget).
UNLIMITED = math.inf

# Two ∞ (or D) trains alone: listed and combined while the network holds at most this many
# routes (seeds 0 and 37 of bench/routes.py's Lost Atlas hold 47,000 and 102,000), walked as a
# pair beyond (seed 15 holds many millions). A test sets 0 to walk every pair.
PAIR_AFTER = 1_000_000


@dataclass
class Answer:
    graph: TrackGraph
    trains: list[Train]
    routes: list[Route | None]  # one per train, in the order the trains were given
    revenues: list[int]
    total: int
    proven: bool
    seconds: float
    routes_listed: int = 0  # legal routes enumerated (how dense the position is)


def _twins(trains: list[Train], order: list[int]) -> list[bool]:
    """Per place in `order`, whether that train is identical to the one before it."""
    return [k > 0 and trains[order[k]] == trains[order[k - 1]] for k in range(len(order))]


def _twin_bounds(
    graph: TrackGraph,
    trains: list[Train],
    twins: list[int],
    setup: Setup,
    deadline: float,
    avoid: int,
) -> tuple[int, list[Route | None], list[int]] | None:
    """For two identical trains counting every stop: the most one of their routes earns alone,
    and a real answer to start from (the best with one of them, then the other's best on the
    track left: routes and revenues per train). None if the first could not be proven in
    time."""
    train = trains[twins[0]]

    def left() -> float:
        return max(deadline - time.monotonic(), 0.01)

    alone = solve(graph, [train], setup, left(), avoid)
    if not alone.proven:
        return None
    rest = [t for i, t in enumerate(trains) if i != twins[1]]
    first = alone if rest == [train] else solve(graph, rest, setup, left(), avoid)
    taken = sum(route.mask for route in first.routes if route is not None)
    second = solve(graph, [train], setup, left(), avoid | taken)
    routes, revenues = list(first.routes), list(first.revenues)
    routes.insert(twins[1], second.routes[0])
    revenues.insert(twins[1], second.revenues[0])
    return alone.total, routes, revenues


def solve(
    graph: TrackGraph,
    trains: list[Train],
    setup: Setup,
    max_seconds: float = 30.0,
    avoid: int = 0,
) -> Answer:
    """The best routes for these trains, none on track in `avoid`."""
    start = time.monotonic()
    check_setup(graph, trains, setup)
    # Leave shares of the time for scoring and combining, so an answer always comes back.
    listing, scoring = start + max_seconds * 0.6, start + max_seconds * 0.8
    link_masks = [link.mask for link in graph.links]
    unlimited = [i for i, t in enumerate(trains) if not t.distance]
    # One train counting every stop, or two identical ones: list the others' routes first,
    # then only those of its routes that can still matter (see Floor). Otherwise list every
    # route once for all.
    walked = unlimited if len(unlimited) == 1 else []
    # Two identical ones: a good answer first, from the fast case, and what it proves.
    twin_bounds = None
    if _twins(trains, unlimited)[1:] == [True]:
        twin_bounds = _twin_bounds(
            graph, trains, unlimited, setup, start + max_seconds * 0.3, avoid
        )
    listed_first = [i for i in range(len(trains)) if i not in walked]
    pair = len(trains) == 2 and unlimited == [0, 1] and trains[0] == trains[1]
    table, span, complete = enumerate_routes(
        graph,
        max((setup.distance(trains[i]) for i in listed_first), default=1),
        setup,
        listing,
        avoid=avoid,
        max_routes=PAIR_AFTER if pair else 1 << 62,
    )
    if pair and (not complete or len(table.masks) > PAIR_AFTER):
        alone = Pair(0, [None, None], [0, 0])
        if twin_bounds is not None:
            alone = Pair(sum(twin_bounds[2]), twin_bounds[1], twin_bounds[2])
        found = best_pair(graph, trains[0].diesel, setup, start + max_seconds, alone, avoid)
        return Answer(
            graph=graph,
            trains=trains,
            routes=found.routes,
            revenues=found.revenues,
            total=found.total,
            proven=found.proven,
            seconds=time.monotonic() - start,
            routes_listed=len(table.masks),
        )
    lists: dict[int, list[Candidate]] = {}
    for i in listed_first:
        lists[i], scored = candidates(table, span, trains[i], setup, scoring)
        complete = complete and scored
    indexes: dict[Train, Index | None] = {}  # identical trains have identical lists

    def index_of(i: int) -> Index | None:
        if trains[i] not in indexes:
            indexes[trains[i]] = build_index(lists[i], link_masks, table.link_sets, scoring)
        return indexes[trains[i]]

    known = 0
    if twin_bounds is not None:
        # Any better answer is worth at least `known` + 1; with the other twin at most the most
        # one route earns and the rest at their best together, each twin's route is worth at
        # least that, less those.
        most, known = twin_bounds[0], sum(twin_bounds[2]) - 1
        limited = [i for i in listed_first if i not in unlimited]
        rest_best = combine(
            [lists[i] for i in limited],
            [index_of(i) for i in limited],
            _twins(trains, limited),
            table.link_sets,
            scoring,
        )
        complete = complete and rest_best.proven
        least = known + 1 - most - rest_best.total
        for i in unlimited:
            lists[i] = [c for c in lists[i] if c[0] >= least]
    if walked:
        others = sorted(listed_first, key=lambda i: -len(lists[i]))
        ordered = [lists[i] for i in others]
        ordered_indexes = [index_of(i) for i in others]
        best_others = combine(
            ordered, ordered_indexes, _twins(trains, others), table.link_sets, scoring
        )
        complete = complete and best_others.proven
        walker = trains[walked[0]]
        floor = Floor(
            graph,
            setup,
            walker.diesel,
            ordered,
            ordered_indexes,
            table.link_sets,
            best_others.total,
        )
        table, span, listed = enumerate_routes(graph, 1 << 30, setup, listing, table, floor, avoid)
        walks, scored = candidates(table, span, walker, setup, scoring, floor.value)
        for i in walked:
            lists[i] = walks
        complete = complete and listed and scored

    # Longest list outermost; identical trains side by side.
    order = sorted(
        range(len(trains)),
        key=lambda i: (-len(lists[i]), trains[i].name, trains[i].diesel, trains[i].rusted),
    )
    levels = [lists[i] for i in order]
    # The outermost list is only scanned: nothing before it needs its conflicts.
    level_indexes = [None] + [index_of(i) for i in order[1:]]
    network: dict[bool, Callable[[int], int]] = {}  # per kind of train counting every stop
    for i in order:
        if not trains[i].distance and trains[i].diesel not in network:
            network[trains[i].diesel] = network_ceiling(graph, setup, trains[i].diesel)
    ceilings = [None if trains[i].distance else network[trains[i].diesel] for i in order]
    result = combine(
        levels,
        level_indexes,
        _twins(trains, order),
        table.link_sets,
        start + max_seconds,
        ceilings,
        known,
    )

    chosen: list[Route | None] = [None] * len(trains)
    revenues = [0] * len(trains)
    for k, i in enumerate(order):
        pick = result.picks[k]
        if pick >= 0:
            revenue, _, route_index = levels[k][pick]
            chosen[i] = table.route(route_index)
            revenues[i] = revenue
    if twin_bounds is not None and sum(revenues) <= known:  # nothing better found in time
        chosen, revenues = twin_bounds[1], twin_bounds[2]
    return Answer(
        graph=graph,
        trains=trains,
        routes=chosen,
        revenues=revenues,
        total=sum(revenues),
        proven=complete and result.proven,
        seconds=time.monotonic() - start,
        routes_listed=len(table.masks),
    )


def best_routes(
    position: Position, company: str, trains: list[Train], max_seconds: float = 30.0
) -> Answer:
    """The most the company's trains can earn in this position (proven unless time ran out)."""
    graph = build_graph(position, company)
    return solve(graph, trains, setup_for(position, company, trains), max_seconds)
