"""The fast exact route search.

1. List the routes: depth first over the compressed track graph from each possible end, keeping
   a route from the end walked first. No route is built as a tuple while listing: each step of
   the walk is an entry of a prefix tree (parent, node, link), and a route is its last entry
   with its track, its count of stops and its value for each kind of train, summed on the way.
   Only the chosen routes are rebuilt.
2. A single train that counts every stop (∞ or D) would have millions of routes on a dense map.
   Its companions' routes are listed and combined first; then its walk keeps a floor (the best
   answer found so far, less the most the companions can earn) and goes on only while a ceiling
   (the stops still in reach, plus the companions' best on the track left) is above the best
   answer. Every route that could be in a better answer is still listed: the result is proven.
3. Per train: candidates (revenue, track) with at most that train's stops, best first, one per
   track set. (Filtering out dominated candidates, more track for no more revenue, cost more
   than the bitsets below spend on them.)
4. Branch and bound over trains, the longest lists outermost, scanned best first. For every
   other list a bitset per link marks the candidates sharing its track, so a train's best
   candidate clear of the track taken (the bound) costs a few integer operations, and the last
   train is never branched on: its best clear candidate is the answer. Identical trains take
   candidates in list order only. Every stage watches a deadline and reports whether the
   answer is proven.
"""

from __future__ import annotations

import contextlib
import time
from array import array
from bisect import bisect_left
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from referee.eighteen.graph import TrackGraph, build_graph
from referee.eighteen.position import Position
from referee.eighteen.rules import Route, Setup, check_setup, setup_for, stop_values
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


BITSET_LIMIT = 2_000_000  # lists up to this long are indexed by track
CEILINGS_KEPT = 1_000_000  # remembered ceilings, at most (then forgotten and found again)
SCAN = 64  # how far down an unindexed list a bound looks for a candidate clear of the track


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


# A walk so far: start node, identities met, nodes of those identities, track, links, the
# other trains' candidates it clashes with (see _Floor), stops counted, whether a token was met,
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
    floor: _Floor | None = None,
) -> tuple[RouteTable, range, bool]:
    """All routes with a company token and at most `max_stops` counted stops, plus the local
    routes the game allows, added to `table`; with a `floor`, only the routes worth more to its
    train than the floor. Returns the table, where the new routes are in it, and whether the
    listing finished before the deadline."""
    nodes = graph.nodes
    overnight = setup.overnight
    paid = stop_values(graph, False, setup)
    paid_diesel = stop_values(graph, True, setup)
    by_identity: dict[int, int] = {}
    for node in nodes:
        by_identity[node.identity] = by_identity.get(node.identity, 0) | 1 << node.id
    same_city = [by_identity[node.identity] for node in nodes]
    steps = [
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
                overnight and nodes[w].blocked,
            )
            for w, link_mask, link in sorted(graph.adjacency[v], key=lambda a: -paid[a[0]])
        ]
        for v in range(len(nodes))
    ]
    reach = graph.reachable(through_blocked=overnight)
    to_token = _stops_to_token(graph, overnight)
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
    worth = paid_diesel if floor is not None and floor.diesel else paid
    counter = [0]

    def step(before: int, w: int, link: int, is_counted: int) -> int:
        parent.append(before)
        node_of.append(w)
        link_of.append(link)
        counted.append(is_counted)
        return len(parent) - 1

    def extend(at: int, v: int, walk: _Walk) -> None:
        counter[0] += 1
        if counter[0] & 255 == 0 and time.monotonic() > deadline:
            raise _Timeout
        start, seen, met, mask, links, clash, count, token, value, value_d = walk
        moves: list[tuple[int, int, int, _Walk]] = []  # (ceiling, entry, node, walk) to go on
        for w, link_mask, link, bit, city, is_stop, has_token, can_pass, pass_free in steps[v]:
            if link_mask & mask or seen & bit:
                continue
            new_mask = mask | link_mask
            new_links = links | 1 << link
            new_clash = clash if floor is None else floor.clash(clash, link)
            here = (start, seen | bit, met | city, new_mask, new_links, new_clash)
            got = value_d if floor is not None and floor.diesel else value
            if not is_stop or pass_free:  # a junction, or a full city Overnight passes
                ceiling = 0 if floor is None else floor.ceiling(got, w, met | city, new_clash)
                moves.append(
                    (ceiling, step(at, w, link, 0), w, (*here, count, token, value, value_d))
                )
                if not is_stop:
                    continue
            has = token or has_token
            n = count + 1
            now, now_d = value + paid[w], value_d + paid_diesel[w]
            # Every route is found from both of its ends; keep it from the end walked from
            # first (the walk is symmetric: what may start a route may end it).
            keep = has and rank[start] < rank[w]
            go_on = can_pass and n < max_stops and (has or n + to_token.get(w, far) <= max_stops)
            ceiling = 0
            if floor is not None:
                got = now_d if floor.diesel else now
                keep = keep and got > floor.value
                if go_on:
                    ceiling = floor.ceiling(got, w, met | city, new_clash)
                    go_on = ceiling > floor.best
            if keep or go_on:
                entry = step(at, w, link, 1)
                if keep:
                    masks.append(new_mask)
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
        moves.sort(key=lambda move: -move[0])
        for ceiling, entry, w, walk in moves:
            if ceiling > floor.best:
                extend(entry, w, walk)

    # The best stops first, so that a floor rises early.
    starts = sorted(reach, key=lambda s: (-worth[s], s))
    rank = [len(nodes)] * len(nodes)
    for i, s in enumerate(starts):
        rank[s] = i
    complete = True
    no_clash = () if floor is None else floor.no_clash
    try:
        for s in starts:
            node = nodes[s]
            if not node.is_stop or (not node.token and to_token.get(s, far) >= max_stops):
                continue
            if floor is None or floor.ceiling(worth[s], s, same_city[s], no_clash) > floor.best:
                walk = (s, 1 << node.identity, same_city[s], 0, 0, no_clash, 1, node.token)
                extend(step(-1, s, -1, 1), s, (*walk, paid[s], paid_diesel[s]))
    except _Timeout:
        complete = False
    for v in setup.local_stops(graph):
        masks.append(0)
        link_sets.append(0)
        counts.append(1)
        values.append(paid[v])
        diesel.append(paid_diesel[v])
        ends.append(step(-1, v, -1, 1))
    return table, range(first_route, len(table.masks)), complete


