"""The stock round of a described title: each rule named by the title key that states it, or
'18xx stock round' for what the family shares."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.core.errors import RuleError
from referee.games.titled.holdings import certificates
from referee.games.titled.state import IPO, POOL, State
from tests.games.titled.helpers import TOY, after_1830_auction, edited, play, start


def sr2_1830() -> State:
    """1830 after the auction: C starts PRR at 100 (A holds 10% from CA); each buys PRR until
    it floats; then all pass into stock round 2 (the operating rounds are not played)."""
    state, _ = play(
        after_1830_auction(),
        "C par PRR 100",
        "C done",
        "D buy PRR",
        "D done",
        "A buy PRR",
        "A done",
        "B buy PRR",
        "B done",
    )
    return state


def into_next_stock_round(state: State) -> State:
    draft = state.draft()
    draft.round, draft.stock_round = "stock", draft.stock_round + 1
    return draft.seal()


def test_par_buys_the_presidents_certificate_at_twice_the_par_price() -> None:
    state, _events = play(after_1830_auction(), "C par PRR 100")
    prr = state.corps["PRR"]
    assert (prr.president, prr.held["C"], state.cash["C"]) == ("C", 20, 530 - 200)
    assert state.space(prr).price == 100 and not prr.floated
    with pytest.raises(RuleError, match="95 is not a par price.*1830 .*market"):
        play(after_1830_auction(), "C par PRR 95")


def test_full_capitalisation_pays_ten_times_par_when_sixty_percent_are_sold() -> None:
    """1830 shares.capitalisation = full, companies[PRR].float_percent = 60."""
    state, events = play(
        after_1830_auction(), "C par PRR 100", "C done", "D buy PRR", "D done", "A buy PRR"
    )
    assert state.corps["PRR"].cash == 0 and not state.corps["PRR"].floated  # 20+10+10+10 = 50%
    state, events = play(state, "A done", "B buy PRR")
    assert state.corps["PRR"].floated and state.corps["PRR"].cash == 1000
    assert "PRR floats: the bank pays it $1000" in [e.text for e in events]


def test_incremental_capitalisation_pays_the_company_for_each_certificate_sold() -> None:
    """toy-line shares.capitalisation = incremental: the initial offering's money goes to it."""
    state, _ = play(start(TOY, "A,B"), "A done", "B done", "A par RED 40")
    red = state.corps["RED"]
    assert (red.cash, red.held["A"], state.cash["A"], red.floated) == (80, 40, 220, True)
    state, _ = play(state, "A done", "B buy RED")
    assert state.corps["RED"].cash == 120 and state.cash["B"] == 300 - 40


def test_one_certificate_a_turn() -> None:
    state, _ = play(after_1830_auction(), "C par PRR 100")
    with pytest.raises(RuleError, match="one certificate a turn.*18xx stock round"):
        play(state, "C buy PRR")


def brown_with_pool_shares(draft: State) -> None:
    """PRR at 25 (brown) with 20% in the pool; NYC started by A, also in the brown zone."""
    draft.corps["PRR"].row, draft.corps["PRR"].column = 5, 0
    draft.corps["PRR"].held[IPO] -= 10  # 20% left
    draft.corps["PRR"].held["B"] -= 10
    draft.corps["PRR"].held[POOL] = 20
    nyc = draft.corps["NYC"]
    nyc.par, nyc.president, nyc.row, nyc.column = 100, "A", 6, 0
    nyc.held.update({IPO: 60, "A": 20, POOL: 20})


def test_1830_a_multiple_buy_is_of_one_company_and_after_the_first_from_the_pool() -> None:
    """1830 market.zones.b: brown = multiple_buy; shares.multiple_buy_from = pool (18xx.games'
    1830: the Lookout rule); a multiple buy is of the company bought first in the turn."""
    state, _ = play(sr2_1830(), "C buy PRR")
    state = edited(into_next_stock_round(state), brown_with_pool_shares)
    state, _ = play(state, "C done", "D buy PRR")
    with pytest.raises(
        RuleError, match="comes from the pool only.*1830 .*shares.multiple_buy_from"
    ):
        play(state, "D buy PRR")
    with pytest.raises(RuleError, match="only more of PRR this turn.*18xx stock round"):
        play(state, "D buy NYC pool")
    state, _ = play(state, "D buy PRR pool", "D buy PRR pool")
    assert state.corps["PRR"].held["D"] == 40 and state.corps["PRR"].percent(POOL) == 0
    assert state.corps["PRR"].percent(IPO) == 10


