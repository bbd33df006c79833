"""The session: move log, replay, undo/redo, amend, and the frame's own moves."""

from __future__ import annotations

import pytest
from tally import Tally

from referee.core.engine import Event, Overridden, RuleError, UsageError
from referee.play.session import TAKES_TURN, Session


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


def test_as_on_another_players_turn_is_made_at_their_own_place() -> None:
    """`as NAME` on another player's turn: NAME's move is judged at NAME's place in the turn
    order, the turn stays with whoever has it, and the answer says who is still to move."""
    s = new()
    events = s.play("as cy give ann 4")
    assert events[0].text == "out of turn: Cy has moved at their own place in the turn order"
    assert events[-1].text == "Ann still to move"
    assert s.entries[0].by == "Cy" and cash(s) == {"Ann": 14, "Bob": 10, "Cy": 6}
    assert s.actor() == "Ann"
    s.play("give bob 1")  # Ann's turn was not used up by Cy's move
    assert s.actor() == "Bob"
    s.play("pass")  # Cy has moved at his place: skipped, back to Ann
    assert s.actor() == "Ann"
    assert s.marks() == ["out of turn: Ann's turn", "", ""]


def test_as_cannot_give_a_second_move_in_a_turn_without_force() -> None:
    s = new()
    s.play("as bob give cy 1")
    with pytest.raises(RuleError, match="it is Ann's turn, and Bob has no place still to come"):
        s.play("as bob give cy 1")
    assert len(s.entries) == 1
    events = s.play('as bob force give cy 1 --because "Bob paid twice"')
    assert events[0].text == "forced by the table, against the referee"
    assert events[1].text == "out of turn: Bob has moved at their own place in the turn order"
    assert isinstance(events[2], Overridden) and events[2].rule == "T0"
    assert events[2].text == "it is Ann's turn, and Bob has no place still to come in it"
    assert cash(s)["Bob"] == 8 and s.actor() == "Ann"  # forced, and still not Ann's turn used


def test_as_out_of_turn_is_judged_by_the_other_rules_at_their_place() -> None:
    s = new()
    with pytest.raises(RuleError, match=r"Cy has only 10 \[rule T1"):
        s.play("as cy give ann 40")
    assert s.entries == []


class Silent(Tally):
    """A game that does not (yet) name the checks a forced move skipped, nor places."""

    def apply(self, state, move, *, forced=False):  # type: ignore[no-untyped-def]
        new_state, events = super().apply(state, move, forced=forced)
        return new_state, [e for e in events if not isinstance(e, Overridden)]

    def seat(self, state, player, again=False):  # type: ignore[no-untyped-def]
        return None


def test_as_out_of_turn_is_refused_in_a_game_that_gives_no_place() -> None:
    s = new()
    s.game = Silent()
    with pytest.raises(RuleError, match="it is Ann's turn"):
        s.play("as cy give ann 4")


def test_as_in_a_save_from_before_places_takes_the_turn_as_it_did() -> None:
    """Saves written when `as NAME` took the current player's turn replay to the same state."""
    s = new()
    s.as_moves = TAKES_TURN
    events = s.play("as bob give cy 1")
    assert events[0].text == "out of turn: Bob moved on Ann's turn"
    assert s.actor() == "Cy"  # the turn went on from Bob, as it did: Ann's was used up


@pytest.mark.parametrize(
    "text",
    [
        'force as cy give ann 40 --because "Cy borrowed"',
        'as cy force give ann 40 --because "Cy borrowed"',
    ],
)
def test_force_and_as_combine_in_either_order(text: str) -> None:
    s = new()
    events = s.play(text)
    assert cash(s) == {"Ann": 50, "Bob": 10, "Cy": -30} and s.entries[0].by == "Cy"
    assert [type(e) for e in events[:3]] == [Event, Event, Overridden]
    assert events[0].text == "forced by the table, against the referee"
    assert events[1].text == "out of turn: Cy has moved at their own place in the turn order"
    assert (events[2].rule, events[2].text) == ("T1", "Cy has only 10")
    assert s.marks() == ["out of turn: Ann's turn"]


@pytest.mark.parametrize(
    "text", ["force as cy as bob pass --because x", "force force pass --because x"]
)
def test_a_prefix_given_twice_is_refused(text: str) -> None:
    with pytest.raises(UsageError, match="given twice"):
        new().play(text)


def test_force_says_which_rule_it_overrode_or_that_the_move_was_legal() -> None:
    s = new()
    events = s.play('force finish --because "we stop early"')
    assert [(e.rule, e.text) for e in events if isinstance(e, Overridden)] == [
        ("T2", "nobody has 20 yet")
    ]
    s.undo()
    events = s.play('force give bob 1 --because "just in case"')
    assert events[0].text == "forced by the table, but the move was legal anyway"
    assert not any(isinstance(e, Overridden) for e in events)


def test_force_names_the_refused_rule_when_the_game_names_none() -> None:
    s = new()
    s.game = Silent()
    events = s.play('force finish --because "we stop early"')
    assert [(e.rule, e.text) for e in events if isinstance(e, Overridden)] == [
        ("T2", "nobody has 20 yet")
    ]


def test_a_forced_move_whose_effect_cannot_be_computed_is_refused_with_the_reason() -> None:
    s = new()
    with pytest.raises(RuleError, match="even forced.*no coin pays more than 50.*T3"):
        s.play('force give bob 60 --because "a big debt"')
    assert s.entries == []