class _Floor:
    """For the one train that counts every stop (∞ or D), when it is the only one: list only
    the routes worth more than `value`, and walk on only while a route could still lift the
    answer. Any route found, with the other trains' greedy best on the track it leaves, is a
    real answer (`best`); no route worth `best` minus the most the others can earn together
    (`others_best`) or less can be in a better one, so the floor rises as the walk goes."""

    def __init__(
        self,
        graph: TrackGraph,
        setup: Setup,
        diesel: bool,
        others: list[list[Candidate]],
        indexes: list[_Index | None],
        link_sets: list[int],
        others_best: int,
    ) -> None:
        self.diesel = diesel
        self.others, self.indexes, self.link_sets = others, indexes, link_sets
        # An unindexed list (too long to index) counts as clashing with nothing but its best.
        self.by_link = [index.by_link if index else [0] * len(graph.links) for index in indexes]
        self.every = [index.every if index else 1 for index in indexes]
        self.no_clash = tuple(0 for _ in indexes)
        self.others_best = others_best
        self.best = others_best  # this train running nothing
        paid = stop_values(graph, diesel, setup)
        nodes = graph.nodes
        self.next_to = [0] * len(nodes)
        for link in graph.links:
            self.next_to[link.a] |= 1 << link.b
            self.next_to[link.b] |= 1 << link.a
        through = [n.kind != "offboard" and (not n.blocked or setup.overnight) for n in nodes]
        self.through = sum(1 << n.id for n in nodes if through[n.id])
        # Passing pays a counted stop; an off-board or full city pays only as the route's end.
        self.pass_value = [0 if n.blocked else paid[n.id] if through[n.id] else 0 for n in nodes]
        self.end_value = [0 if through[n.id] and not n.blocked else paid[n.id] for n in nodes]
        self.pays_passing = sum(1 << n.id for n in nodes if self.pass_value[n.id])
        self.pays_ending = sum(1 << n.id for n in nodes if self.end_value[n.id])
        # Walks meet the same stops in many orders: the ceiling depends only on where they are
        # and what they met.
        self.ceilings: dict[tuple[int, int], int] = {}

    @property
    def value(self) -> int:
        return self.best - self.others_best

    def clash(self, clash: tuple[int, ...], link: int) -> tuple[int, ...]:
        """The other trains' candidates that share track with a walk, once it takes `link`."""
        return tuple(c | by_link[link] for c, by_link in zip(clash, self.by_link, strict=True))

    def ceiling(self, value: int, v: int, met: int, clash: tuple[int, ...]) -> int:
        """The best answer a walk worth `value` so far, at v, could still go on to: what it can
        reach, plus the most the other trains can earn on the track it leaves. (Not computed
        in full when it cannot beat the best answer known.)"""
        key = (v, met)
        ceiling = self.ceilings.get(key)
        if ceiling is None:
            if len(self.ceilings) > CEILINGS_KEPT:
                self.ceilings.clear()
            ceiling = self.ceilings[key] = self._ceiling(v, met)
        reach = value + ceiling
        if reach + self.others_best <= self.best:
            return reach + self.others_best
        others = 0
        for cands, every, clashing in zip(self.others, self.every, clash, strict=True):
            free = every & ~clashing
            if free:
                others += cands[(free & -free).bit_length() - 1][0]
        return reach + others

    def _ceiling(self, v: int, met: int) -> int:
        """The most a route going on from v can still add, never meeting the nodes of `met`:
        every stop it can reach and pass, and the best one of those it could only end at."""
        next_to, through = self.next_to, self.through
        reached = 0
        frontier = next_to[v] & ~met
        while frontier:
            reached |= frontier
            grow = 0
            walkers = frontier & through
            while walkers:
                low = walkers & -walkers
                grow |= next_to[low.bit_length() - 1]
                walkers ^= low
            frontier = grow & ~reached & ~met
        # A stop with one way in (or none) left can only end the route: with the stops that
        # can only end a route anyway, at most one of them counts.
        open_ = reached | 1 << v
        total = 0
        best_end = 0
        passing = reached & self.pays_passing
        while passing:
            low = passing & -passing
            i = low.bit_length() - 1
            if (next_to[i] & open_).bit_count() > 1:
                total += self.pass_value[i]
            else:
                best_end = max(best_end, self.pass_value[i])
            passing ^= low
        ending = reached & self.pays_ending
        while ending:
            low = ending & -ending
            best_end = max(best_end, self.end_value[low.bit_length() - 1])
            ending ^= low
        return total + best_end

    def found(self, value: int, mask: int, clash: tuple[int, ...]) -> None:
        picks = _greedy(self.others, self.indexes, self.link_sets, mask, clash)
        answer = value + sum(self.others[k][i][0] for k, i in enumerate(picks) if i >= 0)
        self.best = max(self.best, answer)