def test_multiple_buy_from_anywhere_takes_the_initial_offering_too() -> None:
    state, _ = play(sr2_1830(), "C buy PRR")
    state = edited(into_next_stock_round(state), brown_with_pool_shares)
    shares = replace(state.title.shares, multiple_buy_from="anywhere")
    state = edited(state, lambda d: setattr(d, "title", replace(d.title, shares=shares)))
    state, _ = play(state, "C done", "D buy PRR", "D buy PRR", "D buy PRR pool")
    assert state.corps["PRR"].held["D"] == 40


def test_a_player_holds_at_most_sixty_percent_outside_the_orange_zone() -> None:
    """1830 shares.holding_limit = 60; market.zones.o lifts it."""

    def six(draft: State) -> None:
        draft.corps["PRR"].held.update({IPO: 30, "C": 60, "D": 0, "A": 10, "B": 0})

    state = edited(sr2_1830(), six)
    state = into_next_stock_round(state)
    with pytest.raises(RuleError, match="hold 70% of PRR, above 60%.*1830 .*shares.holding_limit"):
        play(state, "C buy PRR")

    def orange(draft: State) -> None:
        draft.corps["PRR"].row, draft.corps["PRR"].column = 3, 0  # 39, orange

    state, _ = play(edited(state, orange), "C buy PRR")
    assert state.corps["PRR"].held["C"] == 70


def test_the_certificate_limit_counts_privates_and_not_yellow_zone_shares() -> None:
    """1830 players.certificate_limit (4 players: 16), shares.privates_count, zones y; a
    president's certificate is one certificate."""
    state = sr2_1830()
    assert certificates(state, "A") == 2 + 2  # SV, CA; PRR 10% (from CA) + 10%

    def many(draft: State) -> None:
        draft.privates.update({"CS": "A", "DH": "A", "MH": "A"})  # 5 privates
        draft.corps["PRR"].held.update({IPO: 0, "C": 20, "A": 60, "D": 10, "B": 10})
        for abbr, holders in (("NYC", {IPO: 10, "A": 40, "B": 50}), ("CPR", {IPO: 80, "B": 20})):
            corp = draft.corps[abbr]
            corp.par, corp.president, corp.row, corp.column = 100, "B", 0, 6
            corp.held.update(holders)
        draft.bank, draft.cash["A"] = draft.bank - 1000, draft.cash["A"] + 1000

    state = into_next_stock_round(edited(state, many))
    assert certificates(state, "A") == 5 + 6 + 4
    state, _ = play(state, "C done", "D done", "A buy NYC")
    assert certificates(state, "A") == 16  # the limit for four players
    state = edited(state, lambda d: d.turn.acts.clear())
    with pytest.raises(
        RuleError, match="17 certificates, above the limit of 16.*certificate_limit"
    ):
        play(state, "A buy CPR")

    def yellow(draft: State) -> None:
        draft.corps["PRR"].row, draft.corps["PRR"].column = 0, 0  # 60, yellow

    assert certificates(edited(state, yellow), "A") == 16 - 6
    play(edited(state, yellow), "A buy CPR")


def test_no_sales_in_the_first_stock_round() -> None:
    """1830 shares.first_sale = after_first_stock_round."""
    state, _ = play(after_1830_auction(), "C par PRR 100", "C done", "D buy PRR", "D done")
    with pytest.raises(RuleError, match="first stock round.*1830 .*shares.first_sale"):
        play(state, "A sell PRR 1")


def test_a_sale_drops_the_price_a_row_per_certificate_and_pays_the_price() -> None:
    """1830 shares.sell_drop = per_share, market.moves.sold = down."""
    state = into_next_stock_round(sr2_1830())
    state, _events = play(state, "C done", "D done", "A sell PRR 2")
    prr = state.corps["PRR"]
    assert state.space(prr).price == 82 and (prr.row, prr.column) == (2, 6)
    assert state.cash["A"] == 420 - 100 + 200 and prr.held[POOL] == 20


def test_per_block_drop_and_sales_before_the_buy_only() -> None:
    """toy-line shares.sell_drop = per_block, market.moves.sold = left,
    shares.sell_buy_order = sell_buy, shares.first_sale = any_round."""
    state, _ = play(start(TOY, "A,B"), "A done", "B done", "A par RED 40", "A done")
    state, _ = play(state, "B buy RED", "B done", "A done", "B buy RED", "B done", "A done")
    state, _ = play(state, "B sell RED 2")
    assert state.space(state.corps["RED"]).price == 30  # one step left for the block of two
    state, _ = play(state, "B done", "A buy RED")
    with pytest.raises(
        RuleError, match="no selling after buying.*toy-line .*shares.sell_buy_order"
    ):
        play(state, "A sell RED 1")


