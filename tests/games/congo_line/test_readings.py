"""Congo Line readings (congo-line.ja.txt): each choice plays the situation it decides."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.core.engine import RuleError, choose_readings
from referee.games.congo_line.state import State

from .helpers import GAME, do, run, set_train, started, texts

MOVE = "商品を積む／列車の移動 (列車の移動)"
LOAD = "商品を積む／列車の移動 (商品を積む)"


def reading(state: State, key: str, choice: str) -> State:
    return replace(state, readings=choose_readings(GAME.readings(), {key: choice}))


def refused(state: State, text: str) -> RuleError:
    with pytest.raises(RuleError) as e:
        do(state, text)
    return e.value


# --- move-length (L92, L94) -----------------------------------------------------------


def test_move_length_up_to_lets_a_train_stop_short__rule_列車の移動() -> None:
    state = run(started(), "roll red red red red")  # 1 colour: 4 spaces
    state = reading(set_train(state, "blue", "Lubumbashi", "ABC"), "move-length", "up-to")
    state, _ = do(state, "move blue 1 Kolwezi")
    assert state.trains["blue"].step == 0


def test_move_length_full_moves_the_whole_number__rule_列車の移動() -> None:
    state = run(started(), "roll red red red purple")  # 2 colours: 3 spaces
    state = reading(set_train(state, "blue", "Lubumbashi", "ABC"), "move-length", "full")
    error = refused(state, "move blue 1 Kolwezi")
    assert error.rule == MOVE and error.reading == "reading congo-line.move-length=full"
    assert "move blue 3" in error.legal
    state, _ = do(state, "move blue 3 Kolwezi")
    assert state.trains["blue"].step == 2


def test_move_length_full_is_cut_short_by_a_city_and_by_blocking__rule_列車の移動() -> None:
    state = run(started(), "roll red red red purple")  # 2 colours: 3 spaces
    state = reading(set_train(state, "blue", "Lubumbashi", "ABC"), "move-length", "full")
    # Kolwezi's line has 3 spaces; red stands on its third: blue can go no further than 2.
    blocked = set_train(state, "red", "Lubumbashi>Kolwezi:3", "BBB")
    assert "move blue 2" in refused(blocked, "move blue 1 Kolwezi").legal
    after, _ = do(blocked, "move blue 2 Kolwezi")
    assert after.trains["blue"].step == 1
    # The line to Likasi has 2 spaces: 3 spaces end in Likasi, where the move stops.
    after, _ = do(state, "move blue 3 Likasi")
    assert after.trains["blue"].city == "Likasi"


# --- purple-load (L91, L102) ----------------------------------------------------------


def test_purple_load_counts_toward_three_per_train__rule_商品を積む() -> None:
    state = run(started(), "roll red yellow green purple", "load blue 3")
    state = reading(state, "purple-load", "counts")
    error = refused(state, "purple load blue")
    assert error.rule == LOAD and error.reading == "reading congo-line.purple-load=counts"


def test_purple_load_dice_only_comes_on_top__rule_商品を積む() -> None:
    state = run(started(), "roll red yellow green purple", "load blue 3")
    state = reading(state, "purple-load", "dice-only")
    state, events = do(state, "purple load blue")
    assert state.trains["blue"].goods == ("A", "A", "A", "A")
    assert "reading congo-line.purple-load=dice-only" in texts(events)


def test_purple_load_first_then_the_dice_load__rule_商品を積む() -> None:
    state = run(started(), "roll red yellow green purple")
    counts = run(reading(state, "purple-load", "counts"), "purple load blue")
    assert refused(counts, "load blue 3").rule == LOAD  # the purple cube is one of the 3
    dice_only = run(reading(state, "purple-load", "dice-only"), "purple load blue")
    dice_only, _ = do(dice_only, "load blue 3")
    assert dice_only.trains["blue"].goods == ("A", "A", "A", "A")


# --- auto-move (L96) ------------------------------------------------------------------


def _leaving(choice: str) -> State:
    """Blue leaves Lubumbashi one space toward Kolwezi; yellow (3 goods) is due an auto-move."""
    state = run(started(), "roll red red red red")
    state = set_train(state, "blue", "Lubumbashi", "ABC")
    state = set_train(state, "yellow", "Lubumbashi", "AAA")
    return reading(state, "auto-move", choice)


def test_auto_move_after_move_finds_the_mover_in_its_way__rule_自動移動() -> None:
    state, _ = do(_leaving("after-move"), "move blue 1 Kolwezi")
    assert state.trains["blue"].step == 0 and not state.trains["blue"].in_city
    state, events = do(state, "auto yellow Kolwezi")
    assert state.trains["yellow"].city == "Lubumbashi"  # blue stands on space 1
    assert "blue train blocks" in texts(events)


def test_auto_move_on_leaving_moves_them_first__rule_自動移動() -> None:
    state, events = do(_leaving("on-leaving"), "move blue 1 Kolwezi")
    assert "reading congo-line.auto-move=on-leaving" in texts(events)
    assert state.trains["blue"].city == "Lubumbashi"  # it goes on after the auto-move
    state, events = do(state, "auto yellow Kolwezi")
    assert state.trains["yellow"].step == 0 and not state.trains["yellow"].in_city
    assert state.trains["blue"].city == "Lubumbashi"  # its space is taken: it stays
    assert "blue train finds its way blocked" in texts(events)
    state, _ = do(state, "done")
    assert state.current == 1


def test_auto_move_on_leaving_mover_passes_them__rule_自動移動() -> None:
    state, _ = do(_leaving("on-leaving"), "move blue 3 Kolwezi")
    state, _ = do(state, "auto yellow Kolwezi")
    assert state.trains["yellow"].step == 0 and state.trains["blue"].step == 2
    assert state.turn is not None and state.turn.held is None
