"""What `pip install .` ships: every package of referee, and the game data as referee.tables."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli.main import cli
from referee.core.datafiles import load_table, table_names

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_with_code_is_listed_for_the_wheel() -> None:
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(setuptools["packages"])
    on_disk = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "referee").rglob("*.py")
        if "__pycache__" not in init.parts
    }
    missing = on_disk - listed
    assert not missing, f"add these to [tool.setuptools] packages in pyproject.toml: {missing}"
    assert {"referee.tables", "referee.tables.maps", "referee.tables.titles"} <= listed
    assert setuptools["package-dir"]["referee.tables"] == "tables"


# What is development or test code, by its path in the checkout (issue 30 item 5).
DEVELOPMENT = re.compile(r"(^|/)(devtools|tests|bench|scripts|generate)(/|$)|scenario|random_play")


def test_the_wheel_ships_no_test_or_development_code(tmp_path: Path) -> None:
    """The wheel holds the package referee and its metadata only: the scenario runner, random
    play and the generators (devtools/), the tests, the benches and the scripts stay in the
    checkout (issue 30 item 5). Built from a copy of the checkout's files, as `pip wheel .`."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    source = tmp_path / "checkout"
    for name in filter(None, listed):
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    assert (source / "devtools" / "scenario.py").is_file()  # there to be left out
    wheels = tmp_path / "wheels"
    pip = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels)]
    subprocess.run([*pip, str(source)], check=True, capture_output=True)
    (wheel,) = wheels.glob("referee-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "referee/cli/main.py" in names and "referee/tables/titles/1830.toml" in names
    outside = [n for n in names if not n.startswith(("referee/", "referee-"))]
    assert not outside, outside
    development = [n for n in names if DEVELOPMENT.search(n)]
    assert not development, development


def test_game_data_is_read_as_the_package_referee_tables() -> None:
    assert "1830" in table_names("maps") and "1889" in table_names("maps")
    assert load_table("lost-atlas")["market"]["spaces"]
    assert load_table("maps/1830.toml")["corporations"]
    assert {"1830", "1889"} <= set(table_names("titles"))
    assert load_table("titles/1889")["companies"]


def test_the_readmes_first_command_leaves_the_checkout_clean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`referee new lost-atlas ...` run in the checkout (the README's first command): the save
    it names, its .bak, and the files kept beside it (history, lock, a killed writer's
    temporary file) are ignored by git, so `git status` stays clean."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    monkeypatch.chdir(tmp_path)
    new = ["new", "lost-atlas", "--variant", "short", "--players", "Ann,Bob"]
    assert CliRunner().invoke(cli, new, input="quit\n").exit_code == 0
    (save,) = [p.name for p in tmp_path.glob("*.toml")]
    again = CliRunner().invoke(cli, new, input="quit\n")  # the second of the day: NAME-2.toml
    assert again.exit_code == 0
    made = sorted(p.name for p in tmp_path.iterdir())
    assert f"{save}.bak" in made and len(made) == 4, made
    beside = [f".{save}.history", f".{save}.lock", f".{save}.a1b2c3d4.tmp"]
    ignored = subprocess.run(
        ["git", "check-ignore", *made, *beside], cwd=ROOT, capture_output=True, text=True
    )
    assert sorted(ignored.stdout.split()) == sorted([*made, *beside])
