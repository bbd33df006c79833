"""Congo Line rules: 商品を積む／列車の移動, 自動移動, 紫ダイス, オレンジダイス."""

from __future__ import annotations

import pytest

from referee.core.engine import Incomplete, Overridden, RuleError

from .helpers import do, run, set_train, started, texts

LOAD = "商品を積む／列車の移動 (商品を積む)"
MOVE = "商品を積む／列車の移動 (列車の移動)"
AUTO = "商品を積む／列車の移動 (自動移動)"
PURPLE = "紫ダイスの解決"
ORANGE = "オレンジダイスの解決"


def rule_of(state, text: str, **kw) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(RuleError) as e:
        do(state, text, **kw)
    return e.value.rule


# --- 商品を積む --------------------------------------------------------------------------


def test_load_as_many_as_colours_rolled__rule_商品を積む() -> None:
    state = run(started(), "roll red red yellow yellow")  # 2 colours: load 2
    assert rule_of(state, "load blue 3") == LOAD
    state, _ = do(state, "load blue yellow")
    assert state.trains["blue"].goods == ("A",)
    assert state.trains["yellow"].goods == ("B", "A")  # left-aligned after B's opening cube
    assert state.supply["A"] == 12
    assert rule_of(state, "load blue") == LOAD  # both used


def test_load_split_over_several_commands__rule_商品を積む() -> None:
    state = run(started(), "roll red yellow green blue", "load blue 2")
    state, _ = do(state, "load green 2")
    assert state.trains["green"].goods == ("C", "A", "A")
    assert rule_of(state, "load red") == LOAD


def test_load_only_in_a_city__rule_商品を積む() -> None:
    state = run(started(), "roll red yellow green blue")
    state = set_train(state, "blue", "Lubumbashi>Likasi:1", "BBB")
    assert rule_of(state, "load blue") == LOAD


def test_load_at_most_three_per_player_per_train__rule_商品を積む() -> None:
    state = run(started(), "roll red yellow green purple")
    assert rule_of(state, "load blue 4") == LOAD
    state, _ = do(state, "load blue 3")
    assert rule_of(state, "purple load blue") == LOAD  # still 3 per train this turn
    state, _ = do(state, "purple load red")
    assert state.trains["red"].goods == ("A", "A")


def test_train_carries_at_most_five__rule_商品を積む() -> None:
    state = run(started(), "roll red yellow green blue")
    state = set_train(state, "blue", "Lubumbashi", "BCBC")
    with pytest.raises(RuleError) as e:
        do(state, "load blue 2")
    assert e.value.rule == LOAD
    state, _ = do(state, "load blue 1")
    assert len(state.trains["blue"].goods) == 5


def test_the_table_may_force_a_sixth_good__rule_商品を積む() -> None:
    """The effect of a sixth good is computable, so `force` applies it, naming the rule."""
    state = run(started(), "roll red yellow green blue")
    state = set_train(state, "blue", "Lubumbashi", "BCBCB")
    state, events = do(state, "load blue 1", forced=True)
    assert state.trains["blue"].goods == ("B", "C", "B", "C", "B", "A")
    assert [e.rule for e in events if isinstance(e, Overridden)] == [LOAD]


def test_load_or_move_not_both__rule_商品を積む_列車の移動() -> None:
    state = run(started(), "roll red yellow green blue", "load blue")
    assert rule_of(state, "move red 1 Likasi") == "ダイスアクションの実行"
    state = run(started(), "roll red red red red")
    state = set_train(state, "blue", "Lubumbashi>Kolwezi:1", "AAA")
    state, _ = do(state, "move blue 1")
    assert rule_of(state, "load red") == "ダイスアクションの実行"
    assert rule_of(state, "move blue 1") == "ダイスアクションの実行"


# --- 列車の移動 -------------------------------------------------------------------------


