"""Saves written before the shorter forms, the strict Express 01 take, the capital-bonus reading,
the automatic draws and drafts of Railroad Rivals and the automatic moves of Lost Atlas (the
scenarios as main played them) still load, and replay to the state their referee saved (its
[snapshot]): old saves replay as they were played (the house rule)."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from referee.store import savefile

FIXTURES = Path(__file__).parents[1] / "fixtures"
# saves-before-atlastype: the Lost Atlas scenarios as main played them before the referee made
# the moves with no choice in them (their typed done and pass now replay as those moves).
# saves-before-decided: an 1889 game from before moves recorded what the route search found
# (tests/games/test_decided_saves.py).
SAVES = sorted(
    path
    for folder in ("saves-before-tabletype", "saves-before-atlastype", "saves-before-decided")
    for path in (FIXTURES / folder).glob("*.toml")
)


@pytest.mark.parametrize("path", SAVES, ids=[p.stem for p in SAVES])
def test_a_save_from_before_replays_to_the_state_it_saved(path: Path, tmp_path: Path) -> None:
    copy = tmp_path / path.name
    shutil.copy(path, copy)
    saved = tomllib.loads(path.read_text(encoding="utf-8"))["snapshot"]
    session, warnings = savefile.read(copy)
    assert warnings == []
    assert tomllib.loads(savefile.render(session))["snapshot"] == saved
    if session.game.name == "lost-atlas":  # typed done and pass the referee now makes itself
        assert any(entry.auto for entry in session.entries)
    if session.game.name == "express01":  # saves from before the readings: as they played
        assert session.readings.as_dict() == {
            "capital-bonus": "printed",
            "loco-share": "any-holder",
        }
    if session.game.name == "lost-atlas":
        assert session.readings.as_dict()["train-limit"] == "before-rust"
