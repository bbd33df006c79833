"""The floor of a lone ∞ or D train: which of its routes can still matter (see search.py)."""

from __future__ import annotations

import copy
from bisect import bisect_left
from operator import and_, or_
from typing import TYPE_CHECKING

from referee.eighteen.combine import Index, greedy
from referee.eighteen.graph import TrackGraph
from referee.eighteen.listing import Candidate
from referee.eighteen.rules import Setup, passable, stop_values

if TYPE_CHECKING:
    from referee.eighteen.cores import Shared

CEILINGS_KEPT = 1_000_000  # remembered ceilings, at most (then forgotten and found again)
# Tight ceilings after this many places seen (soon: places with the same nodes left to reach
# share their ceilings; in 1889's short walks they cost more than they save). Walks remembered
# once walks come back to places this often: on Lost Atlas's small dense map within the first
# steps, on 1830's wide one rarely (there remembering them changed which routes were listed
# and made combining them up to three times dearer). Measured on bench/routes.py's positions
# against the old thresholds (10,000 places; twice, plus 5,000 walks): Lost Atlas 23% less
# CPU, 1830 and 1889 the same. (A test sets both high: neither may change an answer.)
TIGHT_AFTER = 300
DOMINATE_AFTER = 2
WALKS_KEPT = 200_000  # remembered walks for dominance, at most (then forgotten)
WALKS_PER_PLACE = 12  # walks remembered per place (end and stops met)


def _falling(candidate: Candidate) -> int:
    return -candidate[0]


# A walk remembered at a place: the track it took that the walk can still use, its clashes
# with the candidates that mattered, its value, whether it met a token, its start's order.
_Walked = tuple[int, tuple[int, ...], int, bool, int]


