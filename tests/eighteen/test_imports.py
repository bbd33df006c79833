"""The route search's modules import one another in layers, never in a circle, not even inside a
function or for type checking only (issue 30: each module can be read knowing only those below
it)."""

from __future__ import annotations

import ast
from pathlib import Path

import referee.eighteen

PACKAGE = "referee.eighteen"
HERE = Path(referee.eighteen.__file__).parent


def imports(folder: Path, package: str) -> dict[str, set[str]]:
    """Per module of the package in `folder`, the modules of the package it imports anywhere
    in its text (top level, functions, `if TYPE_CHECKING:`)."""
    modules = {f.stem: f for f in folder.glob("*.py") if f.stem != "__init__"}
    found: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                head = node.module or ""
                if node.level:  # relative to the package, or to a package above it
                    parts = package.split(".")
                    base = ".".join(parts[: len(parts) - node.level + 1])
                    head = f"{base}.{head}" if head else base
                # `from package import module` imports the module.
                targets = [head, *(f"{head}.{alias.name}" for alias in node.names)]
            for target in targets:
                if target.startswith(package + "."):
                    other = target[len(package) + 1 :].split(".")[0]
                    if other in modules and other != name:
                        found[name].add(other)
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each circle of imports, as the modules on it from the first one met (depth first)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    path: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        path.append(module)
        for other in sorted(graph[module]):
            if state.get(other) == 1:
                found.append([*path[path.index(other) :], other])
            elif other not in state:
                visit(other)
        path.pop()
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module)
    return found


def test_no_circle_of_imports_in_the_route_search() -> None:
    graph = imports(HERE, PACKAGE)
    assert "listing" in graph and "floor" in graph["listing"]  # the reading really reads
    assert circles(graph) == []


def test_a_circle_inside_a_function_or_for_types_only_is_found(tmp_path: Path) -> None:
    (tmp_path / "low.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from referee.eighteen.high import High\n"
    )
    (tmp_path / "high.py").write_text("def f():\n    from referee.eighteen import low\n")
    (tmp_path / "alone.py").write_text("import referee.eighteen.high\nfrom . import low\n")
    graph = imports(tmp_path, PACKAGE)
    assert graph == {"low": {"high"}, "high": {"low"}, "alone": {"high", "low"}}
    assert circles(graph) == [["high", "low", "high"]]
