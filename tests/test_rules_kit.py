"""The rules toolkit every game is written with: judging, word counts, dispatch, ranking and
random play."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from devtools.random_play import random_line, random_play
from referee.core.engine import (
    Event,
    Options,
    OutOfTurn,
    Overridden,
    RuleError,
    Standing,
    UsageError,
    Verb,
)
from referee.core.rules_kit import (
    Handlers,
    Judge,
    count_words,
    impossible,
    ranked,
    usage_of,
)
from tests.frame.tally import Tally

VERBS = (Verb("bid", "bid AMOUNT", "bid"), Verb("pass", "pass", "pass"), Verb("go", "go A [B]", ""))


# --- Judge --------------------------------------------------------------------------------------
def test_a_broken_rule_is_refused_naming_the_rule() -> None:
    with pytest.raises(RuleError) as e:
        Judge().rule(False, "too many cubes", "R1", "at most 5")
    assert (e.value.rule, e.value.computable, str(e.value)) == (
        "R1",
        True,
        "too many cubes [rule R1]; at most 5",
    )


def test_a_forced_move_records_each_rule_it_breaks_once_and_goes_on() -> None:
    judge = Judge(forced=True)
    assert judge.rule(True, "fine", "R0") is True
    assert judge.rule(False, "too many cubes", "R1") is False
    assert judge.rule(False, "still too many", "R1") is False
    assert judge.rule(False, "wrong turn", "R2") is False
    events = judge.events([Event("done")])
    assert [type(e) for e in events] == [Overridden, Overridden, Event]
    assert [getattr(e, "rule", "") for e in events] == ["R1", "R2", ""]
    assert "too many cubes" in events[0].text


def test_a_fact_is_refused_even_when_forced() -> None:
    with pytest.raises(RuleError) as e:
        Judge(forced=True).fact(False, "no such share", "R3")
    assert e.value.computable is False and e.value.rule == "R3"


def test_impossible_is_the_error_no_force_gets_past() -> None:
    error = impossible("no such share", "R3", "buy red")
    assert not error.computable and str(error) == "no such share [rule R3]; buy red"


def test_broken_reraises_what_cannot_be_computed_and_records_the_rest() -> None:
    judge = Judge(forced=True)
    judge.broken(RuleError("over the limit", "R4"))
    assert [o.rule for o in judge.overridden] == ["R4"]
    with pytest.raises(RuleError):
        judge.broken(RuleError("nothing there", "R5", computable=False))
    with pytest.raises(RuleError):
        Judge().broken(RuleError("over the limit", "R4"))


def check_elsewhere() -> None:
    raise RuleError("the route is too long", "R6")


def test_a_check_written_elsewhere_is_overridable_when_forced() -> None:
    judge = Judge(forced=True)
    with judge.overridable():
        check_elsewhere()
    assert [o.rule for o in judge.overridden] == ["R6"]
    with pytest.raises(RuleError, match="too long"), Judge().overridable():
        check_elsewhere()


def test_whose_turn_one_check_one_message() -> None:
    assert Judge().turn("Ann", "Ann", "R0")
    with pytest.raises(RuleError, match=r"it is Bob's turn, not Ann's \[rule R0\]; Bob acts now"):
        Judge().turn("Ann", "Bob", "R0")
    forced = Judge(forced=True)
    assert forced.turn("Ann", "Bob", "R0") is False
    assert [o.rule for o in forced.overridden] == ["R0"]
    assert isinstance(forced.overridden[0], OutOfTurn)  # the one check `as NAME` may skip


def test_out_of_turn_and_a_broken_rule_of_the_same_section_are_both_recorded() -> None:
    """`as` may skip only the turn: a rule of the same section broken too must still show."""
    forced = Judge(forced=True)
    forced.turn("Ann", "Bob", "R0")
    forced.rule(False, "not next to a city", "R0")
    forced.rule(False, "not next to a city", "R0")
    assert [(type(o), o.rule) for o in forced.overridden] == [(OutOfTurn, "R0"), (Overridden, "R0")]


# --- dispatch -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Up:
    actor: str


@dataclass(frozen=True)
class Down:
    actor: str


def up(state: int, move: Up, judge: Judge) -> tuple[int, list[Event]]:
    judge.rule(state < 3, "at the top", "R-up")
    return state + 1, [Event("up")]


HANDLERS = Handlers[int]("Lift", {Up: up, Down: lambda s, m, j: (s - 1, [Event("down")])})


def test_a_move_goes_to_the_handler_of_its_class() -> None:
    assert HANDLERS.apply(1, Up("A"), Judge()) == (2, [Event("up")])
    assert HANDLERS.apply(1, Down("A"), Judge()) == (0, [Event("down")])


def test_dispatch_puts_the_overridden_rules_first() -> None:
    state, events = HANDLERS.apply(3, Up("A"), Judge(forced=True))
    assert state == 4 and events == [
        Overridden("at the top", "R-up"),
        Event("up"),
    ]


def test_a_move_of_another_game_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="not a Lift move"):
        HANDLERS.apply(0, "sideways", Judge())


# --- counting words -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("verb", "args", "low", "high", "message"),
    [
        ("bid", [], 1, -1, "bid takes 1 argument, not 0 (allowed: bid AMOUNT)"),
        ("pass", ["x", "y"], 0, -1, "pass takes no arguments, not 2 (allowed: pass)"),
        ("go", [], 1, 2, "go takes 1 to 2 arguments, not 0 (allowed: go A [B])"),
        ("go", [], 2, None, "go takes at least 2 arguments, not 0 (allowed: go A [B])"),
    ],
)
def test_one_message_for_a_wrong_number_of_words(
    verb: str, args: list[str], low: int, high: int | None, message: str
) -> None:
    with pytest.raises(UsageError) as e:
        count_words(VERBS, verb, args, low, high)
    assert str(e.value) == message


def test_the_right_number_of_words_passes() -> None:
    count_words(VERBS, "bid", ["5"], 1)
    count_words(VERBS, "go", ["a", "b"], 1, 2)
    count_words(VERBS, "go", ["a"] * 9, 1, None)
    assert usage_of(VERBS, "go") == "go A [B]"
    assert usage_of(VERBS, "skip") == "skip"  # an alias with no usage line of its own


# --- ranking ------------------------------------------------------------------------------------
def test_ranking_shares_places_between_ties_and_keeps_the_given_order() -> None:
    rows = [Standing(p, s) for p, s in (("A", 5), ("B", 9), ("C", 5), ("D", 1))]
    out = ranked(rows, key=lambda s: s.score)
    assert [(s.player, s.place) for s in out] == [("B", 1), ("A", 2), ("C", 2), ("D", 4)]


def test_ranking_by_a_tie_break() -> None:
    shares = {"A": 1, "B": 3}
    rows = [Standing("A", 5), Standing("B", 5)]
    out = ranked(rows, key=lambda s: (s.score, shares[s.player]))
    assert [(s.player, s.place) for s in out] == [("B", 1), ("A", 2)]


# --- random play --------------------------------------------------------------------------------
def test_a_random_line_is_a_verb_offered_and_one_candidate_per_argument() -> None:
    options = Options("A", ("give", "pass"), {"give": (("B", "St. Louis"), ("1", "2"))})
    lines = {random_line(options, random.Random(seed).choice) for seed in range(60)}
    assert "pass" in lines and "give 'St. Louis' 2" in lines
    assert lines <= {"pass", *(f"give {p} {n}" for p in ("B", "'St. Louis'") for n in "12")}


def test_a_speller_writes_the_verbs_that_need_more() -> None:
    options = Options("A", ("roll",))
    line = random_line(options, random.Random(1).choice, {"roll": lambda pick: "roll 3 4"})
    assert line == "roll 3 4"


def test_random_play_yields_only_accepted_moves_and_stops_at_the_end() -> None:
    game = Tally()
    state = game.setup(["A", "B", "C"], "standard", {})
    steps = list(random_play(game, state, random.Random(7).choice, steps=200))
    assert steps
    for before, step in zip([state, *(s.after for s in steps)], steps, strict=False):
        assert step.before == before and step.events
        assert game.apply(before, game.parse(before, step.actor, step.line.split())) == (
            step.after,
            step.events,
        )
    assert len(steps) == 200 or game.is_over(steps[-1].after)
