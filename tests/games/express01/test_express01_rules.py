"""Express 01, rule by rule. Each test names the section of express01.ja.txt it checks."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.core.engine import Event, Overridden, RuleError, UsageError
from referee.games.express01 import scoring
from referee.games.express01.sections import (
    ACQUIRE,
    BONUS,
    CARDS,
    EXPAND,
    LOCO,
    POSITION,
    SETUP,
    TURN,
)
from referee.games.express01.state import Spot
from referee.store import savefile

OPEN = ("order A B C", "lay 9 terminal red +1", "done")  # A builds red's first station
# B buys red and builds blue; round 2: loco to B (A 5+2=7, B 4+1=5, C 6); A passes;
# B runs red 9 10: 2 stations + 1 bonus = 3, all to B (1 share, the 2 left over too).
RAN = (*OPEN, "buy red r1", "lay 10 through blue", "done", "done", "done", "run red 9 10")


def overridden(events: list[Event]) -> list[str]:
    return [e.rule for e in events if isinstance(e, Overridden)]


def take_all(session, deck: str = "r3") -> None:
    """Each taker of the bonus payment takes their own cards from `deck`."""
    while session.state.payout:
        session.play(f"take {deck}")


def refused(session, line: str) -> RuleError:
    with pytest.raises(RuleError) as e:
        session.play(line)
    return e.value


# --- ゲームの準備 -------------------------------------------------------------------------
def test_deal_six_stage3_route_cards__rule_ゲームの準備(new):
    s = new()
    assert all(s.state.hands[p] == {"r3": 6} for p in "ABC")
    assert s.state.decks["r3"] == 30 - 18


def test_order_from_face_down_cards_highest_first__rule_ゲームの準備(new):
    s = new("order A 12 B 40 C 33")
    assert s.state.positions == {"B": 1, "C": 2, "A": 3}
    assert s.state.hand_size("B") == 6  # the cards played go back to hand
    assert s.game.options(s.state).actor == "B"


def test_the_last_position_is_the_player_left__rule_ゲームの準備(new):
    assert new("order C A").state.positions == {"C": 1, "A": 2, "B": 3}
    with pytest.raises(UsageError):
        new("order C")


def test_a_player_takes_one_position__rule_ゲームの準備(new):
    """A name given twice is refused by the rule (one position card each), not taken for words
    still missing: the seat's offers never lead to it (issue 32 item 5)."""
    for line in ("order C C", "order A 5 A 7 B 9"):
        with pytest.raises(RuleError, match="C is named twice|A is named twice") as refused:
            new(line)
        assert refused.value.rule == SETUP


def test_no_move_before_the_order__rule_ゲームの準備(new):
    s = new()
    assert refused(s, "done").rule == SETUP


def test_deck_too_small_for_the_deal__rule_ゲームの準備(new, board):
    with pytest.raises(UsageError):
        new(decks={**board["decks"], "r3": 17})


# --- 政府補助金 ---------------------------------------------------------------------------
def test_first_round_aid_goes_to_position_1__rule_政府補助金(new):
    s = new("order C A B")
    assert s.state.loco == "C"


def test_aid_goes_to_lowest_capital_ties_to_lower_position__rule_政府補助金(new):
    # Round 2: A hand 5 + unused loco 2 = 7 (base 9 alone makes no pair); B 6, C 6:
    # B and C tie, B has the lower position.
    s = new(*OPEN, "done", "done")
    assert s.state.round == 2
    assert s.state.loco == "B"
    # A pays 2 (hand 3; bases 9 station, 10 and 11 route: one pair) = 4; B 6 + 2 = 8; C 6.
    s.play("lay 10 through blue")
    s.play("lay 11 through green")
    s.play("done")
    s.play("done")
    s.play("done")
    assert s.state.loco == "A"
    assert [scoring.capital(s.state, p).total for p in "ABC"] == [6, 6, 6]


def test_capital_counts_hand_shares_pairs_and_loco__rule_政府補助金(new):
    s = new("order A B C", "lay 9 terminal red", "lay 8 route", "lay 7 route", "buy red r1")
    c = scoring.capital(s.state, "A")
    # hand 6 - 3 = 3; one red share x 1 station; bases 9 (station) 8 7 (route): 1 pair; loco 2
    assert (c.hand, c.shares, c.pairs, c.loco, c.total) == (3, 1, 1, 2, 7)