def test_a_company_sold_this_round_cannot_be_bought_back_in_it() -> None:
    """1830 shares.rebuy_after_selling = false; toy-line allows it."""
    state = into_next_stock_round(sr2_1830())
    state, _ = play(state, "C done", "D done", "A sell PRR 1", "A done", "B done", "C done")
    state, _ = play(state, "D done")
    with pytest.raises(RuleError, match="may not buy it back.*1830 .*shares.rebuy_after_selling"):
        play(state, "A buy PRR pool")
    toy, _ = play(start(TOY, "A,B"), "A done", "B done", "A par RED 40", "A done")
    toy, _ = play(toy, "B buy RED", "B done", "A done", "B sell RED 1", "B done", "A done")
    toy, _ = play(toy, "B buy RED pool")
    assert toy.corps["RED"].held["B"] == 20


def test_the_pool_holds_at_most_half_of_a_company() -> None:
    """1830 shares.pool_limit = 50."""

    def lots(draft: State) -> None:
        draft.corps["PRR"].held.update({IPO: 0, "C": 20, "D": 10, "A": 70, "B": 0})
        draft.corps["PRR"].row, draft.corps["PRR"].column = 3, 0  # orange: above 60% allowed

    state = into_next_stock_round(edited(sr2_1830(), lots))
    state, _ = play(state, "C done", "D done")
    with pytest.raises(RuleError, match="pool would hold 60% of PRR.*1830 .*shares.pool_limit"):
        play(state, "A sell PRR 6")
    state, _ = play(state, "A sell PRR 5")
    assert state.corps["PRR"].held[POOL] == 50


def test_blocks_one_sale_of_a_company_per_turn_and_buy_then_sell_only() -> None:
    """1889 shares.sell_in_blocks = true, shares.sell_buy_order = sell_buy_or_buy_sell."""
    state = start("1889", "A,B")
    state, _ = play(state, "A bid TR 20", "B bid MF 30", "A bid ER 40", "B bid SMR 50")
    state, _ = play(state, "A bid DR 60")
    assert state.round == "stock" and state.player == "B"
    state, _ = play(state, "B par AR 100", "B done", "A buy AR", "A done", "B buy AR")
    state, _ = play(state, "B done", "A buy AR", "A done", "B done", "A done")

    def ko(draft: State) -> None:
        corp = draft.corps["KO"]
        corp.par, corp.president, corp.row, corp.column = 100, "A", 0, 3
        corp.held.update({IPO: 70, "A": 20, "B": 10})
        draft.bank, draft.cash["B"] = draft.bank - 500, draft.cash["B"] + 500

    state = edited(into_next_stock_round(state), ko)
    sold, _ = play(state, "B sell AR 1")
    with pytest.raises(RuleError, match="sold this turn already.*1889 .*shares.sell_in_blocks"):
        play(sold, "B sell AR 1")
    with pytest.raises(RuleError, match="no selling after buying.*1889 .*shares.sell_buy_order"):
        play(sold, "B par IR 70", "B sell KO 1")
    state, _ = play(state, "B par IR 70", "B sell AR 1", "B sell KO 1")  # buy, then sell
    assert state.corps["AR"].held[POOL] == 10 and state.corps["KO"].held[POOL] == 10


def test_buying_more_than_the_president_takes_the_presidency() -> None:
    state = into_next_stock_round(sr2_1830())
    state = edited(state, lambda d: d.corps["PRR"].held.update({IPO: 20, "A": 20, "D": 20}))
    state, events = play(state, "C done", "D buy PRR")
    assert state.corps["PRR"].president == "D"
    assert "D becomes president of PRR (from C)" in [e.text for e in events]


def test_a_president_selling_below_another_player_hands_over_the_presidency() -> None:
    """Ties go to the first player after the seller in seating order."""
    state = into_next_stock_round(sr2_1830())
    state = edited(state, lambda d: d.corps["PRR"].held.update({IPO: 10, "C": 30, "B": 20}))
    state = edited(state, lambda d: d.corps["PRR"].held.update({"A": 20, "D": 20}))
    state, _events = play(state, "C sell PRR 2")
    assert state.corps["PRR"].president == "D"  # D, A and B hold 20%: D sits after C
    assert state.corps["PRR"].held["C"] == 10


def test_the_presidents_certificate_never_goes_to_the_pool() -> None:
    state = into_next_stock_round(sr2_1830())
    state = edited(state, lambda d: d.corps["PRR"].held.update({IPO: 50, "A": 10}))
    with pytest.raises(RuleError, match="president's certificate cannot go to the pool"):
        play(state, "C sell PRR 1")


def test_a_president_who_may_not_leave_cannot_sell_the_presidency_away() -> None:
    """toy-line shares.president_may_leave = false."""
    state, _ = play(start(TOY, "A,B"), "A done", "B done", "A par RED 40", "A done")
    state, _ = play(state, "B buy RED", "B done", "A done", "B buy RED", "B done")
    with pytest.raises(RuleError, match="toy-line .*shares.president_may_leave"):
        play(state, "A sell RED 1")


