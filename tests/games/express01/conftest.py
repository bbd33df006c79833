from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from referee.play.session import Session

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "express01-fixture-board.toml"


@pytest.fixture
def board() -> dict[str, Any]:
    with FIXTURE.open("rb") as f:
        return tomllib.load(f)


@pytest.fixture
def new(board: dict[str, Any]) -> Callable[..., Session]:
    """A session with the fixture board, after the lines given have been played."""

    def make(
        *lines: str,
        players: str = "A,B,C",
        variant: str = "short",
        readings: dict[str, str] | None = None,
        **extra: Any,
    ) -> Session:
        session = Session.new(
            "express01", players.split(","), variant, {**board, **extra}, readings
        )
        for line in lines:
            session.play(line)
        return session

    return make
