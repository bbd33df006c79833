"""The session: move log, replay, undo/redo, amend, and the frame's own moves."""

from __future__ import annotations

import pytest

from referee.engine import RuleError, UsageError
from referee.session import Session


def new(**kw: object) -> Session:
    return Session.new("tally", ["Ann", "Bob", "Cy"], **kw)  # type: ignore[arg-type]


def cash(s: Session) -> dict[str, int]:
    return s.game.snapshot(s.state)["cash"]


def test_play_appends_to_log_with_actor() -> None:
    s = new()
    s.play("give bob 3")
    s.play("pass")
    assert [(e.by, e.text) for e in s.entries] == [("Ann", "give bob 3"), ("Bob", "pass")]
    assert cash(s) == {"Ann": 7, "Bob": 13, "Cy": 10}


def test_rejected_move_changes_nothing() -> None:
    s = new()
    with pytest.raises(RuleError, match=r"T1"):
        s.play("give bob 11")
    assert s.entries == [] and cash(s)["Ann"] == 10


def test_unknown_verb_is_a_usage_error_naming_the_choices() -> None:
    s = new()
    with pytest.raises(UsageError, match="unknown verb 'sing'.*give, pass, finish"):
        s.play("sing")


def test_undo_back_to_setup_and_redo_until_new_move() -> None:
    s = new()
    s.play("give bob 3")
    s.play("give cy 2")
    s.undo()
    s.undo()
    assert cash(s) == {"Ann": 10, "Bob": 10, "Cy": 10}
    with pytest.raises(RuleError, match="nothing to undo"):
        s.undo()
    s.redo()
    assert cash(s)["Bob"] == 13
    s.play("pass")  # a new move drops what could be redone
    with pytest.raises(RuleError, match="nothing to redo"):
        s.redo()


def test_as_enters_a_move_for_another_player() -> None:
    s = new()
    s.play("give bob 1")
    s.play("as bob give ann 4")
    assert s.entries[1].by == "Bob"
    assert cash(s) == {"Ann": 13, "Bob": 7, "Cy": 10}


def test_as_out_of_turn_is_checked_by_the_game_and_can_be_forced() -> None:
    s = new()
    with pytest.raises(RuleError, match="Ann's turn"):
        s.play("as cy give ann 4")
    s.play('as cy force give ann 4 --because "Cy paid early"')
    assert s.entries[0].by == "Cy"
    assert cash(s) == {"Ann": 14, "Bob": 10, "Cy": 6}


def test_force_applies_a_rejected_move_and_needs_a_reason() -> None:
    s = new()
    with pytest.raises(UsageError, match="needs a reason"):
        s.play("force give bob 20")
    events = s.play('force give bob 20 --because "house rule: loans"')
    assert "forced" in events[0].text
    assert cash(s)["Ann"] == -10
    assert s.entries[0].text == 'force give bob 20 --because "house rule: loans"'


def test_adjust_sets_or_changes_a_number_with_a_reason() -> None:
    s = new()
    s.play('adjust cash bob 12 --because "miscounted"')
    s.play('adjust cash ann -3 --because "paid the bank twice"')
    assert cash(s) == {"Ann": 7, "Bob": 12, "Cy": 10}
    with pytest.raises(UsageError, match="unknown number"):
        s.play('adjust price blue 3 --because "x"')


def test_count_compares_counted_money_with_the_ledger() -> None:
    s = new()
    s.play("give bob 3")
    (event,) = s.play("count bob 15")
    assert event.text == "Bob counted 15; the ledger says 13: 2 more than the ledger"
    assert s.entries[-1].text == "count bob 15"
    (event,) = s.play("count ann 7")
    assert "matches" in event.text


def test_amend_replaces_a_move_and_replays_the_rest() -> None:
    s = new()
    s.play("give bob 3")
    s.play("give cy 2")
    s.amend(1, "give cy 5")
    assert cash(s) == {"Ann": 5, "Bob": 8, "Cy": 17}  # move 2 is Bob's
    assert s.entries[0].text == "give cy 5" and s.entries[0].was == "give bob 3"


def test_amend_names_the_first_later_move_that_no_longer_holds() -> None:
    s = new()
    s.play("give bob 9")
    s.play("give ann 15")  # Bob has 19 after move 1
    with pytest.raises(RuleError, match=r"move 2 \(Bob: give ann 15\) no longer holds"):
        s.amend(1, "give bob 1")
    assert s.entries[0].text == "give bob 9"  # nothing changed
    assert cash(s) == {"Ann": 16, "Bob": 4, "Cy": 10}


def test_what_if_changes_nothing() -> None:
    s = new()
    state, _ = s.what_if("give bob 3")
    assert s.game.snapshot(state)["cash"]["Bob"] == 13
    assert s.entries == [] and cash(s)["Bob"] == 10


def test_moves_after_the_end_are_refused() -> None:
    s = new(variant="rich")
    s.play("finish")
    with pytest.raises(RuleError, match="game is over"):
        s.play("pass")


@pytest.mark.parametrize(
    ("players", "message"),
    [(["Ann"], "2 to 4 players"), (["Ann", "ann"], "same name"), (["Ann", "B c"], "not allowed")],
)
def test_bad_player_lists(players: list[str], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        Session.new("tally", players)


def test_board_data_reaches_the_setup_and_is_checked() -> None:
    assert cash(Session.new("tally", ["A", "B"], board={"bonus": "3"}))["A"] == 13
    with pytest.raises(UsageError, match="bonus must be a whole number"):
        Session.new("tally", ["A", "B"], board={"bonus": "lots"})
