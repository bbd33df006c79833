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
        picks = greedy(self.others, self.indexes, self.link_sets, mask, clash)
        answer = value + sum(self.others[k][i][0] for k, i in enumerate(picks) if i >= 0)
        self.best = max(self.best, answer)
