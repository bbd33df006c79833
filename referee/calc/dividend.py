"""The 18xx payout table: revenue per share, payouts per holding, and the stock move."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.engine import UsageError

GAMES_WITH_TRACK = ("lost-atlas",)


@dataclass(frozen=True)
class StockMove:
    old: int
    new: int
    steps: int  # +right / -left, as moved on the track (clamped at its ends)
    why: str


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
    move = stock_move(game, price, revenue, withhold) if price is not None else None
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


def stock_move(game: str, price: int, revenue: int, withhold: bool) -> StockMove:
    """The move the game's rule gives for paying out (or withholding) `revenue` at `price`."""
    if game not in GAMES_WITH_TRACK:
        raise UsageError(f"no stock track known for '{game}'", ", ".join(GAMES_WITH_TRACK))
    from referee.datafiles import load_table

    spaces: list[int] = load_table(game)["market"]["spaces"]
    if price not in spaces:
        raise UsageError(
            f"{price} is not a space of the {game} stock track",
            ", ".join(str(s) for s in spaces),
        )
    # Lost Atlas rules ■17 (pay out / withhold) and ■16 (no revenue: one step left).
    if withhold:
        steps, why = -1, "withheld: one step left (rules ■17)"
    elif revenue == 0:
        steps, why = -1, "no revenue: one step left (rules ■16)"
    elif revenue >= 2 * price:
        steps, why = 2, "revenue at least twice the price: two steps right (rules ■17)"
    elif revenue >= price:
        steps, why = 1, "revenue at least the price: one step right (rules ■17)"
    else:
        steps, why = 0, "revenue below the price: no move (rules ■17)"
    at = spaces.index(price)
    to = min(max(at + steps, 0), len(spaces) - 1)
    return StockMove(price, spaces[to], to - at, why)