def test_force_does_not_apply_to_the_frames_own_moves() -> None:
    with pytest.raises(UsageError, match="'count' is not forced"):
        new().play("force count ann 10 --because x")


def test_undo_n_takes_back_n_moves_and_refuses_more_than_there_are() -> None:
    s = new()
    for text in ("give bob 1", "give cy 1", "give ann 1"):
        s.play(text)
    undone = s.undo(2)
    assert [e.text for e in undone] == ["give ann 1", "give cy 1"] and len(s.entries) == 1
    with pytest.raises(UsageError, match="cannot undo 5 moves.*1 to 1"):
        s.undo(5)
    assert len(s.entries) == 1
    s.redo()
    s.redo()
    assert [e.text for e in s.entries] == ["give bob 1", "give cy 1", "give ann 1"]


def test_count_refuses_a_negative_amount() -> None:
    s = new()
    with pytest.raises(UsageError, match="-5 is out of range"):
        s.play("count ann -5")
    assert s.entries == []


def test_a_prefix_ambiguous_in_the_game_but_unique_among_legal_moves_means_that_move() -> None:
    s = Session.new("tally", ["Ann", "Abe", "Cy"])
    s.play("giv a 2")  # Ann's turn: Ann cannot pay herself, so `a` is Abe
    assert cash(s) == {"Ann": 8, "Abe": 12, "Cy": 10}
    s.play("pass")
    with pytest.raises(UsageError, match="'a' could be player Ann, Abe"):
        s.play("give a 2")  # Cy may pay either


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


def test_amend_refuses_when_a_later_move_would_now_be_another_player_s() -> None:
    """Issue 33: a later move is replayed for the player it was recorded for, never
    quietly for whoever's turn it now is (the save would not load again)."""
    s = new()
    s.play("give bob 3")
    s.play("give cy 2")  # Bob's
    with pytest.raises(RuleError, match=r"move 2 \(Bob: give cy 2\) would now be Ann's"):
        s.amend(1, "as bob give ann 1")  # Bob moves at his own place: Ann still to move
    assert [(e.by, e.text) for e in s.entries] == [("Ann", "give bob 3"), ("Bob", "give cy 2")]
    assert cash(s) == {"Ann": 7, "Bob": 11, "Cy": 12}


def test_undo_after_amend_takes_back_exactly_the_amendment() -> None:
    """Issue 26: `undo` takes back the last thing done; after `amend` that is the amendment."""
    s = new()
    s.play("give bob 3")
    s.play("give cy 2")
    s.play("pass")
    s.undo()  # `pass` can be redone until the amendment
    before = (list(s.entries), list(s.states), list(s.redo_stack))
    s.amend(1, "give cy 5")
    assert s.redo_stack == []
    (undone,) = s.undo()
    assert undone.text == "give cy 5"
    assert (s.entries, s.states, s.redo_stack) == before
    assert cash(s) == {"Ann": 7, "Bob": 11, "Cy": 12}
    s.undo()  # then the moves, the last first
    assert [e.text for e in s.entries] == ["give bob 3"]


def test_undo_counts_an_amendment_made_last_as_one_change() -> None:
    s = new()
    s.play("give bob 3")
    s.play("give cy 2")
    s.amend(2, "pass")
    with pytest.raises(UsageError, match="1 to 3"):
        s.undo(4)
    s.undo(2)  # the amendment, then `give cy 2`
    assert [e.text for e in s.entries] == ["give bob 3"]
    assert [e.text for e in s.redo_stack] == ["give cy 2"]


def test_a_new_move_after_amend_is_what_undo_takes_back() -> None:
    s = new()
    s.play("give bob 3")
    s.amend(1, "give cy 5")
    s.play("pass")
    s.undo()
    assert [e.text for e in s.entries] == ["give cy 5"]


def test_a_change_whose_save_would_not_load_is_refused_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 33: before redo and amend change the log, what they would write is replayed as a
    load replays it; here a load would read the move differently (`said_now`)."""
    s = new()
    s.play("give bob 3")
    s.play("give cy 2")
    s.undo()
    log, redo = list(s.entries), list(s.redo_stack)
    monkeypatch.setattr(
        Tally, "said_now", lambda self, state, text: text.replace("give cy 2", "give cy 1")
    )
    with pytest.raises(RuleError, match=r"would not load back to this game at move 2"):
        s.redo()
    with pytest.raises(RuleError, match=r"would not load back to this game at move 1"):
        s.amend(1, "give cy 2")
    assert (s.entries, s.redo_stack, s.amendment) == (log, redo, None)


def test_a_move_too_long_for_the_save_to_read_back_is_refused() -> None:
    """A move the save file would refuse to load (over 1000 characters) is never accepted."""
    s = new()
    with pytest.raises(UsageError, match="1025 characters is too long to save"):
        s.play('force finish --because "' + "x" * 1000 + '"')
    assert s.entries == []


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
    [
        (["Ann"], "2 to 4 players"),
        (["Ann", "ann"], "same name"),
        (["Ann", "B c"], "not allowed"),
        (["", "B", "C"], "player 1 of 3 has no name"),
        (["A", "B", ""], "player 3 of 3 has no name"),
    ],
)
def test_bad_player_lists(players: list[str], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        Session.new("tally", players)


def test_board_data_reaches_the_setup_and_is_checked() -> None:
    assert cash(Session.new("tally", ["A", "B"], board={"bonus": "3"}))["A"] == 13
    with pytest.raises(UsageError, match="bonus must be a whole number"):
        Session.new("tally", ["A", "B"], board={"bonus": "lots"})
