"""準備 and 最初のオークション: setup, the auction order, bids, passes, the start player."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.core.engine import UsageError
from referee.games.union_station.railroads import MAP_DISCS

from .helpers import GAME, OPENING, forced, move, opened, refused, session


def test_setup_gives_30_each_and_no_dividend_yet__rule_準備():
    """準備 2, 4, 5, 8: $30 each, the dividend marker beside 1 (none paid), discs per colour."""
    s = session("A,B,C,D,E")
    state = s.state
    assert [seat.cash for seat in state.seats] == [30] * 5
    assert state.dividends == 0
    assert all(r.discs == MAP_DISCS == 12 and r.usc == 1 and r.price == 0 for r in state.roads)
    # 準備 6, 7: one of each colour goes to the auction, the other 25 form the deck.
    assert sum(state.deck) == 25
    assert state.deck == (6, 5, 5, 5, 4)  # the fixture split 7 6 6 6 5, less one each


def test_players_three_to_five():
    with pytest.raises(UsageError):
        session("A,B")
    with pytest.raises(UsageError):
        session("A,B,C,D,E,F")


def test_auction_order_then_deck_top_are_revealed__rule_準備():
    """準備 6, 7: five shares face up in order, then the top of the deck."""
    s = session()
    assert GAME.options(s.state).verbs[0] == "reveal"
    s.play("reveal white blue")
    assert s.state.lots == ("white", "blue")
    err = refused(s.state, "reveal blue")
    assert err.rule == "準備"
    s.play("reveal green black orange")
    assert s.state.needs_reveal() == "top"
    s.play("reveal white")
    assert s.state.top == "white" and s.state.deck[4] == 3
    assert s.state.phase == "auction" and s.state.auction.colour == "white"


def test_deck_top_must_be_a_share_still_in_the_deck__rule_準備():
    s = session()
    s.play("reveal blue green black orange white")
    state = s.state
    from dataclasses import replace

    state = replace(state, deck=(6, 5, 5, 5, 0))
    assert refused(state, "reveal white").rule == "準備"


def test_start_player_chosen_before_first_bid__rule_準備():
    """準備 9: any way to choose who starts the first auction; `start NAME`."""
    s = session()
    s.play("start B")
    s.play("reveal blue green black orange white green")
    assert GAME.options(s.state).actor == "B"
    s.play("start C")
    assert GAME.options(s.state).actor == "C"
    s.play("bid 5")
    assert refused(s.state, "start A").rule == "準備"


def test_bid_at_least_5_and_more_than_high__rule_最初のオークション():
    s = session()
    s.play(OPENING[0])
    assert refused(s.state, "bid 4").rule == "最初のオークション"
    s.play("bid 7")
    err = refused(s.state, "bid 7")
    assert err.rule == "最初のオークション" and "8" in err.legal
    s.play("bid 8")
    assert s.state.auction.high == 8 and s.state.players[s.state.auction.leader] == "B"


def test_bid_no_more_than_cash__rule_最初のオークション():
    s = session()
    s.play(OPENING[0])
    assert refused(s.state, "bid 31").rule == "最初のオークション"


def test_pass_is_final_for_that_share__rule_最初のオークション():
    s = session()
    s.play(OPENING[0])
    s.play("pass")  # A
    s.play("bid 5")  # B
    s.play("bid 6")  # C
    # A passed: the turn skips A and goes back to B.
    assert GAME.options(s.state).actor == "B"
    err = refused(s.state, "bid 9", actor="A")
    assert err.rule == "最初のオークション"
    # Its effect is computable, so the table may force it: A leads, and wins when B, C pass.
    state, rules = forced(s.state, "bid 9", actor="A")
    # Two things broken, both of 最初のオークション: A bid out of turn, and after passing.
    assert rules == ["最初のオークション", "最初のオークション"] and state.auction.leader == 0
    state, _ = move(state, "pass")
    state, _ = move(state, "pass")
    assert state.acquired == (("blue", 0),) and state.seats[0].cash == 30 - 9


def test_winner_pays_and_price_goes_to_bid_without_dividend__rule_最初のオークション():
    """The price disc goes to the bid even onto a gold square (9 on the fixture): no dividend."""
    s = session()
    s.play(OPENING[0])
    for line in ("bid 9", "pass", "pass"):
        events = s.play(line)
    state = s.state
    assert state.seats[0].cash == 21 and state.seats[0].shares[2] == 1
    assert state.road("blue").price == 9 and state.dividends == 0
    assert any("no dividend in the auction" in e.text for e in events)
    # The next auction starts with the winner.
    assert GAME.options(state).actor == "A" and state.auction.colour == "green"


def test_nobody_bids_auctioneer_takes_it_free_at_5__rule_最初のオークション():
    s = session()
    s.play(OPENING[0])
    s.play("pass")
    s.play("pass")
    assert s.state.auction is not None  # C may still bid
    s.play("pass")
    state = s.state
    assert state.seats[0].shares[2] == 1 and state.seats[0].cash == 30
    assert state.road("blue").price == 5
    assert GAME.options(state).actor == "A"  # the taker starts the next auction


def test_after_auction_top_goes_to_plus1_and_lowest_holder_starts__rule_最初のオークション():
    s = opened()
    state = s.state
    assert state.phase == "play"
    assert state.offer == ("green", "", "")  # only +1 is filled
    assert state.top == "blue"
    assert GAME.options(state).actor == "C"  # white at $5 is the lowest


def test_tie_for_lowest_price_goes_to_the_latest_taker__rule_最初のオークション():
    s = session()
    s.play("reveal blue green black orange white green")
    # A takes blue 5, A starts green: B takes it at 5, then C takes black 5, then orange and
    # white go higher. Lowest price 5 is shared by blue, green and black: C took black last.
    for line in ("bid 5", "pass", "pass", "pass", "bid 5", "pass", "pass", "bid 5", "pass",
                 "pass", "bid 6", "pass", "pass", "pass", "bid 7"):  # fmt: skip
        s.play(line)
    s.play("reveal black")
    assert [s.state.road(c).price for c in ("blue", "green", "black")] == [5, 5, 5]
    assert GAME.options(s.state).actor == "C"


def test_actions_of_play_are_refused_during_the_auction__rule_ゲームの流れ():
    s = session()
    s.play(OPENING[0])
    assert refused(s.state, "buy green").rule == "ゲームの流れ"


def test_bid_out_of_turn__rule_最初のオークション():
    s = session()
    s.play(OPENING[0])
    assert refused(s.state, "bid 6", actor="B").rule == "最初のオークション"
    # The table has the last word: forced, B bids out of turn and C is next.
    state, rules = forced(s.state, "bid 6", actor="B")
    assert rules == ["最初のオークション"]
    assert state.auction.high == 6 and GAME.options(state).actor == "C"


def test_a_reveal_is_judged_by_the_section_of_its_moment():
    """準備 while setting up; 最初のオークション during the first auction; 株式の購入 in play
    (the offer refilled after a buy or a lay)."""
    s = session()
    s.play("reveal blue green black orange white")
    no_black = replace(s.state, deck=(0, *s.state.deck[1:]))
    assert refused(no_black, "reveal black", "A").rule == "準備"
    s.play(OPENING[0].removeprefix("reveal blue green black orange white").join(["reveal", ""]))
    assert refused(s.state, "reveal blue", "A").rule == "最初のオークション"
    play = opened().state
    assert refused(play, "reveal blue").rule == "株式の購入"
    after_buy, _ = move(play, "buy green")
    empty = replace(after_buy, deck=(*after_buy.deck[:3], 0, after_buy.deck[4]))
    assert refused(empty, "reveal orange", "A").rule == "株式の購入"


def test_start_is_offered_only_while_it_can_be_used__rule_準備():
    """The start player can be changed until the first auction has a bid or a pass."""
    s = session()
    s.play(OPENING[0])
    assert "start" in GAME.options(s.state).verbs
    s.play("pass")
    assert "start" not in GAME.options(s.state).verbs
    assert refused(s.state, "start B", "B").rule == "準備"
