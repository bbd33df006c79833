"""Shared payouts (referee.eighteen_rules.payout): Lost Atlas rules ■16/■17 and a title's
`shares.ipo_pays`, `shares.pool_pays` and `operating.payouts` keys."""

from __future__ import annotations

from referee.eighteen_rules import payout
from referee.games.titled.describe import load_title


def test_no_revenue_moves_as_a_withhold__lost_atlas_rules_16() -> None:
    assert payout.event("full", 0) == "withhold"
    assert payout.event("withhold", 50) == "withhold"
    assert (payout.event("full", 50), payout.event("half", 50)) == ("pay", "half")


def test_lost_atlas_pays_per_share_rounded_down__rules_17() -> None:
    """■17: revenue // shares a share (a remainder of a custom card stays in the bank)."""
    assert payout.earned(105, 3, 5, "per_share") == 63  # 21 a share
    assert payout.earned(105, 3, 5, "per_holding") == 63
    assert payout.earned(107, 3, 10, "per_share") == 30
    assert payout.earned(107, 30, 100, "per_holding") == 32  # 1830: per holding of 30%


def test_lost_atlas_treasury_pays_the_company_the_pool_nobody__rules_17() -> None:
    held = {"A": 3, "treasury": 1, "pool": 1}
    bank_held = {"treasury": "company", "pool": "bank"}
    paid = payout.dividends(100, held, 5, "per_share", {"A"}, "Minor", bank_held)
    assert paid == [("A", "A", 60), ("treasury", "Minor", 20)]


def test_1830_pool_pays_the_company_ipo_the_bank__shares_pool_pays_ipo_pays() -> None:
    shares = load_title("1830").shares
    bank_held = {"ipo": shares.ipo_pays, "pool": shares.pool_pays}
    held = {"A": 60, "ipo": 20, "pool": 20}
    paid = payout.dividends(110, held, 100, "per_holding", {"A"}, "PRR", bank_held)
    assert paid == [("A", "A", 66), ("pool", "PRR", 22)]


def test_half_keeps_half_rounded_to_split_evenly__operating_payouts_half() -> None:
    assert payout.half(150, 10) == (70, 80)
    assert payout.half(100, 5) == (50, 50)
