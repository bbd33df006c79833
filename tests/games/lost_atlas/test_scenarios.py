"""Whole Lost Atlas games (tests/scenarios/lost-atlas-*.txt).

Their hand-worked standings, and money conserved at every move, are checked by
tests/test_scenarios.py.
"""

from __future__ import annotations

from pathlib import Path

from devtools import scenario

FILES = sorted((Path(__file__).parents[2] / "scenarios").glob("lost-atlas-*.txt"))


def test_there_are_scenarios_for_each_length() -> None:
    variants = {scenario.load(p).variant for p in FILES}
    assert {"micro", "short", "long"} <= variants