def test_move_spaces_by_colours_rolled__rule_列車の移動() -> None:
    state = run(started(), "roll red yellow purple purple")  # 3 colours: move 2
    state = set_train(state, "blue", "Lubumbashi>Kolwezi:1", "AAA")
    assert rule_of(state, "move blue 3") == MOVE
    state, _ = do(state, "move blue 2")
    assert state.trains["blue"].step == 2  # space 3 of the line


def test_leave_a_city_only_with_three_goods__rule_列車の移動() -> None:
    state = run(started(), "roll red red red red")
    state = set_train(state, "blue", "Lubumbashi", "AB")
    assert rule_of(state, "move blue 1 Likasi") == MOVE
    state = set_train(state, "blue", "Lubumbashi", "ABC")
    state, _ = do(state, "move blue 1 Likasi")
    assert state.trains["blue"].line == 0 and state.trains["blue"].step == 0


def test_leaving_a_city_needs_its_line_named__rule_列車の移動() -> None:
    state = run(started(), "roll red red red red")
    state = set_train(state, "blue", "Lubumbashi", "ABC")
    with pytest.raises(Incomplete, match="name the line it takes"):  # words missing
        do(state, "move blue 1")
    assert rule_of(state, "move blue 1 Kananga") == MOVE  # no line Lubumbashi > Kananga


def test_a_city_stops_the_move__rule_列車の移動() -> None:
    state = run(started(), "roll red red red red")  # 1 colour: 4 spaces
    state = set_train(state, "blue", "Lubumbashi>Likasi:1", "AAA")
    state, events = do(state, "move blue 4")
    assert state.trains["blue"].city == "Likasi"
    assert "stops in Likasi after 2 spaces" in texts(events)


def test_one_train_per_space_passing_allowed__rule_列車の移動() -> None:
    state = run(started(), "roll red red red purple")  # 2 colours: 3 spaces
    state = set_train(state, "blue", "Lubumbashi>Kolwezi:1", "AAA")
    state = set_train(state, "red", "Lubumbashi>Kolwezi:2", "BBB")
    assert rule_of(state, "move blue 1") == MOVE
    # the refusal says which values are legal, as a move the table can type
    with pytest.raises(RuleError, match=r"legal now: move blue 2 or 3$"):
        do(state, "move blue 1")
    state, _ = do(state, "move blue 2")  # passes red
    assert state.trains["blue"].step == 2 and state.trains["red"].step == 1


# --- 自動移動 ---------------------------------------------------------------------------


def test_leaving_a_city_auto_moves_loaded_trains_one_space__rule_自動移動() -> None:
    state = run(started(), "roll red red red red")
    state = set_train(state, "blue", "Lubumbashi", "ABC")
    state = set_train(state, "yellow", "Lubumbashi", "AAA")
    state = set_train(state, "green", "Likasi", "CCCC")
    # red stays: only 1 good (fewer than 3)
    state, _ = do(state, "move blue 1 Kolwezi")
    assert state.turn is not None and state.turn.pending_auto == ("yellow", "green")
    assert rule_of(state, "done") == AUTO
    assert rule_of(state, "purple load red") == AUTO
    state, _ = do(state, "auto green Kananga")
    state, _ = do(state, "auto yellow Likasi")
    assert state.trains["green"].line == 3 and state.trains["green"].step == 0
    assert state.trains["yellow"].line == 0 and state.trains["yellow"].step == 0
    assert state.trains["red"].city == "Lubumbashi"
    state, _ = do(state, "done")
    assert state.current == 1


def test_auto_move_blocked_on_the_chosen_line_stays__rule_自動移動() -> None:
    state = run(started(), "roll red red red red")
    state = set_train(state, "blue", "Lubumbashi", "ABC")
    state = set_train(state, "yellow", "Lubumbashi", "AAA")
    state = set_train(state, "green", "Lubumbashi>Likasi:1", "CC")
    state, _ = do(state, "move blue 1 Kolwezi")  # blue now on Kolwezi line space 1
    state, events = do(state, "auto yellow Kolwezi")
    assert state.trains["yellow"].city == "Lubumbashi"
    assert "blue train blocks" in texts(events)
    assert rule_of(state, "auto yellow Likasi") == AUTO  # its auto-move is spent


