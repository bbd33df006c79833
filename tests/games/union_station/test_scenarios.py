"""Whole games of Union Station (tests/scenarios/union-station-*.txt), against standings
worked out by hand in each file's comments."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import tomli_w

from referee import scenario
from referee.session import Session

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


@pytest.mark.parametrize("stem", ["union-station-3p-twentieth-dividend"])
def test_resume_undo_and_redo_at_every_point(stem: str) -> None:
    """Resuming is replaying the log: at every point (mid-auction included) a fresh session fed
    the moves so far holds the same state, its snapshot survives TOML, and undo then redo of
    the last move gives it back."""
    s = scenario.load(SCENARIOS / f"{stem}.txt")
    full = scenario.play(s)
    game = full.game
    fresh = Session.new(s.game, s.players, s.variant, tomllib.loads(tomli_w.dumps(full.board)))
    for i, entry in enumerate(full.entries, start=1):
        fresh.play(entry.text)
        snap = game.snapshot(fresh.state)
        assert snap == game.snapshot(full.states[i])
        assert tomllib.loads(tomli_w.dumps(snap)) == snap
        fresh.undo()
        fresh.redo()
        assert game.snapshot(fresh.state) == snap
