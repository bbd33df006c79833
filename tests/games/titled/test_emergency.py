"""An emergency train bought from another company (the title's
operating.emergency_from_companies) and a bankrupt player's holdings (end.bankrupt_assets)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.core.errors import RuleError
from referee.games.titled.state import IPO, POOL, State
from tests.games.titled.helpers import edited, play
from tests.games.titled.test_operating import broke, or_1830


def nyc_with_a_2(draft: State) -> None:
    """PRR broke (see `broke`); NYC started by D at 100 and owning a 2 train, with $0."""
    broke(draft)
    corp = draft.corps["NYC"]
    corp.par, corp.president, corp.row, corp.column = 100, "D", 0, 6
    corp.held.update({IPO: 80, "D": 20})
    corp.trains.append("2")
    draft.depot["2"] -= 1
    draft.bought_kinds.append("2")


def test_1830_emergency_from_a_company_for_up_to_face_value_the_president_paying() -> None:
    """1830 operating.emergency_from_companies = true: PRR ($50, no train) buys NYC's 2 for
    $80 (its face value); C, its president, pays the $30 PRR lacks."""
    state = edited(or_1830(), nyc_with_a_2)
    with pytest.raises(RuleError, match="costs at most \\$80.*1830 .*operating.emergency_from"):
        play(state, "C train 2 from NYC 81")
    poor = edited(state, lambda d: (d.cash.update({"C": 20}), setattr(d, "bank", d.bank + 20)))
    with pytest.raises(RuleError, match="C has \\$20 of the \\$30 PRR lacks"):
        play(poor, "C train 2 from NYC 80")
    total = state.money_total()
    state, events = play(state, "C train 2 from NYC 80")
    assert (state.corps["PRR"].cash, state.cash["C"], state.corps["NYC"].cash) == (0, 10, 80)
    assert state.corps["PRR"].trains == ["2"] and state.corps["NYC"].trains == []
    assert "C pays $30 toward PRR's train" in [e.text for e in events]
    assert state.money_total() == total


def test_without_the_rule_a_company_pays_another_only_from_its_own_cash() -> None:
    """1889 operating.emergency_from_companies = false (18xx.games EBUY_OTHER_VALUE false): the
    company buys from another within its own cash, the president gives nothing."""
    state = edited(or_1830(), nyc_with_a_2)
    operating = replace(state.title.operating, emergency_from_companies=False)
    state = edited(state, lambda d: setattr(d, "title", replace(d.title, operating=operating)))
    with pytest.raises(RuleError, match="only toward a train from the bank.*emergency_from"):
        play(state, "C train 2 from NYC 51")
    state, _ = play(state, "C train 2 from NYC 50")
    assert (state.corps["PRR"].cash, state.cash["C"], state.corps["NYC"].cash) == (0, 40, 50)


def test_a_company_with_a_train_gets_no_help_from_its_president() -> None:
    state = edited(or_1830(), nyc_with_a_2)
    state = edited(state, lambda d: d.corps["PRR"].trains.append("2"))
    with pytest.raises(RuleError, match="helps only a company without a train"):
        play(state, "C run 0 withhold", "C train 2 from NYC 60")


def test_1830_a_bankrupt_sells_what_the_pool_takes_and_his_cash_goes_to_the_bank() -> None:
    """1830 end.bankrupt_assets = sold: PRR, without a train, has not run (100 -> 90, as a
    withhold moves it); C's 20% of PRR (the president's certificate, A holding 20% takes it)
    goes to the pool at $90 a share, the price falls two rows (sell_drop per_share, sold =
    down: 90 -> 82 -> 76) and the $180 goes to the bank with C's cash."""
    state = edited(or_1830(), broke)
    state = edited(state, lambda d: (d.cash.update({"C": 0}), setattr(d, "bank", d.bank + 40)))
    prr = state.corps["PRR"]
    assert (prr.percent("C"), prr.percent("A"), prr.percent(POOL)) == (20, 20, 0)
    assert state.space(prr).price == 100
    bank = state.bank
    state, events = play(state, "C bankrupt")
    prr = state.corps["PRR"]
    assert (prr.percent("C"), prr.percent(POOL), prr.president) == (0, 20, "A")
    assert state.space(prr).price == 76
    assert state.cash["C"] == 0 and state.bank == bank
    texts = [e.text for e in events]
    assert "C sells 2 PRR to the pool for $180" in texts
    assert "C's $180 goes to the bank" in texts
    assert state.round == "over" and state.money_total() == 12000


