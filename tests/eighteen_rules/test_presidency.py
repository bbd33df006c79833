"""The shared presidency (referee.eighteen_rules.presidency): Lost Atlas rules ■4 and ■20,
and a title's presidency change on a sale or a buy (`shares.president_may_leave`)."""

from __future__ import annotations

from referee.eighteen_rules.presidency import successor

SEATS = ["Ann", "Bob", "Cy", "Dee"]


def test_more_than_the_president_takes_the_presidency__lost_atlas_rules_4() -> None:
    assert successor("Ann", 2, SEATS, {"Bob": 3, "Cy": 1}) == "Bob"
    assert successor("Ann", 3, SEATS, {"Bob": 3, "Cy": 1}) == ""  # as many is not more


def test_a_tie_goes_to_the_first_clockwise_from_the_president__lost_atlas_rules_4() -> None:
    assert successor("Cy", 2, SEATS, {"Ann": 3, "Bob": 3, "Dee": 3}) == "Dee"
    assert successor("Bob", 2, SEATS, {"Ann": 3, "Dee": 3}) == "Dee"
    assert successor("Dee", 2, SEATS, {"Ann": 3, "Bob": 3}) == "Ann"


def test_a_bankrupt_presidents_company_passes_to_the_holder_with_most__lost_atlas_rules_20() -> (
    None
):
    """The bankrupt left the game: only the remaining holders may take it, whatever he held."""
    assert successor("Bob", 0, SEATS, {"Ann": 1, "Dee": 1}) == "Dee"


def test_a_title_asks_the_heir_to_hold_the_presidents_certificate__president_may_leave() -> None:
    assert successor("Ann", 10, SEATS, {"Bob": 10, "Cy": 0}, at_least=20) == ""
    assert successor("Ann", 10, SEATS, {"Bob": 20, "Cy": 20}, at_least=20) == "Bob"


def test_nobody_else_holds_or_the_president_is_not_seated__shares_buy() -> None:
    assert successor("Ann", 20, SEATS, {}) == ""
    assert successor("Ann", 20, SEATS, {"Ann": 60}) == ""  # the president is not an heir
    assert successor("", 0, SEATS, {"Cy": 10}) == "Cy"  # a company without a president
