"""株式の購入, the offer, and the Union Station Company track
(シカゴ・ユニオン・ステーション株式会社)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.core.engine import UsageError, automatic_move

from .helpers import (
    GAME,
    OPENING,
    move,
    opened,
    refused,
    session,
    with_cash,
    with_offer,
    with_prices,
    with_road,
    with_shares,
)


@pytest.fixture
def play():
    """C to move; offer +1 green; deck top blue (see helpers.OPENING)."""
    return opened().state


def test_buy_pays_price_and_raises_by_slot__rule_株式の購入(play):
    state, events = move(play, "buy green")
    c = state.seats[2]
    assert c.cash == 18 - 6 and c.shares[1] == 1
    assert state.road("green").price == 7  # bought from +1: +1
    assert state.offer == ("blue", "", "") and state.top == ""
    assert "turn up the next share" in " ".join(events)
    assert GAME.options(state).verbs == ("reveal",)
    assert GAME.options(state).actor == "A"


def test_buy_from_plus3_raises_3_and_pays_dividend_at_new_price__rule_配当(play):
    """配当: a rise into or past a gold square pays price / shares held, rounded up."""
    state = with_offer(play, "", "", "green")
    state = with_prices(state, green=8)
    state, _events = move(state, "buy green")
    # 8 -> 11 passes the gold 9: B and C hold one each: ceil(11 / 2) = 6 a share.
    assert state.road("green").price == 11
    assert state.seats[1].cash == 24 + 6 and state.seats[2].cash == 18 - 8 + 6
    assert state.dividends == 1


def test_cannot_buy_what_you_cannot_pay__rule_株式の購入(play):
    state = with_cash(play, C=5)
    assert refused(state, "buy green").rule == "株式の購入"


def test_cannot_buy_the_deck_top__rule_株式の購入(play):
    err = refused(play, "buy blue")
    assert err.rule == "株式の購入" and "offer" in err.legal


def test_same_railroad_in_two_slots_needs_the_slot(play):
    state = with_offer(play, "green", "", "green")
    with pytest.raises(UsageError):
        move(state, "buy green")
    state, _ = move(state, "buy green +3")
    assert state.road("green").price == 9


def test_shift_pushes_up_to_the_first_gap__rule_株式の購入(play):
    """The top goes to +1; +1 moves to +2 and +2 to +3 only as far as the first empty space."""
    state = with_offer(play, "green", "orange", "white")  # C buys orange from +2
    state, _ = move(state, "buy orange")
    assert state.offer == ("blue", "green", "white")


def test_nothing_falls_off_plus3__rule_株式の購入(play):
    """注: no share is pushed out of +3; when no space is free nothing moves and the top stays.

    A lay with a full offer leaves everything in place and needs no reveal."""
    state = with_offer(play, "green", "orange", "white")
    state, _events = move(state, "lay white town city")
    assert state.offer == ("green", "orange", "white") and state.top == "blue"
    assert not state.needs_reveal()


def test_empty_deck_still_shifts__rule_線路の敷設():
    """注: with no card on the deck the offer still moves right one space, never off +3."""
    state = opened().state
    state = replace(state, deck=(0, 0, 0, 0, 0), top="")
    state = with_offer(state, "green", "", "orange")
    state, _ = move(state, "lay white town city")
    assert state.offer == ("", "green", "orange")
    state = with_offer(state, "green", "black", "")
    state, _ = move(state, "lay blue plain plain")
    assert state.offer == ("", "green", "black")


def test_reveal_must_come_before_the_next_action__rule_株式の購入(play):
    state, _ = move(play, "buy green")
    assert refused(state, "lay blue town town").rule == "株式の購入"
    assert refused(state, "reveal green black").rule == "株式の購入"  # only one to turn up
    state, _ = move(state, "reveal black")
    assert state.top == "black"


def test_last_colour_in_the_deck_is_the_only_reveal_and_so_automatic(play):
    """When every face-down share is one colour the next top is known: its reveal is the only
    move, with one candidate, so the referee makes it (no reveal to type)."""
    state = replace(play, deck=(0, 0, 2, 0, 0))
    state, events = move(state, "buy green")
    assert any("only blue" in e for e in events)
    assert GAME.options(state).verbs == ("reveal",)
    made = automatic_move(GAME, state)
    assert made is not None and made[1] == "reveal blue"
    assert made[2].top == "blue" and made[2].deck == (0, 0, 1, 0, 0)


def test_buy_moves_usc_disc_and_last_line_pays_special__rule_シカゴユニオンステーション株式会社(
    play,
):
    """When every disc is on or past the 2nd space the $10 special is paid to every railroad's
    shareholders: per share ceil(10 / shares held); the dividend marker does not move."""
    state = play
    for colour in ("black", "blue", "orange", "white"):
        state = with_road(state, colour, usc=3)
    state = with_shares(state, "B", black=1, orange=2)
    # Held after C buys green: black A0 B1 C1 = 2; green B1 C1 = 2; blue A1 = 1; orange A1 B2
    # = 3; white C1 = 1.
    state, events = move(state, "buy green")
    assert state.road("green").usc == 2
    a, b, c = (s.cash for s in state.seats)
    # A: blue 10 + orange ceil(10/3)=4 -> 12 + 14 = 26
    # B: green 5 + black 5 + orange 2 x 4 = 18 -> 24 + 18 = 42
    # C: 18 - 6 (green) + green 5 + black 5 + white 10 = 32
    assert (a, b, c) == (26, 42, 32)
    assert state.dividends == 0
    assert any("special $10" in e for e in events)


def test_second_line_pays_15_and_disc_stops_on_4th_space__rule_シカゴユニオンステーション株式会社(
    play,
):
    state = play
    for colour in ("black", "blue", "orange", "white"):
        state = with_road(state, colour, usc=4)
    state = with_road(state, "green", usc=2)
    state, _ = move(state, "buy green")  # green 2 -> 3: all past the 2nd line: $15
    # green held by B and C: ceil(15/2) = 8 each; blue A 15; orange A 15; black C 15; white C 15
    assert [s.cash for s in state.seats] == [12 + 30, 24 + 8, 18 - 6 + 8 + 30]
    state = with_road(state, "green", usc=4)
    state, _ = move(state, "reveal black")
    state = with_offer(state, "green", "", "")
    state, events = move(state, "buy green")  # A buys
    assert state.road("green").usc == 4
    assert any("stays on the last" in e for e in events)


def test_special_skips_a_railroad_nobody_holds(play):
    state = play
    for colour in ("black", "blue", "orange", "white"):
        state = with_road(state, colour, usc=2)
    state = with_shares(state, "A", orange=0)
    state, events = move(state, "buy green")
    assert any("nobody holds orange" in e for e in events)
    assert state.seats[0].cash == 12 + 10  # blue only


def test_the_first_auction_moves_no_usc_disc__rule_シカゴユニオンステーション株式会社(play):
    """Only a buy during 「株式の購入」 moves a disc; the five auctioned shares move none."""
    assert all(r.usc == 1 for r in play.roads)


def test_a_line_pays_its_special_once__rule_シカゴユニオンステーション株式会社(play):
    """After every disc has passed the $10 line it is not paid again by later buys."""
    state = play
    for colour in ("black", "blue", "orange", "white"):
        state = with_road(state, colour, usc=3)
    state, events = move(state, "buy green")  # green 1 -> 2: the $10 line
    assert sum("special $10" in e for e in events) == 5
    state, _ = move(state, "reveal black")
    state, events = move(state, "buy blue", actor="A")  # blue 3 -> 4: green still on 2
    assert not any("special" in e for e in events)


def test_special_divides_by_the_shares_players_hold__rule_シカゴユニオンステーション株式会社(play):
    """ゲームから除外した株式は数えません: sold shares and shares in the offer do not divide."""
    state = with_shares(play, "B", blue=2)
    state = replace(state, turn=1)
    state, _ = move(state, "sell blue")  # B's two blue shares leave the game; A holds 1
    for colour in ("black", "blue", "orange", "white"):
        state = with_road(state, colour, usc=2)
    a = state.seats[0].cash
    state, _ = move(state, "buy green")  # C
    assert state.seats[0].cash == a + 10 + 10  # blue ceil(10/1) + orange ceil(10/1)


def test_twentieth_dividend_of_a_buy_ends_the_game_before_its_special__rule_配当(play):
    """The price rise of a buy comes first (それから、…価格を上げます); when it pays the 20th
    dividend the game ends at once, so the special of the same buy is not paid."""
    state = replace(play, dividends=19)
    for colour in ("black", "blue", "orange", "white"):
        state = with_road(state, colour, usc=2)
    state = with_prices(state, green=12)
    state, events = move(state, "buy green")  # 12 -> 13: gold, the 20th
    assert state.phase == "over" and state.dividends == 20
    assert not any("special" in e for e in events)
    assert state.seats[2].cash == 18 - 12 + 7  # ceil(13 / 2) for C's green; nothing more


def test_buy_by_offer_space_buys_what_lies_there__rule_株式の購入(play):
    by_space, _ = move(play, "buy +1")
    by_name, _ = move(play, "buy green")
    assert GAME.snapshot(by_space) == GAME.snapshot(by_name)


def test_buy_from_an_empty_space_says_the_space_is_empty__rule_株式の購入(play):
    for text in ("buy +3", "buy blue +3"):
        e = refused(play, text)
        assert e.rule == "株式の購入" and e.reason == "+3 is empty"


def test_pfw_and_c_is_the_rules_own_name_of_orange():
    from referee.games.union_station.commands import railroad

    assert railroad("PFW&C") == railroad("pfwc") == "orange"


def test_a_share_taken_free_prints_no_cash_change__rule_最初のオークション():
    s = session()
    s.play(OPENING[0])
    texts_ = [e.text for text in ("pass", "pass", "pass") for e in s.play(text)]
    assert "A takes blue free" in texts_
    assert not any("cash 30 -> 30" in t for t in texts_)
