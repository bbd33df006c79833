"""Trains as the route search sees them: how many stops they count and how they are paid."""

from __future__ import annotations

from dataclasses import dataclass

from referee.core.engine import UsageError
from referee.i18n import _

UNLIMITED = ("D", "∞", "inf", "infinity", "u")


@dataclass(frozen=True)
class Train:
    name: str
    distance: int  # stops counted; 0 = all
    diesel: bool = False  # a D train collects the off-boards' diesel value where printed
    rusted: bool = False  # runs once more (Resourceful)
    towns_free: bool = False  # towns do not count toward its distance; it still pays them
    multiplier: int = 1  # its cities and off-boards pay this many times their value (18AL's 4D)
    earns: frozenset[int] = frozenset()  # the route bonuses it may take (rules.Bonuses.routes)

    def limit(self) -> int:
        return self.distance if self.distance else 1 << 30

    @property
    def second_column(self) -> bool:
        """Whether it is paid other values than the printed ones: a D train's diesel values,
        or a train that multiplies its cities' (the route table's second column)."""
        return self.diesel or self.multiplier != 1


def parse_trains(text: str) -> list[Train]:
    """'4,4', '3,D', '7,∞', '2r' (a rusted 2-train kept by Resourceful)."""
    trains: list[Train] = []
    for word in (w.strip() for w in text.split(",")):
        if not word:
            continue
        rusted = word.endswith("r")
        base = word[:-1] if rusted else word
        if base in UNLIMITED:
            trains.append(Train(base, 0, diesel=base == "D", rusted=rusted))
        elif base.isdigit() and int(base) >= 1:
            trains.append(Train(base, int(base), rusted=rusted))
        else:
            raise UsageError(
                _("unknown train '{word}'").format(word=word),
                _("a number of stops, D or ∞, e.g. 4,4 or 5,D"),
            )
    if not trains:
        raise UsageError(_("no trains given"), _("e.g. --trains 4,4"))
    return trains
