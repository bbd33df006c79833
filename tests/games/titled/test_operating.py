"""The operating rounds of a described title: each rule named by the title key that states it,
or '18xx operating round' for what the family shares."""

from __future__ import annotations

import pytest

from referee.core.errors import RuleError
from referee.games.titled.common import order
from referee.games.titled.game import Titled
from referee.games.titled.moves import Lay, Token
from referee.games.titled.operating import available
from referee.games.titled.play import actor, apply
from referee.games.titled.render import status
from referee.games.titled.state import CLOSED, IPO, POOL, State
from tests.games.titled.helpers import TOY, after_1830_auction, edited, play, start
from tests.games.titled.test_stock import sr2_1830

GAME = Titled()


def or_1830() -> State:
    """1830, A,B,C,D: PRR floated at 100 (C president 20%, A 20%, D 10%, B 10%, 40% in the
    initial offering) with $1000; all pass, and operating round 1.1 begins."""
    state, _ = play(sr2_1830(), "C done", "D done", "A done", "B done")
    return state


def with_train(state: State, abbr: str = "PRR", train: str = "2") -> State:
    """`abbr` owning a train bought from the bank in an earlier turn."""

    def bought(draft: State) -> None:
        price = draft.title.train(train).price
        draft.corps[abbr].trains.append(train)
        draft.corps[abbr].cash -= price
        draft.bank += price
        draft.depot[train] -= 1
        draft.bought_kinds.append(train)

    return edited(state, bought)


def test_privates_pay_their_owners_as_an_operating_round_begins() -> None:
    before = sr2_1830()
    state = or_1830()
    paid = {p: state.cash[p] - before.cash[p] for p in "ABCD"}
    assert paid == {"A": 5 + 25, "B": 10 + 30, "C": 15, "D": 20}
    assert (state.round, state.order, actor(state)) == ("operating", ["PRR"], "C")
    assert state.corps["PRR"].stations == 1  # the home station


def test_the_bank_sells_trains_in_order_within_the_train_limit() -> None:
    """1830 phases.2.train_limit = 4; trains in the order of [[trains]]."""
    state = or_1830()
    with pytest.raises(RuleError, match="does not sell a 3 train now"):
        play(state, "C train 3")
    state, _ = play(state, "C train 2", "C train 2", "C train 2", "C train 2")
    assert state.corps["PRR"].cash == 1000 - 320 and state.depot["2"] == 2
    with pytest.raises(RuleError, match="the limit in phase 2.*1830 .*phases.2.train_limit"):
        play(state, "C train 2")


def test_a_payout_pays_each_holder_and_moves_the_price_right() -> None:
    """1830 shares.ipo_pays = bank; market.moves.pay = right."""
    state = with_train(or_1830())
    cash = dict(state.cash)
    state, _events = play(state, "C run 60 full")
    assert {p: state.cash[p] - cash[p] for p in "ABCD"} == {"A": 12, "B": 6, "C": 12, "D": 6}
    assert state.corps["PRR"].cash == 920 and state.space(state.corps["PRR"]).price == 112
    assert state.money_total() == 12000


def test_withholding_keeps_the_revenue_and_moves_the_price_left() -> None:
    """1830 market.moves.withhold = left."""
    state, _ = play(with_train(or_1830()), "C run 60 withhold")
    assert state.corps["PRR"].cash == 980 and state.space(state.corps["PRR"]).price == 90
    with pytest.raises(RuleError, match="has no half payout.*1830 .*operating.payouts"):
        play(with_train(or_1830()), "C run 60 half")


def test_pool_shares_pay_the_company_in_1830() -> None:
    """1830 shares.pool_pays = company (18xx.games: full capitalisation)."""
    state = edited(with_train(or_1830()), lambda d: d.corps["PRR"].held.update({IPO: 30, POOL: 10}))
    state, _ = play(state, "C run 60")
    assert state.corps["PRR"].cash == 920 + 6


