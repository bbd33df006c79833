"""Two identical trains that count every stop (∞,∞ or D,D), and no other train, on a network
too dense to list every route (see search.py).

One depth-first walk finds the pair. The first route, the one worth at least as much as the
other, is walked from each end; wherever it can end worth more than half the best answer known,
the second route is walked on the track it leaves. Ceilings cut both walks:

- the first route's own: what it has, plus the richest chain of blocks it can still reach
  (ceilings.py); it must be able to earn more than half the best answer;
- the second route's, before it is walked: on the track the first leaves (so far), the richest
  path through the blocks of a piece of network holding a token (Ceilings.anywhere);
- the second route's while it is walked: what it has, plus the richest chain of blocks it can
  still reach, on all the track (remembered for every first route), then on the track left.

Every pair that could beat the best answer is walked: the answer is proven unless the deadline
passes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from referee.eighteen.ceilings import Ceilings
from referee.eighteen.config import DEFAULT, SearchConfig
from referee.eighteen.graph import TrackGraph
from referee.eighteen.rules import Route, Setup, stop_values
from referee.eighteen.table import OutOfTime, route_steps, same_cities, stops_to_token


@dataclass
class Pair:
    total: int
    routes: list[Route | None]  # per train
    revenues: list[int]
    proven: bool = True


# A route walked on: its value, its track, its stops and its links (the lists change as the
# walk goes on: copied when kept).
Done = Callable[[int, int, list[int], list[int]], None]
# Whether a walk worth `value` at a node, having met these nodes and taken this track, goes on.
GoesOn = Callable[[int, int, int, int], bool]


# A step a walk goes on with: the most the route can reach from there, the node, the link, the
# identities and nodes met, the track taken, its value, whether it met a company token, and
# whether the node is a counted stop. (A plain tuple: made and unpacked for every step, where a
# NamedTuple costs three times as much.)
PairMove = tuple[int, int, int, int, int, int, int, bool, bool]


def best_pair(
    graph: TrackGraph,
    diesel: bool,
    setup: Setup,
    deadline: float,
    known: Pair,
    avoid: int = 0,
    config: SearchConfig = DEFAULT,
) -> Pair:
    """The best routes for two identical trains counting every stop, none on track in `avoid`,
    if better than `known` (a real answer), else `known`; proven unless the deadline passed."""
    search = _PairSearch(graph, diesel, setup, deadline, known, avoid, config)
    try:
        _Walks(search, search.first_goes_on, search.first_done).walk_all(avoid)
    except OutOfTime:
        search.best.proven = False
    return search.best


class _PairSearch:
    """The walk of the first route, and for each that can be in a better pair, the walks of
    the second on the track it leaves."""

    def __init__(
        self,
        graph: TrackGraph,
        diesel: bool,
        setup: Setup,
        deadline: float,
        known: Pair,
        avoid: int,
        config: SearchConfig,
    ) -> None:
        nodes = self.nodes = graph.nodes
        paid = self.paid = stop_values(graph, diesel, setup)
        self.steps = route_steps(graph, setup, paid)
        self.same_city = same_cities(graph)
        self.to_token = stops_to_token(graph, setup.overnight)
        self.first_reach = Ceilings(graph, setup, diesel, config)
        self.tokens = graph.token_nodes()
        self.deadline, self.avoid = deadline, avoid
        reach = graph.reachable(through_blocked=setup.overnight)
        starts = sorted(reach, key=lambda s: (-paid[s], s))
        self.rank = [len(nodes)] * len(nodes)
        for i, s in enumerate(starts):
            self.rank[s] = i
        self.origins = [s for s in starts if nodes[s].is_stop and s in self.to_token]
        hubs = setup.local_stops(graph)
        hub = max(hubs, key=lambda v: paid[v], default=-1)
        self.hub_route = Route((hub,), 0, ()) if hubs else None
        self.hub_value = paid[hub] if hubs else 0
        self.best = Pair(known.total, list(known.routes), list(known.revenues))
        if 2 * self.hub_value > self.best.total:  # each train alone at the best hub
            self.best = Pair(
                2 * self.hub_value, [self.hub_route, self.hub_route], [self.hub_value] * 2
            )
        self.walked = 0

    def first_goes_on(self, now: int, v: int, met: int, track: int) -> bool:
        best, reach = self.best.total, self.first_reach
        if 2 * (now + reach.most(v, met)) <= best:
            return False
        ceiling = now + reach.most(v, met, tight=True)
        if 2 * ceiling <= best:
            return False
        return ceiling + reach.without(track).anywhere(self.tokens) > best

    def first_done(self, value: int, mask: int, stops: list[int], links: list[int]) -> None:
        best = self.best
        if 2 * value <= best.total:  # then it is not the first route of a better pair
            return
        first = Route(tuple(stops), mask & ~self.avoid, tuple(links))
        if value + self.hub_value > best.total:  # the other train alone at a hub, or idle
            best.total, best.routes, best.revenues = (
                value + self.hub_value,
                [first, self.hub_route],
                [value, self.hub_value],
            )
        left = self.first_reach.without(mask)
        if value + left.anywhere(self.tokens) <= best.total:
            return
        second = _Second(self, first, value, mask, left)
        _Walks(self, second.goes_on, second.done).walk_all(mask)


class _Second:
    """The second route's walk, on the track a first route worth `value` leaves."""

    def __init__(
        self, search: _PairSearch, first: Route, value: int, mask: int, left: Ceilings
    ) -> None:
        self.search, self.first, self.value, self.mask, self.left = (
            search,
            first,
            value,
            mask,
            left,
        )
        # (The best pair is changed in place, never replaced, once the walks begin.)
        self.best, self.everywhere = search.best, search.first_reach.most

    def goes_on(self, now: int, v: int, met: int, track: int) -> bool:
        reach, best = self.value + now, self.best.total
        everywhere, left = self.everywhere, self.left
        return (
            reach + everywhere(v, met) > best
            and reach + everywhere(v, met, True) > best
            and reach + left.most(v, met) > best
            and reach + left.most(v, met, True) > best
        )

    def done(self, now: int, track: int, stops: list[int], links: list[int]) -> None:
        best, value = self.best, self.value
        if value + now > best.total:
            second = Route(tuple(stops), track & ~self.mask, tuple(links))
            best.total, best.routes, best.revenues = value + now, [self.first, second], [value, now]