def test_auto_move_only_when_a_train_leaves_a_city__rule_自動移動() -> None:
    state = run(started(), "roll red red red red")
    state = set_train(state, "blue", "Lubumbashi>Kolwezi:1", "ABC")
    state = set_train(state, "yellow", "Lubumbashi", "AAA")
    state, _ = do(state, "move blue 1")
    assert state.turn is not None and state.turn.pending_auto == ()


# --- 紫ダイス --------------------------------------------------------------------------


def test_purple_removes_a_good_outside_a_city__rule_紫ダイス_商品損失() -> None:
    state = run(started(), "roll purple red red red")
    state = set_train(state, "blue", "Lubumbashi>Kolwezi:2", "ABB")
    assert rule_of(state, "purple drop blue") == PURPLE  # whose good must be said
    state, _ = do(state, "purple drop blue B")
    assert state.trains["blue"].goods == ("A", "B")
    assert state.supply["B"] == 15 - 1 - 1  # opening cube, and one B good still on blue
    assert rule_of(state, "purple drop blue A") == PURPLE  # one purple die only


def test_purple_cannot_remove_from_a_train_in_a_city__rule_紫ダイス() -> None:
    state = run(started(), "roll purple red red red")
    assert rule_of(state, "purple drop red A") == PURPLE


def test_emptied_train_returns_to_last_city_shares_lost__rule_紫ダイス_商品損失() -> None:
    state = run(started(), "roll purple purple red red", "buy red")
    state = set_train(state, "red", "Likasi", "")
    state = set_train(state, "red", "Likasi>Kananga:2", "AC")
    state, _ = do(state, "purple drop red A")
    state, events = do(state, "purple drop red C")
    red = state.trains["red"]
    assert red.city == "Likasi" and red.goods == ()
    assert state.shares["A"]["red"] == 0
    # 5 - A's starting share - 2 rolled into the box + A's 2 shares lost back to the reserve
    assert state.reserve["red"] == 4
    assert "back to Likasi" in texts(events)


def test_purple_loads_one_good_in_a_city__rule_紫ダイス_追加積み込み() -> None:
    state = run(started(), "roll purple purple red red", "purple load blue", "purple load blue")
    assert state.trains["blue"].goods == ("A", "A")
    state = run(started(), "roll purple red red red")
    state = set_train(state, "blue", "Lubumbashi>Likasi:1", "AAA")
    assert rule_of(state, "purple load blue") == LOAD


def test_purple_moves_the_moved_train_one_more_space__rule_紫ダイス_追加移動() -> None:
    state = run(started(), "roll purple red red red")  # 2 colours: move 3
    state = set_train(state, "blue", "Lubumbashi>Kolwezi:1", "AAA")
    with pytest.raises(RuleError) as e:
        do(state, "purple move")  # no train moved yet
    assert e.value.rule == PURPLE
    state, _ = do(state, "move blue 2")
    assert state.trains["blue"].step == 2
    state, events = do(state, "purple move")
    assert state.trains["blue"].city == "Kolwezi"
    assert "A: money 5 -> 7 (New Market Bonus of Kolwezi)" in texts(events)


def test_purple_move_not_after_loading__rule_紫ダイス_追加移動() -> None:
    state = run(started(), "roll purple red red red", "load blue")
    with pytest.raises(RuleError) as e:
        do(state, "purple move")
    assert e.value.rule == PURPLE


def test_purple_move_cannot_end_on_a_train__rule_紫ダイス_追加移動() -> None:
    state = run(started(), "roll purple red red red")
    state = set_train(state, "blue", "Lubumbashi>Kolwezi:1", "AAA")
    state = set_train(state, "red", "Lubumbashi>Kolwezi:3", "BBB")
    state, _ = do(state, "move blue 1")
    assert rule_of(state, "purple move") == PURPLE


