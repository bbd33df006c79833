"""The fast exact route search.

1. Enumerate every legal route once (depth-first over the compressed track graph from each
   possible end, keeping a route only from its lower-numbered end).
2. Per train: candidates (revenue, mask) with at most that train's stops, best first, with
   dominated candidates removed (same or more track for no more revenue: never needed, since a
   dominating route's track is a subset and so it conflicts with nothing the other did not).
3. Branch and bound over trains, biggest first, with an optimistic bound (each remaining train's
   best candidate compatible with the track already used) and symmetry breaking between
   identical trains. Both stages watch a deadline and report whether the answer is proven.
"""

from __future__ import annotations

import contextlib
import time
from collections import deque
from dataclasses import dataclass

from referee.eighteen.graph import TrackGraph, build_graph
from referee.eighteen.position import Position
from referee.eighteen.rules import Route, Setup, check_setup, route_revenue, setup_for
from referee.eighteen.trains import Train


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


class _Timeout(Exception):
    pass


def _stops_to_token(graph: TrackGraph, overnight: bool) -> dict[int, int]:
    """Fewest stops between each node and a company token (the node counted, the token not):
    a lower bound that prunes routes which can no longer reach a token. It must never
    overestimate, or a route would be found from one end only: junctions cost nothing, nor do
    full cities that Overnight passes without counting, so this is a 0-1 breadth-first
    search."""
    best = {v: 0 for v in graph.token_nodes()}
    queue = deque(best)
    while queue:
        v = queue.popleft()
        for w, _, _ in graph.adjacency[v]:
            node = graph.nodes[w]
            free = not node.is_stop or (overnight and node.blocked)
            cost = best[v] + (0 if free else 1)
            if cost < best.get(w, 1 << 30):
                best[w] = cost
                if cost == best[v]:
                    queue.appendleft(w)
                else:
                    queue.append(w)
    return best


def enumerate_routes(
    graph: TrackGraph, max_stops: int, overnight: bool, deadline: float
) -> tuple[list[Route], bool]:
    """All routes with a company token and at most `max_stops` counted stops; (routes, complete)."""
    nodes = graph.nodes
    adjacency = graph.adjacency
    reach = graph.reachable(through_blocked=overnight)
    to_token = _stops_to_token(graph, overnight)
    far = 1 << 30
    found: list[Route] = []
    counter = [0]

    def record(stops: list[int], mask: int, links: list[int], stop_bits: int) -> None:
        # From one start a track set is one path, so no route is found twice.
        found.append(Route(tuple(stops), mask, tuple(links)))

    def extend(
        v: int,
        seen: int,
        mask: int,
        stops: list[int],
        links: list[int],
        token: bool,
        stop_bits: int,
    ) -> None:
        """Walk on from v; `bits` has a bit per node id in `stops` (the route's key)."""
        counter[0] += 1
        if counter[0] & 1023 == 0 and time.monotonic() > deadline:
            raise _Timeout
        for w, link_mask, link in adjacency[v]:
            if link_mask & mask:
                continue
            node = nodes[w]
            bit = 1 << node.identity
            if seen & bit:
                continue
            links.append(link)
            new_mask = mask | link_mask
            if not node.is_stop:
                extend(w, seen | bit, new_mask, stops, links, token, stop_bits)
            else:
                has = token or node.token
                stops.append(w)
                with_w = stop_bits | 1 << w
                # Every route is found from both of its ends; keep the one that starts at the
                # lower node (the enumeration is symmetric: what may start a route may end it).
                if has and stops[0] < w:
                    record(stops, new_mask, links, with_w)
                can_pass = node.kind != "offboard" and not node.blocked
                if (
                    can_pass
                    and len(stops) < max_stops
                    and (has or len(stops) + to_token.get(w, far) <= max_stops)
                ):
                    extend(w, seen | bit, new_mask, stops, links, has, with_w)
                stops.pop()
                if overnight and node.blocked:  # pass through, counting nothing
                    extend(w, seen | bit, new_mask, stops, links, token, stop_bits)
            links.pop()

    try:
        for s in sorted(reach):
            node = nodes[s]
            if node.is_stop and (node.token or to_token.get(s, far) < max_stops):
                extend(s, 1 << node.identity, 0, [s], [], node.token, 1 << s)
    except _Timeout:
        return found, False
    return found, True


def _candidates(
    graph: TrackGraph,
    routes: list[Route],
    train: Train,
    setup: Setup,
    deadline: float,
    budget: int = 3_000_000,
) -> tuple[list[tuple[int, int, int]], bool]:
    """(revenue, mask, route index), best first, dominated ones removed; and whether every
    route was scored before the deadline (if not, the answer cannot be proven)."""
    limit = setup.distance(train)
    best_by_mask: dict[int, tuple[int, int]] = {}
    complete = True
    for i, route in enumerate(routes):
        if i and i & 4095 == 0 and time.monotonic() > deadline:  # score a first batch anyway
            complete = False
            break
        if len(route.stops) > limit:
            continue
        revenue = route_revenue(graph, route.stops, train, setup)
        old = best_by_mask.get(route.mask)
        if old is None or revenue > old[0]:
            best_by_mask[route.mask] = (revenue, i)
    ordered = sorted(
        ((rev, mask, i) for mask, (rev, i) in best_by_mask.items()),
        key=lambda c: (-c[0], c[1].bit_count()),
    )
    kept: list[tuple[int, int, int]] = []
    work = 0
    for n, cand in enumerate(ordered):
        _rev, mask, _ = cand
        dominated = False
        if n and n & 1023 == 0 and time.monotonic() > deadline:
            budget = 0  # out of time: keep the rest unfiltered (filtering only saves work)
        if work < budget:
            work += len(kept)
            for other in kept:
                if (
                    other[1] & ~mask == 0
                ):  # other uses a subset of this track, earns at least as much
                    dominated = True
                    break
        if not dominated:
            kept.append(cand)
    return kept, complete


