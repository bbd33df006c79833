"""Whole Congo Line games (tests/scenarios/congo-line-*.txt), final money worked by hand.

Each file is played against its hand-worked standings by tests/test_scenarios.py.
"""

from __future__ import annotations

from pathlib import Path

from devtools import scenario

FILES = sorted((Path(__file__).resolve().parents[2] / "scenarios").glob("congo-line-*.txt"))


def test_there_are_scenarios_for_three_and_four_players() -> None:
    counts = {len(scenario.load(f).players) for f in FILES}
    assert {3, 4} <= counts
