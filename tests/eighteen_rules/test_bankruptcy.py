"""A bankrupt's holdings (referee.eighteen_rules.bankruptcy): Lost Atlas rules ■20 and a
title's `end.bankrupt_assets`."""

from __future__ import annotations

from referee.eighteen_rules import bankruptcy


def test_a_bankrupts_shares_go_to_the_pool_unpaid__lost_atlas_rules_20() -> None:
    """■20 is silent; the referee's reading: they leave with the player, all to the pool."""
    assert bankruptcy.leaving("to_pool", 4) == 4
    assert not bankruptcy.paid("to_pool")
    assert bankruptcy.to_bank("to_pool", 130) == 130


def test_a_title_sells_what_the_pool_may_take__end_bankrupt_assets_sold() -> None:
    """1830-style: 40% held, the president's 20% kept, the pool has room for 10%: one sold."""
    assert bankruptcy.leaving("sold", 40, keep=20, room=10, unit=10) == 1
    assert bankruptcy.leaving("sold", 40, keep=0, room=50, unit=10) == 4
    assert bankruptcy.paid("sold")
    assert bankruptcy.to_bank("sold", 75) == 75


def test_a_title_saying_nothing_leaves_it_to_the_table__end_bankrupt_assets_kept() -> None:
    assert bankruptcy.leaving("kept", 40, room=50, unit=10) == 0
    assert bankruptcy.to_bank("kept", 75) == 0