Candidate = tuple[int, int, int]  # (revenue, track mask, route index)


def _candidates(
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


def sum_or(values: Iterable[int]) -> int:
    found = 0
    for value in values:
        found |= value
    return found


def _index(
    candidates: list[Candidate], link_masks: list[int], link_sets: list[int], deadline: float
) -> _Index | None:
    """An index of the candidates, or None (scan them) if there is no time to build it."""
    if len(candidates) > BITSET_LIMIT:
        return None
    try:
        return _Index(candidates, link_masks, link_sets, deadline)
    except _Timeout:
        return None


class _Index:
    """One train's candidates, indexed by the links of track they conflict with: the
    candidates clear of some routes are a bitset found with a few integer operations, and
    the best of them is its lowest bit."""

    def __init__(
        self,
        candidates: list[Candidate],
        link_masks: list[int],
        link_sets: list[int],
        deadline: float,
    ) -> None:
        size = (len(candidates) + 7) // 8
        users = [bytearray(size) for _ in link_masks]
        for i, (_, _, route_index) in enumerate(candidates):
            if i & 4095 == 4095 and time.monotonic() > deadline:
                raise _Timeout
            links = link_sets[route_index]
            byte, bit = i >> 3, 1 << (i & 7)
            while links:
                low = links & -links
                users[low.bit_length() - 1][byte] |= bit
                links ^= low
        by_link = [int.from_bytes(b, "little") for b in users]
        # Links that share track (two branches leaving a city by one hex side) clash too.
        self.by_link = [
            sum_or(by_link[j] for j, other in enumerate(link_masks) if other & mask)
            for mask in link_masks
        ]
        self.every = (1 << len(candidates)) - 1

    def conflicts(self, links: int) -> int:
        """The candidates that share track with any of these links."""
        found = 0
        by_link = self.by_link
        while links:
            low = links & -links
            found |= by_link[low.bit_length() - 1]
            links ^= low
        return found


@dataclass
class _Combination:
    total: int
    picks: list[int]  # per level, the candidate index or -1 (runs nothing)
    proven: bool


def _greedy(
    lists: list[list[Candidate]],
    indexes: list[_Index | None],
    link_sets: list[int],
    used: int = 0,
    clash: tuple[int, ...] = (),
) -> list[int]:
    """Each train in turn takes its best candidate clear of the track already taken (`used`;
    `clash`, if given, the indexed lists' candidates that conflict with it)."""
    picks: list[int] = []
    conflicts = list(clash) if clash else [0] * len(lists)
    for k, cands in enumerate(lists):
        index = indexes[k]
        if index is None:
            pick = next((i for i, c in enumerate(cands) if not c[1] & used), -1)
        else:
            free = index.every & ~conflicts[k]
            pick = (free & -free).bit_length() - 1 if free else -1
        picks.append(pick)
        if pick >= 0:
            _, mask, route_index = cands[pick]
            used |= mask
            for j in range(k + 1, len(lists)):
                other = indexes[j]
                if other is not None:
                    conflicts[j] |= other.conflicts(link_sets[route_index])
    return picks


def _network_ceiling(graph: TrackGraph, setup: Setup, diesel: bool) -> Callable[[int], int]:
    """For a train counting every stop: an upper bound on what it earns on track clear of
    `used`, the richest piece of the company's network left (from a token, never passing an
    off-board or another company's full city), every stop in it counted. Cheap, and on a
    dense map, where another long route cuts the network up, nearly exact."""
    paid = stop_values(graph, diesel, setup)
    nodes = graph.nodes
    through = [n.kind != "offboard" and (not n.blocked or setup.overnight) for n in nodes]
    through_bits = sum(1 << n.id for n in nodes if through[n.id])
    steps = [[(w, mask) for w, mask, _ in graph.adjacency[v]] for v in range(len(nodes))]
    tokens = graph.token_nodes()
    # Sums of stop values by byte of a node bitset. (Both halves of a port count here: an
    # upper bound may be loose.)
    by_byte = [
        [
            sum(paid[8 * c + b] for b in range(8) if byte >> b & 1 and 8 * c + b < len(nodes))
            for byte in range(256)
        ]
        for c in range((len(nodes) + 7) // 8)
    ]

    def ceiling(used: int) -> int:
        best = 0
        covered = 0  # passable nodes already in a piece counted
        for token in tokens:
            if covered >> token & 1:
                continue
            seen = 1 << token
            todo = [token]
            while todo:
                v = todo.pop()
                if through[v]:
                    for w, mask in steps[v]:
                        if not (seen >> w & 1 or mask & used):
                            seen |= 1 << w
                            todo.append(w)
            covered |= seen & through_bits
            worth = 0
            for table in by_byte:
                worth += table[seen & 255]
                seen >>= 8
            best = max(best, worth)
        return best

    return ceiling


def _combine(
    lists: list[list[Candidate]],
    indexes: list[_Index | None],
    same_as_previous: list[bool],
    link_sets: list[int],
    deadline: float,
    ceilings: list[Callable[[int], int] | None] | None = None,
) -> _Combination:
    """The best set of candidates, one per list (or none), using no track twice. A list
    without an index (too long to index in time) is scanned. `ceilings`, where given, bound
    a train's earnings on the track left more cheaply than its index can."""
    n = len(lists)
    ceilings = ceilings or [None] * n
    ceiled = [j for j in range(n) if ceilings[j] is not None]
    indexed = [k for k in range(n) if indexes[k] is not None]
    tops = [c[0][0] if c else 0 for c in lists]
    tops_after = [sum(tops[k + 1 :]) for k in range(n)]
    visits = [0]
    index = indexes

    def tick() -> None:
        visits[0] += 1
        if visits[0] & 1023 == 0 and time.monotonic() > deadline:
            raise _Timeout

    # Revenues negated (ascending), to count the candidates worth more than some amount.
    falling = [[-c[0] for c in cands] for cands in lists]

    def bound(k: int, used: int, allowed: list[int], first: int) -> int:
        """What trains k.. can earn at most on track clear of `used` (train k from candidate
        `first` on): exact per train for an indexed list, and for a scanned one the best clear
        candidate among its first few."""
        total = 0
        for j in range(k, n):
            cands = lists[j]
            start = first if j == k else 0
            if index[j] is not None:
                free = allowed[j] >> start
                if free:
                    total += cands[start + (free & -free).bit_length() - 1][0]
                continue
            for i in range(start, min(start + SCAN, len(cands))):
                if not cands[i][1] & used:
                    total += cands[i][0]
                    break
            else:
                total += cands[start + SCAN][0] if len(cands) > start + SCAN else 0
        return total

    def with_route(k: int, allowed: list[int], route_index: int, total: int) -> list[int]:
        """The candidates of the indexed trains after k still worth trying once this route
        is taken too, for answers worth `total` so far: those clear of its track, and worth
        enough that with every other train at its best the answer could beat the best."""
        links = link_sets[route_index]
        now = allowed.copy()
        for j in indexed:
            if j > k:
                need = best.total - total - (tops_after[k] - tops[j])
                left = now[j] & ((1 << bisect_left(falling[j], -need)) - 1)
                by_link = index[j].by_link
                rest = links
                while rest and left:
                    low = rest & -rest
                    left ^= left & by_link[low.bit_length() - 1]
                    rest ^= low
                now[j] = left
        return now

    # A greedy answer first, so even an immediate timeout has something to show.
    greedy = _greedy(lists, indexes, link_sets)
    best = _Combination(sum(lists[k][i][0] for k, i in enumerate(greedy) if i >= 0), greedy, True)
    pick = [-1] * n

    def following(k: int, taken: int) -> int:
        """Where train k's list starts, given the previous train took index `taken`."""
        return taken if k < n and same_as_previous[k] else 0

    def may_pay(k: int, used: int, total: int, twin_cap: int | None) -> bool:
        """The cheap test first: could trains after k, at most their ceilings (or their best
        candidates), lift `total` above the best answer?"""
        found: dict[int, int] = {}
        for j in range(k + 1, n):
            ceiling = ceilings[j]
            if ceiling is None:
                total += tops[j]
                continue
            key = id(ceiling)
            if key not in found:
                found[key] = ceiling(used)
            cap = found[key]
            if j == k + 1 and twin_cap is not None:
                cap = min(cap, twin_cap)
            total += min(cap, tops[j])
        return total > best.total

    def choices(k: int, allowed: list[int], first: int) -> Iterator[int]:
        """Train k's candidates from `first` on, best first: for an indexed list only those
        still allowed, for a scanned one all (the caller checks)."""
        if index[k] is None:
            yield from range(first, len(lists[k]))
            return
        free = allowed[k] >> first << first
        while free:
            low = free & -free
            yield low.bit_length() - 1
            free ^= low

    def branch(k: int, used: int, allowed: list[int], total: int, first: int) -> None:
        tick()
        if k == n:
            if total > best.total:
                best.total, best.picks = total, pick.copy()
            return
        cands = lists[k]
        last = k == n - 1
        # An identical next train takes a later candidate, so it earns no more than this one.
        twin = k + 1 < n and same_as_previous[k + 1]
        loose = tops_after[k] - (tops[k + 1] if twin else 0)
        for i in choices(k, allowed, first):
            rev, mask, route_index = cands[i]
            if total + rev * (2 if twin else 1) + loose <= best.total:
                break
            tick()
            if mask & used:
                continue
            pick[k] = i
            if last:  # the best clear candidate of the last train: nothing to branch on
                branch(n, used, allowed, total + rev, 0)
                break
            if ceiled and not may_pay(k, used | mask, total + rev, rev if twin else None):
                continue
            now = with_route(k, allowed, route_index, total + rev)
            nxt = following(k + 1, i + (mask != 0))
            if total + rev + bound(k + 1, used | mask, now, nxt) <= best.total:
                continue
            branch(k + 1, used | mask, now, total + rev, nxt)
        pick[k] = -1
        # This train runs nothing (and so does an identical train after it).
        nxt = following(k + 1, len(cands))
        if total + bound(k + 1, used, allowed, nxt) > best.total:
            branch(k + 1, used, allowed, total, nxt)

    with contextlib.suppress(_Timeout):
        branch(0, 0, [index.every if index else 0 for index in indexes], 0, 0)
        return best
    best.proven = False
    return best


def solve(
    graph: TrackGraph, trains: list[Train], setup: Setup, max_seconds: float = 30.0
) -> Answer:
    start = time.monotonic()
    check_setup(graph, trains, setup)
    # Leave shares of the time for scoring and combining, so an answer always comes back.
    listing, scoring = start + max_seconds * 0.6, start + max_seconds * 0.8
    link_masks = [link.mask for link in graph.links]
    unlimited = [i for i, t in enumerate(trains) if not t.distance]
    # One train counting every stop: list the others' routes first, then only those of its
    # routes that can still matter (see _Floor). Otherwise list every route once for all.
    alone = unlimited[0] if len(unlimited) == 1 else None
    listed_first = [i for i in range(len(trains)) if i != alone]
    table, span, complete = enumerate_routes(
        graph, max((setup.distance(trains[i]) for i in listed_first), default=1), setup, listing
    )
    lists: dict[int, list[Candidate]] = {}
    for i in listed_first:
        lists[i], scored = _candidates(table, span, trains[i], setup, scoring)
        complete = complete and scored
    indexes: dict[Train, _Index | None] = {}  # identical trains have identical lists

    def index_of(i: int) -> _Index | None:
        if trains[i] not in indexes:
            indexes[trains[i]] = _index(lists[i], link_masks, table.link_sets, scoring)
        return indexes[trains[i]]

    if alone is not None:
        others = sorted(listed_first, key=lambda i: -len(lists[i]))
        ordered = [lists[i] for i in others]
        ordered_indexes = [index_of(i) for i in others]
        same = [k > 0 and trains[others[k]] == trains[others[k - 1]] for k in range(len(others))]
        best_others = _combine(ordered, ordered_indexes, same, table.link_sets, scoring)
        complete = complete and best_others.proven
        floor = _Floor(
            graph,
            setup,
            trains[alone].diesel,
            ordered,
            ordered_indexes,
            table.link_sets,
            best_others.total,
        )
        table, span, listed = enumerate_routes(graph, 1 << 30, setup, listing, table, floor)
        lists[alone], scored = _candidates(table, span, trains[alone], setup, scoring, floor.value)
        complete = complete and listed and scored

    # Longest list outermost; identical trains side by side.
    order = sorted(
        range(len(trains)),
        key=lambda i: (-len(lists[i]), trains[i].name, trains[i].diesel, trains[i].rusted),
    )
    levels = [lists[i] for i in order]
    # The outermost list is only scanned: nothing before it needs its conflicts.
    level_indexes = [None] + [index_of(i) for i in order[1:]]
    same_as_previous = [
        k > 0 and trains[order[k]] == trains[order[k - 1]] for k in range(len(order))
    ]
    network: dict[bool, Callable[[int], int]] = {}
    ceilings: list[Callable[[int], int] | None] = []
    for i in order:
        if trains[i].distance:
            ceilings.append(None)
        else:
            diesel = trains[i].diesel
            ceilings.append(network.setdefault(diesel, _network_ceiling(graph, setup, diesel)))
    result = _combine(
        levels, level_indexes, same_as_previous, table.link_sets, start + max_seconds, ceilings
    )

    chosen: list[Route | None] = [None] * len(trains)
    revenues = [0] * len(trains)
    for k, i in enumerate(order):
        pick = result.picks[k]
        if pick >= 0:
            revenue, _, route_index = levels[k][pick]
            chosen[i] = table.route(route_index)
            revenues[i] = revenue
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
