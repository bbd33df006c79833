"""What becomes of a bankrupt player's certificates and cash (`ASSETS`).

"sold": every certificate the pool may take is sold to it, the president's only when another
player takes the presidency, the price falling as for any sale; the cash goes to the bank
(18xx.games' bankrupt step; a title's `end.bankrupt_assets`). "to_pool": every certificate goes
to the pool unpaid and the cash to the bank (Lost Atlas ■20 is silent: they leave the game with
the player). "kept": nothing moves; the table settles it (a title saying nothing).
"""

from __future__ import annotations

from referee.eighteen_rules import pool

ASSETS = ("sold", "kept", "to_pool")


def leaving(assets: str, held: int, keep: int = 0, room: int = 0, unit: int = 1) -> int:
    """How many certificates of `unit` parts of one company leave a bankrupt holding `held`:
    with "sold", what the pool has `room` for beyond what the bankrupt must `keep`."""
    if assets == "kept":
        return 0
    if assets == "to_pool":
        return held // unit
    return pool.sellable(held, keep, room, unit)


def paid(assets: str) -> bool:
    """Whether the bank pays for the certificates leaving."""
    return assets == "sold"


def to_bank(assets: str, cash: int) -> int:
    """What of a bankrupt's `cash` goes to the bank: all of it, unless "kept"."""
    return 0 if assets == "kept" else cash
