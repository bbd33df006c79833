"""Emergency buys: a company without a train that cannot pay for one, its president helping.

Both games: only a company without a train is helped, and only toward the cheapest train the
bank sells (Lost Atlas ■20: of the deck or the pool; a title: 18xx.games' emergency buy); the
company spends all it has and the president pays the rest. The games differ in what counts
toward the need: Lost Atlas ■20 the company's and the president's cash (what shares must
raise); a title the company's (what the president must find, by `operating.sell_more_than_needed`
with or without his own cash first).
"""

from __future__ import annotations

# What a company ending its turn without a train is held to (a title's
# `operating.must_buy_train`; Lost Atlas ■20: always, when the deck or the pool sells one).
MUST_OWN = ("always", "route", "never")


def duty(has_train: bool, must_own: str, bank_sells: bool = True) -> str:
    """What a company ending its turn must do about trains: "buy" (it has none, and must own
    one), "route" (it must buy one only if it has a route, which the table settles), or "" (it
    has a train, the bank sells none, or its game asks nothing)."""
    if has_train or not bank_sells or must_own == "never":
        return ""
    return "buy" if must_own == "always" else "route"


def shortfall(cheapest: int | None, has_train: bool, cash: int) -> int:
    """What a company without a train lacks, with `cash`, for the cheapest train (`cheapest`;
    None: the bank sells none): 0 if it has a train or can pay."""
    if cheapest is None or has_train:
        return 0
    return max(cheapest - cash, 0)


def only_the_cheapest(price: int, cheapest: int | None) -> bool:
    """Whether a train of `price` is one the president may help buy: the cheapest for sale."""
    return cheapest is not None and price <= cheapest


def presidents_part(price: int, company_cash: int) -> int:
    """What the president pays toward a train of `price`: all the company has goes first."""
    return price - company_cash
