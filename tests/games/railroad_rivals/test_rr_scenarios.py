"""Whole games in tests/scenarios/railroad-rivals-*.txt, final standings worked out by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import scenario

FILES = sorted((Path(__file__).parents[2] / "scenarios").glob("railroad-rivals-*.txt"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_scenario(path: Path) -> None:
    sc = scenario.load(path)
    session = scenario.play(sc)
    game = session.game
    if sc.expect_over is not None:
        assert game.is_over(session.state) == sc.expect_over
    standings = {s.player: s for s in game.standings(session.state)}
    for player, score in sc.expect_scores.items():
        assert standings[player].score == score, player
    winners = sorted(p for p, s in standings.items() if s.place == 1)
    assert winners == sorted(sc.expect_winners)