def test_a_company_runs_before_it_buys_trains_or_does_not_run() -> None:
    """18xx operating round: track, station, run, trains; no run moves as a withhold."""
    state = with_train(or_1830())
    with pytest.raises(RuleError, match="runs its trains before it buys more"):
        play(state, "C train 2")
    state, events = play(or_1830(), "C train 2")  # no train yet: PRR does not run
    assert "PRR does not run: nothing paid" in [e.text for e in events]
    assert state.space(state.corps["PRR"]).price == 90
    with pytest.raises(RuleError, match="has run \\(or passed its run\\)"):
        play(state, "C run 40")
    with pytest.raises(RuleError, match="track comes first"):
        play(state, "C tile H10 57 0 0")
    state, _ = play(or_1830(), "C done")
    assert state.space(state.corps["PRR"]).price == 90  # ended without running


def test_stations_cost_what_the_title_says_one_a_turn() -> None:
    """1830 companies[PRR].tokens = [0, 40, 100, 100]; the city must exist on the map."""
    with pytest.raises(RuleError, match="hex G9: token of PRR on no city"):
        play(or_1830(), "C token G9")
    state, _ = play(or_1830(), "C token E5")
    assert state.corps["PRR"].cash == 960 and state.corps["PRR"].stations == 2
    with pytest.raises(RuleError, match="has placed a station this turn"):
        play(state, "C token D10")


def test_one_tile_a_turn_on_a_hex_of_the_map_paying_the_terrain() -> None:
    """1830 operating.tile_lays = 1; title.map = 1830."""
    state, events = play(or_1830(), "C tile H10 57 0 0")
    assert any(e.text.startswith("trusted:") for e in events)
    with pytest.raises(RuleError, match="1830 .*operating.tile_lays"):
        play(state, "C tile G9 8 0 0")
    with pytest.raises(RuleError, match="hex Z1: not on the map 1830.*1830 .*title.map"):
        play(or_1830(), "C tile Z1 8 0 0")
    with pytest.raises(RuleError, match="tile 57 has 1 city but this is a hex without a city"):
        play(or_1830(), "C tile I11 57 0 120")
    with pytest.raises(RuleError, match="unknown tile 'Z9'"):
        play(or_1830(), "C tile I11 Z9 0 120")
    state, _ = play(or_1830(), "C tile F4 57 0 80")
    assert state.corps["PRR"].cash == 920


def three_bought(state: State) -> State:
    return edited(state, lambda d: d.depot.update({"2": 0}))


def test_the_first_train_of_a_phase_starts_it_and_rusts_what_it_rusts() -> None:
    """1830 phases[3].on = 3, phases[4] (limit 3), trains[2].rusts_on = 4."""
    state, _ = play(or_1830(), "C train 2")
    state, events = play(three_bought(state), "C train 3")
    assert state.phase == "3" and "phase 3: tiles yellow, green, train limit 4" in [
        e.text for e in events
    ]
    state = edited(state, lambda d: d.depot.update({"3": 0}))
    state, events = play(state, "C train 4")
    assert state.phase == "4" and state.corps["PRR"].trains == ["3", "4"]
    assert "PRR's 2 trains rust" in [e.text for e in events]


def test_a_company_over_the_new_limit_gives_trains_back_to_the_open_market() -> None:
    state, _ = play(or_1830(), "C train 2", "C train 2")
    state, _ = play(three_bought(state), "C train 3", "C train 3")
    state = edited(state, lambda d: d.depot.update({"3": 0}))
    state = edited(state, lambda d: d.corps["PRR"].trains.remove("2"))
    state = edited(state, lambda d: d.corps["PRR"].trains.remove("2"))
    state = edited(state, lambda d: d.corps["PRR"].trains.extend(["3", "3"]))
    assert state.corps["PRR"].trains == ["3", "3", "3", "3"]
    with pytest.raises(RuleError, match="the limit in phase 3"):
        play(state, "C train 4")
    state = edited(state, lambda d: d.corps["PRR"].trains.remove("3"))
    state, _ = play(state, "C train 4")  # phase 4: limit 3, PRR holds 4
    assert state.discard_due == ["PRR"]
    with pytest.raises(RuleError, match="discards first"):
        play(state, "C done")
    state, _ = play(state, "C discard PRR 3")
    assert state.discard_due == [] and state.open_market == ["3"] and "3" in available(state)
    # The status tells what a company may buy now, apart from what the bank still holds.
    shown = status(state)
    assert "for sale now: 4 $300, 3 $180" in shown
    assert "in the bank's supply: 4x3 5x3 6x2 Dx∞" in shown


