"""Congo Line through the frame's session: as, force, adjust, count, undo and replay."""

from __future__ import annotations

import pytest

from referee.core.engine import Overridden, RuleError
from referee.play.session import Session

from .helpers import BOARD

OPENING = [
    "take red",
    "take yellow",
    "take green",
    "place red",
    "place yellow",
    "place green",
    "start",
]


def session() -> Session:
    s = Session.new("con", ["A", "B", "C"], "", BOARD)
    for text in OPENING:
        s.play(text)
    return s


def test_force_skips_a_rule_but_not_a_fact__rule_列車の移動() -> None:
    s = session()
    s.play("roll red red red red")
    with pytest.raises(RuleError):
        s.play("move red 1 Likasi")  # one good: may not leave the city
    events = s.play('force move red 1 Likasi --because "we misread the chart"')
    assert events[0].text == "forced by the table, against the referee"
    assert s.state.trains["red"].line == 0
    with pytest.raises(RuleError) as e:
        s.play('force orange buy blue --because "x"')  # no blue share in the box: not computable
    assert not e.value.computable


def test_as_begins_the_players_own_turn_at_their_place__rule_ゲームの流れ() -> None:
    """ゲームの流れ: each player in turn, clockwise, rolls the four dice first. B rolling on A's
    turn is B's roll for B's own turn, not a refusal about A's dice; A's turn is not used up,
    and B's begun turn goes on when B's place comes."""
    s = session()
    events = [e.text for e in s.play("as B roll red red red red")]
    assert events[0] == "out of turn: B's turn is held at their own place; go on with 'as B ...'"
    assert events[-1] == "A still to move"
    assert s.entries[-1].by == "B" and s.actor() == "A" and s.state.turn.dice == ()
    s.play("roll yellow yellow yellow yellow")
    s.play("done")
    assert s.actor() == "B" and s.state.turn.dice == ("red",) * 4  # B's roll stands


def test_a_whole_turn_had_early_is_skipped_at_its_place__rule_ゲームの流れ() -> None:
    s = session()
    s.play("as B roll red red red red")
    assert [e.text for e in s.play("as B done")][-1] == "A still to move"
    with pytest.raises(RuleError, match="it is A's turn, and B has no place still to come"):
        s.play("as B roll red red red red")
    s.play("roll yellow yellow yellow yellow")
    events = [e.text for e in s.play("done")]
    assert "B has already had this turn, before it came: skipped" in events
    assert s.actor() == "C"


def test_adjust_count_undo_and_replay() -> None:
    s = session()
    s.play("roll red yellow green blue")
    s.play('adjust money A 12 --because "found a coin"')
    assert s.state.money["A"] == 12
    s.play('adjust cash A 12 --because "older logs say cash"')  # still read
    assert "matches the ledger" in s.play("count A 12")[0].text
    s.play("load blue 3")
    before = s.game.snapshot(s.state)
    s.undo()
    assert s.state.trains["blue"].goods == ()
    s.redo()
    assert s.game.snapshot(s.state) == before
    s.amend(8, "roll red red green blue")  # 3 colours now: load 3 still holds
    assert s.state.turn is not None and s.state.turn.loads_left == 0
    with pytest.raises(RuleError):
        s.amend(8, "roll red red red red")  # 1 colour: the later load of 3 no longer holds


def test_force_cannot_drop_a_good_that_is_not_there__rule_紫ダイスの解決() -> None:
    s = session()
    s.play("roll purple red red red")
    s.play('force move blue 1 Likasi --because "we forgot the three goods"')
    with pytest.raises(RuleError) as e:
        s.play('force purple drop blue --because "x"')
    assert not e.value.computable and "carries no goods" in e.value.reason


def test_force_loads_a_sixth_good_naming_the_rule__rule_商品を積む() -> None:
    """Issue 13: `force purple load green` for a sixth cube was refused though computable."""
    s = Session.new("con", ["A", "B", "C"], "", BOARD)
    for text in ["take red", "take yellow", "take green", *["place green"] * 5, "place red"]:
        s.play(text)
    s.play("start")
    s.play("roll purple red red red")
    with pytest.raises(RuleError):
        s.play("purple load green")
    events = s.play('force purple load green --because "house rule"')
    assert len(s.state.trains["green"].goods) == 6
    overridden = [e for e in events if isinstance(e, Overridden)]
    assert [e.rule for e in overridden] == ["商品を積む／列車の移動 (商品を積む)"]
    assert "would pass 5" in overridden[0].text


def test_help_adjust_lists_the_numbers_by_the_names_every_screen_uses() -> None:
    from referee.shell.shell import Shell

    text = Shell(session()).run("help adjust").text
    assert "WHAT is one of: money A, money B" in text


def test_completion_offers_the_lines_a_train_leaving_a_city_may_take__rule_列車の移動() -> None:
    """The CITY of `move TRAIN SPACES CITY` is one of the lines leaving the train's city, so
    the completer offers those, and a short prefix names the line."""
    from referee.games.congo_line.track import destinations
    from referee.play import offers

    s = session()
    s.play("roll rrrr")  # 1 colour: move 4
    # with 1 good the red train may not leave its city (rule: 3): no line is offered (issue 26)
    assert offers.candidates(s, ["move", "red", "4"]) == []
    for line in offers.candidates(s, ["move", "red"]):
        s.what_if(f"move red {line}")  # what is offered is accepted
    assert set(destinations(s.state, s.state.trains["red"].city)) >= {"Likasi"}


def test_completion_offers_who_and_what_a_colour_die_may_name__rule_オレンジダイスの解決() -> None:
    s = session()
    s.play("roll rryo")
    assert frame_candidates(s, ["orange", "sell"]) == ["A", "B", "C"]
    assert frame_candidates(s, ["orange", "buy"]) == ["red", "yellow"]  # in the box
    assert frame_candidates(s, ["load", "red"])[:4] == ["red", "yellow", "green", "blue"]


def frame_candidates(s: Session, words: list[str]) -> list[str]:
    from referee.play import offers

    return offers.candidates(s, words)
