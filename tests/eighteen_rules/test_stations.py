"""What a station token costs (referee.eighteen_rules.stations): Lost Atlas rules ■15 and ■22,
a title's `companies.X.tokens`."""

from __future__ import annotations

from referee.eighteen_rules import stations
from referee.games.titled.describe import load_title


def test_a_titles_tokens_cost_in_order__companies_tokens() -> None:
    """1830: the token after the home one costs the second of the company's tokens."""
    tokens = load_title("1830").companies[0].tokens
    assert stations.next_cost(tokens[1:]) == tokens[1]


def test_a_token_of_the_cost_typed__lost_atlas_rules_22() -> None:
    """■22: a merged company's token on the free circle costs 0; typed 0, it is the one taken;
    a token of a fixed cost not typed: the first left."""
    assert stations.next_cost([0, 40], typed=40) == 40
    assert stations.next_cost([0, 40], typed=0) == 0
    assert stations.next_cost([40, 0], typed=60) == 40


def test_a_cost_printed_on_the_tile_is_typed__lost_atlas_rules_15() -> None:
    """■15: a station costs what its tile prints ($20, $40): the player types it."""
    assert stations.next_cost([stations.PRINTED, 40], typed=70) == stations.PRINTED
    assert stations.next_cost([stations.PRINTED, 40], typed=40) == 40
