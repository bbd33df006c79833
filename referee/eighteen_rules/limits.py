"""Certificate and holding limits: what counts toward them and how much room is left.

A game gives its limits as parameters: Lost Atlas ■4 a player's 60% and the pool's 50% of a
company, counted in shares (no certificate limit); a title its `shares.holding_limit`,
`shares.pool_limit` (percent) and `players.certificate_limit`, with market zones exempting.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


def share_limit(size: int, percent: int) -> int:
    """A limit of `percent` of a company of `size` shares, in whole shares, rounded down
    (Lost Atlas ■4: 60% of a minor's 5 is 3)."""
    return size * percent // 100


def within(held: int, limit: int, exempt: bool = False) -> bool:
    """Whether holding `held` keeps within `limit` (or a zone `exempt`s it)."""
    return exempt or held <= limit


def room(limit: int, held: int) -> int:
    """How much more may go where `held` is held, up to `limit` (never below 0)."""
    return max(limit - held, 0)


@dataclass(frozen=True)
class Holding:
    """A player's holding of one company, for the certificate count."""

    held: int  # in the company's parts (percent for a title)
    unit: int  # the parts of one ordinary certificate
    president: int = 0  # the parts of the president's certificate, if the player holds it
    exempt: bool = False  # its market zone takes it out of the count


def certificates(holdings: Iterable[Holding], privates: int = 0) -> int:
    """The certificates that count toward a player's limit: the president's certificate is
    one, each ordinary certificate one, and each private that counts (18xx.games num_certs)."""
    count = privates
    for h in holdings:
        if not h.held or h.exempt:
            continue
        if h.president:
            count += 1 + (h.held - h.president) // h.unit
        else:
            count += h.held // h.unit
    return count
