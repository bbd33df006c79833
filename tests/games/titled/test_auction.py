"""The sale of the private companies (title key [auction]; 18xx.games' waterfall auction)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.core.errors import RuleError
from referee.games.titled.play import actor
from tests.games.titled.helpers import TOY, after_1830_auction, edited, play, start


def test_waterfall_the_cheapest_is_bought_at_its_price_and_the_turn_passes() -> None:
    state, _events = play(start("1830", "A,B,C"), "A bid SV 20")
    assert state.privates["SV"] == "A" and state.cash["A"] == 780
    assert actor(state) == "B" and state.auction.left[0] == "CS"
    with pytest.raises(RuleError, match="bought for \\$40"):
        play(state, "B bid CS 45")


def test_waterfall_a_bid_is_face_value_or_the_best_bid_plus_min_raise() -> None:
    """1830 auction.min_raise = 5."""
    state = start("1830", "A,B,C")
    with pytest.raises(RuleError, match="at least \\$75.*1830 auction.min_raise"):
        play(state, "A bid DH 70")
    state, _ = play(state, "A bid DH 75")
    with pytest.raises(RuleError, match="at least \\$80"):
        play(state, "B bid DH 79")


def test_waterfall_all_bids_of_a_player_stay_within_his_cash() -> None:
    state, _ = play(start("1830", "A,B,C,D,E,F"), "A bid BO 300")  # A has 400
    with pytest.raises(RuleError, match="would pass his cash"):
        play(state, "B done", "C done", "D done", "E done", "F done", "A bid CA 165")
    state, _ = play(state, "B done", "C done", "D done", "E done", "F done", "A bid DH 75")
    assert [b.amount for bids in state.auction.bids.values() for b in bids] == [300, 75]


def test_waterfall_a_lone_bidder_gets_the_next_cheapest_when_it_comes_up() -> None:
    state, events = play(start("1830", "A,B,C"), "A bid CS 45", "B bid SV 20")
    assert state.privates["CS"] == "A" and state.cash["A"] == 800 - 45
    assert "A buys CS for $45" in [e.text for e in events]
    assert actor(state) == "C"


def test_waterfall_several_bidders_auction_the_private_lowest_bidder_first() -> None:
    state, _ = play(start("1830", "A,B,C"), "A bid CS 45", "B bid CS 50", "C bid SV 20")
    assert actor(state) == "A"  # the lowest bidder raises or drops out
    state, _ = play(state, "A bid CS 55")
    assert actor(state) == "B"
    state, _ = play(state, "B done")
    assert state.privates["CS"] == "A" and state.cash["A"] == 745 and state.cash["B"] == 800
    assert actor(state) == "A"  # the turn after C, who bought SV


def test_waterfall_when_all_pass_the_cheapest_gets_cheaper_and_at_zero_is_taken() -> None:
    """1830 auction.discount = 5; at 0 the last to pass must take it (18xx.games)."""
    state = start("1830", "A,B,C")
    for _ in range(3):
        state, _ = play(state, "A done", "B done", "C done")
    assert state.auction.discount == 15
    state, _ = play(state, "A bid SV 5")
    assert state.cash["A"] == 795
    state = start("1830", "A,B,C")
    for _ in range(4):
        state, _events = play(state, "A done", "B done", "C done")
    assert state.privates["SV"] == "C" and state.cash["C"] == 800


def test_waterfall_when_all_pass_after_the_cheapest_is_sold_the_privates_pay() -> None:
    state, _ = play(start("1830", "A,B,C"), "A bid SV 20", "B done", "C done", "A done")
    assert state.cash["A"] == 780 + 5 and state.bank == 12000 - 2400 + 20 - 5


def test_the_camden_and_amboy_and_the_baltimore_and_ohio_bring_certificates() -> None:
    """1830 privates[CA].gives_share, privates[BO].gives_president."""
    state = after_1830_auction()
    assert state.corps["PRR"].held == {"ipo": 90, "A": 10}
    bo = state.corps["B&O"]
    assert (bo.president, bo.par, bo.held["B"]) == ("B", 100, 20)
    assert state.round == "stock" and state.player == "C"


def test_the_par_price_of_a_company_that_came_with_a_private_is_due_at_once() -> None:
    state, _ = play(
        start("1830", "A,B,C"),
        "A bid SV 20",
        "B bid CS 40",
        "C bid DH 70",
        "A bid MH 110",
        "B bid CA 160",
        "C bid BO 220",
    )
    assert actor(state) == "C"
    with pytest.raises(RuleError, match="par price is due first"):
        play(state, "C done")
    with pytest.raises(RuleError, match="65 is not a par price"):
        play(state, "C par B&O 65")
    state, _ = play(state, "C par B&O 67")
    assert state.round == "stock" and state.player == "A"


def test_fixed_price_sale_any_private_at_face_until_all_pass() -> None:
    """toy-line auction.kind = fixed_price."""
    state, _ = play(start(TOY, "A,B"), "A done")
    with pytest.raises(RuleError, match="costs 30£"):
        play(state, "B bid P1 25")
    state, _ = play(state, "B bid P1 30")
    assert state.privates["P1"] == "B" and state.round == "stock" and state.player == "A"
    state, _ = play(start(TOY, "A,B"), "A done", "B done")
    assert state.privates["P1"] == "" and state.round == "stock"


def test_1889_privates_depend_on_the_player_count() -> None:
    """1889 privates[SIR].min_players = 3, privates[UTF].min_players = 4."""
    assert list(start("1889", "A,B").privates) == ["TR", "MF", "ER", "SMR", "DR"]
    assert "UTF" in start("1889", "A,B,C,D").privates


# 1889 for five: the bids of the recorded game hs_jmmljkbw_17502 (18xx.games): P3's buy of TR
# sells MF and ER to their lone bidders; SMR goes to a bid-off that P2 wins, and UTF, SIR
# and DR then go to their lone bidders, P4's UTF last. P3 acted last in turn.
OPENING_1889 = (
    "A bid DR 65",
    "B bid SMR 55",
    "C bid MF 35",
    "D bid UTF 155",
    "E bid SIR 85",
    "A bid SMR 60",
    "B bid ER 45",
    "C bid TR 20",
    "B bid SMR 65",
    "A done",
)


def test_the_priority_deal_goes_to_the_player_after_the_last_buyer() -> None:
    """auction.priority = after_last_buyer (the default: the printed rules' reading): D bought
    the last private (UTF, as its lone bidder), so E has the priority deal."""
    state, events = play(start("1889", "A,B,C,D,E"), *OPENING_1889)
    assert state.round == "stock" and actor(state) == "E"
    assert "D buys UTF for ¥155" in [e.text for e in events]


def test_the_priority_deal_may_go_to_the_player_next_in_turn() -> None:
    """auction.priority = next_in_turn (as 18xx.games plays its waterfall: the bids of a
    bid-off and the sales they bring take no turn): C acted last in turn, so D has it."""
    state = start("1889", "A,B,C,D,E")
    rules = replace(state.title.auction, priority="next_in_turn")
    state = edited(state, lambda d: setattr(d, "title", replace(d.title, auction=rules)))
    state, _ = play(state, *OPENING_1889)
    assert state.round == "stock" and actor(state) == "D"
