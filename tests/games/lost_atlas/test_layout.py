"""The shape of the Lost Atlas engine: one module (rounds) decides the order of rounds, and the
modules import each other without a circle, none hidden inside a function."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import referee.games.lost_atlas as package

PACKAGE = "referee.games.lost_atlas"
ROUND_MODULES = {"stock", "operating", "merger"}


def _modules() -> dict[str, ast.Module]:
    folder = Path(package.__file__).parent
    return {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in folder.glob("*.py")}


def _imported(node: ast.AST) -> set[str]:
    """The modules of this package an import statement names."""
    names: set[str] = set()
    if isinstance(node, ast.ImportFrom) and node.module:
        if node.module == PACKAGE:
            names |= {a.name for a in node.names}
        elif node.module.startswith(PACKAGE + "."):
            names.add(node.module.removeprefix(PACKAGE + ".").split(".")[0])
    elif isinstance(node, ast.Import):
        for a in node.names:
            if a.name.startswith(PACKAGE + "."):
                names.add(a.name.removeprefix(PACKAGE + ".").split(".")[0])
    return names


def _graph() -> dict[str, set[str]]:
    return {
        name: set().union(*(_imported(n) for n in tree.body)) for name, tree in _modules().items()
    }


def test_no_import_inside_a_function() -> None:
    for name, tree in _modules().items():
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = [n for n in ast.walk(fn) if isinstance(n, ast.Import | ast.ImportFrom)]
                assert not inner, f"{name}.{fn.name} imports inside the function"


def test_no_circle_of_imports() -> None:
    try:
        order = list(TopologicalSorter(_graph()).static_order())
    except CycleError as e:  # pragma: no cover - the failure message
        raise AssertionError(f"import circle: {e.args[1]}") from None
    assert "rounds" in order


def test_only_rounds_knows_the_order_of_rounds() -> None:
    """Rules ■6/■11/■22: the round modules never start one another; `rounds` does."""
    graph = _graph()
    for name in ROUND_MODULES:
        assert not graph[name] & (ROUND_MODULES | {"rounds"}), f"{name} imports another round"
    assert graph["rounds"] >= ROUND_MODULES