def test_the_first_five_closes_the_privates_and_bo_closes_with_a_bando_train() -> None:
    """1830 trains[5].closes_privates, privates[BO].closes_when_bought_train_by = B&O."""
    state = edited(or_1830(), lambda d: d.depot.update({"2": 0, "3": 0, "4": 0}))
    state = edited(state, lambda d: d.bought_kinds.extend(["2", "3", "4"]))
    state, _events = play(state, "C train 5")
    assert set(state.privates.values()) == {CLOSED}

    def bando_operates(draft: State) -> None:
        draft.corps["B&O"].floated, draft.corps["B&O"].cash = True, 500
        draft.order, draft.operating = ["B&O"], 0

    state = edited(or_1830(), bando_operates)
    assert state.privates["BO"] == "B"
    state, _ = play(state, "B train 2")
    assert state.privates["BO"] == CLOSED and state.privates["SV"] == "A"


def test_1889_for_two_the_first_five_closes_only_the_privates_in_the_game() -> None:
    """1889 trains[5].closes_privates: SIR (privates[SIR].min_players 3) and UTF (4) are not in
    a game for two, so the first 5 neither closes nor announces them."""

    def ar_operates(draft: State) -> None:
        draft.round, draft.stock_round, draft.phase = "operating", 7, "4"
        draft.privates.update({p: "A" for p in draft.privates})
        ar = draft.corps["AR"]
        ar.par, ar.row, ar.column, ar.president, ar.floated, ar.cash = 70, 4, 3, "B", True, 500
        ar.held.update({IPO: 40, "B": 60})
        draft.order, draft.operating = ["AR"], 0
        draft.depot.update({"2": 0, "3": 0, "4": 0})
        draft.bought_kinds.extend(["2", "3", "4"])

    state = edited(start("1889", "A,B"), ar_operates)
    assert sorted(state.privates) == ["DR", "ER", "MF", "SMR", "TR"]
    state, events = play(state, "B train 5")
    assert sorted(state.privates) == ["DR", "ER", "MF", "SMR", "TR"]
    assert set(state.privates.values()) == {CLOSED}
    closed = [e.text for e in events if e.text.endswith(" closes")]
    assert sorted(closed) == ["DR closes", "ER closes", "MF closes", "SMR closes", "TR closes"]


def test_1889_the_ferry_stays_open_with_a_player_and_pays_more_from_phase_5() -> None:
    """1889 privates[UTF].player_keeps_open, player_revenue_from_phase = 5: 50."""
    from referee.games.titled.auction import pay_privates

    state = start("1889", "A,B,C,D")
    state = edited(state, lambda d: d.privates.update({"UTF": "A", "SIR": "B"}))
    draft = state.draft()
    draft.phase = "5"
    cash = draft.cash["A"]
    pay_privates(draft)
    assert draft.cash["A"] - cash == 50


def test_the_d_train_comes_after_the_first_six_with_a_trade_in() -> None:
    """1830 trains[D].available_after = 6, trade_in 4/5/6 for 300."""
    state = edited(or_1830(), lambda d: d.depot.update({"2": 0, "3": 0, "4": 0, "5": 0}))
    state = edited(state, lambda d: d.bought_kinds.extend(["2", "3", "4", "5"]))
    state = edited(state, lambda d: setattr(d, "phase", "5"))
    assert available(state) == ["6"]
    state = edited(state, lambda d: d.corps["PRR"].trains.append("5"))
    state = edited(state, lambda d: setattr(d.corps["PRR"], "cash", 2000))
    state, _ = play(state, "C run 0 withhold", "C train 6")
    assert available(state) == ["6", "D"]
    state, _ = play(edited(state, lambda d: setattr(d.op, "bought", False)), "C train D 5")
    assert state.corps["PRR"].trains == ["6", "D"] and state.corps["PRR"].cash == 2000 - 630 - 800


def test_a_company_buys_a_private_in_phase_3_between_half_and_double_face() -> None:
    """1830 phases[3].privates_for_sale, operating.private_price_percent = [50, 200]."""
    state = or_1830()
    with pytest.raises(RuleError, match="phase 2"):
        play(state, "C private DH 70")
    state = edited(state, lambda d: setattr(d, "phase", "3"))
    with pytest.raises(RuleError, match="\\$35 to \\$140"):
        play(state, "C private DH 150")
    with pytest.raises(RuleError, match="never sold to a company"):
        play(state, "C private BO 220")
    state, _ = play(state, "C private DH 140")
    assert state.privates["DH"] == "PRR" and state.corps["PRR"].cash == 860


