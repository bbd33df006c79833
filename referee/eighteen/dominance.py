"""Dominance for the lone ∞ or D train's walk (floor.py, listing.py): a walk that comes back to a
place (end, stops met) already walked on, with no more to offer anyone, is dropped."""

from __future__ import annotations

from bisect import bisect_left
from operator import and_

from referee.eighteen.ceilings import Ceilings
from referee.eighteen.config import SearchConfig
from referee.eighteen.graph import TrackGraph
from referee.eighteen.others import Clash, Others
from referee.eighteen.table import Candidate

# A walk remembered at a place: the track it took (once the place's future is known, only that
# the walk can still use), its clashes with the other trains' candidates that mattered, its
# value, whether it met a token, its start's order (see listing.py). (A plain tuple: compared
# in a loop, where a NamedTuple unpacks at a third of the speed.)
Walked = tuple[int, Clash, int, bool, int]


def _falling(candidate: Candidate) -> int:
    return -candidate[0]


class Dominance:
    """The walks remembered per place, and whether a new one is beaten by one of them."""

    def __init__(
        self, graph: TrackGraph, ceilings: Ceilings, others: Others, config: SearchConfig
    ) -> None:
        self.ceilings, self.others = ceilings, others
        self.after, self.kept, self.per_place = (
            config.dominate_after,
            config.walks_kept,
            config.walks_per_place,
        )
        # Per place: the track the walk may still use there (-1 until a second walk comes),
        # and the walks remembered.
        self.walks: dict[tuple[int, int], tuple[int, list[Walked]]] = {}
        self.walks_kept = 0
        self.walked = 0
        self.can_dominate = others.all_indexed
        self.link_ends = [(1 << link.a | 1 << link.b, link.mask) for link in graph.links]
        self.relevant_at = -1
        self.relevant: dict[int, Clash] = {}

    def relevance(self, reach: int, best: int) -> Clash:
        """Per other train, its candidates that can still be in a better answer than `best`
        with a route of this train worth at most `reach` (a prefix of its list, best first):
        worth more than `best` less `reach` and the other trains at their best."""
        if self.relevant_at != best:
            self.relevant_at = best
            self.relevant.clear()
        relevant = self.relevant.get(reach)
        if relevant is None:
            tops = self.others.tops
            total = sum(tops)
            counts = (
                bisect_left(cands, reach + total - tops[k] - best, key=_falling)
                for k, cands in enumerate(self.others.lists)
            )
            relevant = self.relevant[reach] = tuple((1 << count) - 1 for count in counts)
        return relevant

    def dominated(
        self,
        v: int,
        met: int,
        mask: int,
        clash: Clash,
        value: int,
        token: bool,
        order: int,
        best: int,
    ) -> bool:
        """Whether a walk at v, having met `met`, can be left alone because another one was
        walked on from the same place: worth as much, from a start walked no later (`order`,
        see listing.py; both met a token, or this one has not), with no more of the track
        the walk can still use taken, and clashing with none of the other trains' candidates
        that can still matter that this one does not clash with. Whatever follows this walk
        follows that one, for as much, leaving the other trains as much. Otherwise the walk is
        remembered."""
        self.walked += 1
        if not self.can_dominate or self.walked <= self.after * len(self.ceilings.places):
            return False
        key = (v, met)
        relevant = self.relevance(value + self.ceilings.bound(v, met), best)
        place = self.walks.get(key)
        if place is None:  # the first walk here (most of a short search): just remembered
            if self.walks_kept > self.kept:
                self.walks.clear()
                self.walks_kept = 0
            kept = tuple(map(and_, clash, relevant))
            self.walks[key] = (-1, [(mask, kept, value, token, order)])
            self.walks_kept += 1
            return False
        future, seen = place
        if future < 0:
            future, seen = self._future(key)
        mine = mask & future
        # Per other train, its candidates that still matter and that this walk leaves free.
        fresh = tuple(matters & ~ours for ours, matters in zip(clash, relevant, strict=True))
        if _beaten(seen, mine, value, order, token, fresh):
            return True
        if len(seen) < self.per_place:
            kept = tuple(map(and_, clash, relevant))
            seen.append((mine, kept, value, token, order))
            self.walks_kept += 1
        return False

    def _future(self, key: tuple[int, int]) -> tuple[int, list[Walked]]:
        """The track of the links a walk at this place may still take: between stops not met
        yet, or from its end to one. Only that of the walks remembered here is compared."""
        v, met = key
        future = 0
        open_ = ~met | 1 << v
        for ends, link_mask in self.link_ends:
            if not ends & ~open_:
                future |= link_mask
        seen = [(walk[0] & future, *walk[1:]) for walk in self.walks[key][1]]
        self.walks[key] = (future, seen)
        return future, seen


def _beaten(
    seen: list[Walked], mine: int, value: int, order: int, token: bool, fresh: Clash
) -> bool:
    """Whether a walk remembered here took no more of the future track (`mine`), is worth as
    much, started no later, met a token if this one did, and clashes with none of `fresh`."""
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
        return False
    for other_mask, other_clash, other_value, other_token, other_order in seen:
        if (
            not other_mask & ~mine
            and other_value >= value
            and other_order <= order
            and (other_token or not token)
            and not any(map(and_, other_clash, fresh))
        ):
            return True
    return False
