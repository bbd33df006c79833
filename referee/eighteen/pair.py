"""Two identical trains that count every stop (∞,∞ or D,D), and no other train, on a network
too dense to list every route (see search.py).

One depth-first walk finds the pair. The first route, the one worth at least as much as the
other, is walked from each end; wherever it can end worth more than half the best answer known,
the second route is walked on the track it leaves. Ceilings cut both walks:

- the first route's own: what it has, plus the richest chain of blocks it can still reach
  (Floor's ceiling); it must be able to earn more than half the best answer;
- the second route's, before it is walked: on the track the first leaves (so far), the richest
  path through the blocks of a piece of network holding a token (Floor.anywhere);
- the second route's while it is walked: what it has, plus the richest chain of blocks it can
  still reach, on all the track (remembered for every first route), then on the track left.

Every pair that could beat the best answer is walked: the answer is proven unless the deadline
passes.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from referee.eighteen.floor import Floor
from referee.eighteen.graph import TrackGraph
from referee.eighteen.listing import OutOfTime, route_steps, same_cities, stops_to_token
from referee.eighteen.rules import Route, Setup, stop_values


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


def best_pair(
    graph: TrackGraph,
    diesel: bool,
    setup: Setup,
    deadline: float,
    known: Pair,
    avoid: int = 0,
) -> Pair:
    """The best routes for two identical trains counting every stop, none on track in `avoid`,
    if better than `known` (a real answer), else `known`; proven unless the deadline passed."""
    nodes = graph.nodes
    paid = stop_values(graph, diesel, setup)
    steps = route_steps(graph, setup, paid)
    same_city = same_cities(graph)
    to_token = stops_to_token(graph, setup.overnight)
    first_reach = Floor(graph, setup, diesel, [], [], [], 0)
    tokens = graph.token_nodes()
    starts = sorted(graph.reachable(through_blocked=setup.overnight), key=lambda s: (-paid[s], s))
    rank = [len(nodes)] * len(nodes)
    for i, s in enumerate(starts):
        rank[s] = i
    origins = [s for s in starts if nodes[s].is_stop and s in to_token]
    hubs = setup.local_stops(graph)
    hub = max(hubs, key=lambda v: paid[v], default=-1)
    hub_route = Route((hub,), 0, ()) if hubs else None
    hub_value = paid[hub] if hubs else 0
    best = Pair(known.total, list(known.routes), list(known.revenues))
    if 2 * hub_value > best.total:  # each train alone at the best hub
        best = Pair(2 * hub_value, [hub_route, hub_route], [hub_value, hub_value])
    walked = [0]

    def walk_all(taken: int, goes_on: GoesOn, done: Done) -> None:
        """Every route on track clear of `taken`, each from one of its ends, walked on while
        `goes_on`; `done` for each route."""
        stops: list[int] = []
        links: list[int] = []

        def extend(
            start: int, v: int, seen: int, met: int, mask: int, value: int, token: bool
        ) -> None:
            walked[0] += 1
            if walked[0] & 63 == 0 and time.monotonic() > deadline:
                raise OutOfTime
            # (ceiling, node, link, identities, nodes met, track, value, token, counted)
            moves: list[tuple[int, int, int, int, int, int, int, bool, bool]] = []
            for w, link_mask, link, bit, city, is_stop, has_token, can_pass, pass_free in steps[v]:
                if link_mask & mask or seen & bit:
                    continue
                new_mask, new_seen, new_met = mask | link_mask, seen | bit, met | city
                if (not is_stop or pass_free) and goes_on(value, w, new_met, new_mask):
                    ceiling = value + first_reach.most(w, new_met)
                    moves.append(
                        (ceiling, w, link, new_seen, new_met, new_mask, value, token, False)
                    )
                if not is_stop:
                    continue
                has = token or has_token
                now = value + paid[w]
                # Kept from the end walked from first, as in listing.py.
                if has and rank[start] < rank[w]:
                    stops.append(w)
                    links.append(link)
                    done(now, new_mask, stops, links)
                    stops.pop()
                    links.pop()
                if can_pass and (has or w in to_token) and goes_on(now, w, new_met, new_mask):
                    ceiling = now + first_reach.most(w, new_met)
                    moves.append((ceiling, w, link, new_seen, new_met, new_mask, now, has, True))
            moves.sort(key=lambda move: -move[0])  # the most promising first
            for _, w, link, new_seen, new_met, new_mask, now, has, counted in moves:
                if counted:
                    stops.append(w)
                links.append(link)
                extend(start, w, new_seen, new_met, new_mask, now, has)
                links.pop()
                if counted:
                    stops.pop()

        for s in origins:
            if goes_on(paid[s], s, same_city[s], taken):
                stops.append(s)
                extend(s, s, 1 << nodes[s].identity, same_city[s], taken, paid[s], nodes[s].token)
                stops.pop()

    def first_done(value: int, mask: int, stops: list[int], links: list[int]) -> None:
        if 2 * value <= best.total:  # then it is not the first route of a better pair
            return
        first = Route(tuple(stops), mask & ~avoid, tuple(links))
        if value + hub_value > best.total:  # the other train alone at a hub, or idle
            best.total, best.routes, best.revenues = (
                value + hub_value,
                [first, hub_route],
                [value, hub_value],
            )
        left = first_reach.without(mask)
        if value + left.anywhere(tokens) <= best.total:
            return

        def second_goes_on(now: int, v: int, met: int, track: int) -> bool:
            reach = value + now
            return (
                reach + first_reach.most(v, met) > best.total
                and reach + first_reach.most(v, met, tight=True) > best.total
                and reach + left.most(v, met) > best.total
                and reach + left.most(v, met, tight=True) > best.total
            )

        def second_done(now: int, track: int, stops2: list[int], links2: list[int]) -> None:
            if value + now > best.total:
                second = Route(tuple(stops2), track & ~mask, tuple(links2))
                best.total, best.routes, best.revenues = value + now, [first, second], [value, now]

        walk_all(mask, second_goes_on, second_done)

    def first_goes_on(now: int, v: int, met: int, track: int) -> bool:
        if 2 * (now + first_reach.most(v, met)) <= best.total:
            return False
        ceiling = now + first_reach.most(v, met, tight=True)
        if 2 * ceiling <= best.total:
            return False
        return ceiling + first_reach.without(track).anywhere(tokens) > best.total

    try:
        walk_all(avoid, first_goes_on, first_done)
    except OutOfTime:
        best.proven = False
    return best
