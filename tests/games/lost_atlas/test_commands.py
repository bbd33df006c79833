"""The command language of Lost Atlas: each verb counts its words with the one message every
game gives, and words beyond what a verb takes are refused rather than silently dropped."""

from __future__ import annotations

import pytest

from referee.core.engine import RuleError, UsageError
from referee.games.lost_atlas.commands import OpenAuction, parse

from .helpers import new, play, step, two_minors


def test_extra_words_are_refused_not_ignored__rule_7() -> None:
    """■7 auction: `auction 120 150` used to open at 120 and drop the 150 without a word."""
    s = new()
    assert parse(s, "A", ["auction", "120"]) == OpenAuction("A", 120)
    with pytest.raises(UsageError, match="auction takes 1 argument, not 2"):
        parse(s, "A", ["auction", "120", "150"])
    with pytest.raises(UsageError, match="pick takes 1 to 2 arguments, not 3"):
        parse(s, "A", ["pick", "Expansive", "M21", "M23"])


def test_missing_words_say_what_the_verb_takes__rule_16() -> None:
    s = two_minors()
    with pytest.raises(UsageError) as e:
        parse(s, "B", ["run"])
    assert str(e.value).startswith("run takes at least 1 argument, not 0 (allowed: run best")
    with pytest.raises(UsageError, match="payout takes no arguments, not 1"):
        parse(s, "B", ["payout", "100"])
    with pytest.raises(UsageError, match="run best takes nothing more"):
        parse(s, "B", ["run", "best", "100"])


@pytest.mark.parametrize(
    ("before", "line", "message", "rule"),
    [
        ((), "bid 130", "not a stock-round move", "■6"),
        (("auction 120",), "done", "in an auction: bid or pass", "■7"),
        (("auction 120", "pass"), "bid 150", "A must pick a minor", "■7"),
    ],
)
def test_a_move_of_another_part_of_the_game_is_refused_by_its_rule__rule_6_rule_7(
    before: tuple[str, ...], line: str, message: str, rule: str
) -> None:
    """Each part of a round carries out only its own moves (found by the move's class) and
    refuses the others naming its rule: ■6 a stock-round turn, ■7 the auction and the pick."""
    s = play(new(), *before)
    with pytest.raises(RuleError) as e:
        step(s, line)
    assert message in e.value.reason
    assert e.value.rule.startswith(rule)


def test_a_move_of_another_round_is_refused_by_its_rule__rule_11_rule_22() -> None:
    s = two_minors()
    with pytest.raises(RuleError) as e:
        step(s, "propose Expansive")
    assert e.value.rule.startswith("■11")
    s = play(two_minors(), "buy 2", "run 0", "done", "buy 2", "run 0", "done").draft()
    s.colour = "green"
    s = play(s, "run 0", "done", "run 0", "done", "propose Expansive")
    with pytest.raises(RuleError) as e:
        step(s, "pass")
    assert (e.value.reason, e.value.rule) == (
        "the proposal waits for an answer",
        "■22 合併ラウンド",
    )
