"""The Lost Atlas stock track: where a price moves when a company pays out or withholds.

Kept free of the rest of the game so that `referee dividend --game lost-atlas` loads only this.
"""

from __future__ import annotations

from referee.core.engine import StockMove, UsageError
from referee.eighteen_rules import market
from referee.games.lost_atlas import data
from referee.games.lost_atlas.data import PAY_MULTIPLES, space, spaces
from referee.i18n import N_, _


def stock_move(price: int, revenue: int, withhold: bool) -> StockMove:
    """The move rules ■16 and ■17 give for paying out (or withholding) `revenue` at `price`;
    its `why` is the English message, said through the catalog where it is shown."""
    if price not in spaces():
        raise UsageError(
            _("{price} is not a space of the lost-atlas stock track").format(price=price),
            ", ".join(str(s) for s in spaces()),
        )
    event, times = "pay", market.steps_by_revenue(price, revenue, PAY_MULTIPLES)
    if withhold:
        event, times, why = "withhold", 1, N_("withheld: one step left (rules ■17)")
    elif revenue == 0:
        event, times, why = "withhold", 1, N_("no revenue: one step left (rules ■16)")
    elif times == 2:
        why = N_("revenue at least twice the price: two steps right (rules ■17)")
    elif times == 1:
        why = N_("revenue at least the price: one step right (rules ■17)")
    else:
        why = N_("revenue below the price: no move (rules ■17)")
    at = space(price)
    to = market.move(data.market(), at, event, times)
    return StockMove(price, to.price, to.column - at.column, why)
