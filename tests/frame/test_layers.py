"""The session knows its save file only through the `Store` protocol: no import circle."""

from __future__ import annotations

import ast
from pathlib import Path

import referee.play.session


def imported(module_file: str) -> set[str]:
    tree = ast.parse(Path(module_file).read_text())
    names = set()
    for node in ast.walk(tree):  # imports inside functions too: they hid the circle before
        if isinstance(node, ast.ImportFrom) and node.module:
            names |= {node.module, *(f"{node.module}.{a.name}" for a in node.names)}
        elif isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
    return names


def test_session_does_not_import_savefile() -> None:
    assert not {n for n in imported(referee.play.session.__file__) if "savefile" in n}
