"""The layers of the package (issue 30 item 4): core ← route search ← games ← session (play)
← store ← shell, page, CLI. Every import of every module of referee/ is read (inside functions and
`if TYPE_CHECKING:` too: a hidden import is still an import); none may point up a layer, none
may close a circle, and no game imports another game."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "referee"

# The layers, lowest first: each names packages and modules by their dotted path, a package
# with everything in it. A module belongs to the longest path that names it; each may import
# its own layer and those below, never one above.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("core", ("referee", "referee.core", "referee.i18n")),  # "referee": only its __init__
    ("route search", ("referee.eighteen",)),
    ("18xx rules", ("referee.eighteen_rules",)),
    ("games", ("referee.games",)),
    ("session", ("referee.play",)),
    ("store", ("referee.store",)),
    (
        "shell, page, CLI",
        (
            "referee.__main__",
            "referee.cli",
            "referee.shell",
            "referee.web",
        ),
    ),
)
# Folders of referee/games that are not games but shared by them (none: the 18xx rules layer
# is referee/eighteen_rules).
SHARED_BY_GAMES: tuple[str, ...] = ()
# Circles someone is untangling on another branch; each must still be one (remove it here
# when it is gone), and no other circle may appear.
PENDING: tuple[frozenset[str], ...] = ()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def resolve(name: str) -> str | None:
    """The module of referee that `name` (a module, or a name in one) is."""
    while name and name not in modules():
        name = name.rpartition(".")[0]
    return name or None


def imported_names(module: str) -> Iterator[str]:
    """Every dotted name `module` imports, wherever the import statement is."""
    path = modules()[module]
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            head = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                # `from referee.games.titled import market` imports the module market
                yield f"{head}.{alias.name}" if f"{head}.{alias.name}" in modules() else head


@cache
def imports() -> dict[str, frozenset[str]]:
    """Per module, the other modules of referee it imports (not its own parent packages)."""
    graph = {}
    for module in modules():
        targets = {resolve(n) for n in imported_names(module) if n.split(".")[0] == "referee"}
        graph[module] = frozenset(
            t for t in targets if t and t != module and not module.startswith(t + ".")
        )
    return graph


def layer_of(module: str) -> int | None:
    best: tuple[int, int] | None = None  # (length of the path that names it, layer)
    for number, (_name, paths) in enumerate(LAYERS):
        for path in paths:
            named = module == path or (path != "referee" and module.startswith(path + "."))
            if named and (best is None or len(path) > best[0]):
                best = (len(path), number)
    return None if best is None else best[1]


def circles() -> list[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    graph, index, low, stack, on = imports(), {}, {}, [], set()
    found: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(frozenset(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def game_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[:2] != ["referee", "games"] or len(parts) < 3 or parts[2] in SHARED_BY_GAMES:
        return None
    return parts[2] if (PACKAGE / "games" / parts[2]).is_dir() else None


def test_every_module_has_a_layer() -> None:
    assert [m for m in modules() if layer_of(m) is None] == []


def test_no_import_points_up_a_layer() -> None:
    upward = [
        f"{m} ({LAYERS[layer_of(m) or 0][0]}) -> {t} ({LAYERS[layer_of(t) or 0][0]})"
        for m, targets in imports().items()
        for t in sorted(targets)
        if (layer_of(m) or 0) < (layer_of(t) or 0)
    ]
    assert upward == []


def test_no_circle_of_imports() -> None:
    assert [sorted(c) for c in circles() if c not in PENDING] == []


@pytest.mark.parametrize("pending", PENDING, ids=lambda c: sorted(c)[0])
def test_a_pending_circle_is_still_one(pending: frozenset[str]) -> None:
    """When a circle is untangled, it leaves PENDING: the list never hides a new one."""
    assert pending in circles()


def test_no_game_imports_another_game() -> None:
    crossing = [
        f"{m} -> {t}"
        for m, targets in imports().items()
        for t in sorted(targets)
        if game_of(m) and game_of(t) and game_of(m) != game_of(t)
    ]
    assert crossing == []