def test_kept_leaves_a_bankrupt_players_holdings_to_the_table() -> None:
    state = edited(or_1830(), broke)
    state = edited(state, lambda d: (d.cash.update({"C": 0}), setattr(d, "bank", d.bank + 40)))
    end = replace(state.title.end, bankrupt_assets="kept")
    state = edited(state, lambda d: setattr(d, "title", replace(d.title, end=end)))
    state, events = play(state, "C bankrupt")
    assert state.corps["PRR"].percent("C") == 20 and state.corps["PRR"].president == "C"
    assert any("trusted: the table settles what C holds" in e.text for e in events)


def test_a_company_without_a_train_has_not_run_when_its_president_goes_bankrupt() -> None:
    """18xx operating round: the run comes before the trains, so a company that starts its
    turn without a train has not run, and its price has moved as a withhold does (100 ->
    90), before its president sells in need or goes bankrupt (as 18xx.games plays it)."""
    state = edited(or_1830(), broke)
    state = edited(state, lambda d: (d.cash.update({"C": 0}), setattr(d, "bank", d.bank + 40)))
    end = replace(state.title.end, bankrupt_assets="kept")
    state = edited(state, lambda d: setattr(d, "title", replace(d.title, end=end)))
    state, events = play(state, "C bankrupt")
    assert state.space(state.corps["PRR"]).price == 90
    assert "PRR does not run: nothing paid" in [e.text for e in events]


def test_a_sale_in_need_comes_after_the_price_move_of_not_running() -> None:
    """18xx emergency train purchase: PRR (no train, $50) has not run when C sells to pay
    for its train, so its price is 90 (not 100) before C's sale of PRR."""
    state = edited(or_1830(), broke)
    state = edited(state, lambda d: (d.cash.update({"C": 0}), setattr(d, "bank", d.bank + 40)))
    state = edited(state, lambda d: d.corps["PRR"].held.update({"C": 30, IPO: 30}))
    state, events = play(state, "C sell PRR 1")
    assert "C sells 1 PRR to the pool for $90" in [e.text for e in events]


def _operating(state: State, **rules: object) -> State:
    operating = replace(state.title.operating, **rules)
    return edited(state, lambda d: setattr(d, "title", replace(d.title, operating=operating)))


def test_operating_sell_more_than_needed_lets_a_president_sell_while_the_train_is_unbought() -> (
    None
):
    """operating.sell_more_than_needed (18xx.games EBUY_SELL_MORE_THAN_NEEDED; the site's
    engine of April 2020 did not check): C ($40) could pay the $30 PRR ($50) lacks for the $80
    2 train; by the 18xx rule he may not sell, with the option he may until the train is
    bought."""
    state = edited(or_1830(), broke)
    state = edited(state, lambda d: d.corps["PRR"].held.update({"C": 30, IPO: 30}))
    with pytest.raises(RuleError, match="C sells in an operating round only to pay"):
        play(state, "C sell PRR 1")
    state, events = play(_operating(state, sell_more_than_needed=True), "C sell PRR 1")
    assert "C sells 1 PRR to the pool for $90" in [e.text for e in events]
    state, _ = play(state, "C train 2")
    with pytest.raises(RuleError, match="operating.sell_more_than_needed"):
        play(state, "C sell PRR 1")
