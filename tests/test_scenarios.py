"""Whole games (tests/scenarios/*.txt) played through the shell, against standings worked out
by hand in each file's comments."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import scenario

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.txt"))


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
    if s.expect_winners:
        winners = sorted(row.player for row in game.standings(state) if row.place == 1)
        assert winners == sorted(s.expect_winners)


def test_every_scenario_expects_something() -> None:
    for path in FILES:
        s = scenario.load(path)
        assert s.expect_scores or s.expect_winners, f"{path.name} checks no standings"
