from __future__ import annotations

from pathlib import Path

import pytest

from referee import games

ROOT = Path(__file__).resolve().parents[2]
FRAME = ROOT / "tests" / "frame"  # where Tally, the frame's fixture game, lives


@pytest.fixture
def with_tally(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry as it is, plus Tally (tests/frame/tally.py, a fixture game with two
    variants and board data), so that game names and variants have something to complete even
    while the registry of this branch is empty."""
    monkeypatch.syspath_prepend(str(FRAME))
    monkeypatch.setitem(games._REGISTRY, "tally", "tally:Tally")
