"""The committed completion scripts and man page are exactly what the generators make now."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

GENERATED = [
    (
        "scripts/gen-completions",
        "completions",
        ["referee.bash", "_referee", "referee.fish", "ja/_referee", "ja/referee.fish"],
    ),
    ("scripts/gen-man", "man", ["referee.1", "ja/referee.1"]),
]


def _run(script: str, out: Path) -> None:
    subprocess.run(
        [sys.executable, str(ROOT / script), "--out", str(out)],
        check=True,
        capture_output=True,
        cwd=ROOT,
    )


@pytest.mark.parametrize(("script", "folder", "names"), GENERATED)
def test_committed_files_are_what_the_generator_makes_now(
    tmp_path: Path, script: str, folder: str, names: list[str]
) -> None:
    _run(script, tmp_path)
    for name in names:
        committed = ROOT / folder / name
        fresh = (tmp_path / name).read_bytes()
        assert committed.exists(), f"{folder}/{name} is missing: run {script}"
        assert committed.read_bytes() == fresh, (
            f"{folder}/{name} is stale: run scripts/gen-completions / scripts/gen-man"
        )


@pytest.mark.parametrize(("script", "folder", "names"), GENERATED)
def test_generation_is_deterministic(
    tmp_path: Path, script: str, folder: str, names: list[str]
) -> None:
    _run(script, tmp_path / "a")
    _run(script, tmp_path / "b")
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
