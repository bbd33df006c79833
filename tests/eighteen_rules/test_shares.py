"""Shares changing hands (referee.eighteen_rules.shares): Lost Atlas rules ■8, ■9 and ■20, a
title's `shares.capitalisation` and sales to the pool."""

from __future__ import annotations

from referee.eighteen_rules import shares


def test_a_sale_puts_the_shares_in_the_pool_and_the_bank_pays__lost_atlas_rules_9() -> None:
    """■9: 2 shares at 70 go to the pool; the bank pays 140; the seller left with none drops."""
    sold = shares.sale("Ann", "pool", "bank", 2, 70)
    assert (sold.payer, sold.payee, sold.amount) == ("bank", "Ann", 140)
    held = {"Ann": 2, "Bob": 3}
    shares.hand_over(held, sold, keep_empty=False)
    assert held == {"Bob": 3, "pool": 2}


def test_a_title_sells_certificates_of_its_unit__shares_pool_limit() -> None:
    """1830: two 10% certificates at 90 are 20% to the pool and 180 from the bank; a title
    keeps the seller's entry at 0."""
    sold = shares.sale("Ann", "pool", "", 2, 90, unit=10)
    held = {"ipo": 50, "Ann": 20, "Bob": 30}
    shares.hand_over(held, sold)
    assert held == {"ipo": 50, "Ann": 0, "Bob": 30, "pool": 20}
    assert sold.amount == 180


def test_a_share_bought_pays_whom_the_game_says__lost_atlas_rules_8() -> None:
    """■8: a share from the company's treasury pays the company; one from the pool the bank."""
    bought = shares.purchase("Ann", "treasury", 80, "Alpha")
    assert (bought.giver, bought.taker, bought.parts) == ("treasury", "Ann", 1)
    assert (bought.payer, bought.payee, bought.amount) == ("Ann", "Alpha", 80)
    held = {"treasury": 1}
    shares.hand_over(held, bought, keep_empty=False)
    assert held == {"Ann": 1}


def test_shares_given_move_without_payment__lost_atlas_rules_20() -> None:
    """■20 (rules silent, the referee's reading): a bankrupt's shares go to the pool unpaid."""
    given = shares.given("Ann", "pool", 3)
    assert (given.amount, given.parts) == (0, 3)
    held = {"Ann": 3, "pool": 1}
    shares.hand_over(held, given, keep_empty=False)
    assert held == {"pool": 4}
