"""The other trains, seen from the lone ∞ or D train's walk (floor.py): their candidates, which
of them a walk's track clashes with, and the most they earn beside it."""

from __future__ import annotations

from operator import or_

from referee.eighteen.combine import Index, greedy
from referee.eighteen.table import Candidate

# Per other train, a bitset of its candidates that share track with a walk (bit i: its
# candidate i; an unindexed list clashes with nothing but its best).
Clash = tuple[int, ...]


class Others:
    """The other trains' candidate lists (best first), their indexes by track, and the most
    they earn together (`best`, their best combination)."""

    def __init__(
        self,
        lists: list[list[Candidate]],
        indexes: list[Index | None],
        link_sets: list[int],
        links: int,
        best: int,
    ) -> None:
        self.lists, self.indexes, self.link_sets = lists, indexes, link_sets
        self.best = best
        # An unindexed list (too long to index) counts as clashing with nothing but its best.
        by_link = [index.by_link if index else [0] * links for index in indexes]
        # Per other train, how many of its candidates can be picked (unindexed: its best).
        self.sizes = [index.every.bit_length() if index else 1 for index in indexes]
        # Per link, the candidates of each other train sharing its track (see clash()).
        self.by_link_column = [tuple(column[link] for column in by_link) for link in range(links)]
        self.no_clash: Clash = tuple(0 for _ in indexes)
        self.tops = [cands[0][0] if cands else 0 for cands in lists]
        self.all_indexed = all(index is not None for index in indexes)

    def clash(self, clash: Clash, link: int) -> Clash:
        """The other trains' candidates that share track with a walk, once it takes `link`."""
        return tuple(map(or_, clash, self.by_link_column[link]))

    def most_clear(self, clash: Clash) -> int:
        """The most the other trains can earn beside a walk clashing with `clash`: each its
        best candidate clear of it, together no more than their best combination."""
        total = 0
        for cands, size, clashing in zip(self.lists, self.sizes, clash, strict=True):
            # Its best candidate clear of the walk: the lowest bit clear in `clashing` (two
            # operations on these long bitsets, not four).
            first = (clashing ^ (clashing + 1)).bit_length() - 1
            if first < size:
                total += cands[first][0]
        # Each train's best alone may share track with another's: together they earn no more
        # than their best combination.
        return min(total, self.best)

    def greedy_beside(self, mask: int, clash: Clash) -> int:
        """What the other trains earn taking, in turn, their best candidates clear of a route
        on track `mask` (clashing with `clash`) and of each other: a real answer."""
        picks = greedy(self.lists, self.indexes, self.link_sets, mask, clash)
        return sum(self.lists[k][i][0] for k, i in enumerate(picks) if i >= 0)