def test_the_worked_example_of_the_rules_makes_33__rule_ゲーム終了(new):
    """15 hand cards; red 2 shares x 2 stations, blue 3 x none, purple 3 x 3 stations;
    three unlike base card pairs; the black locomotive: 15 + 4 + 0 + 9 + 3 + 2 = 33."""
    s = new("order A B C")
    board = list(s.state.board)
    for n, company in ((1, "red"), (2, "red"), (4, "purple"), (5, "purple"), (6, "purple")):
        board[n - 1] = Spot(n, 1, "through", company)
    state = replace(
        s.state,
        board=tuple(board),
        hands={**s.state.hands, "A": {"r3": 10, "th2": 5}},
        shares={**s.state.shares, "A": {"red": 2, "blue": 3, "purple": 3}},
        bases={**s.state.bases, "A": (3, 9, 13, 1, 2, 4, 5)},  # 3 stations, 4 routes
        loco="A",
    )
    c = scoring.capital(state, "A")
    assert (c.hand, c.shares, c.pairs, c.loco, c.total) == (15, 13, 3, 2, 33)


def test_ties_go_to_more_shares_then_shared__rule_ゲーム終了(new):
    s = new("order A B", "lay 9 terminal red", "done", "buy red r1", "done", players="A,B")
    state = replace(s.state, loco="", hands={"A": {"r3": 5}, "B": {"r3": 4}})
    top = scoring.standings(state)
    assert [(x.player, x.score, x.place) for x in top] == [("B", 5, 1), ("A", 5, 2)]
    state = replace(state, shares={"A": {}, "B": {}}, hands={"A": {"r3": 5}, "B": {"r3": 5}})
    assert [x.place for x in scoring.standings(state)] == [1, 1]


# --- ターン進行 --------------------------------------------------------------------------
def test_one_action_pair_per_turn__rule_ターン進行(new):
    """1: expand then acquire; 2: acquire then expand; 3: bonus payment then change position;
    expand and acquire repeat while the player pays; a half may be left out."""
    s = new(*OPEN, "buy red r1", "buy red r1", "lay 10 route", "lay 11 route")
    for line in ("buy red r1", "run red 9 9", "swap C"):  # pair 2 is over but for `done`
        assert refused(s, line).rule == TURN
    s.play("done")  # B
    s.play("lay 12 route")  # C: expand ...
    assert refused(s, "run red 9 9").rule == TURN  # ... is no bonus payment's pair
    assert refused(s, "swap A").rule == TURN
    s.play("done")
    s = _four_shareholders(new)  # round 2
    s.play("run red 9 10")  # A: bonus payment ...
    take_all(s)
    for line in ("run red 9 10", "lay 12 route", "buy red r1"):
        assert refused(s, line).rule == TURN  # once a turn, then only the change of position
    s.play("swap D")  # ... then change position, which ends the turn
    assert s.state.positions == {"A": 4, "B": 2, "C": 3, "D": 1}
    assert s.state.turn.player == "D"  # D's new card 1 still shows the locomotive
    s.play("swap C")  # a change of position alone
    assert s.state.positions == {"A": 4, "B": 2, "C": 1, "D": 3}
    assert s.state.turn.player == "C"


# --- a) 鉄道網拡張 -------------------------------------------------------------------------
def test_one_payment_lays_two_route_cards__rule_鉄道網拡張(new):
    s = new(*OPEN, "lay 10 route")
    assert s.state.hand_size("B") == 5
    s.play("lay 11 route")
    assert s.state.hand_size("B") == 5
    s.play("lay 12 route")
    assert s.state.hand_size("B") == 4
    assert s.state.decks["r1"] == 10 - 3
    assert s.state.decks["r3"] == 12 + 1 + 2


def test_already_paid_route_card_refuses_payment__rule_鉄道網拡張(new):
    s = new(*OPEN, "lay 10 route")
    assert refused(s, "lay 11 route pay r3").rule == EXPAND
    # The effect is computable (the card is paid all the same): the table may force it.
    events = s.play('force lay 11 route pay r3 --because "we paid it"')
    assert overridden(events) == [EXPAND] and s.state.hand_size("B") == 4


