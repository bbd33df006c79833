"""Whole Lost Atlas games (tests/scenarios/lost-atlas-*.txt): money is conserved.

Their hand-worked standings are checked by tests/test_scenarios.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import scenario

FILES = sorted((Path(__file__).parents[2] / "scenarios").glob("lost-atlas-*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_money_is_conserved_through_each_whole_game(path: Path) -> None:
    """Rules ■2: the money in the box, never more or less. (Standings: tests/test_scenarios.py.)"""
    session = scenario.play(scenario.load(path))
    assert session.state.money() == 24500


def test_there_are_scenarios_for_each_length() -> None:
    variants = {scenario.load(p).variant for p in FILES}
    assert {"micro", "short", "long"} <= variants