class Floor:
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
        indexes: list[Index | None],
        link_sets: list[int],
        others_best: int,
    ) -> None:
        self.diesel = diesel
        self.others, self.indexes, self.link_sets = others, indexes, link_sets
        # An unindexed list (too long to index) counts as clashing with nothing but its best.
        self.by_link = [index.by_link if index else [0] * len(graph.links) for index in indexes]
        # Per other train, how many of its candidates can be picked (unindexed: its best).
        self.sizes = [index.every.bit_length() if index else 1 for index in indexes]
        # Per link, the candidates of each other train sharing its track (see clash()).
        self.by_link_column = [
            tuple(by_link[link] for by_link in self.by_link) for link in range(len(graph.links))
        ]
        self.no_clash = tuple(0 for _ in indexes)
        self.others_best = others_best
        self.best = others_best  # this train running nothing
        paid = stop_values(graph, diesel, setup)
        nodes = graph.nodes
        self.graph = graph
        self.next_to = self._next_to(0)
        through = passable(graph, setup)
        self.through = sum(1 << n.id for n in nodes if through[n.id])
        # Passing pays a counted stop; an off-board or full city pays only as the route's end.
        self.pass_value = [0 if n.blocked else paid[n.id] if through[n.id] else 0 for n in nodes]
        self.end_value = [0 if through[n.id] and not n.blocked else paid[n.id] for n in nodes]
        self.pays_passing = sum(1 << n.id for n in nodes if self.pass_value[n.id])
        self.pays_ending = sum(1 << n.id for n in nodes if self.end_value[n.id])
        # Walks meet the same stops in many orders: the ceiling depends only on where they are
        # and what they met.
        # Per place: [ceiling, the nodes it reaches, 1 once the ceiling is the tight one].
        # Walks that met different stops often have the same nodes left to reach: places
        # share one entry per end and nodes reached (`by_reach`), and so its ceilings.
        self.ceilings: dict[tuple[int, int], list[int]] = {}
        self.by_reach: dict[tuple[int, int], list[int]] = {}
        # Walks that reached a place (end, stops met) and were walked on: see dominated().
        self.walks: dict[tuple[int, int], tuple[int, list[_Walked]]] = {}
        self.walks_kept = 0
        self.walked = 0
        self.can_dominate = all(index is not None for index in indexes)
        self.link_ends = [(1 << link.a | 1 << link.b, link.mask) for link in graph.links]
        self.tops = [cands[0][0] if cands else 0 for cands in others]
        self.relevant_at = -1
        self.relevant: dict[int, tuple[int, ...]] = {}
        self.shared: Shared | None = None  # the best answer, shared with a child walking too

    def _next_to(self, taken: int) -> list[int]:
        """Per node, its neighbours over links clear of the track `taken`."""
        next_to = [0] * len(self.graph.nodes)
        for link in self.graph.links:
            if not link.mask & taken:
                next_to[link.a] |= 1 << link.b
                next_to[link.b] |= 1 << link.a
        return next_to

    def without(self, taken: int) -> Floor:
        """The same ceilings for a route on the track left once `taken` is taken (the other
        trains' lists are shared, the remembered ceilings are not)."""
        other = copy.copy(self)
        other.next_to = self._next_to(taken)
        other.ceilings = {}
        other.by_reach = {}
        other.walks = {}
        other.walks_kept = other.walked = 0
        other.relevant = {}
        return other

    @property
    def value(self) -> int:
        return self.best - self.others_best

    def clash(self, clash: tuple[int, ...], link: int) -> tuple[int, ...]:
        """The other trains' candidates that share track with a walk, once it takes `link`."""
        return tuple(map(or_, clash, self.by_link_column[link]))

    def ceiling(self, value: int, v: int, met: int, clash: tuple[int, ...], ends: int) -> int:
        """The best answer a walk worth `value` so far, at v, could still go on to: what it can
        reach, plus the most the other trains can earn on the track it leaves; 0 if it can
        reach none of the stops it may end at (`ends`). (Not computed in full when it cannot
        beat the best answer known.)"""
        key = (v, met)
        known = self.ceilings.get(key)
        if known is None:
            known = self._place(key)
        if not known[1] & ends:
            return 0
        reach = value + known[0]
        if reach + self.others_best <= self.best:
            return reach + self.others_best
        others = 0
        for cands, size, clashing in zip(self.others, self.sizes, clash, strict=True):
            # Its best candidate clear of the walk: the lowest bit clear in `clashing` (two
            # operations on these long bitsets, not four).
            first = (clashing ^ (clashing + 1)).bit_length() - 1
            if first < size:
                others += cands[first][0]
        # Each train's best alone may share track with another's: together they earn no more
        # than their best combination.
        others = min(others, self.others_best)
        if reach + others > self.best and not known[2] and len(self.ceilings) > TIGHT_AFTER:
            # The cheap ceiling is not enough: the tight one, once per place.
            reach = value + self._tighten(v, known)
        return reach + others

    def most(self, v: int, met: int, tight: bool = False) -> int:
        """The most a route going on from v, having met `met`, can still add: the cheap
        ceiling, or the tight one; each found once per place."""
        known = self.ceilings.get((v, met)) or self._place((v, met))
        if tight and not known[2]:
            return self._tighten(v, known)
        return known[0]

    def bound(self, v: int, met: int) -> int:
        """The most a route going on from v can still add (the best ceiling found so far)."""
        known = self.ceilings.get((v, met))
        if known is None:
            return self._loose(v, self._reached(v, met))
        return known[0]

    def _place(self, key: tuple[int, int]) -> list[int]:
        """The entry of a place (end, stops met) not seen yet: its cheap ceiling."""
        if len(self.ceilings) > CEILINGS_KEPT:
            self.ceilings.clear()
            self.by_reach.clear()
        v, met = key
        reached = self._reached(v, met)
        entry = self.by_reach.get((v, reached))
        if entry is None:
            entry = self.by_reach[(v, reached)] = [self._loose(v, reached), reached, 0]
        self.ceilings[key] = entry
        return entry

    def _tighten(self, v: int, entry: list[int]) -> int:
        """The tight ceiling of a place whose cheap one is known: the richest chain of blocks
        it can pass (see _chain), and the best stop it could end at that pays only as an end;
        kept in the place's entry."""
        reached = entry[1]
        chain = self._chain(v, (reached & self.through) | 1 << v) + self._best_end(reached)
        entry[0], entry[2] = min(entry[0], chain), 1
        return entry[0]

    def _reached(self, v: int, met: int) -> int:
        """The nodes a route going on from v can reach, never meeting the nodes of `met`."""
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
        return reached

    def _best_end(self, reached: int) -> int:
        """The most a stop that pays only as the route's end can add."""
        best_end = 0
        ending = reached & self.pays_ending
        while ending:
            low = ending & -ending
            best_end = max(best_end, self.end_value[low.bit_length() - 1])
            ending ^= low
        return best_end

    def _loose(self, v: int, reached: int) -> int:
        """Cheap: every stop it can reach (`reached`) and pass, and the best one of those it
        could only end at (a stop with one way in left, or one that pays only as an end)."""
        next_to = self.next_to
        open_ = reached | 1 << v
        total = 0
        best_end = self._best_end(reached)
        passing = reached & self.pays_passing
        while passing:
            low = passing & -passing
            i = low.bit_length() - 1
            if (next_to[i] & open_).bit_count() > 1:
                total += self.pass_value[i]
            else:
                best_end = max(best_end, self.pass_value[i])
            passing ^= low
        return total + best_end

    def anywhere(self, tokens: list[int]) -> int:
        """The most one route can earn, from anywhere: per piece of the network holding a
        token, its richest path through its blocks (see _chain), plus its two best stops that
        pay only as ends."""
        best = 0
        covered = 0
        for t in tokens:
            if covered >> t & 1:
                continue
            reached = self._reached(t, 0) | 1 << t
            covered |= reached & self.through
            span = [0]
            self._chain(t, reached & self.through | 1 << t, span)
            ends = sorted(
                (self.end_value[i] for i in range(len(self.end_value)) if reached >> i & 1),
                reverse=True,
            )
            best = max(best, span[0] + sum(ends[:2]))
        return best

    def _chain(self, root: int, inside: int, span: list[int] | None = None) -> int:
        """The most the stops of `inside` can pay a route starting at `root` and passing only
        them. A route leaving a block (a piece with no single node whose loss cuts it) by one
        of its cut nodes never comes back to it, so it runs through one chain of blocks away
        from the root, and earns at most the stops of the richest chain. Blocks are found
        depth first (Hopcroft and Tarjan); a block closes before the block holding its entry
        node, so `down`, per node, is the richest chain hanging below it once it is needed.
        With `span`, its first item is raised to the most a route passing only `inside` can
        pay from anywhere: its highest block (or node) with the two richest chains below."""
        next_to, pass_value = self.next_to, self.pass_value
        disc = [-1] * len(next_to)
        low = disc.copy()
        down = [0] * len(next_to)
        # Per node, the second richest chain below it (kept for `span` only).
        second = [0] * len(next_to) if span is not None else down
        disc[root] = low[root] = 0
        pending = [root]  # nodes of blocks not closed yet, in the order found
        # The depth-first path above u: each node, with its neighbours not tried yet.
        path: list[tuple[int, int]] = []
        u, todo = root, next_to[root] & inside
        count = 0
        while True:
            if todo:
                bit = todo & -todo
                todo ^= bit
                w = bit.bit_length() - 1
                seen = disc[w]
                if seen >= 0:
                    if seen < low[u]:
                        low[u] = seen
                    continue
                count += 1
                disc[w] = low[w] = count
                pending.append(w)
                path.append((u, todo))
                u, todo = w, next_to[w] & inside
                continue
            if not path:
                if span is not None:
                    for x in range(len(next_to)):
                        if disc[x] >= 0:
                            both = pass_value[x] + down[x] + second[x]
                            if both > span[0]:
                                span[0] = both
                return down[root]
            p, todo = path.pop()
            if low[u] < low[p]:
                low[p] = low[u]
            if low[u] >= disc[p]:  # u and what hangs below it, with p, make a block
                total = deeper = runner = 0
                while True:
                    x = pending.pop()
                    total += pass_value[x]
                    below = down[x]
                    if below > runner:  # (runner <= deeper: one test for most nodes)
                        if below > deeper:
                            deeper, runner = below, deeper
                        else:
                            runner = below
                    if x == u:
                        break
                chain = total + deeper
                if span is not None:
                    span[0] = max(span[0], pass_value[p] + chain + runner)
                    if chain > down[p]:
                        second[p] = down[p]
                    elif chain > second[p]:
                        second[p] = chain
                if chain > down[p]:
                    down[p] = chain
            u = p

    def _relevance(self, reach: int) -> tuple[int, ...]:
        """Per other train, its candidates that can still be in a better answer with a route
        of this train worth at most `reach` (a prefix of its list, best first): worth more
        than the best answer less `reach` and the other trains at their best."""
        if self.relevant_at != self.best:
            self.relevant_at = self.best
            self.relevant.clear()
        relevant = self.relevant.get(reach)
        if relevant is None:
            total = sum(self.tops)
            counts = (
                bisect_left(cands, reach + total - self.tops[k] - self.best, key=_falling)
                for k, cands in enumerate(self.others)
            )
            relevant = self.relevant[reach] = tuple((1 << count) - 1 for count in counts)
        return relevant

    def dominated(
        self,
        v: int,
        met: int,
        mask: int,
        clash: tuple[int, ...],
        value: int,
        token: bool,
        order: int,
    ) -> bool:
        """Whether a walk at v, having met `met`, can be left alone because another one was
        walked on from the same place: worth as much, from a start walked no later (`order`,
        see listing.py; both met a token, or this one has not), with no more of the track
        the walk can still use taken, and clashing with none of the other trains' candidates
        that can still matter that this one does not clash with. Whatever follows this walk
        follows that one, for as much, leaving the other trains as much. Otherwise the walk is
        remembered."""
        self.walked += 1
        if not self.can_dominate or self.walked <= DOMINATE_AFTER * len(self.ceilings):
            return False
        key = (v, met)
        relevant = self._relevance(value + self.bound(v, met))
        place = self.walks.get(key)
        if place is None:  # the first walk here (most of a short search): just remembered
            if self.walks_kept > WALKS_KEPT:
                self.walks.clear()
                self.walks_kept = 0
            kept = tuple(map(and_, clash, relevant))
            self.walks[key] = (-1, [(mask, kept, value, token, order)])
            self.walks_kept += 1
            return False
        future, seen = place
        if future < 0:
            # The track of the links the walk may still take: between stops not met yet, or
            # from v to one. Only that of the walks remembered here is compared.
            future = 0
            open_ = ~met | 1 << v
            for ends, link_mask in self.link_ends:
                if not ends & ~open_:
                    future |= link_mask
            seen = [(walk[0] & future, *walk[1:]) for walk in seen]
            self.walks[key] = (future, seen)
        mine = mask & future
        # Per other train, its candidates that still matter and that this walk leaves free.
        fresh = tuple(matters & ~ours for ours, matters in zip(clash, relevant, strict=True))
        if len(fresh) == 1:  # the usual case, unrolled
            (free,) = fresh
            for other_mask, other_clash, other_value, other_token, other_order in seen:
                if (
                    not other_mask & ~mine
                    and other_value >= value
                    and other_order <= order
                    and (other_token or not token)
                    and not other_clash[0] & free
                ):
                    return True
        else:
            for other_mask, other_clash, other_value, other_token, other_order in seen:
                if (
                    not other_mask & ~mine
                    and other_value >= value
                    and other_order <= order
                    and (other_token or not token)
                    and not any(map(and_, other_clash, fresh))
                ):
                    return True
        if len(seen) < WALKS_PER_PLACE:
            kept = tuple(map(and_, clash, relevant))
            seen.append((mine, kept, value, token, order))
            self.walks_kept += 1
        return False

    def found(self, value: int, mask: int, clash: tuple[int, ...]) -> None:
        picks = greedy(self.others, self.indexes, self.link_sets, mask, clash)
        answer = value + sum(self.others[k][i][0] for k, i in enumerate(picks) if i >= 0)
        self.best = max(self.best, answer)
