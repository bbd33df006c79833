"""The 18xx payout table: revenue per share, payouts per holding, and the stock move.

The stock move is the game's own rule (`referee.games.stock_move`); this module only asks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from referee import games
from referee.core.errors import UsageError

if TYPE_CHECKING:
    from referee.core.engine import StockMove


@dataclass(frozen=True)
class Payout:
    revenue: int
    shares: int
    per_share: int
    remainder: int  # what rounding each share down leaves over
    holdings: list[tuple[int, int]]  # (shares held, payout)
    treasury: int = 0  # company's payout for its treasury shares
    pool: int = 0  # bank pool's payout (paid to nobody in most games; shown when asked)
    withheld: bool = False
    move: StockMove | None = None
    extra: dict[str, int] = field(default_factory=dict)


def payout_table(
    revenue: int,
    shares: int,
    *,
    treasury: int = 0,
    pool: int = 0,
    withhold: bool = False,
    price: int | None = None,
    game: str = "lost-atlas",
) -> Payout:
    if revenue < 0:
        raise UsageError(f"revenue must not be negative, not {revenue}")
    if not 1 <= shares <= 100:
        raise UsageError(f"a company has 1 to 100 shares, not {shares}")
    if treasury < 0 or pool < 0 or treasury + pool > shares:
        raise UsageError(
            f"treasury {treasury} and pool {pool} shares do not fit in {shares}",
            f"0 to {shares} together",
        )
    per_share = revenue // shares  # rounded down per share; the remainder is shown
    remainder = revenue - per_share * shares
    most = min(shares, max(3, (shares * 6 + 9) // 10))  # 1..6 of 10, 1..3 of 5
    holdings = [(n, n * per_share) for n in range(1, most + 1)]
    move = None if price is None else games.stock_move(game)(price, revenue, withhold)
    if withhold:
        return Payout(revenue, shares, per_share, remainder, holdings, withheld=True, move=move)
    return Payout(
        revenue,
        shares,
        per_share,
        remainder,
        holdings,
        treasury=treasury * per_share,
        pool=pool * per_share,
        move=move,
    )