def test_operating_order_price_then_further_right_then_first_arrived() -> None:
    def prices(draft: State) -> None:
        for abbr, (row, column, arrival) in {
            "PRR": (0, 6, 3),  # 100
            "NYC": (1, 7, 2),  # 100, further right
            "CPR": (1, 7, 1),  # 100, arrived first
            "B&O": (0, 7, 4),  # 112
        }.items():
            corp = draft.corps[abbr]
            corp.row, corp.column, corp.arrival, corp.floated = row, column, arrival, True

    assert order(edited(or_1830(), prices)) == ["B&O", "CPR", "NYC", "PRR"]


def test_operating_order_on_one_price_in_one_column_the_upper_row_goes_first() -> None:
    """18xx operating round: 1830's market prices 67 on rows 6, 7 and 8 of column 7; a company
    on the upper space operates first, whoever arrived first (18xx.games sort_order_key:
    price, column, row, then the place on the space)."""

    def prices(draft: State) -> None:
        for abbr, (row, arrival) in {"PRR": (5, 3), "NYC": (6, 1), "CPR": (7, 2)}.items():
            corp = draft.corps[abbr]
            corp.row, corp.column, corp.arrival, corp.floated = row, 6, arrival, True

    state = edited(or_1830(), prices)
    assert {state.space(state.corps[a]).price for a in ("PRR", "NYC", "CPR")} == {67}
    assert order(state) == ["PRR", "NYC", "CPR"]


def test_toy_half_payout_pool_pays_nobody_and_a_train_is_required() -> None:
    """toy-line operating.payouts half, shares.pool_pays = bank, ipo_pays = company,
    operating.must_buy_train = always, market.moves.half = none."""
    state, _ = play(start(TOY, "A,B"), "A done", "B done", "A par RED 40", "A done")
    state, _ = play(state, "B buy RED", "B done", "A done", "B sell RED 1", "B done", "A done")
    state, _ = play(state, "B done")
    assert state.round == "operating" and state.corps["RED"].held[POOL] == 20
    with pytest.raises(RuleError, match="must own a train.*toy-line .*operating.must_buy_train"):
        play(state, "A done")
    state = with_train(state, "RED")
    cash_a, red_cash = state.cash["A"], state.corps["RED"].cash
    state, _ = play(state, "A run 60 half")
    # 60: half kept, rounded to the 5 shares (30); 30 paid, 6 a 20% share.
    assert state.cash["A"] - cash_a == 12
    assert state.corps["RED"].cash - red_cash == 30 + 6 * 2  # kept, the initial offering's 40%
    assert state.space(state.corps["RED"]).price == 30  # half: no move


def test_toy_the_game_ends_after_the_set_number_of_sets() -> None:
    """toy-line end.sets = 4."""
    state, _ = play(start(TOY, "A,B"), "A done", "B done", "A par RED 40", "A done")
    state, _ = play(state, "B done", "A done")
    for _ in range(4):
        state, _ = play(state, "A train 2" if not state.corps["RED"].trains else "A done")
        if state.round == "operating":
            state, _ = play(state, "A done")
        if state.round == "stock":
            state, _ = (
                play(state, "B done", "A done")
                if state.player == "B"
                else play(state, "A done", "B done")
            )
    assert state.round == "over" and state.sets_done == 4


def test_a_broken_bank_ends_the_game_when_the_set_ends() -> None:
    """1830 end.bank_broken = end_of_set."""
    state = with_train(or_1830())
    state = edited(state, lambda d: setattr(d, "bank", 30))
    state = edited(state, lambda d: d.cash.update({"A": d.cash["A"] + 11000 - 30}))
    state, events = play(state, "C run 60 full")
    assert state.last_set and "the bank is broken" in [e.text for e in events]
    state, _ = play(state, "C done")
    assert state.round == "over"


