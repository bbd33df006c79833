"""Whole Lost Atlas games (tests/scenarios/lost-atlas-*.txt), against standings worked out by
hand in each file's comments."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import scenario

FILES = sorted((Path(__file__).parents[2] / "scenarios").glob("lost-atlas-*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    s = scenario.load(path)
    session = scenario.play(s)
    game, state = session.game, session.state
    if s.expect_over is not None:
        assert game.is_over(state) == s.expect_over
    scores = {row.player: row.score for row in game.standings(state)}
    for player, score in s.expect_scores.items():
        assert scores[player] == score, f"{player}: {scores[player]} != {score} (by hand)"
    winners = sorted(row.player for row in game.standings(state) if row.place == 1)
    assert winners == sorted(s.expect_winners)
    assert state.money() == 24500  # rules ■2: the money in the box, never more or less


def test_there_are_scenarios_for_each_length() -> None:
    variants = {scenario.load(p).variant for p in FILES}
    assert {"micro", "short"} <= variants  # no long game yet (see the report)
