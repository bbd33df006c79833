"""Ceilings of a route counting every stop (∞ or D): the most it can still add from where a walk
is, given the nodes it has met. Used by the lone ∞/D train's floor (floor.py) and by the walk
of two of them (pair.py)."""

from __future__ import annotations

import copy

from referee.eighteen.config import SearchConfig
from referee.eighteen.graph import TrackGraph
from referee.eighteen.rules import Setup, passable, stop_values

# A place's entry: [ceiling, the nodes it reaches, 1 once the ceiling is the tight one]
# (a list: the ceiling is tightened in place, for every place sharing the entry).
Place = list[int]


class Ceilings:
    """Per place (end, nodes met), a ceiling found once: the cheap one (every stop in reach),
    or the tight one (the richest chain of blocks in reach, see _chain). Walks meet the same
    stops in many orders: the ceiling depends only on where they are and what they met."""

    def __init__(self, graph: TrackGraph, setup: Setup, diesel: bool, config: SearchConfig):
        paid = stop_values(graph, diesel, setup)
        nodes = graph.nodes
        self.graph = graph
        self.kept = config.ceilings_kept
        self.next_to = self._next_to(0)
        through = passable(graph, setup)
        self.through = sum(1 << n.id for n in nodes if through[n.id])
        # Passing pays a counted stop; an off-board or full city pays only as the route's end.
        self.pass_value = [0 if n.blocked else paid[n.id] if through[n.id] else 0 for n in nodes]
        self.end_value = [0 if through[n.id] and not n.blocked else paid[n.id] for n in nodes]
        self.pays_passing = sum(1 << n.id for n in nodes if self.pass_value[n.id])
        self.pays_ending = sum(1 << n.id for n in nodes if self.end_value[n.id])
        # Walks that met different stops often have the same nodes left to reach: places
        # share one entry per end and nodes reached (`by_reach`), and so its ceilings.
        self.places: dict[tuple[int, int], Place] = {}
        self.by_reach: dict[tuple[int, int], Place] = {}

    def _next_to(self, taken: int) -> list[int]:
        """Per node, its neighbours over links clear of the track `taken`."""
        next_to = [0] * len(self.graph.nodes)
        for link in self.graph.links:
            if not link.mask & taken:
                next_to[link.a] |= 1 << link.b
                next_to[link.b] |= 1 << link.a
        return next_to

    def without(self, taken: int) -> Ceilings:
        """The same ceilings for a route on the track left once `taken` is taken (the places
        remembered are not shared)."""
        other = copy.copy(self)
        other.next_to = self._next_to(taken)
        other.places = {}
        other.by_reach = {}
        return other

    def most(self, v: int, met: int, tight: bool = False) -> int:
        """The most a route going on from v, having met `met`, can still add: the cheap
        ceiling, or the tight one; each found once per place."""
        known = self.places.get((v, met)) or self.place(v, met)
        if tight and not known[2]:
            return self.tighten(v, known)
        return known[0]

    def bound(self, v: int, met: int) -> int:
        """The most a route going on from v can still add (the best ceiling found so far)."""
        known = self.places.get((v, met))
        if known is None:
            return self._loose(v, self._reached(v, met))
        return known[0]

    def place(self, v: int, met: int) -> Place:
        """The entry of a place (end, stops met) not seen yet: its cheap ceiling."""
        if len(self.places) > self.kept:
            self.places.clear()
            self.by_reach.clear()
        reached = self._reached(v, met)
        entry = self.by_reach.get((v, reached))
        if entry is None:
            entry = self.by_reach[(v, reached)] = [self._loose(v, reached), reached, 0]
        self.places[(v, met)] = entry
        return entry

    def tighten(self, v: int, entry: Place) -> int:
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
        depth first (Hopcroft and Tarjan, see _Blocks); a block closes before the block
        holding its entry node, so `down`, per node, is the richest chain hanging below it
        once it is needed. With `span`, its first item is raised to the most a route passing
        only `inside` can pay from anywhere: its highest block (or node) with the two richest
        chains below."""
        blocks = _Blocks(self.next_to, self.pass_value, root, span is not None)
        blocks.search(inside)
        if span is not None:
            span[0] = max(span[0], blocks.span)
            for x in range(len(self.next_to)):
                if blocks.disc[x] >= 0:
                    both = self.pass_value[x] + blocks.down[x] + blocks.second[x]
                    if both > span[0]:
                        span[0] = both
        return blocks.down[root]


class _Blocks:
    """The depth-first search of _chain: per node, the richest chain of blocks below it
    (`down`), and with `spans`, the second richest (`second`) and the richest path through a
    block with the two chains below it (`span`)."""

    def __init__(self, next_to: list[int], pass_value: list[int], root: int, spans: bool):
        self.next_to, self.pass_value = next_to, pass_value
        self.disc = [-1] * len(next_to)
        self.low = self.disc.copy()
        self.down = [0] * len(next_to)
        self.second = [0] * len(next_to) if spans else self.down
        self.spans = spans
        self.span = 0
        self.root = root
        self.disc[root] = self.low[root] = 0
        self.pending = [root]  # nodes of blocks not closed yet, in the order found

    def search(self, inside: int) -> None:
        next_to, disc, low, pending = self.next_to, self.disc, self.low, self.pending
        pass_value, down, second, spans = self.pass_value, self.down, self.second, self.spans
        # The depth-first path above u: each node, with its neighbours not tried yet.
        path: list[tuple[int, int]] = []
        u = self.root
        todo = next_to[u] & inside
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
                return
            p, todo = path.pop()
            if low[u] < low[p]:
                low[p] = low[u]
            if low[u] >= disc[p]:  # u and what hangs below it, with p, make a block
                # (Closed here, not in a method: once per block, and most blocks are small.)
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
                if spans:
                    self.span = max(self.span, pass_value[p] + chain + runner)
                    if chain > down[p]:
                        second[p] = down[p]
                    elif chain > second[p]:
                        second[p] = chain
                if chain > down[p]:
                    down[p] = chain
            u = p
