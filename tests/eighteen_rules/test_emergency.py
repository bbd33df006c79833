"""Shared emergency buys (referee.eighteen_rules.emergency): Lost Atlas rules ■20 and a
title's emergency buy (`operating.sell_more_than_needed`, 18xx.games)."""

from __future__ import annotations

from referee.eighteen_rules import emergency


def test_only_a_company_without_a_train_falls_short__lost_atlas_rules_20() -> None:
    assert emergency.shortfall(300, has_train=True, cash=0) == 0
    assert emergency.shortfall(None, has_train=False, cash=0) == 0  # the bank sells none
    assert emergency.shortfall(300, has_train=False, cash=120) == 180
    assert emergency.shortfall(300, has_train=False, cash=400) == 0


def test_the_president_helps_toward_the_cheapest_train_only__lost_atlas_rules_20() -> None:
    assert emergency.only_the_cheapest(100, 100)
    assert not emergency.only_the_cheapest(200, 100)
    assert not emergency.only_the_cheapest(100, None)


def test_the_company_spends_all_first__18xx_emergency_buy() -> None:
    assert emergency.presidents_part(450, 130) == 320


def test_a_company_without_a_train_must_buy_one__lost_atlas_rules_20() -> None:
    """■20: a company ends its turn with a train if the deck or the pool sells one."""
    assert emergency.duty(False, "always") == "buy"
    assert emergency.duty(True, "always") == ""
    assert emergency.duty(False, "always", bank_sells=False) == ""


def test_a_title_says_when_a_company_must_own_a_train__operating_must_buy_train() -> None:
    """ "route": only a company with a route (the table's word); "never": no duty."""
    assert emergency.duty(False, "route") == "route"
    assert emergency.duty(True, "route") == ""
    assert emergency.duty(False, "never") == ""
