from __future__ import annotations

import pytest

from referee import games


@pytest.fixture(autouse=True)
def tally_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the frame's test game, Tally (tests/frame/tally.py), for every frame test."""
    monkeypatch.setitem(games._REGISTRY, "tally", "tally:Tally")


@pytest.fixture(autouse=True)
def config_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never touch the real ~/.config."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
