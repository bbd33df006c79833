"""Emergency buys: a company without a train that cannot pay for one, its president helping.

Both games: only a company without a train is helped, and only toward the cheapest train the
bank sells (Lost Atlas ■20: of the deck or the pool; a title: 18xx.games' emergency buy); the
company spends all it has and the president pays the rest. The games differ in what counts
toward the need: Lost Atlas ■20 the company's and the president's cash (what shares must
raise); a title the company's (what the president must find, by `operating.sell_more_than_needed`
with or without his own cash first).
"""

from __future__ import annotations


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
