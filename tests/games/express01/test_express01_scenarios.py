"""Whole games of Express 01 (tests/scenarios/express01-*.txt), scored by hand in the files."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import scenario

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios").glob("express01-*.txt"))


def test_there_are_scenarios_for_2_3_4_players_and_both_variants():
    loaded = [scenario.load(p) for p in SCENARIOS]
    assert {len(s.players) for s in loaded} == {2, 3, 4}
    assert {s.variant for s in loaded} == {"short", "long"}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario(path: Path):
    sc = scenario.load(path)
    session = scenario.play(sc)
    game = session.game
    assert game.is_over(session.state) == sc.expect_over
    standings = {s.player: s for s in game.standings(session.state)}
    for player, score in sc.expect_scores.items():
        assert standings[player].score == score, player
    assert sorted(p for p, s in standings.items() if s.place == 1) == sorted(sc.expect_winners)