def test_the_round_ends_when_all_pass_sold_out_companies_rise() -> None:
    """1830 market.moves.sold_out = up; the priority deal goes after the last to act."""
    state = edited(sr2_1830(), lambda d: d.corps["PRR"].held.update({IPO: 0, "A": 30, "D": 30}))
    state, _ = play(state, "C done", "D done", "A done", "B done")
    prr = state.corps["PRR"]
    assert state.round == "operating" and state.space(prr).price == 100  # top row: stays
    state = edited(sr2_1830(), lambda d: d.corps["PRR"].held.update({IPO: 0, "A": 30, "D": 30}))
    state = edited(state, lambda d: setattr(d.corps["PRR"], "row", 1))
    state = edited(state, lambda d: setattr(d.corps["PRR"], "column", 7))  # 100
    state, _events = play(state, "C done", "D done", "A done", "B done")
    assert state.space(state.corps["PRR"]).price == 112
    assert state.player == "C"  # B acted last (bought PRR), so C has the priority deal


def test_a_private_is_exchanged_for_the_share_its_title_names_and_closes() -> None:
    """1830 privates[MH].exchanges_for = NYC, exchange_from = [ipo, pool]; 1889 DR from ipo."""
    from referee.games.titled.moves import Exchange
    from referee.games.titled.play import apply

    state = after_1830_auction()  # D owns MH; it is C's turn: the timing is trusted
    state, events = apply(state, Exchange("D", "MH", IPO))
    assert state.privates["MH"] == "closed" and state.corps["NYC"].held["D"] == 10
    assert any(e.text.startswith("trusted:") for e in events)
    with pytest.raises(RuleError, match="does not own MH"):
        apply(after_1830_auction(), Exchange("A", "MH", IPO))
    with pytest.raises(RuleError, match="exchanged for nothing"):
        apply(after_1830_auction(), Exchange("A", "SV", IPO))
    dr = edited(start("1889", "A,B"), lambda d: d.privates.update({"DR": "A"}))
    dr = edited(dr, lambda d: d.corps["IR"].held.update({IPO: 90, POOL: 10}))
    with pytest.raises(RuleError, match="1889 .*privates.DR.exchange_from"):
        apply(dr, Exchange("A", "DR", POOL))


def test_sold_out_companies_rise_in_operating_order_and_keep_it_on_a_shared_space() -> None:
    """1889 market.moves.sold_out = up, done at the end of the stock round company by company
    in operating order (18xx.games Round::Stock: floated corporations sorted, then move_up), so
    of two on one space the one that arrived first arrives first above and operates first."""

    def sold_out_on_75(draft: State) -> None:
        draft.round, draft.stock_round = "stock", 2
        for arrival, (abbr, president, other) in enumerate(
            [("KO", "B", "A"), ("IR", "A", "B")], start=1
        ):
            corp = draft.corps[abbr]
            corp.par, corp.row, corp.column, corp.arrival = 65, 4, 4, arrival  # 75, row 5 col 5
            corp.president, corp.floated = president, True
            corp.held.update({IPO: 0, president: 60, other: 40})
        draft.arrivals = 2

    state = edited(start("1889", "A,B"), sold_out_on_75)
    state, _ = play(state, "A done", "B done")
    ko, ir = state.corps["KO"], state.corps["IR"]
    assert state.space(ko).price == state.space(ir).price == 80
    assert (ko.row, ko.column) == (ir.row, ir.column) == (3, 4)
    assert state.order == ["KO", "IR"]


def test_a_stock_move_typed_before_its_turn_is_judged_only_on_it() -> None:
    """The stock round goes round the table, a turn at a time (the title's [shares]): what a
    turn may buy depends on the turns before it, so `as NAME` on another player's turn is
    refused, saying so, and the turn stays where it is; forced, it is played where the game
    stands and says what it overrode."""
    import tomllib
    from pathlib import Path

    from referee.play.session import Session

    board = tomllib.loads(Path(TOY).read_text())
    s = Session.new("18xx", ["A", "B"], "described", board)
    s.settle()
    for line in ("bid P1 30", "par BLU 40", "done", "par RED 30"):
        s.play(line)
    assert s.actor() == "A"
    with pytest.raises(RuleError) as e:
        s.play("as B buy RED")
    assert e.value.reason == (
        "it is A's turn; Toy Line (made up for the tests) judges each move on its own turn:"
        " the order of turns decides what it does"
    )
    assert "force it" in e.value.legal and s.actor() == "A" and s.entries[-1].by == "A"
    events = [e.text for e in s.play('as B force buy RED --because "B bought while A thought"')]
    assert events[:2] == [
        "forced by the table, against the referee",
        "out of turn: B moved on A's turn",
    ]
    assert s.marks()[-1] == "out of turn: A's turn"  # the log says so