# --- オレンジダイス ----------------------------------------------------------------------


def test_orange_forces_a_sale_at_the_space_value__rule_オレンジダイス_株強制売却() -> None:
    state = run(started(), "roll orange orange red red")
    state = set_train(state, "yellow", "Lubumbashi>Kolwezi:3", "BBB")
    state, _ = do(state, "orange sell B yellow")  # another player's share
    assert state.shares["B"]["yellow"] == 0 and state.money["B"] == 5 + 3
    assert state.reserve["yellow"] == 5
    state = set_train(state, "red", "Lubumbashi>Likasi:2", "AAA")
    state, _ = do(state, "orange sell A red")  # its own share
    assert state.money["A"] == 7


def test_orange_cannot_sell_a_share_of_a_train_in_a_city__rule_オレンジダイス() -> None:
    state = run(started(), "roll orange red red red")
    assert rule_of(state, "orange sell B yellow") == ORANGE


def test_orange_buys_an_available_share_for_three__rule_オレンジダイス_株追加購入() -> None:
    state = run(started(), "roll orange blue red red", "buy red")
    state = set_train(state, "blue", "Lubumbashi>Kolwezi:1", "AAA")
    state, _ = do(state, "orange buy red")
    assert state.shares["A"]["red"] == 3 and state.money["A"] == 2
    assert rule_of(state, "orange buy blue") == ORANGE  # the one orange die is spent


def test_orange_buy_needs_three_francs__rule_オレンジダイス_株追加購入() -> None:
    from dataclasses import replace

    state = run(started(), "roll orange red red red")
    state = replace(state, money={**state.money, "A": 2})
    assert rule_of(state, "orange buy red") == ORANGE


def test_auto_move_needs_no_city_when_one_line_leaves__rule_自動移動() -> None:
    """Kamina has one line out (to Matadi); Lubumbashi has three, so there the line is asked."""
    state = run(started(), "roll red red red red")
    state = set_train(state, "blue", "Lubumbashi", "ABC")
    state = set_train(state, "yellow", "Lubumbashi", "AAA")
    state = set_train(state, "green", "Kamina", "CCC")
    state, _ = do(state, "move blue 1 Kolwezi")
    state, _ = do(state, "auto green")
    assert state.board.lines[state.trains["green"].line].name == "Kamina>Matadi"
    with pytest.raises(RuleError) as e:
        do(state, "auto yellow")
    assert e.value.rule == AUTO and "Likasi" in str(e.value)


def test_an_emptied_train_sent_back_is_no_arrival__rule_紫ダイス_商品損失() -> None:
    """戻され (sent back) is not 移動: no New Market Bonus for a city never reached, no payout,
    and no auto-move (the train enters a city, it does not leave one)."""
    state = run(started(), "roll purple red red red")
    state = set_train(state, "blue", "Likasi", "")
    state = set_train(state, "blue", "Likasi>Kananga:1", "B")
    state = set_train(state, "yellow", "Lubumbashi", "AAA")
    money = dict(state.money)
    state, events = do(state, "purple drop blue")
    assert state.trains["blue"].city == "Likasi"
    assert state.money == money and state.reached == () and state.bonus["Likasi"] == 2
    assert state.turn is not None and state.turn.pending_auto == ()
    assert "arrives" not in texts(events)


def test_a_move_may_stop_short_of_the_chart__rule_列車の移動() -> None:
    """数だけ...移動できる: 'can move' that many; the table may move fewer."""
    state = run(started(), "roll red red red red")  # 1 colour: up to 4 spaces
    state = set_train(state, "blue", "Lubumbashi", "ABC")
    state, _ = do(state, "move blue 1 Kolwezi")
    assert state.trains["blue"].step == 0 and not state.trains["blue"].in_city