def solve(
    graph: TrackGraph, trains: list[Train], setup: Setup, max_seconds: float = 30.0
) -> Answer:
    start = time.monotonic()
    deadline = start + max_seconds
    check_setup(graph, trains, setup)
    longest = max(setup.distance(t) for t in trains)
    # Leave shares of the time for scoring and combining, so an answer always comes back.
    routes, complete = enumerate_routes(graph, longest, setup.overnight, start + max_seconds * 0.6)
    routes = routes + setup.local_routes(graph)
    order = sorted(
        range(len(trains)),
        key=lambda i: (-setup.distance(trains[i]), trains[i].name, trains[i].diesel),
    )
    lists = []
    for i in order:
        candidates, scored = _candidates(graph, routes, trains[i], setup, start + max_seconds * 0.8)
        lists.append(candidates)
        complete = complete and scored
    same_as_previous = [
        k > 0 and trains[order[k]] == trains[order[k - 1]] for k in range(len(order))
    ]
    n = len(order)
    best_total = -1
    best_pick: list[int] = [-1] * n
    pick = [-1] * n
    visits = [0]
    timed_out = [False]

    def bound(k: int, used: int) -> int:
        total = 0
        for j in range(k, n):
            for rev, mask, _ in lists[j]:
                if not mask & used:
                    total += rev
                    break
        return total

    tops = [cands[0][0] if cands else 0 for cands in lists]

    def may_beat(k: int, used: int, slack: int) -> bool:
        """False when trains k.. surely earn no more than `slack` on track outside `used`.
        Each train's optimistic value (its best candidate clear of `used`) is looked up
        only as far down its list as can still matter given the others' optimistic values."""
        ubs = tops[k:]
        total_ub = sum(ubs)
        if total_ub <= slack:
            return False
        for j in range(k, n):
            others = total_ub - ubs[j - k]
            floor = slack - others
            found = 0
            for rev, mask, _ in lists[j]:
                if rev <= floor or not mask & used:
                    found = rev
                    break
            ubs[j - k] = found
            total_ub = others + found
            if total_ub <= slack:
                return False
        return True

    def branch(k: int, used: int, total: int, first: int) -> None:
        nonlocal best_total, best_pick
        visits[0] += 1
        if visits[0] & 1023 == 0 and time.monotonic() > deadline:
            timed_out[0] = True
            raise _Timeout
        if k == n:
            if total > best_total:
                best_total = total
                best_pick = pick.copy()
            return
        if not may_beat(k, used, best_total - total):
            return
        cands = lists[k]
        rest_start = k + 1
        rest_bound = bound(rest_start, used)
        for idx in range(first, len(cands)):
            rev, mask, _ = cands[idx]
            if total + rev + rest_bound <= best_total:
                break
            if mask & used:
                continue
            pick[k] = idx
            nxt = idx if mask == 0 else idx + 1
            following = nxt if rest_start < n and same_as_previous[rest_start] else 0
            branch(rest_start, used | mask, total + rev, following)
        pick[k] = -1
        # This train runs nothing (then an identical train after it runs nothing either).
        following = len(lists[rest_start]) if rest_start < n and same_as_previous[rest_start] else 0
        branch(rest_start, used, total, following)

    # A quick greedy answer first, so even an immediate timeout has something to show.
    used = 0
    for k in range(n):
        for idx, (_rev, mask, _) in enumerate(lists[k]):
            if not mask & used:
                best_pick[k] = idx
                used |= mask
                break
    best_total = sum(lists[k][best_pick[k]][0] for k in range(n) if best_pick[k] >= 0)
    with contextlib.suppress(_Timeout):
        branch(0, 0, 0, 0)

    chosen: list[Route | None] = [None] * len(trains)
    revenues = [0] * len(trains)
    for k, i in enumerate(order):
        if best_pick[k] >= 0:
            rev, _, route_index = lists[k][best_pick[k]]
            chosen[i] = routes[route_index]
            revenues[i] = rev
    return Answer(
        graph=graph,
        trains=trains,
        routes=chosen,
        revenues=revenues,
        total=sum(revenues),
        proven=complete and not timed_out[0],
        seconds=time.monotonic() - start,
        routes_listed=len(routes),
    )


def best_routes(
    position: Position, company: str, trains: list[Train], max_seconds: float = 30.0
) -> Answer:
    """The most the company's trains can earn in this position (proven unless time ran out)."""
    graph = build_graph(position, company)
    return solve(graph, trains, setup_for(position, company, trains), max_seconds)
