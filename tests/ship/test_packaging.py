"""What `pip install .` ships: every package of referee, and the game data as referee.tables."""

from __future__ import annotations

import tomllib
from pathlib import Path

from referee.datafiles import load_table, table_names

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


def test_game_data_is_read_as_the_package_referee_tables() -> None:
    assert "1830" in table_names("maps") and "1889" in table_names("maps")
    assert load_table("lost-atlas")["market"]["spaces"]
    assert load_table("maps/1830.toml")["corporations"]
    assert table_names("titles") == ["1830", "1889"]
    assert load_table("titles/1889")["companies"]