def test_a_bank_paid_down_to_nothing_is_empty_not_broken() -> None:
    """1830 end.bank_broken: the bank breaks only when it must pay more than it holds
    (18xx.games Bank#check_cash, broken when its cash would go below 0)."""
    state = with_train(or_1830())
    state = edited(state, lambda d: setattr(d, "bank", 36))
    state = edited(state, lambda d: d.cash.update({"A": d.cash["A"] + 11000 - 36}))
    state, events = play(state, "C run 60 full")  # players hold 60%: 36 paid, the bank at 0
    assert state.bank == 0 and not state.last_set
    assert "the bank is broken" not in [e.text for e in events]


def test_private_revenue_that_the_bank_cannot_pay_breaks_it_too() -> None:
    """1830 end.bank_broken = end_of_set: any payment beyond the bank's cash breaks it
    (18xx.games Bank#check_cash), the privates' revenue as an operating round begins included."""
    state = edited(sr2_1830(), lambda d: setattr(d, "bank", 100))
    state = edited(state, lambda d: d.cash.update({"A": d.cash["A"] + 12000 - d.money_total()}))
    state, events = play(state, "C done", "D done", "A done", "B done")  # privates pay 105
    assert state.bank == -5 and state.last_set
    assert "the bank is broken" in [e.text for e in events]


def test_a_sale_the_bank_cannot_pay_breaks_it_and_the_next_set_is_the_last() -> None:
    """1830 end.bank_broken = end_of_set: the bank pays for shares sold to the pool too
    (18xx.games Bank#check_cash); broken in a stock round, the game ends with the next set."""

    def low(draft: State) -> None:
        draft.bank, draft.stock_round = 50, 2  # a later stock round: sales are allowed
        draft.cash["A"] += 12000 - draft.money_total()

    # PRR at 100: the bank 50 - 100
    state, events = play(edited(sr2_1830(), low), "C done", "D sell PRR 1")
    assert state.bank == -50 and state.last_set and state.round == "stock"
    assert "the bank is broken" in [e.text for e in events]


def broke(draft: State) -> None:
    """PRR with $50 and no train; C (its president) with $40; the second stock round passed."""
    draft.bank += draft.corps["PRR"].cash - 50 + draft.cash["C"] - 40
    draft.corps["PRR"].cash, draft.cash["C"] = 50, 40
    draft.stock_round = 2


def test_emergency_the_president_pays_what_the_company_lacks_for_the_cheapest_train() -> None:
    """18xx emergency train purchase (18xx.games): cheapest train, president's cash."""
    state = edited(or_1830(), broke)
    state = edited(state, lambda d: setattr(d, "cash", {**d.cash, "C": 100}))
    state = edited(state, lambda d: setattr(d, "bank", d.bank - 60))
    state, _ = play(state, "C train 2")
    assert state.corps["PRR"].cash == 0 and state.cash["C"] == 100 - 30
    assert state.money_total() == 12000


def test_emergency_only_the_cheapest_train_and_sales_only_when_in_need() -> None:
    state = edited(or_1830(), broke)
    state = edited(state, lambda d: (d.depot.update({"2": 0}), d.open_market.append("2")))
    with pytest.raises(RuleError, match="cheapest train only"):
        play(state, "C train 3")
    with pytest.raises(
        RuleError, match="C has \\$20 of the \\$30 PRR lacks: sell shares, or declare bankruptcy"
    ):
        play(edited(state, lambda d: d.cash.update({"C": 20})), "C train 2")
    healthy = edited(or_1830(), lambda d: setattr(d, "stock_round", 2))
    with pytest.raises(RuleError, match="only to pay for PRR's train"):
        play(healthy, "C sell PRR 1")


def test_emergency_sales_raise_the_cash_but_not_by_giving_up_the_company() -> None:
    def nyc(draft: State) -> None:
        broke(draft)
        draft.cash["C"], draft.bank = 0, draft.bank + 40
        corp = draft.corps["NYC"]
        corp.par, corp.president, corp.row, corp.column = 100, "D", 0, 6
        corp.held.update({IPO: 60, "D": 20, "C": 20})

    state = edited(or_1830(), nyc)
    with pytest.raises(RuleError, match="may not give up PRR"):
        play(state, "C sell PRR 1")
    state, _ = play(state, "C sell NYC 1")
    assert state.cash["C"] == 100 and state.space(state.corps["NYC"]).price == 90
    with pytest.raises(RuleError, match="can pay for PRR's train: no bankruptcy"):
        play(state, "C bankrupt")
    state, _ = play(state, "C train 2")
    assert state.cash["C"] == 70


