"""Audit of rules ■17-■20 (payout, train buying, phase changes, forced purchase and
bankruptcy): each test names the rule sentence it checks."""

from __future__ import annotations

import pytest

from referee.engine import RuleError
from referee.games.lost_atlas.state import State

from .helpers import new, play, step


def _rich_new_minor() -> State:
    """Micro, A and B: Express (new, 300 in cash) is about to start its first OR; the 2-trains
    are gone, so the deck offers the first 3-train."""
    s = play(
        new(),
        "auction 120",
        "pass",
        "pick Expansive",
        "auction 130",
        "pass",
        "pick Express",
        "pass",
        "pass",
    )
    s.deck = {"2": 0, "3": 3, "4": 3}
    s.companies["Express"].cash = 300
    s.hexes["C3"] = "yellow"
    return s


def test_new_phase_tiles_from_the_next_company__rule_19() -> None:
    """■19: the new phase's tiles may be laid from the next company to act in this OR, so a new
    minor whose step-1 train starts the green phase still lays yellow tiles this turn."""
    s = play(_rich_new_minor(), "buy 3")
    assert s.colour == "green"
    with pytest.raises(RuleError, match="not laid in the yellow phase") as e:
        step(s, "lay C3 green")
    assert e.value.rule.startswith("■19")
    s = play(s, "lay C4 yellow", "run 20", "payout", "done")
    assert s.orr is not None and s.orr.current == "Expansive"
    s = play(s, "lay C3 green")  # the next company lays green
    assert s.hexes["C3"] == "green"
