"""The user's own board data, kept under the XDG config folder.

The referee never invents unpublished board data: the players enter what their board shows
once, it is kept here and copied into each save.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import tomli_w

from referee.core.files import read_toml
from referee.store.atomic import write_bytes


def config_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "referee"


def board_path(game: str) -> Path:
    return config_dir() / f"{game}-board.toml"


def load_board(game: str) -> dict[str, Any] | None:
    """The stored board data for a game, or None if the players never entered it."""
    path = board_path(game)
    if not path.exists():
        return None
    return read_board_file(path)


def read_board_file(path: Path) -> dict[str, Any]:
    return read_toml(path, "a board file")


def save_board(game: str, board: dict[str, Any]) -> Path:
    path = board_path(game)
    write_bytes(path, tomli_w.dumps(board).encode("utf-8"), make_folder=True)
    return path
