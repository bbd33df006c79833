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
the same way while the network is small; once the listing passes the configuration's
`pair_after` routes (or runs out of its time) it stops, and one walk finds the pair instead
(pair.py), starting from the answer found alone (see _Solving.twin_bounds).
Every stage watches a deadline and reports whether the answer is proven.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from referee.eighteen.combine import Combination, Index, build_index, combine, network_ceiling
from referee.eighteen.config import DEFAULT, SearchConfig
from referee.eighteen.floor import Floor
from referee.eighteen.graph import TrackGraph, build_graph
from referee.eighteen.listing import Extras, candidates, enumerate_routes, extras_for
from referee.eighteen.others import Others
from referee.eighteen.pair import Pair, best_pair
from referee.eighteen.position import Position
from referee.eighteen.rules import Bonuses, Route, Setup, check_setup, setup_for
from referee.eighteen.table import Candidate, RouteTable
from referee.eighteen.trains import Train

# A budget that never runs out: the search goes on until its answer is proven (the tests use it,
# so that an answer is proven however loaded the machine; a player's search keeps a budget).
UNLIMITED = math.inf


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
    setup: Setup | None = None  # what the stops paid (rules.stop_values)


@dataclass
class _TwinBounds:
    """For two identical trains counting every stop: what is known before listing them."""

    most: int  # the most one of their routes earns alone
    routes: list[Route | None]  # a real answer, per train
    revenues: list[int]


def _twins(trains: list[Train], order: list[int]) -> list[bool]:
    """Per place in `order`, whether that train is identical to the one before it."""
    return [k > 0 and trains[order[k]] == trains[order[k - 1]] for k in range(len(order))]


def solve(
    graph: TrackGraph,
    trains: list[Train],
    setup: Setup,
    max_seconds: float = 30.0,
    avoid: int = 0,
    config: SearchConfig = DEFAULT,
) -> Answer:
    """The best routes for these trains, none on track in `avoid`."""
    check_setup(graph, trains, setup)
    return _Solving(graph, trains, setup, max_seconds, avoid, config).solve()


def best_routes(
    position: Position,
    company: str,
    trains: list[Train],
    max_seconds: float = 30.0,
    config: SearchConfig = DEFAULT,
    bonuses: Bonuses | None = None,
) -> Answer:
    """The most the company's trains can earn in this position (proven unless time ran out),
    with what its routes earn beyond their stops (`bonuses`)."""
    graph = build_graph(position, company)
    setup = setup_for(position, company, trains, bonuses)
    if setup.bonuses.routes:
        return _solve_with_bonuses(graph, trains, setup, max_seconds, config)
    return solve(graph, trains, setup, max_seconds, config=config)


def _solve_with_bonuses(
    graph: TrackGraph, trains: list[Train], setup: Setup, max_seconds: float, config: SearchConfig
) -> Answer:
    """Each route bonus goes to one route of a run (rules.RouteBonus). Every train taking
    every bonus bounds the best from above: where no bonus went to two routes, that answer is
    the best. Otherwise every way of giving each bonus to one train is searched."""
    deadline = time.monotonic() + max_seconds
    every = frozenset(range(len(setup.bonuses.routes)))
    upper = solve(graph, [replace(t, earns=every) for t in trains], setup, max_seconds, 0, config)
    if max(_takers(graph, setup, upper), default=0) <= 1:
        return replace(upper, trains=trains)
    ways = {
        tuple(
            replace(t, earns=frozenset(k for k, j in enumerate(way) if j == i))
            for i, t in enumerate(trains)
        )
        for way in itertools.product(range(len(trains)), repeat=len(every))
    }
    best: Answer | None = None
    proven = True
    for left, way in enumerate(sorted(ways, key=repr)):
        seconds = max(deadline - time.monotonic(), 0.01) / (len(ways) - left)
        found = solve(graph, list(way), setup, seconds, 0, config)
        proven = proven and found.proven
        if best is None or found.total > best.total:
            best = found
    assert best is not None
    return replace(best, trains=trains, proven=proven)


def _takers(graph: TrackGraph, setup: Setup, answer: Answer) -> list[int]:
    """Per route bonus, how many of the answer's routes stop on all its hexes."""
    extras = extras_for(graph, setup)
    links = [sum(1 << k for k in r.links) for r in answer.routes if r is not None]
    return [
        sum(all(route & t for t in touching) for route in links)
        for touching, _amount in extras.bonus_links
    ]


