"""Congo Line rules: セットアップ, ゲームの流れ, 株を置く, 株を買う／選択する, Available box."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.core.engine import Overridden, RuleError, UsageError

from .helpers import GAME, do, new, run, set_train, started, texts


def test_setup_money_trains_bonus_reserve__rule_セットアップ() -> None:
    state = new("A,B,C,D")
    assert state.money == {"A": 5, "B": 5, "C": 5, "D": 5}
    assert all(t.city == "Lubumbashi" and not t.goods for t in state.trains.values())
    # 各A都市に2Francs, 各B都市に3Francs, 各C都市に4Francs
    assert state.bonus["Likasi"] == 2 and state.bonus["Kamina"] == 3
    assert state.bonus["Kinshasa"] == 4
    assert state.reserve == {"red": 5, "yellow": 5, "green": 5, "blue": 5}
    assert state.supply["D"] == 15
    assert GAME.options(state).actor == "A"  # the first player named starts


def test_starting_shares_of_different_colours__rule_セットアップ() -> None:
    state = run(new(), "take blue", "take red")
    with pytest.raises(RuleError) as e:
        do(state, "take blue")
    assert e.value.rule == "セットアップ"
    state = run(state, "take green")
    assert state.phase == "opening"
    assert state.shares["A"]["blue"] == 1 and state.shares["B"]["red"] == 1
    assert state.reserve["blue"] == 4 and state.reserve["yellow"] == 5


def test_opening_cubes_clockwise_left_aligned__rule_セットアップ() -> None:
    state = run(new(), "take red", "take yellow", "take green")
    state = run(state, "place red", "place blue", "place red")
    assert state.trains["red"].goods == ("A", "C")
    assert state.trains["blue"].goods == ("B",)
    assert state.supply == {"A": 14, "B": 14, "C": 14}
    assert GAME.options(state).actor == "A"


def test_opening_ends_only_after_a_whole_round__rule_セットアップ() -> None:
    state = run(new(), "take red", "take yellow", "take green", "place red", "place red")
    with pytest.raises(RuleError) as e:
        do(state, "start", actor="C")
    assert e.value.rule == "セットアップ"
    state = run(state, "place red", "start")
    assert state.phase == "play" and GAME.options(state).actor == "A"


def test_opening_chart_holds_five__rule_セットアップ() -> None:
    state = run(new(), "take red", "take yellow", "take green")
    state = run(state, *["place red"] * 5)
    with pytest.raises(RuleError) as e:
        do(state, "place red")
    assert e.value.rule == "セットアップ"
    state, events = do(state, "place red", forced=True)
    assert len(state.trains["red"].goods) == 6
    assert [e.rule for e in events if isinstance(e, Overridden)] == ["セットアップ"]


def test_moves_out_of_turn_are_refused_unless_forced__rule_ゲームの流れ() -> None:
    state = started()
    with pytest.raises(RuleError) as e:
        do(state, "roll red red red red", actor="B")
    assert e.value.rule == "ゲームの流れ"
    with pytest.raises(RuleError) as e:
        do(state, "buy red")  # before the roll
    assert e.value.rule == "ゲームの流れ"
    state, events = do(state, "roll red red red red", actor="B", forced=True)
    assert state.turn is not None and state.turn.dice == ("red",) * 4
    assert [e.rule for e in events if isinstance(e, Overridden)] == ["ゲームの流れ"]


def test_one_roll_a_turn_unless_the_table_forces_another__rule_ゲームの流れ() -> None:
    state, _ = do(started(), "roll red red red red")
    with pytest.raises(RuleError) as e:
        do(state, "roll red red red red")
    assert e.value.rule == "ゲームの流れ"
    state, events = do(state, "roll blue blue purple orange", forced=True)
    assert state.turn is not None and state.turn.dice == ("blue", "blue", "purple", "orange")
    assert [e.rule for e in events if isinstance(e, Overridden)] == ["ゲームの流れ"]


def test_roll_in_one_word_of_initials_is_the_same_roll__rule_ゲームの流れ() -> None:
    """The four dice as four faces, or their initials in one word: `roll rrpo`."""
    long, _ = do(started(), "roll red red purple orange")
    short, _ = do(started(), "roll RRPO")
    assert short == long
    for bad in ("roll rrp", "roll rrpx", "roll rrpoo", "roll rr po"):
        with pytest.raises(UsageError):
            do(started(), bad)


def test_roll_puts_rolled_shares_in_the_box_missing_skipped__rule_株を置く() -> None:
    state = started()
    state = replace(state, reserve={**state.reserve, "green": 0})
    state, events = do(state, "roll red red yellow green")
    assert state.available == {"red": 2, "yellow": 1, "green": 0, "blue": 0}
    assert state.reserve["red"] == 2  # 5 - A's starting share - 2 rolled
    assert "green share: none left in the reserve" in texts(events)


def test_share_free_in_city_else_space_value__rule_株を買う選択する() -> None:
    state = run(started(), "roll red blue purple orange")
    state = set_train(state, "blue", "Lubumbashi>Kolwezi:3", "AAA")
    state, _ = do(state, "buy red")
    assert state.money["A"] == 5 and state.shares["A"]["red"] == 2  # red is in a city: free
    with pytest.raises(RuleError) as e:
        do(state, "buy blue")  # one share per turn
    assert e.value.rule == "株を買う／選択する"
    state = run(started(), "roll red blue purple orange")
    state = set_train(state, "blue", "Lubumbashi>Kolwezi:3", "AAA")
    state, events = do(state, "buy blue")
    assert state.money["A"] == 2 and state.shares["A"]["blue"] == 1  # space value 3
    assert "A: money 5 -> 2" in texts(events)


def test_share_must_be_available_and_affordable__rule_株を買う選択する() -> None:
    state = run(started(), "roll red red red purple")
    with pytest.raises(RuleError) as e:
        do(state, "buy blue")
    assert e.value.rule == "株を買う／選択する"
    state = run(started(), "roll blue blue blue purple")
    state = set_train(state, "blue", "Lubumbashi>Kolwezi:3", "AAA")
    state = replace(state, money={**state.money, "A": 2})
    with pytest.raises(RuleError) as e:
        do(state, "buy blue")
    assert e.value.rule == "株を買う／選択する"
    state, _ = do(state, "buy blue", forced=True)
    assert state.money["A"] == -1


def test_share_step_is_over_once_a_dice_action_is_made__rule_株を買う選択する() -> None:
    state = run(started(), "roll red yellow green blue", "load red")
    with pytest.raises(RuleError) as e:
        do(state, "buy red")
    assert e.value.rule == "株を買う／選択する"
    state = run(started(), "roll red yellow green blue", "pass")
    with pytest.raises(RuleError):
        do(state, "pass")


def test_available_box_back_to_empty_reserve_at_turn_end__rule_Available_Stock_Boxの確認() -> None:
    state = run(started(), "roll red red yellow blue")
    empty = dict.fromkeys(state.reserve, 0)
    state = replace(state, reserve=empty)
    state, events = do(state, "done")
    assert state.reserve == {"red": 2, "yellow": 1, "green": 0, "blue": 1}
    assert sum(state.available.values()) == 0
    assert "reserve empty" in texts(events)
    assert GAME.options(state).actor == "B"


def test_available_box_stays_while_reserve_has_shares__rule_Available_Stock_Boxの確認() -> None:
    state = run(started(), "roll red red yellow blue", "done")
    assert state.available == {"red": 2, "yellow": 1, "green": 0, "blue": 1}


def test_bad_input_is_a_usage_error() -> None:
    state = run(started())
    for words in (
        "fly red",
        "roll red red red",
        "roll red red red pink",
        "move red",
        "move red 0",
        "move red 9",
        "move red 2 Paris",
        "buy",
        "buy black",
        "orange sell Z red",
        "purple jump",
        "load red -1",
        "done now",
    ):
        with pytest.raises(UsageError):
            GAME.parse(state, "A", words.split())


def test_setup_moves_say_which_setup_step_comes_now__rule_セットアップ() -> None:
    """Before the starting shares are all taken, a placement or a start is early, not late."""
    state = new()
    for text in ("place red", "start"):
        with pytest.raises(RuleError) as e:
            do(state, text)
        assert e.value.rule == "セットアップ"
        assert "starting share" in e.value.reason and "over" not in e.value.reason
    state = started()
    with pytest.raises(RuleError) as e:
        do(state, "place red")
    assert "over" in e.value.reason


def test_a_move_out_of_turn_is_named_as_such_before_any_other_check__rule_ゲームの流れ() -> None:
    """Whoever types for a seat not on turn hears whose turn it is, not a detail of the dice."""
    state = run(started(), "roll red red red red")  # no purple, no orange die
    for text in ("purple load red", "orange buy red", "auto red Likasi", "done", "pass"):
        with pytest.raises(RuleError) as e:
            do(state, text, actor="B")
        assert e.value.rule == "ゲームの流れ", text
        assert "A's turn" in e.value.reason
