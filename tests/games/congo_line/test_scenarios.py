"""Whole Congo Line games (tests/scenarios/congo-line-*.txt), final money worked by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import scenario

from .helpers import GAME

FILES = sorted((Path(__file__).resolve().parents[2] / "scenarios").glob("congo-line-*.txt"))


def test_there_are_scenarios_for_three_and_four_players() -> None:
    counts = {len(scenario.load(f).players) for f in FILES}
    assert {3, 4} <= counts


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_scenario(path: Path) -> None:
    s = scenario.load(path)
    session = scenario.play(s)
    state = session.state
    assert s.expect_over is not None and GAME.is_over(state) == s.expect_over
    standings = {st.player: st for st in GAME.standings(state)}
    assert s.expect_scores and {p: standings[p].score for p in s.expect_scores} == \
        s.expect_scores
    assert sorted(p for p, st in standings.items() if st.place == 1) == sorted(s.expect_winners)
