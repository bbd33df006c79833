"""One folder per game, the same template in each, reached only through its spec (issue 30).

A game lives in `referee/games/<game>/` and nowhere else: the rest of the program asks its spec
(referee.core.gamespec) and never imports the modules of its folder. docs/adding-a-game.md says
what a newcomer writes; these tests hold every game to it.
"""

from __future__ import annotations

import ast
from importlib import import_module
from pathlib import Path

import pytest

from referee.core.gamespec import GAMES, TEMPLATE, GameSpec, spec
from referee.core.grammar import Grammar

ROOT = Path(__file__).parent.parent / "referee"
GAMES_DIR = ROOT / "games"
FOLDERS = sorted(p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").is_file())
REGISTERED = {name: package for name, package in GAMES.items() if ":" not in package}


def test_every_game_folder_is_registered_once_and_every_registered_game_has_a_folder() -> None:
    packages = [package.rpartition(".")[2] for package in REGISTERED.values()]
    assert sorted(packages) == FOLDERS


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_game_folder_follows_the_template(folder: str) -> None:
    """The same files in each folder, so a newcomer finds each part where the others keep it."""
    missing = [name for name in TEMPLATE if not (GAMES_DIR / folder / name).is_file()]
    assert not missing, f"referee/games/{folder} lacks {missing} (the template: {TEMPLATE})"


@pytest.mark.parametrize(("name", "package"), sorted(REGISTERED.items()))
def test_a_game_package_exports_its_spec_naming_its_own_modules(name: str, package: str) -> None:
    found = import_module(package).SPEC
    assert isinstance(found, GameSpec)
    assert found is spec(name)
    assert found.name == name
    assert found.package == package
    assert found.game.partition(":")[0] == f"{package}.game"
    assert found.page == f"{package}.page"
    assert found.new_game().name == name
    assert not found.stock_move or found.stock_move.startswith(f"{package}.")


@pytest.mark.parametrize(("name", "package"), sorted(REGISTERED.items()))
def test_a_game_s_page_is_what_the_web_page_asks_for(name: str, package: str) -> None:
    page = spec(name).page_module()
    asked = ("panels", "ending", "prices", "holdings")  # holdings: a player's seat (issue 32)
    assert all(callable(getattr(page, f, None)) for f in asked)


@pytest.mark.parametrize(("name", "package"), sorted(REGISTERED.items()))
def test_every_game_reads_its_verbs_through_one_verb_table(name: str, package: str) -> None:
    """Each verb's help and its parser declared together (core/grammar.py), in every game."""
    grammar = import_module(f"{package}.commands").GRAMMAR
    assert isinstance(grammar, Grammar)
    assert tuple(spec(name).new_game().verbs()) == grammar.verbs
    assert {v.name for v in grammar.verbs} <= set(grammar.parsers)


def imported(source: str, path: Path) -> set[str]:
    """Every module the source of module `path` imports, at the top or inside a function:
    `from P import name` counts as P.name when that is a module (a game's own), else as P."""
    package = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts[:-1])
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join([*parts[: len(parts) - node.level + 1], *([base] if base else [])])
            for alias in node.names:
                module = f"{base}.{alias.name}"
                is_module = (ROOT.parent / Path(*module.split("."))).with_suffix(".py").is_file()
                found.add(module if is_module else base)
    return found


def internals_reached(source: str, path: Path) -> list[str]:
    """The modules of a game's folder, not `path`'s own game, that module `path` imports."""
    own = path.relative_to(GAMES_DIR).parts[0] if path.is_relative_to(GAMES_DIR) else ""
    return sorted(
        module
        for module in imported(source, path)
        if module.startswith("referee.games.")
        and len(module.split(".")) > 3
        and module.split(".")[2] != own
    )


def test_no_module_outside_a_game_s_folder_imports_the_game_s_modules() -> None:
    """Only the game's package (its SPEC) is public; the web, citations, route search, CLI and
    the other games ask the spec, so a game's folder can change without breaking them."""
    reached = {
        str(path.relative_to(ROOT.parent)): internals
        for path in sorted(ROOT.rglob("*.py"))
        if (internals := internals_reached(path.read_text(encoding="utf-8"), path))
    }
    assert not reached


def test_the_import_reader_sees_a_reach_into_a_game_anywhere_in_a_module() -> None:
    """The check above can fail: at the top, inside a function, or through the package."""
    source = (
        "from referee.games.lost_atlas import SPEC, routes\n"
        "import referee.games.congo_line.state\n"
        "def f():\n    from referee.games.titled.state import State\n"
        "from ..games.express01 import game\n"
    )
    reached = internals_reached(source, ROOT / "web" / "view.py")
    assert reached == [
        "referee.games.congo_line.state",
        "referee.games.express01.game",
        "referee.games.lost_atlas.routes",
        "referee.games.titled.state",
    ]
    own = internals_reached(source, GAMES_DIR / "titled" / "game.py")
    assert "referee.games.titled.state" not in own
