"""The game data in `tables/`, read as the package `referee.tables` wherever referee runs.

pyproject.toml maps the folder `tables/` to the package `referee.tables`, so a checkout, an
editable install, a wheel, pipx and the single binary all find it as a package. Where the
package lies in a folder (every one of those) the files are read from there: importing
importlib.resources costs a quick command a fifth of its start-up. A package that is not in a
folder (a zip import) is read through importlib.resources. `REFEREE_TABLES` names another
folder, for trying data out without reinstalling.
"""

from __future__ import annotations

import os
import tomllib
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable


@cache
def tables_root() -> Traversable:
    override = os.environ.get("REFEREE_TABLES")
    if override:
        return Path(override)
    package = import_module("referee.tables")  # tables/, mapped in pyproject.toml
    folder = Path(package.__file__ or "").parent
    if package.__file__ and folder.is_dir():
        return folder
    from importlib.resources import files

    return files(package)


def load_table(name: str) -> dict[str, Any]:
    """Load `tables/NAME` (a TOML file, name relative to tables/, with or without .toml)."""
    node = tables_root()
    for part in (name if name.endswith(".toml") else f"{name}.toml").split("/"):
        node = node / part
    return tomllib.loads(node.read_text(encoding="utf-8"))


def table_names(folder: str) -> list[str]:
    """The names (without .toml) of the tables in `tables/FOLDER`."""
    return sorted(
        entry.name.removesuffix(".toml")
        for entry in (tables_root() / folder).iterdir()
        if entry.name.endswith(".toml")
    )
