"""The bank pool: what a seller may put in it, and who is paid for a share bought.

Shares sold go to the pool in whole certificates, up to its limit (Lost Atlas ■4: 50%; a
title's `shares.pool_limit`). A president keeps the president's certificate unless the
presidency passes to another player (Lost Atlas ■9: it never does; a title, at bankruptcy,
when another player can take it), and in Lost Atlas's forced sale (■20) as many as the next
holder holds, so that the presidency does not change. A share bought from the pool pays the
bank; one bought from the company's own offering pays the company when it is capitalised
incrementally (Lost Atlas ■8: its treasury; a title's `shares.capitalisation`).
"""

from __future__ import annotations

CAPITALISATIONS = ("full", "incremental")


def kept(president: bool, certificate: int, passes: bool = False, next_holder: int = 0) -> int:
    """What a seller must keep of a company: nothing, unless the seller is its president and
    the presidency may not pass (`passes`); then the president's `certificate`, and as much as
    the `next_holder` holds where the presidency may not change hands."""
    if not president or passes:
        return 0
    return max(certificate, next_holder)


def sellable(held: int, keep: int, room: int, unit: int = 1) -> int:
    """How many certificates of `unit` a seller holding `held` may put in the pool: all but
    what the seller must `keep`, as far as the pool has `room` (see `limits.room`)."""
    return max(0, min(held - keep, room)) // unit


def pays_the_company(from_offering: bool, capitalisation: str) -> bool:
    """Whether a share bought pays its company (else the bank): bought from the company's own
    offering, when the company is capitalised incrementally."""
    return from_offering and capitalisation == "incremental"
