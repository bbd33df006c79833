"""Combining trains: the best set of candidates, one per train, sharing no track."""

from __future__ import annotations

import contextlib
import time
from bisect import bisect_left
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import reduce
from operator import or_

from referee.eighteen.config import DEFAULT, SearchConfig
from referee.eighteen.graph import TrackGraph
from referee.eighteen.rules import Setup, passable, stop_values
from referee.eighteen.table import Candidate, OutOfTime


def build_index(
    candidates: list[Candidate],
    link_masks: list[int],
    link_sets: list[int],
    deadline: float,
    config: SearchConfig = DEFAULT,
) -> Index | None:
    """An index of the candidates, or None (scan them) if there is no time to build it, or
    if there are too many."""
    if len(candidates) > config.bitset_limit:
        return None
    try:
        return Index(candidates, link_masks, link_sets, deadline)
    except OutOfTime:
        return None


class Index:
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
                raise OutOfTime
            links = link_sets[route_index]
            byte, bit = i >> 3, 1 << (i & 7)
            while links:
                low = links & -links
                users[low.bit_length() - 1][byte] |= bit
                links ^= low
        by_link = [int.from_bytes(b, "little") for b in users]
        # Links that share track (two branches leaving a city by one hex side) clash too.
        self.by_link = [
            reduce(or_, (by_link[j] for j, other in enumerate(link_masks) if other & mask), 0)
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
class Combination:
    total: int
    picks: list[int]  # per level, the candidate index or -1 (runs nothing)
    proven: bool


def greedy(
    lists: list[list[Candidate]],
    indexes: list[Index | None],
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


def network_ceiling(graph: TrackGraph, setup: Setup, diesel: bool) -> Callable[[int], int]:
    """For a train counting every stop: an upper bound on what it earns on track clear of
    `used`, the richest piece of the company's network left (from a token, never passing an
    off-board or another company's full city), every stop in it counted. Cheap, and on a
    dense map, where another long route cuts the network up, nearly exact."""
    paid = stop_values(graph, diesel, setup)
    nodes = graph.nodes
    through = passable(graph, setup)
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


def combine(
    lists: list[list[Candidate]],
    indexes: list[Index | None],
    same_as_previous: list[bool],
    link_sets: list[int],
    deadline: float,
    ceilings: list[Callable[[int], int] | None] | None = None,
    known: int = 0,
    config: SearchConfig = DEFAULT,
) -> Combination:
    """The best set of candidates, one per list (or none), using no track twice. A list
    without an index (too long to index in time) is scanned. `ceilings`, where given, bound
    a train's earnings on the track left more cheaply than its index can. With `known` (an
    answer found elsewhere), only better answers are looked for: if none is found, the
    picks are all -1."""
    search = _Combining(lists, indexes, same_as_previous, link_sets, deadline, config.scan)
    search.ceilings = ceilings or [None] * len(lists)
    search.ceiled = any(ceiling is not None for ceiling in search.ceilings)
    # A greedy answer first, so even an immediate timeout has something to show.
    first_picks = greedy(lists, indexes, link_sets)
    first_total = sum(lists[k][i][0] for k, i in enumerate(first_picks) if i >= 0)
    best = search.best = Combination(first_total, first_picks, True)
    if known > first_total:
        best = search.best = Combination(known, [-1] * len(lists), True)
    with contextlib.suppress(OutOfTime):
        search.branch(0, 0, [index.every if index else 0 for index in indexes], 0, 0)
        return best
    best.proven = False
    return best


class _Combining:
    """The branch and bound of combine(): train k's candidates tried best first, each with
    the best the trains after it can still do on the track left (the bound)."""

    best: Combination
    ceilings: list[Callable[[int], int] | None]
    ceiled: bool

    def __init__(
        self,
        lists: list[list[Candidate]],
        indexes: list[Index | None],
        same_as_previous: list[bool],
        link_sets: list[int],
        deadline: float,
        scan: int,
    ) -> None:
        n = self.n = len(lists)
        self.lists, self.index, self.same_as_previous = lists, indexes, same_as_previous
        self.link_sets, self.deadline, self.scan = link_sets, deadline, scan
        self.indexed = [(k, index) for k, index in enumerate(indexes) if index is not None]
        self.tops = [c[0][0] if c else 0 for c in lists]
        self.tops_after = [sum(self.tops[k + 1 :]) for k in range(n)]
        self.visits = 0
        # Revenues negated (ascending), to count the candidates worth more than some amount.
        self.falling = [
            [-c[0] for c in cands] if indexes[k] else [] for k, cands in enumerate(lists)
        ]
        self.pick = [-1] * n

    def tick(self) -> None:
        self.visits += 1
        if self.visits & 1023 == 0 and time.monotonic() > self.deadline:
            raise OutOfTime

    def bound(self, k: int, used: int, allowed: list[int], first: int) -> int:
        """What trains k.. can earn at most on track clear of `used` (train k from candidate
        `first` on): exact per train for an indexed list, and for a scanned one the best clear
        candidate among its first few."""
        total = 0
        scan, index = self.scan, self.index
        for j in range(k, self.n):
            cands = self.lists[j]
            start = first if j == k else 0
            if index[j] is not None:
                free = allowed[j] >> start
                if free:
                    total += cands[start + (free & -free).bit_length() - 1][0]
                continue
            for i in range(start, min(start + scan, len(cands))):
                if not cands[i][1] & used:
                    total += cands[i][0]
                    break
            else:
                total += cands[start + scan][0] if len(cands) > start + scan else 0
        return total

    def with_route(self, k: int, allowed: list[int], route_index: int, total: int) -> list[int]:
        """The candidates of the indexed trains after k still worth trying once this route
        is taken too, for answers worth `total` so far: those clear of its track, and worth
        enough that with every other train at its best the answer could beat the best."""
        links = self.link_sets[route_index]
        now = allowed.copy()
        tops, falling = self.tops, self.falling
        # Every train after k at its best but j, on top of `total`, must beat the best.
        short = self.best.total - total - self.tops_after[k]
        for j, index_j in self.indexed:
            if j > k:
                need = short + tops[j]
                left = now[j] & ((1 << bisect_left(falling[j], -need)) - 1)
                by_link = index_j.by_link
                rest = links
                while rest and left:
                    low = rest & -rest
                    left ^= left & by_link[low.bit_length() - 1]
                    rest ^= low
                now[j] = left
        return now

    def following(self, k: int, taken: int) -> int:
        """Where train k's list starts, given the previous train took index `taken`."""
        return taken if k < self.n and self.same_as_previous[k] else 0

    def may_pay(self, k: int, used: int, total: int, twin_cap: int | None) -> bool:
        """The cheap test first: could trains after k, at most their ceilings (or their best
        candidates), lift `total` above the best answer?"""
        found: dict[int, int] = {}
        for j in range(k + 1, self.n):
            ceiling = self.ceilings[j]
            if ceiling is None:
                total += self.tops[j]
                continue
            key = id(ceiling)
            if key not in found:
                found[key] = ceiling(used)
            cap = found[key]
            if j == k + 1 and twin_cap is not None:
                cap = min(cap, twin_cap)
            total += min(cap, self.tops[j])
        return total > self.best.total

    def choices(self, k: int, allowed: list[int], first: int) -> Iterator[int]:
        """Train k's candidates from `first` on, best first: for an indexed list only those
        still allowed, for a scanned one all (the caller checks)."""
        if self.index[k] is None:
            yield from range(first, len(self.lists[k]))
            return
        free = allowed[k] >> first << first
        while free:
            low = free & -free
            yield low.bit_length() - 1
            free ^= low

    def branch(self, k: int, used: int, allowed: list[int], total: int, first: int) -> None:
        self.tick()
        n, best, pick = self.n, self.best, self.pick
        if k == n:
            if total > best.total:
                best.total, best.picks = total, pick.copy()
            return
        cands = self.lists[k]
        last = k == n - 1
        # An identical next train takes a later candidate, so it earns no more than this one.
        twin = k + 1 < n and self.same_as_previous[k + 1]
        loose = self.tops_after[k] - (self.tops[k + 1] if twin else 0)
        for i in self.choices(k, allowed, first):
            rev, mask, route_index = cands[i]
            if total + rev * (2 if twin else 1) + loose <= best.total:
                break
            self.tick()
            if mask & used:
                continue
            pick[k] = i
            if last:  # the best clear candidate of the last train: nothing to branch on
                self.branch(n, used, allowed, total + rev, 0)
                break
            if self.ceiled and not self.may_pay(k, used | mask, total + rev, rev if twin else None):
                continue
            now = self.with_route(k, allowed, route_index, total + rev)
            nxt = self.following(k + 1, i + (mask != 0))
            if total + rev + self.bound(k + 1, used | mask, now, nxt) <= best.total:
                continue
            self.branch(k + 1, used | mask, now, total + rev, nxt)
        pick[k] = -1
        # This train runs nothing (and so does an identical train after it).
        nxt = self.following(k + 1, len(cands))
        if total + self.bound(k + 1, used, allowed, nxt) > best.total:
            self.branch(k + 1, used, allowed, total, nxt)
