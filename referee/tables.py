"""Where the game data in `tables/` lives, in a checkout, an install or the single binary."""

from __future__ import annotations

import os
import sys
import tomllib
from functools import cache
from pathlib import Path
from typing import Any


@cache
def tables_dir() -> Path:
    override = os.environ.get("REFEREE_TABLES")
    if override:
        return Path(override)
    bundled = getattr(sys, "_MEIPASS", None)  # set inside the pyinstaller binary
    if bundled:
        return Path(bundled) / "tables"
    return Path(__file__).resolve().parent.parent / "tables"


def load_table(name: str) -> dict[str, Any]:
    """Load `tables/NAME` (a TOML file, name relative to tables/, with or without .toml)."""
    path = tables_dir() / (name if name.endswith(".toml") else f"{name}.toml")
    with path.open("rb") as f:
        return tomllib.load(f)