class _Walks:
    """Every route on track clear of some track taken, each from one of its ends, walked on
    while `goes_on`; `done` for each route."""

    def __init__(self, search: _PairSearch, goes_on: GoesOn, done: Done) -> None:
        self.search, self.goes_on, self.done = search, goes_on, done
        self.stops: list[int] = []
        self.links: list[int] = []
        # The search's own, at hand: the walk is short per step, lookups show.
        self.paid, self.rank, self.to_token = search.paid, search.rank, search.to_token
        self.steps, self.most, self.deadline = (
            search.steps,
            search.first_reach.most,
            search.deadline,
        )

    def walk_all(self, taken: int) -> None:
        search, stops = self.search, self.stops
        paid, same_city, nodes = search.paid, search.same_city, search.nodes
        for s in search.origins:
            if self.goes_on(paid[s], s, same_city[s], taken):
                stops.append(s)
                self.extend(
                    s, s, 1 << nodes[s].identity, same_city[s], taken, paid[s], nodes[s].token
                )
                stops.pop()

    def extend(
        self, start: int, v: int, seen: int, met: int, mask: int, value: int, token: bool
    ) -> None:
        search, stops, links = self.search, self.stops, self.links
        search.walked += 1
        if search.walked & 63 == 0 and time.monotonic() > self.deadline:
            raise OutOfTime
        moves = self.moves(start, v, seen, met, mask, value, token)
        moves.sort(key=lambda move: -move[0])  # the most promising first
        for _, w, link, new_seen, new_met, new_mask, now, has, counted in moves:
            if counted:
                stops.append(w)
            links.append(link)
            self.extend(start, w, new_seen, new_met, new_mask, now, has)
            links.pop()
            if counted:
                stops.pop()

    def moves(
        self, start: int, v: int, seen: int, met: int, mask: int, value: int, token: bool
    ) -> list[PairMove]:
        """The steps from v to go on with; `done` for the routes they end."""
        stops, links, goes_on, most = self.stops, self.links, self.goes_on, self.most
        paid, rank, to_token = self.paid, self.rank, self.to_token
        moves: list[PairMove] = []
        for w, link_mask, link, bit, city, is_stop, has_token, can_pass, pass_free in self.steps[v]:
            if link_mask & mask or seen & bit:
                continue
            new_mask, new_seen, new_met = mask | link_mask, seen | bit, met | city
            if (not is_stop or pass_free) and goes_on(value, w, new_met, new_mask):
                ceiling = value + most(w, new_met)
                moves.append((ceiling, w, link, new_seen, new_met, new_mask, value, token, False))
            if not is_stop:
                continue
            has = token or has_token
            now = value + paid[w]
            # Kept from the end walked from first, as in listing.py.
            if has and rank[start] < rank[w]:
                stops.append(w)
                links.append(link)
                self.done(now, new_mask, stops, links)
                stops.pop()
                links.pop()
            if can_pass and (has or w in to_token) and goes_on(now, w, new_met, new_mask):
                ceiling = now + most(w, new_met)
                moves.append((ceiling, w, link, new_seen, new_met, new_mask, now, has, True))
        return moves
