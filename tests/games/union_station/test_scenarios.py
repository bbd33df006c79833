"""Whole games of Union Station (tests/scenarios/union-station-*.txt), against standings
worked out by hand in each file's comments."""

from __future__ import annotations

from pathlib import Path

import pytest

from devtools import scenario

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
FILES = sorted(SCENARIOS.glob("union-station-*.txt"))


def test_there_are_three_whole_games() -> None:
    """Each file is played against its hand-worked standings by tests/test_scenarios.py."""
    assert len(FILES) >= 3


ENDINGS = {
    "union-station-3p-twentieth-dividend": "the 20th dividend has been paid",
    "union-station-4p-shares-run-out": "every share has been bought",
    "union-station-5p-blocked-track": "no railroad can lay track",
}


@pytest.mark.parametrize("stem", sorted(ENDINGS))
def test_each_game_ends_the_way_it_says__rule_ゲームの終了(stem: str) -> None:
    session = scenario.play(scenario.load(SCENARIOS / f"{stem}.txt"))
    assert session.state.ended == ENDINGS[stem]
