"""Rules a title turns on for one number of players ([players.variants.N]), written once for
any title: 18Chesapeake's two-player variant (its printed rules' section 13; 18xx.games
game.rb two_player?, share_pool.rb, round/stock.rb)."""

from __future__ import annotations

import pytest

from referee.games.titled.describe import describe, title_data
from referee.games.titled.holdings import certificates
from referee.games.titled.keys import TitleError
from referee.games.titled.state import IPO, OUT, POOL, State
from tests.games.titled.helpers import edited, play, start


def two_player_auction() -> State:
    """18Chesapeake for A and B: the privates bought at face value in turn; B's CV brings the
    certificate of the company drawn for it, LV, parred at 95. Stock round 1, A first."""
    state, _ = play(
        start("18Chesapeake", "A,B"),
        "A bid D&R 20",
        "B bid C-P 40",
        "A bid B&S 50",
        "B bid C&OC 80",
        "A bid B&OR 100",
        "B bid CV 200",
        "B par LV 95",
    )
    assert state.round == "stock" and state.player == "A"
    return state


def prr_floats() -> State:
    """A starts PRR at 80 and buys three more of it: 60%, and it floats. B's turn."""
    state, _ = play(two_player_auction(), "A par PRR 80", "A done")
    for _turn in range(3):
        state, _ = play(state, "B done", "A buy PRR", "A done")
    return state


def test_two_players_a_presidents_certificate_is_30_percent_but_the_drawn_companys() -> None:
    """players.variants.2 president_percent = 30, drawn_keeps_certificates (rules 13.1): with
    two players PRR's president's certificate is 30% (its price three times the par) and
    counts as one certificate; LV, drawn for CV, keeps its 20% one."""
    state = two_player_auction()
    assert state.corps["LV"].percent("B") == 20
    cash = state.cash["A"]
    state, _ = play(state, "A par PRR 80")
    assert state.corps["PRR"].percent("A") == 30 and state.corps["PRR"].percent(IPO) == 70
    assert state.cash["A"] == cash - 240
    assert certificates(state, "A") == 1 + 4  # PRR's president's certificate, four privates


def test_three_players_keep_the_companys_own_presidents_certificate() -> None:
    """players.variants.2 is for two players only: with three, PRR's is 20%."""
    state, _ = play(
        start("18Chesapeake", "A,B,C"),
        "A bid D&R 20",
        "B bid C-P 40",
        "C bid B&S 50",
        "A bid C&OC 80",
        "B bid B&OR 100",
        "C bid CV 200",
        "C par LV 95",
        "A par PRR 80",
    )
    assert state.corps["PRR"].percent("A") == 20


def test_two_players_a_company_floats_and_the_rest_of_its_shares_go_to_the_pool() -> None:
    """players.variants.2 float_sends_rest_to_pool (rules 13.2): PRR floats at 60% held and
    its 40% left in the initial offering goes to the pool."""
    state = prr_floats()
    prr = state.corps["PRR"]
    assert prr.floated and prr.cash == 800
    assert (prr.percent("A"), prr.percent(IPO), prr.percent(POOL)) == (60, 0, 40)


def test_two_players_a_non_presidents_buy_takes_one_pool_share_out_of_the_game() -> None:
    """players.variants.2 outside_buy_retires_pool_share (rules 13.3): B, not PRR's president,
    buys a PRR share from the pool and another leaves the pool and the game; A, its
    president, buys one and none leaves."""
    state = prr_floats()
    state, events = play(state, "B buy PRR pool")
    prr = state.corps["PRR"]
    assert (prr.percent("B"), prr.percent(POOL), prr.percent(OUT)) == (10, 20, 10)
    assert "a 10% PRR certificate leaves the pool and the game" in [e.text for e in events]
    state = edited(state, lambda d: d.corps["PRR"].held.update({"A": 50, POOL: 30}))
    state, _ = play(state, "B done", "A buy PRR pool")
    prr = state.corps["PRR"]
    assert (prr.percent("A"), prr.percent(POOL), prr.percent(OUT)) == (60, 20, 10)


def test_two_players_a_company_with_no_share_in_the_pool_rises_after_the_stock_round() -> None:
    """Rules 13.3 (ending the stock round): a floated company none of whose shares is in the
    pool rises at the end of the stock round, its retired shares counting for nothing."""
    state = prr_floats()
    state, _ = play(state, "B buy PRR pool", "B done", "A done", "B buy PRR pool")
    assert state.corps["PRR"].percent(POOL) == 0 and state.corps["PRR"].percent(OUT) == 20
    price = state.space(state.corps["PRR"]).price
    state, _ = play(state, "B done", "A done", "B done")
    assert state.round == "operating"
    assert state.space(state.corps["PRR"]).price > price


def test_a_variant_is_for_a_player_count_the_title_is_played_by() -> None:
    raw, _file = title_data("18Chesapeake")
    players = {**raw["players"], "variants": {"7": {"president_percent": 30}}}
    with pytest.raises(TitleError, match=r"players\.variants\.7: keys must be player counts"):
        describe({**raw, "players": players}, "t.toml")


def test_a_variants_presidents_certificate_is_a_whole_number_of_shares() -> None:
    raw, _file = title_data("18Chesapeake")
    players = {**raw["players"], "variants": {"2": {"president_percent": 25}}}
    with pytest.raises(TitleError, match="president_percent: cannot be 25 for PRR"):
        describe({**raw, "players": players}, "t.toml")


def test_a_variants_rule_is_a_known_key() -> None:
    raw, _file = title_data("18Chesapeake")
    players = {**raw["players"], "variants": {"2": {"presidents_percent": 30}}}
    with pytest.raises(TitleError, match="is not a key of this table"):
        describe({**raw, "players": players}, "t.toml")


def test_title_check_names_the_rules_a_number_of_players_turns_on() -> None:
    """`referee title check` says what [players.variants.N] turns on, by key."""
    from referee.games.titled.describe import load_title
    from referee.games.titled.summary import summary

    said = summary(load_title("18Chesapeake"))
    assert (
        "  rules for 2 players ([players.variants.2]): president_percent = 30,"
        " drawn_keeps_certificates, float_sends_rest_to_pool, outside_buy_retires_pool_share"
    ) in said.splitlines()
    assert "players.variants" not in summary(load_title("1830"))