def test_a_station_costs_one_card__rule_鉄道網拡張(new):
    s = new(*OPEN, "lay 10 route", "lay 13 through blue", "lay 11 route")
    # route 10 paid (and leaves one free route), station 13 paid, route 11 used the free slot
    assert s.state.hand_size("B") == 4


def test_stages_one_at_a_time_and_replaced_cards__rule_鉄道網拡張(new):
    s = new(*OPEN, "lay 9 terminal blue +2")
    spot = s.state.spot(9)
    assert (spot.stage, spot.kind, spot.company, spot.bonus) == (2, "terminal", "blue", 2)
    assert s.state.decks["te1"] == 5  # the yellow card went back onto its deck
    assert s.state.decks["te2"] == 4
    assert s.state.bases["A"] == (9,)  # the base card went to the display of who replaced it
    s.play("lay 9 terminal red")
    assert s.state.spot(9).stage == 3
    assert refused(s, "lay 9 terminal red").rule == EXPAND


def test_a_station_is_not_replaced_by_a_route_card__rule_鉄道網拡張(new):
    s = new(*OPEN)
    assert refused(s, "lay 9 route").rule == EXPAND


def test_payment_from_cards_not_held__rule_ターン進行(new):
    s = new(*OPEN)
    err = refused(s, "lay 10 through blue pay th1")
    assert err.rule == TURN and not err.computable


def test_payment_must_be_named_when_the_hand_is_mixed(new):
    s = new(*RAN, "take r1 r1 r1", "done", "done", "done")
    assert s.state.hands["B"] == {"r3": 4, "r1": 3}
    with pytest.raises(UsageError):
        s.play("lay 11 through green")
    s.play("lay 11 through green pay r1")
    assert s.state.hands["B"] == {"r3": 4, "r1": 2}


def test_wrong_number_of_cards__rule_株獲得(new):
    s = new(*OPEN)
    assert refused(s, "buy red r1 pay r3 r3").rule == ACQUIRE


def test_black_loco_pays_a_cost_and_is_discarded__rule_黒機関車(new):
    s = new("order A B C", "lay 9 terminal red pay black")
    assert s.state.hand_size("A") == 6
    assert s.state.loco == ""
    assert scoring.capital(s.state, "A").loco == 0
    s.play("done")
    assert refused(s, "lay 10 route pay black").rule == LOCO


# --- b)株獲得 ------------------------------------------------------------------------------
def test_only_companies_with_a_station__rule_株獲得(new):
    s = new(*OPEN)
    assert refused(s, "buy blue r1").rule == ACQUIRE


def test_price_is_the_station_count_paid_to_the_decks__rule_株獲得(new):
    s = new(*OPEN, "lay 10 through red", "lay 11 capital red", "buy red r2")
    assert s.state.stations("red") == 3
    assert s.state.hand_size("B") == 6 - 2 - 3
    assert s.state.shares["B"] == {"red": 1}
    assert s.state.decks["r2"] == 9
    assert s.state.decks["r3"] == 12 + 1 + 5


def test_share_from_a_display_is_paid_to_its_owner__rule_株獲得(new):
    s = new(*OPEN, "buy red r1", "done", "done")
    # round 2: A 5 + 2 = 7, B 5 + 1 = 6, C 6: B (lower position) gets the loco
    assert s.state.loco == "B"
    s.play("done")  # A
    s.play("done")  # B
    assert refused(s, "buy red B").rule == LOCO  # the holder's shares are safe
    s.play("done")
    # round 3: A 5, B 6 + 2 = 8, C 6: A gets the loco, B's share may be taken
    assert s.state.loco == "A"
    s.play("done")
    s.play("done")
    s.play("buy red B")
    assert s.state.shares["B"] == {}
    assert s.state.shares["C"] == {"red": 1}
    assert s.state.hands["B"] == {"r3": 6}  # 5 + the card C paid
    assert s.state.decks["r3"] == 12 + 1 + 1  # C's payment did not go to the decks
    assert refused(s, "buy red B").rule == ACQUIRE  # B has none left


