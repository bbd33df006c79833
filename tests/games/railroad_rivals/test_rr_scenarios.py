"""Whole games in tests/scenarios/railroad-rivals-*.txt, final standings worked out by hand.

Each file is played against its hand-worked standings by tests/test_scenarios.py.
"""

from __future__ import annotations

from pathlib import Path

FILES = sorted((Path(__file__).parents[2] / "scenarios").glob("railroad-rivals-*.txt"))


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 3
