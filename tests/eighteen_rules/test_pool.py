"""The shared bank pool (referee.eighteen_rules.pool): Lost Atlas rules ■4, ■8, ■9, ■20 and
a title's `shares.pool_limit`, `shares.capitalisation` and `end.bankrupt_assets`."""

from __future__ import annotations

from referee.eighteen_rules import pool


def test_a_president_never_sells_the_presidents_certificate__lost_atlas_rules_9() -> None:
    """3 shares held, the certificate is 2: one may go to the pool."""
    keep = pool.kept(president=True, certificate=2)
    assert keep == 2
    assert pool.sellable(held=3, keep=keep, room=5) == 1
    assert pool.kept(president=False, certificate=2) == 0


def test_a_forced_sale_changes_no_president__lost_atlas_rules_20() -> None:
    """The president keeps as many as the next holder: 4 held, another holds 3, 1 is sold."""
    keep = pool.kept(president=True, certificate=2, next_holder=3)
    assert keep == 3
    assert pool.sellable(held=4, keep=keep, room=5) == 1


def test_the_pool_holds_at_most_50_percent__lost_atlas_rules_4() -> None:
    """A minor's pool takes 2 of its 5 shares: with 1 there, 1 more of the 3 a player sells."""
    assert pool.sellable(held=3, keep=0, room=1) == 1
    assert pool.sellable(held=3, keep=0, room=0) == 0
    assert pool.sellable(held=2, keep=3, room=5) == 0  # never below nothing


def test_a_bankrupt_president_sells_his_certificate_when_another_takes_it__bankrupt_assets() -> (
    None
):
    """end.bankrupt_assets = "sold": a title's 20% certificate goes too when an heir exists;
    counted in whole 10% certificates as far as the pool's room (shares.pool_limit) goes."""
    assert pool.kept(president=True, certificate=20, passes=True) == 0
    assert pool.sellable(held=40, keep=0, room=50, unit=10) == 4
    assert pool.sellable(held=40, keep=20, room=50, unit=10) == 2
    assert pool.sellable(held=40, keep=0, room=25, unit=10) == 2


def test_a_share_from_the_treasury_pays_the_company__lost_atlas_rules_8() -> None:
    assert pool.pays_the_company(from_offering=True, capitalisation="incremental")
    assert not pool.pays_the_company(from_offering=False, capitalisation="incremental")


def test_full_capitalisation_pays_the_bank__shares_capitalisation() -> None:
    assert not pool.pays_the_company(from_offering=True, capitalisation="full")
    assert pool.CAPITALISATIONS == ("full", "incremental")