# --- c)ボーナス支払い -----------------------------------------------------------------------
def _four_shareholders(new):
    """4 players, red has stations 9 (+1), 10, 11 (+2): a route 9 10 11 pays 3 + 3 = 6."""
    s = new(
        "order A B C D",
        "lay 9 terminal red +1",
        "lay 10 through red",
        "lay 11 terminal white +2",
        "buy red r1 pay r3 r3",
        "done",
        "buy red r1 pay r3 r3",
        "done",
        "buy red r1 pay r3 r3",
        "done",
        "buy red r1 pay r3 r3",
        "buy red r1 pay r3 r3",
        "done",
        players="A,B,C,D",
    )
    return s


def test_payout_order_starts_with_the_actor__rule_ボーナス支払い(new):
    s = _four_shareholders(new)  # round 2: A 1 + 1 +... shares A1 B1 C1 D2
    assert s.state.round == 2
    s.play("done")  # A
    s.play("done")  # B
    s.play("run red 9 10 11")  # C (position 3) runs: order 3 -> 4 -> 1 -> 2
    assert s.state.payout == ("C", "D", "A", "B", "D", "C")
    # 6 to pay, shares C1 D2 A1 B1 = 5: one round, D's second, then 1 left over to C


def test_payout_never_more_than_the_limit__rule_ボーナス支払い(new):
    s = _four_shareholders(new)
    s.play("done")
    s.play("done")
    s.play("run red 9 10")  # 2 stations + 1 bonus = 3
    assert s.state.payout == ("C", "D", "A")  # B gets nothing


def test_black_loco_counts_as_an_extra_share__rule_黒機関車(new):
    s = _four_shareholders(new)
    holder = s.state.loco
    assert s.state.shares[holder]["red"] >= 1
    s.play("done")
    s.play("done")
    s.play("run red 9 10 11 black")
    # the holder gets one card more than their shares allow, the actor's leftover shrinks
    assert s.state.loco == ""
    counts = {p: s.state.payout.count(p) for p in "ABCD"}
    assert sum(counts.values()) == 6
    assert counts[holder] == s.state.shares[holder]["red"] + 1


def _loco_without_a_share(new, **readings: str):
    """Round 2: C holds the black locomotive and no red share; A is to run red."""
    s = new(
        "order A B C",
        "lay 9 terminal red +1",
        "lay 10 through white",
        "buy red r1",
        "done",
        "buy red r1",
        "done",
        "lay 11 route",
        "done",
        readings={k.replace("_", "-"): v for k, v in readings.items()},
    )
    # round 2: A 3 + 1 + pair 1 + loco 2 = 7, B 5 + 1 = 6, C 5: C takes the loco
    assert s.state.loco == "C" and s.state.shares["C"] == {}
    return s


def test_reading_loco_share_any_holder_makes_its_holder_a_shareholder__rule_黒機関車(new):
    """「黒機関車」は配当会社の追加株として使用できる, read as making any holder a shareholder:
    C holds no red share but the loco (reading loco-share=any-holder, L299)."""
    s = _loco_without_a_share(new, loco_share="any-holder")
    events = s.play("run red 9 10 black")  # A runs: 2 stations + 1 bonus = 3
    assert s.state.payout == ("A", "B", "C")
    assert s.state.loco == ""
    assert any("reading express01.loco-share=any-holder" in e.text for e in events)


def test_the_loco_share_pays_only_a_shareholder_by_default__rule_黒機関車(new):
    """L198 特定会社の株主のみがボーナス支払いを受け取れます binds the loco too; L299 calls it an
    additional share (追加株) of the paying company: the default reading loco-share=shareholder."""
    s = _loco_without_a_share(new)
    error = refused(s, "run red 9 10 black")
    assert error.rule == LOCO and error.reading == "reading express01.loco-share=shareholder"
    s.play("run red 9 10")
    assert s.state.payout == ("A", "B", "A") and s.state.loco == "C"


def test_black_loco_is_no_share_once_discarded__rule_黒機関車(new):
    s = _four_shareholders(new)
    s.play("done")
    s.play("done")
    s.play("run red 9 10 11 black")  # C runs; the loco is used and discarded
    take_all(s)
    s.play("done")
    assert s.state.turn.player == "D" and s.state.loco == ""
    assert refused(s, "run red 9 10 11 black").rule == LOCO


