"""The floor of a lone ∞ or D train: which of its routes can still matter (see search.py)."""

from __future__ import annotations

from referee.eighteen.combine import Index, greedy
from referee.eighteen.graph import TrackGraph
from referee.eighteen.listing import Candidate
from referee.eighteen.rules import Setup, passable, stop_values

CEILINGS_KEPT = 1_000_000  # remembered ceilings, at most (then forgotten and found again)


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
        through = passable(graph, setup)
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
        the richest chain of blocks it can pass (see _chain), and the best stop it could end
        at that pays only as an end."""
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
        best_end = 0
        ending = reached & self.pays_ending
        while ending:
            low = ending & -ending
            best_end = max(best_end, self.end_value[low.bit_length() - 1])
            ending ^= low
        return self._chain(v, (reached & through) | 1 << v) + best_end

    def _chain(self, root: int, inside: int) -> int:
        """The most the stops of `inside` can pay a route starting at `root` and passing only
        them. A route leaving a block (a piece with no single node whose loss cuts it) by one
        of its cut nodes never comes back to it, so it runs through one chain of blocks away
        from the root, and earns at most the stops of the richest chain. Blocks are found
        depth first (Hopcroft and Tarjan); a block closes before the block holding its entry
        node, so `down`, per node, is the richest chain hanging below it once it is needed."""
        next_to, pass_value = self.next_to, self.pass_value
        disc = {root: 0}
        low = {root: 0}
        down: dict[int, int] = {}
        pending = [root]  # nodes of blocks not closed yet, in the order found
        stack = [(root, next_to[root] & inside)]
        count = 0
        while stack:
            u, todo = stack[-1]
            if todo:
                bit = todo & -todo
                stack[-1] = (u, todo ^ bit)
                w = bit.bit_length() - 1
                if w in disc:
                    if disc[w] < low[u]:
                        low[u] = disc[w]
                    continue
                count += 1
                disc[w] = low[w] = count
                pending.append(w)
                stack.append((w, next_to[w] & inside))
                continue
            stack.pop()
            if not stack:
                break
            p = stack[-1][0]
            if low[u] < low[p]:
                low[p] = low[u]
            if low[u] >= disc[p]:  # u and what hangs below it, with p, make a block
                total = deeper = 0
                while True:
                    x = pending.pop()
                    total += pass_value[x]
                    deeper = max(deeper, down.get(x, 0))
                    if x == u:
                        break
                down[p] = max(down.get(p, 0), total + deeper)
        return down.get(root, 0)

    def found(self, value: int, mask: int, clash: tuple[int, ...]) -> None:
        picks = greedy(self.others, self.indexes, self.link_sets, mask, clash)
        answer = value + sum(self.others[k][i][0] for k, i in enumerate(picks) if i >= 0)
        self.best = max(self.best, answer)