def test_a_president_who_cannot_pay_goes_bankrupt_and_the_game_ends() -> None:
    """1830 end.bankruptcy = immediately."""
    state = edited(or_1830(), broke)
    state = edited(state, lambda d: (d.cash.update({"C": 0}), setattr(d, "bank", d.bank + 40)))
    state, events = play(state, "C bankrupt")
    assert state.round == "over" and any("trusted" in e.text for e in events)


def erie_operates() -> State:
    """1830: C starts ERIE at 67 and it floats at 60% (C 20%, D, A, B and C 10% each); all pass
    and ERIE operates first in operating round 1.1."""
    state, _ = play(
        after_1830_auction(),
        *("C par ERIE 67", "C done", "D buy ERIE", "D done", "A buy ERIE", "A done"),
        *("B buy ERIE", "B done", "C buy ERIE", "C done", "D done", "A done", "B done", "C done"),
    )
    assert state.round == "operating" and state.corps["ERIE"].floated
    return state


def test_erie_picks_the_city_of_its_home_on_e11_before_anything_else() -> None:
    """1830 companies.ERIE.home: E11 holds two cities and the title names none; the company
    picks one before anything but its tile lay (18xx operating round), free and not the turn's
    station."""
    state = erie_operates()
    assert GAME.options(state).verbs == ("token", "tile")
    assert GAME.options(state).args["token"] == (("E11",), ("0", "1"))
    with pytest.raises(RuleError, match="ERIE places its home station on E11 first"):
        play(state, "C run 0 withhold")
    with pytest.raises(RuleError, match="ERIE's first station is its home, on E11"):
        play(state, "C token F10")
    with pytest.raises(RuleError, match="E11 has cities 0 to 1"):
        apply(state, Token("C", "E11", 2))
    cash = state.corps["ERIE"].cash
    state, events = apply(state, Token("C", "E11", 1))
    assert ("E11", 1, "ERIE") in state.stations and state.corps["ERIE"].cash == cash
    assert "ERIE places its home station on E11, city 1" in [e.text for e in events]
    # the turn's station (40) is still to place; the home was not it
    assert "token" in GAME.options(state).verbs and "run" in GAME.options(state).verbs
    assert not state.op.tokened and state.corps["ERIE"].stations == 1


def test_erie_may_lay_its_tile_on_e11_before_it_picks_its_home_city() -> None:
    """18xx operating round: the home city of a hex with two may be picked after the company's
    lay (as 18xx.games plays 1830's ERIE): in phase 3, the green tile 59 on E11, then the home
    on its city 1."""
    state = edited(erie_operates(), lambda d: setattr(d, "phase", "3"))
    state, _ = play(state, "C tile E11 59 3 0")
    assert GAME.options(state).verbs == ("token",)
    with pytest.raises(RuleError, match="ERIE places its home station on E11 first"):
        play(state, "C done")
    state, events = apply(state, Token("C", "E11", 1))
    assert ("E11", 1, "ERIE") in state.stations
    assert "ERIE places its home station on E11, city 1" in [e.text for e in events]


def test_a_home_hex_with_one_city_is_placed_when_the_company_first_operates() -> None:
    state = or_1830()
    assert ("H12", 0, "PRR") in state.stations


def test_a_private_lays_its_extra_tile_in_addition_to_the_companys_own() -> None:
    """1830 privates.CS.extra_lay: the company owning CS lays tile 3, 4 or 58 on B20 once, in
    addition to its own lay and at any time of its turn (even after its run)."""
    state = edited(or_1830(), lambda d: d.privates.update({"CS": "PRR"}))
    state, _ = play(state, "C tile H10 57 0 0", "C run 0 withhold")
    typed = GAME.parse(state, "C", ["tile", "B20", "58", "2", "cs"])
    assert typed == Lay("C", "B20", "58", 2, 0, "CS")
    refused = r"CS lays tile 3, 4, 58 on B20.*\(privates\.CS\.extra_lay\)"
    with pytest.raises(RuleError, match=refused):
        apply(state, Lay("C", "B20", "57", 2, 0, "CS"))
    state, _ = apply(state, typed)
    assert state.tiles["B20"] == ("58", 2) and state.extra_lays == ["CS"]
    with pytest.raises(RuleError, match="CS's extra tile lay is used"):
        apply(state, Lay("C", "B20", "58", 2, 0, "CS"))
    with pytest.raises(RuleError, match="DH brings no extra tile lay"):
        apply(state, Lay("C", "F16", "57", 0, 120, "DH"))
    with pytest.raises(RuleError, match="PRR does not own CS"):
        apply(or_1830(), Lay("C", "B20", "58", 2, 0, "CS"))