def test_route_rules__rule_ボーナス支払い(new):
    s = _four_shareholders(new)
    assert refused(s, "run red 9 10 9").rule == BONUS  # a station twice
    assert refused(s, "run red 9 12").rule == BONUS  # no station on 12
    with pytest.raises(UsageError):
        s.play("run red 9")  # a route has two stations at least


def test_route_needs_a_station_of_the_company__rule_ボーナス支払い(new):
    s = new(
        "order A B C",
        "lay 9 terminal red",
        "lay 10 through white",
        "lay 11 through white",
        "buy red r1",
        "done",
    )
    s.play("buy red r1")
    s.play("done")
    s.play("done")
    assert refused(s, "run red 10 11").rule == BONUS
    s.play("run red 10 9 11")
    assert s.state.payout == ("A", "B", "A")


def test_the_train_runs_one_card_per_share_even_without_track__rule_ボーナス支払い(new):
    """列車は発行された株1つにつき、ゲームボードの1カード分: 1 red share, 1 card."""
    s = new(
        "order A B C",
        "lay 9 terminal red",
        "lay 10 through white",
        "lay 11 through white",
        "buy red r1",
        "done",
        "done",
        "done",
    )
    assert s.state.turn.player == "A" and s.state.shares_of("red") == 1
    assert refused(s, "run red 10 9 11").rule == BONUS  # 3 stations: 2 cards at least
    s.play("run red 10 9")
    assert s.state.payout == ("A", "A")
    s.undo()
    events = s.play('force run red 10 9 11 --because "house rule"')
    assert overridden(events) == [BONUS] and s.state.payout == ("A", "A", "A")


def test_run_needs_a_share__rule_ボーナス支払い(new):
    s = new(*OPEN)
    assert refused(s, "run red 9 9").rule == BONUS


def test_take_from_an_empty_deck_is_refused__rule_ボーナス支払い(new):
    s = new(*RAN)
    assert s.state.payout == ("B", "B", "B")
    assert refused(s, "take c1 c1 c1 c1").rule == BONUS  # only 3 to take
    s.play("adjust deck c1 0 --because test")
    assert refused(s, "take c1").rule == BONUS
    s.play("take c2 c2 te3")
    assert s.state.payout == ()
    assert s.state.hands["B"] == {"r3": 4, "c2": 2, "te3": 1}
    assert s.state.decks["c2"] == 1


# --- d) ポジション変更 ---------------------------------------------------------------------
def test_swap_with_a_player_still_to_move__rule_ポジション変更(new):
    s = new(*OPEN, "swap C")  # B (2) swaps with C (3), who has not moved
    assert s.state.positions == {"A": 1, "B": 3, "C": 2}
    assert s.state.moved == {"A", "B"}
    assert s.state.turn.player == "C"  # C still shows the locomotive: C moves next


def test_swap_with_a_player_who_has_moved__rule_ポジション変更(new):
    s = new(*OPEN, "done", "swap A")  # C (3) swaps with A (1), who has moved
    assert s.state.positions == {"A": 3, "B": 2, "C": 1}
    assert s.state.round == 2  # everyone has moved; the round is over
    assert s.state.turn.player == "C"  # position 1 moves first
    assert refused(s, "swap C").rule == POSITION


# --- ゲーム終了 ------------------------------------------------------------------------------
def _lay_routes(s, cards):
    s.play("adjust deck r1 20 --because the test lays many route cards")
    for n in cards:
        s.play(f"lay {n} route")


def test_short_game_ends_after_12_replaced_at_round_end__rule_ゲーム終了(new):
    s = new("order A B", "lay 9 capital red", "done", players="A,B")
    _lay_routes(s, [1, 2, 3, 4, 5, 6, 7, 8, 10, 11])  # 11 replaced: not yet
    assert not s.state.end_triggered
    s.play("lay 12 route")
    assert s.state.end_triggered and not s.state.over
    s.play("done")  # B ends round 1: the round is played out
    assert s.state.over
    assert s.game.options(s.state).actor is None
    assert refused(s, "done").reason.startswith("the game is over")


