"""The Lost Atlas stock track: where a price moves when a company pays out or withholds.

Kept free of the rest of the game so that `referee dividend --game lost-atlas` loads only this.
"""

from __future__ import annotations

from referee.core.engine import StockMove, UsageError
from referee.games.lost_atlas.data import spaces
from referee.i18n import N_, _


def stock_move(price: int, revenue: int, withhold: bool) -> StockMove:
    """The move rules ■16 and ■17 give for paying out (or withholding) `revenue` at `price`;
    its `why` is the English message, said through the catalog where it is shown."""
    track = spaces()
    if price not in track:
        raise UsageError(
            _("{price} is not a space of the lost-atlas stock track").format(price=price),
            ", ".join(str(s) for s in track),
        )
    if withhold:
        steps, why = -1, N_("withheld: one step left (rules ■17)")
    elif revenue == 0:
        steps, why = -1, N_("no revenue: one step left (rules ■16)")
    elif revenue >= 2 * price:
        steps, why = 2, N_("revenue at least twice the price: two steps right (rules ■17)")
    elif revenue >= price:
        steps, why = 1, N_("revenue at least the price: one step right (rules ■17)")
    else:
        steps, why = 0, N_("revenue below the price: no move (rules ■17)")
    at = track.index(price)
    to = min(max(at + steps, 0), len(track) - 1)
    return StockMove(price, track[to], to - at, why)
