"""A second certificate bought in one stock-round turn, which only a company priced in a
`multiple_buy` zone allows (checked before this, with the rest of a turn's buys).

They must be of the company bought first in the turn: the zone lets a player buy more than one
of *its* shares (18xx.games: no multiple buy after buying another company). Where they may come
from is the title's `shares.multiple_buy_from`: 1830 takes them from the pool only (18xx.games'
default for 1830, the Lookout edition's rule; its optional rule lets the initial offering sell
them too).
"""

from __future__ import annotations

from referee.core.rules_kit import Judge
from referee.games.titled.common import SR, key
from referee.games.titled.moves import Buy
from referee.games.titled.state import POOL, State
from referee.i18n import _


def multiple_buy(state: State, move: Buy, judge: Judge) -> None:
    """Check a buy that follows another in the same turn."""
    first = state.turn.did("buy")[0]
    judge.rule(
        move.company == first,
        _("only more of {company} this turn: a multiple buy is of one company").format(
            company=first
        ),
        SR,
    )
    if state.title.shares.multiple_buy_from == "pool":
        judge.rule(
            move.source == POOL,
            _("a second {company} certificate in a turn comes from the pool only").format(
                company=move.company
            ),
            key(state, "shares.multiple_buy_from"),
        )