def test_long_game_needs_24__rule_ゲーム終了(new):
    s = new("order A B", "lay 9 capital red", "done", players="A,B", variant="long")
    _lay_routes(s, [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12])
    assert s.state.replaced() == 12 and not s.state.end_triggered


def test_empty_decks_end_the_game__rule_ゲーム終了(new):
    s = new("order A B", players="A,B")
    for d in ("c1 0", "c2 0", "te1 1"):
        s.play(f"adjust deck {d} --because the test empties decks")
    assert not s.state.end_triggered  # checked after an action, not a correction
    s.play("lay 9 through red")
    assert not s.state.end_triggered  # 2 empty
    s.play("lay 10 terminal red")  # te1 empties: c1 c2 te1
    assert s.state.end_triggered


def test_long_game_needs_four_empty_decks__rule_ゲーム終了(new):
    s = new("order A B", players="A,B", variant="long")
    for d in ("c1 0", "c2 0", "te1 1"):
        s.play(f"adjust deck {d} --because the test empties decks")
    s.play("lay 10 terminal red")
    assert not s.state.end_triggered


def test_force_skips_the_rule_but_not_the_arithmetic__rule_鉄道網拡張(new):
    s = new(*OPEN)
    with pytest.raises(RuleError):
        s.play("as C lay 9 route")
    events = s.play('as C force lay 9 route --because "the printed card lists it"')
    assert overridden(events) == [EXPAND]  # out of turn is said apart, not as a broken rule
    assert any(e.text.startswith("out of turn: C's turn is held") for e in events)
    assert s.actor() == "B"  # C's turn begun at C's place: B's is not used up
    assert s.state.spot(9).kind == "route" and s.state.stations("red") == 0
    assert s.state.decks["te1"] == 5  # the station card went back onto its deck
    with pytest.raises(RuleError) as e:
        s.play('force lay 10 through red pay c3 --because "no such card in hand"')
    assert not e.value.computable


def test_a_take_is_the_takers_own_cards__rule_ボーナス支払い(new):
    """L192: in the payment order, each shareholder takes one card from the deck they choose:
    a take that runs on into another player's cards is refused unless it names them."""
    s = _four_shareholders(new)
    s.play("done")
    s.play("done")
    s.play("run red 9 10")
    assert s.state.payout == ("C", "D", "A")
    error = refused(s, "take r3 r3 r3")
    assert error.rule == BONUS and "card 2 is D's to choose" in error.reason
    assert "take C r3 D r3 A r3" in error.legal
    assert refused(s, "take C r3 A r3").rule == BONUS  # D's card comes before A's
    assert s.state.payout == ("C", "D", "A")
    s.play("take r3")  # C's own
    assert s.state.payout == ("D", "A") and s.game.options(s.state).actor == "D"
    events = [e.text for e in s.play("take D c1 A c2")]  # said, not handed on silently
    # the decks in words, as the page and the log say them (issue 29)
    assert [e.split(":")[0] for e in events[:2]] == [
        "D takes capital 1 (yellow)",
        "A takes capital 2 (red)",
    ]
    assert s.state.payout == ()
    with pytest.raises(UsageError):
        s.play("take D")  # a taker named without a card


def test_an_old_save_with_a_take_for_several_still_replays__rule_ボーナス支払い(new, tmp_path):
    """Saves from before the strict take hold `take r3 r3 r3` for C, D and A: the replay says
    it as `take C r3 D r3 A r3` and reaches the same state."""
    s = _four_shareholders(new)
    s.play("done")
    s.play("done")
    s.play("run red 9 10")
    s.play("take C r3 D r3 A r3")
    path = tmp_path / "old.toml"
    savefile.write(s, path)
    text = path.read_text(encoding="utf-8").replace('"take C r3 D r3 A r3"', '"take r3 r3 r3"')
    path.write_text(text, encoding="utf-8")
    loaded, warnings = savefile.read(path)
    assert warnings == []
    assert loaded.game.snapshot(loaded.state) == s.game.snapshot(s.state)
    assert loaded.entries[-1].text == "take C r3 D r3 A r3"


