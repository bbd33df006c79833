"""Whole games of Express 01 (tests/scenarios/express01-*.txt), scored by hand in the files.

Each file is played against its hand-worked standings by tests/test_scenarios.py.
"""

from __future__ import annotations

from pathlib import Path

from devtools import scenario

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios").glob("express01-*.txt"))


def test_there_are_scenarios_for_2_3_4_players_and_both_variants():
    loaded = [scenario.load(p) for p in SCENARIOS]
    assert {len(s.players) for s in loaded} == {2, 3, 4}
    assert {s.variant for s in loaded} == {"short", "long"}
