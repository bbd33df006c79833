"""Payouts: which market event a company's choice makes, and what each holder earns.

The games differ only in parameters: how a holding's share of the revenue is rounded
(`ROUNDINGS`) and where the dividends of shares no player holds go (`bank_held`: a holder
such as the initial offering or the pool -> "company" or "bank").
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

# per_share: each share earns the revenue // the shares (Lost Atlas ■17: revenues are
# multiples of 10, so exact; a remainder stays with the bank); per_holding: a holding earns
# revenue x its part // the whole (18xx.games: 1830 and the titles after it).
ROUNDINGS = ("per_share", "per_holding")


def event(how: str, revenue: int) -> str:
    """The market event of a payout (`how`: full, half or withhold): revenue 0 moves the price
    as a withhold does (18xx.games' dividend step; Lost Atlas ■16)."""
    if how == "withhold" or revenue == 0:
        return "withhold"
    return "half" if how == "half" else "pay"


def half(revenue: int, shares: int) -> tuple[int, int]:
    """(kept, paid) of a half payout: the company keeps half, rounded down to a multiple of
    its `shares` so that what is paid splits evenly (18xx.games' half dividend)."""
    kept = revenue // 2 // shares * shares
    return kept, revenue - kept


def earned(paid: int, held: int, whole: int, rounding: str) -> int:
    """What a holding of `held` parts of `whole` earns of `paid`."""
    if rounding == "per_share":
        return paid // whole * held
    return paid * held // whole


def payee(holder: str, players: Collection[str], company: str, bank_held: Mapping[str, str]) -> str:
    """Who is paid for `holder`'s shares: the player, the company, or "" (it stays in the bank)."""
    if holder in players:
        return holder
    return company if bank_held.get(holder) == "company" else ""


def dividends(
    paid: int,
    held: Mapping[str, int],
    whole: int,
    rounding: str,
    players: Collection[str],
    company: str,
    bank_held: Mapping[str, str],
) -> list[tuple[str, str, int]]:
    """(holder, payee, amount) for each holding that earns something, in `held`'s order."""
    out = []
    for holder, parts in held.items():
        amount = earned(paid, parts, whole, rounding)
        to = payee(holder, players, company, bank_held)
        if amount and to:
            out.append((holder, to, amount))
    return out