class _Solving:
    """One search, stage by stage (see the module's text)."""

    table: RouteTable

    def __init__(
        self,
        graph: TrackGraph,
        trains: list[Train],
        setup: Setup,
        max_seconds: float,
        avoid: int,
        config: SearchConfig,
    ) -> None:
        self.graph, self.trains, self.setup, self.avoid = graph, trains, setup, avoid
        self.config, self.max_seconds = config, max_seconds
        self.start = time.monotonic()
        # Leave shares of the time for scoring and combining, so an answer always comes back.
        self.listing = self.start + max_seconds * 0.6
        self.scoring = self.start + max_seconds * 0.8
        self.deadline = self.start + max_seconds
        self.link_masks = [link.mask for link in graph.links]
        self.lists: dict[int, list[Candidate]] = {}
        self.indexes: dict[Train, Index | None] = {}  # identical trains have identical lists
        self.complete = True
        # Route bonuses are not in the walks' ceilings: every train's routes are then listed.
        self.bounded = not any(t.earns for t in trains)
        self.extras: Extras | None = None
        if setup.bonuses.routes or setup.some_towns_free:
            self.extras = extras_for(graph, setup)

    def solve(self) -> Answer:
        trains = self.trains
        unlimited = [i for i, t in enumerate(trains) if not t.distance and self.bounded]
        # One train counting every stop, or two identical ones: list the others' routes first,
        # then only those of its routes that can still matter (see Floor). Otherwise list
        # every route once for all.
        walked = unlimited if len(unlimited) == 1 else []
        # Two identical ones: a good answer first, from the fast case, and what it proves.
        twins = self.twin_bounds(unlimited) if _twins(trains, unlimited)[1:] == [True] else None
        listed_first = [i for i in range(len(trains)) if i not in walked]
        pair = len(trains) == 2 and unlimited == [0, 1] and trains[0] == trains[1]
        pair_after = self.config.pair_after
        self.table, span, self.complete = enumerate_routes(
            self.graph,
            max((self.setup.distance(trains[i]) for i in listed_first), default=1),
            self.setup,
            self.listing,
            avoid=self.avoid,
            max_routes=pair_after if pair else 1 << 62,
            config=self.config,
        )
        if pair and (not self.complete or len(self.table.masks) > pair_after):
            return self.walk_pair(twins)
        for i in listed_first:
            self.lists[i], scored = candidates(
                self.table, span, trains[i], self.setup, self.scoring, extras=self.extras
            )
            self.complete = self.complete and scored
        known = 0 if twins is None else self.trim_twins(twins, listed_first, unlimited)
        if walked:
            self.walk_lone(walked[0], listed_first)
        order, result = self.combine_all(known)
        return self.answer(order, result, twins, known)

    def left(self, until: float) -> float:
        return max(until - time.monotonic(), 0.01)

    def twin_bounds(self, twins: list[int]) -> _TwinBounds | None:
        """For two identical trains counting every stop: the most one of their routes earns
        alone, and a real answer to start from (the best with one of them, then the other's
        best on the track left). None if the first could not be proven in time."""
        trains, graph, setup, avoid = self.trains, self.graph, self.setup, self.avoid
        train = trains[twins[0]]
        until = self.start + self.max_seconds * 0.3
        alone = solve(graph, [train], setup, self.left(until), avoid, self.config)
        if not alone.proven:
            return None
        rest = [t for i, t in enumerate(trains) if i != twins[1]]
        first = (
            alone
            if rest == [train]
            else solve(graph, rest, setup, self.left(until), avoid, self.config)
        )
        taken = sum(route.mask for route in first.routes if route is not None)
        second = solve(graph, [train], setup, self.left(until), avoid | taken, self.config)
        routes, revenues = list(first.routes), list(first.revenues)
        routes.insert(twins[1], second.routes[0])
        revenues.insert(twins[1], second.revenues[0])
        return _TwinBounds(alone.total, routes, revenues)

    def walk_pair(self, twins: _TwinBounds | None) -> Answer:
        """Two identical trains alone, on a network too dense to list: walked as a pair."""
        alone = Pair(0, [None, None], [0, 0])
        if twins is not None:
            alone = Pair(sum(twins.revenues), twins.routes, twins.revenues)
        train = self.trains[0]
        found = best_pair(
            self.graph,
            train.second_column,
            self.setup,
            self.deadline,
            alone,
            self.avoid,
            self.config,
        )
        return self.answer_of(found.routes, found.revenues, found.proven, found.total)

    def index_of(self, i: int) -> Index | None:
        train = self.trains[i]
        if train not in self.indexes:
            self.indexes[train] = build_index(
                self.lists[i], self.link_masks, self.table.link_sets, self.scoring, self.config
            )
        return self.indexes[train]

    def trim_twins(self, twins: _TwinBounds, listed_first: list[int], unlimited: list[int]) -> int:
        """Drop the twins' candidates that cannot be in a better answer than the one known;
        what a better answer must beat."""
        # Any better answer is worth at least `known` + 1; with the other twin at most the most
        # one route earns and the rest at their best together, each twin's route is worth at
        # least that, less those.
        known = sum(twins.revenues) - 1
        limited = [i for i in listed_first if i not in unlimited]
        rest_best = combine(
            [self.lists[i] for i in limited],
            [self.index_of(i) for i in limited],
            _twins(self.trains, limited),
            self.table.link_sets,
            self.scoring,
            config=self.config,
        )
        self.complete = self.complete and rest_best.proven
        least = known + 1 - twins.most - rest_best.total
        for i in unlimited:
            self.lists[i] = [c for c in self.lists[i] if c[0] >= least]
        return known

    def walk_lone(self, lone: int, others: list[int]) -> None:
        """The lone ∞ or D train's routes that can still matter, listed beside the others'."""
        others = sorted(others, key=lambda i: -len(self.lists[i]))
        ordered = [self.lists[i] for i in others]
        ordered_indexes = [self.index_of(i) for i in others]
        link_sets = self.table.link_sets
        best_others = combine(
            ordered,
            ordered_indexes,
            _twins(self.trains, others),
            link_sets,
            self.scoring,
            config=self.config,
        )
        self.complete = self.complete and best_others.proven
        walker = self.trains[lone]
        beside = Others(
            ordered, ordered_indexes, link_sets, len(self.graph.links), best_others.total
        )
        floor = Floor(self.graph, self.setup, walker.second_column, beside, self.config)
        self.table, span, listed = enumerate_routes(
            self.graph,
            1 << 30,
            self.setup,
            self.listing,
            self.table,
            floor,
            self.avoid,
            config=self.config,
        )
        self.lists[lone], scored = candidates(
            self.table, span, walker, self.setup, self.scoring, floor.value, self.extras
        )
        self.complete = self.complete and listed and scored

    def combine_all(self, known: int) -> tuple[list[int], Combination]:
        """Every train's candidates combined: the trains in the order combined, and the best
        combination (better than `known`, if any)."""
        trains = self.trains
        # Longest list outermost; identical trains side by side.
        order = sorted(
            range(len(trains)),
            key=lambda i: (-len(self.lists[i]), trains[i].name, trains[i].diesel, trains[i].rusted),
        )
        # The outermost list is only scanned: nothing before it needs its conflicts.
        level_indexes = [None] + [self.index_of(i) for i in order[1:]]
        network: dict[bool, Callable[[int], int]] = {}  # per kind of train counting every stop
        for i in order:
            second = trains[i].second_column
            if not trains[i].distance and self.bounded and second not in network:
                network[second] = network_ceiling(self.graph, self.setup, second)
        ceilings = [
            None if trains[i].distance else network.get(trains[i].second_column) for i in order
        ]
        result = combine(
            [self.lists[i] for i in order],
            level_indexes,
            _twins(trains, order),
            self.table.link_sets,
            self.deadline,
            ceilings,
            known,
            self.config,
        )
        return order, result

    def answer(
        self, order: list[int], result: Combination, twins: _TwinBounds | None, known: int
    ) -> Answer:
        chosen: list[Route | None] = [None] * len(self.trains)
        revenues = [0] * len(self.trains)
        for k, i in enumerate(order):
            pick = result.picks[k]
            if pick >= 0:
                revenue, _, route_index = self.lists[i][pick]
                chosen[i] = self.table.route(route_index)
                revenues[i] = revenue
        if twins is not None and sum(revenues) <= known:  # nothing better found in time
            chosen, revenues = twins.routes, twins.revenues
        return self.answer_of(chosen, revenues, self.complete and result.proven)

    def answer_of(
        self,
        routes: list[Route | None],
        revenues: list[int],
        proven: bool,
        total: int | None = None,
    ) -> Answer:
        return Answer(
            graph=self.graph,
            trains=self.trains,
            routes=routes,
            revenues=revenues,
            total=sum(revenues) if total is None else total,
            proven=proven,
            seconds=time.monotonic() - self.start,
            routes_listed=len(self.table.masks),
            setup=self.setup,
        )
