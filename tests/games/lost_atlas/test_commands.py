"""The command language of Lost Atlas: each verb counts its words with the one message every
game gives, and words beyond what a verb takes are refused rather than silently dropped."""

from __future__ import annotations

import pytest

from referee.engine import UsageError
from referee.games.lost_atlas.commands import Amount, parse

from .helpers import new, two_minors


def test_extra_words_are_refused_not_ignored__rule_7() -> None:
    """■7 auction: `auction 120 150` used to open at 120 and drop the 150 without a word."""
    s = new()
    assert parse(s, "A", ["auction", "120"]) == Amount("A", "auction", 120)
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
