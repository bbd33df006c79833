"""The floor of a lone ∞ or D train: which of its routes can still matter (see search.py).

Three parts: its own ceilings (ceilings.py), the other trains beside it (others.py), and
walks left alone because another one did as well (dominance.py); the floor itself is the
best answer known, shared with a second process while the walk is shared (cores.py)."""

from __future__ import annotations

from referee.eighteen.ceilings import Ceilings
from referee.eighteen.config import SearchConfig
from referee.eighteen.cores import Shared
from referee.eighteen.dominance import Dominance
from referee.eighteen.graph import TrackGraph
from referee.eighteen.others import Clash, Others
from referee.eighteen.rules import Setup


class Floor:
    """For the one train that counts every stop (∞ or D), when it is the only one: list only
    the routes worth more than `value`, and walk on only while a route could still lift the
    answer. Any route found, with the other trains' greedy best on the track it leaves, is a
    real answer (`best`); no route worth `best` minus the most the others can earn together
    or less can be in a better one, so the floor rises as the walk goes."""

    def __init__(
        self,
        graph: TrackGraph,
        setup: Setup,
        diesel: bool,
        others: Others,
        config: SearchConfig,
    ) -> None:
        self.diesel = diesel
        self.others = others
        self.reach = Ceilings(graph, setup, diesel, config)
        self.dominance = Dominance(graph, self.reach, others, config)
        self.tight_after = config.tight_after
        self.best = others.best  # this train running nothing
        self.shared: Shared | None = None  # the best answer, shared with a child walking too

    @property
    def value(self) -> int:
        return self.best - self.others.best

    def ceiling(self, value: int, v: int, met: int, clash: Clash, ends: int) -> int:
        """The best answer a walk worth `value` so far, at v, could still go on to: what it can
        reach, plus the most the other trains can earn on the track it leaves; 0 if it can
        reach none of the stops it may end at (`ends`). (Not computed in full when it cannot
        beat the best answer known.)"""
        reach = self.reach
        known = reach.places.get((v, met)) or reach.place(v, met)
        if not known[1] & ends:
            return 0
        total = value + known[0]
        others_best = self.others.best
        if total + others_best <= self.best:
            return total + others_best
        others = self.others.most_clear(clash)
        if total + others > self.best and not known[2] and len(reach.places) > self.tight_after:
            # The cheap ceiling is not enough: the tight one, once per place.
            total = value + reach.tighten(v, known)
        return total + others

    def found(self, value: int, mask: int, clash: Clash) -> None:
        """A route worth `value` on track `mask`: with the others beside it, a real answer."""
        self.best = max(self.best, value + self.others.greedy_beside(mask, clash))

    def meet(self) -> None:
        """While the walk is shared: the best answer either process has found, on both."""
        if self.shared is not None:
            self.best = self.shared.meet(self.best)