def _two_to_come(draft: State) -> None:
    """PRR broke (C has nothing); NYC (D president, C 20%) and B&O on the same space, NYC
    there first, both still to operate after PRR."""
    broke(draft)
    draft.cash["C"], draft.bank = 0, draft.bank + 40
    for abbr, arrival in (("NYC", 1), ("B&O", 2)):
        corp = draft.corps[abbr]
        corp.par, corp.president, corp.row, corp.column = 100, "D", 0, 6
        corp.floated, corp.arrival = True, arrival
        corp.held.update({IPO: 60, "D": 20, "C": 20})
    draft.order = ["PRR", "NYC", "B&O"]


@pytest.mark.parametrize(("reorder", "after"), [(False, ["NYC", "B&O"]), (True, ["B&O", "NYC"])])
def test_operating_reorder_after_emergency_sale_sorts_the_companies_still_to_operate(
    reorder: bool, after: list[str]
) -> None:
    """operating.reorder_after_emergency_sale (18xx.games, step/emergency_money.rb): the
    companies yet to operate are sorted again by price after a president's emergency sale;
    without it the order set when the round began stands."""
    from dataclasses import replace

    def titled(draft: State) -> None:
        _two_to_come(draft)
        operating = replace(draft.title.operating, reorder_after_emergency_sale=reorder)
        draft.title = replace(draft.title, operating=operating)

    state, _ = play(edited(or_1830(), titled), "C sell NYC 1")
    assert state.order == ["PRR", *after]


def test_1889_mitsubishi_ferry_its_owner_lays_the_port_tile_once_beside_any_company() -> None:
    """1889 privates.MF.extra_lay (by = player; g_1889/entities.rb: the owning player places
    the port tile 437 on B11, G10, I12 or J9, outside the turns of another player's companies,
    needing no connection): A, who owns MF, lays it in a stock round as well as in the turn of
    AR, his company, beside AR's own lay; not in B's company's turn, nor twice."""

    def stock(draft: State) -> None:
        draft.round, draft.stock_round = "stock", 2
        draft.privates.update({"MF": "A"})

    state = edited(start("1889", "A,B"), stock)
    assert state.player == "A" and "tile" in GAME.options(state).verbs
    with pytest.raises(RuleError, match="MF lays tile 437 on B11, G10, I12, J9"):
        apply(state, Lay("A", "G10", "57", 0, 0, "MF"))
    with pytest.raises(RuleError, match="B does not own MF.*privates.MF.extra_lay"):
        apply(state, Lay("B", "G10", "437", 0, 0, "MF"))
    laid, _ = apply(state, Lay("A", "G10", "437", 0, 0, "MF"))
    assert laid.tiles["G10"] == ("437", 0) and laid.extra_lays == ["MF"]
    assert "tile" not in GAME.options(laid).verbs
    with pytest.raises(RuleError, match="MF's extra tile lay is used"):
        apply(laid, Lay("A", "J9", "437", 0, 0, "MF"))
    with pytest.raises(RuleError, match="only a private's owner lays a tile"):
        apply(state, Lay("A", "G10", "437", 0, 0))

    def operating(draft: State, president: str) -> None:
        draft.round, draft.phase = "operating", "2"
        ar = draft.corps["AR"]
        ar.par, ar.row, ar.column, ar.president, ar.floated = 70, 4, 3, president, True
        ar.held.update({IPO: 40, president: 60})
        draft.order, draft.operating = ["AR"], 0

    theirs = edited(state, lambda d: operating(d, "B"))
    with pytest.raises(RuleError, match="MF's owner lays in a stock round or in his own"):
        apply(theirs, Lay("A", "G10", "437", 0, 0, "MF"))
    ours = edited(state, lambda d: operating(d, "A"))
    ours, _ = apply(ours, Lay("A", "G10", "437", 0, 0, "MF"))
    assert ours.extra_lays == ["MF"] and ours.op.lays == 0