# --- カード説明: the capital station ---------------------------------------------------------
def test_a_capital_pays_its_bonus_without_being_told__rule_カード説明(new):
    """L280 首都駅 ... ボーナス支払い時には+1ボーナス: the referee adds the capital's +1 (the
    default reading capital-bonus=every); a `+1` typed is that same +1, never counted twice."""
    s = new("order A B C")
    events = [e.text for e in s.play("lay 9 capital red")]
    assert s.state.spot(9).bonus == 1
    assert any("[reading express01.capital-bonus=every]" in e for e in events)
    s = new("order A B C", "lay 9 capital red +1")
    assert s.state.spot(9).bonus == 1
    s = new("order A B C", "lay 9 capital red +2")  # a card printed with more says so
    assert s.state.spot(9).bonus == 2
    error = refused(new("order A B C"), "lay 9 capital red +0")
    assert error.rule == CARDS and error.reading == "reading express01.capital-bonus=every"
    s = new("order A B C", "lay 9 terminal red")  # other stations: as their card says
    assert s.state.spot(9).bonus == 0


def test_reading_capital_bonus_printed_pays_only_what_is_typed__rule_カード説明(new):
    """L186 いくつかの駅は、カードの右上に示される特別ボーナスを与えます, read as the only
    source of a bonus."""
    s = new("order A B C", "lay 9 capital red", readings={"capital-bonus": "printed"})
    assert s.state.spot(9).bonus == 0
    s = new("order A B C", "lay 9 capital red +1", readings={"capital-bonus": "printed"})
    assert s.state.spot(9).bonus == 1


def test_a_save_from_before_the_capital_reading_plays_as_typed__rule_カード説明(new, tmp_path):
    """A save names capital-bonus even at its default; one that does not was written when the
    table typed every capital's +1, and replays as it was played."""
    s = new("order A B C", "lay 9 capital red")
    path = tmp_path / "g.toml"
    savefile.write(s, path)
    text = path.read_text(encoding="utf-8")
    assert 'capital-bonus = "every"' in text
    assert savefile.read(path)[0].state.spot(9).bonus == 1
    path.write_text(text.replace('capital-bonus = "every"\n', ""), encoding="utf-8")
    old, _ = savefile.read(path)
    assert old.state.spot(9).bonus == 0
    assert old.readings.as_dict() == {"capital-bonus": "printed"}


def test_a_turn_typed_before_its_place_is_played_at_it__rule_ターン進行(new):
    """ターン進行 / ターン終了: one turn each round in position order. C laying on B's turn
    begins C's own turn (not B's action pair); B's turn goes on; C's `done` ends C's turn,
    C's train leaves, and C has no second turn this round without force."""
    s = new(*OPEN)
    said = [e.text for e in s.play("as C lay 10 route")]
    assert said[0] == "out of turn: C's turn is held at their own place; go on with 'as C ...'"
    assert said[-1] == "B still to move" and s.actor() == "B"
    s.play("buy red r1")  # B's pair is B's own: acquire after nothing
    s.play("lay 11 route")  # then expand: C's expand did not count for B
    assert [e.text for e in s.play("as C done")][-1] == "B still to move"
    assert "C" in s.state.moved and s.state.turn.steps == ("acquire", "expand")
    with pytest.raises(RuleError, match="it is B's turn, and C has no place still to come"):
        s.play("as C lay 12 route")
    said = [e.text for e in s.play("done")]  # A and C have moved: the round is over
    assert "round 1 is over" in said and s.actor() == "A"


def test_a_save_from_before_the_loco_default_changed_plays_any_holder__rule_黒機関車(new, tmp_path):
    """loco-share's default became `shareholder`; a save that does not name the reading was
    played when any holder could declare the loco, and replays as it was played."""
    s = _loco_without_a_share(new, loco_share="any-holder")
    s.play("run red 9 10 black")
    path = tmp_path / "g.toml"
    savefile.write(s, path)
    text = path.read_text(encoding="utf-8")
    assert 'loco-share = "any-holder"' in text
    path.write_text(text.replace('loco-share = "any-holder"\n', ""), encoding="utf-8")
    old, _ = savefile.read(path)
    assert old.readings.as_dict()["loco-share"] == "any-holder"
    assert old.state.payout == ("A", "B", "C")
    assert savefile.read(path)[0].readings.as_dict()["loco-share"] == "any-holder"
