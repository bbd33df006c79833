"""株式の売却 and 配当."""

from __future__ import annotations

from dataclasses import replace

import pytest

from .helpers import (
    GAME,
    move,
    opened,
    refused,
    with_cash,
    with_offer,
    with_prices,
    with_road,
    with_shares,
)


@pytest.fixture
def play():
    return opened().state


def test_sell_all_shares_at_price_and_drop_a_row__rule_株式の売却(play):
    state = with_shares(play, "C", white=3)
    state = with_prices(state, white=20)
    state, _events = move(state, "sell white")
    assert state.seats[2].cash == 18 + 60 and state.seats[2].shares[4] == 0
    assert state.road("white").price == 14  # one row down: -6
    assert state.held("white") == 0  # sold shares leave the game
    assert GAME.options(state).actor == "A"


def test_sell_does_not_drop_below_bottom_row__rule_株式の売却(play):
    state = with_prices(play, white=10)
    state, _ = move(state, "sell white")
    assert state.road("white").price == 10  # 5-10 is the bottom row
    state = with_prices(state, black=11)
    state, _ = move(state, "sell orange")  # A's turn now; orange is 10
    assert state.road("orange").price == 10


def test_sell_from_11_goes_to_5_never_under(play):
    state = with_prices(play, black=11)
    state, _ = move(state, "sell black")
    assert state.road("black").price == 5


def test_falling_onto_gold_pays_nothing__rule_株式の売却(play):
    state = with_prices(play, black=15)  # falls to 9, a gold square of the fixture
    state, _ = move(state, "sell black")
    assert state.road("black").price == 9 and state.dividends == 0


def test_no_selling_after_17th_dividend__rule_株式の売却(play):
    state = replace(play, dividends=17)
    assert refused(state, "sell white").rule == "株式の売却"
    state = replace(play, dividends=16)
    state, _ = move(state, "sell white")
    assert state.seats[2].shares[4] == 0


def test_cannot_sell_what_you_do_not_hold__rule_株式の売却(play):
    assert refused(play, "sell blue").rule == "株式の売却"


def test_dividend_rounds_up_per_share__rule_配当(play):
    """配当: price / shares held by players, rounded up, per share."""
    state = with_shares(play, "A", green=2)  # green held: A 2, B 1, C buys 1 -> 4
    state = with_prices(state, green=10)
    state = with_offer(state, "", "", "green")
    state, _ = move(state, "buy green")  # 10 -> 13: gold 13; ceil(13 / 4) = 4
    assert [s.cash for s in state.seats] == [12 + 8, 24 + 4, 18 - 10 + 4]


def test_two_gold_squares_pay_twice_at_current_price__rule_配当(play):
    """Passing two gold squares pays twice, each at the current price; the marker moves twice."""
    state = with_prices(play, white=8)
    state, _ = move(state, "lay white town city")
    # town: 8 -> 10 passes 9 (pays ceil(10/1) = 10); city: 10 -> 13 enters 13 (pays 13)
    assert state.seats[2].cash == 18 + 10 + 13
    assert state.dividends == 2
    state, _ = move(state, "reveal black")
    state = with_prices(state, blue=8)
    state = with_road(state, "blue", discs=5)
    state, _events = move(state, "lay blue dest")  # A; blue dest +5: 8 -> 13 passes 9 and 13
    assert state.seats[0].cash == 12 + 13 + 13 and state.dividends == 4


def test_twentieth_dividend_ends_game_and_cancels_second__rule_配当(play):
    state = replace(with_prices(play, white=8), dividends=19)
    state, _events = move(state, "lay white dest")  # 8 -> 13: 9 pays (#20), 13 is cancelled
    assert state.dividends == 20 and state.phase == "over"
    assert state.seats[2].cash == 18 + 13
    assert GAME.is_over(state) and GAME.options(state).actor is None
    assert refused(state, "buy green", actor="A").rule == "ゲームの終了"


def test_price_stops_at_top_of_track(play):
    """The track ends at its top value (52 on the fixture): a rise stops there; only gold
    squares actually reached pay."""
    state = with_prices(play, white=50)
    state, events = move(state, "lay white city city")
    assert state.road("white").price == 52 and state.dividends == 0
    assert any("top of the track" in e for e in events)


def test_deliberate_pass_is_refused__rule_ゲームの流れ(play):
    err = refused(play, "pass")
    assert err.rule == "ゲームの流れ" and "buy green" in err.legal


def test_pass_allowed_when_no_action__rule_ゲームの流れ(play):
    state = with_shares(play, "C", black=0, white=0)
    state = with_cash(state, C=2)
    assert GAME.options(state).verbs[0] == "pass"
    state, _ = move(state, "pass")
    assert GAME.options(state).actor == "A"


def test_dividend_divides_by_shares_still_held__rule_配当(play):
    """配当: ゲームから除外した株式は数えません — sold shares leave the divisor."""
    state = with_shares(play, "B", orange=2)
    state = replace(state, turn=1)
    state, _ = move(state, "sell orange")  # B's two orange leave the game; A holds the other
    state = replace(state, turn=0)
    state, _ = move(state, "lay orange city city")  # 10 -> 13: gold, divided by 1, not 3
    assert state.seats[0].cash == 12 + 13


def test_a_table_where_nobody_can_act_is_told_so__rule_ゲームの流れ(play):
    """ゲームの流れ: a player who can do nothing passes. When that is every player for good
    (no cash to buy, no railroad of theirs to lay, selling over) the referee says so."""
    state = replace(play, dividends=17)
    state = with_cash(state, A=0, B=0, C=0)
    for colour in ("black", "green", "blue", "orange", "white"):
        state = with_road(state, colour, arrived=True, discs=0)
    state = with_road(state, "blue", arrived=False, discs=5)  # only blue could lay: A holds it
    state = with_shares(state, "A", blue=0)
    state, events = move(state, "pass")
    assert any("nobody can buy, lay or sell" in e for e in events)
    state = with_cash(play, C=0)
    _, events = move(with_shares(state, "C", black=0, white=0), "pass")
    assert not any("nobody can" in e for e in events)  # A and B can still act
