"""Shares changing hands as state changes: the certificates and the cash that a sale to the
pool or a purchase moves. Who may trade is `limits`, `pool` and `presidency`'s to say, where
the price goes `market`'s.

Both games: a seller's certificates go to the pool and the bank pays their price each (Lost
Atlas ■9, ■20; a title's sale); a buyer takes a certificate from the company's offering or the
pool and pays its price to the company or the bank (`pool.pays_the_company`). A game applies
the `Trade` to its own state: Lost Atlas counts a company in shares (one a certificate), a
title in percent (a certificate its `unit`).
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Trade:
    giver: str  # who gives the certificates up
    taker: str  # who takes them
    parts: int  # the company's parts that change hands (shares, or percent)
    payer: str
    payee: str
    amount: int


def given(giver: str, taker: str, parts: int) -> Trade:
    """`parts` change hands without payment (a private's share, a retired certificate, a
    bankrupt's holding)."""
    return Trade(giver, taker, parts, "", "", 0)


def sale(seller: str, pool: str, bank: str, count: int, price: int, unit: int = 1) -> Trade:
    """`seller`'s `count` certificates of `unit` parts go to the `pool`; the `bank` pays
    `price` for each."""
    return Trade(seller, pool, count * unit, bank, seller, count * price)


def purchase(buyer: str, source: str, price: int, payee: str, unit: int = 1) -> Trade:
    """`buyer` takes a certificate of `unit` parts from `source` (an offering or the pool)
    and pays `price` to `payee` (the company or the bank)."""
    return Trade(source, buyer, unit, buyer, payee, price)


def hand_over(held: MutableMapping[str, int], trade: Trade, keep_empty: bool = True) -> None:
    """The certificates of `trade` change hands in `held` (holder -> parts); a holder left
    with none keeps its entry at 0 unless not `keep_empty`."""
    held[trade.giver] = held.get(trade.giver, 0) - trade.parts
    if not keep_empty and held[trade.giver] == 0:
        del held[trade.giver]
    held[trade.taker] = held.get(trade.taker, 0) + trade.parts
