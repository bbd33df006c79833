"""In Japanese, no English a player did not type (issue 31): every command's `--help`, the
error paths of the command line, and every scenario of tests/scenarios played in Japanese.

A word in Latin letters is allowed when it is typed (a verb, an option, an echo of the input,
a word of the scenario's moves), a name (a game, a company, a city or anything else of the
game's data and board files, a player), a placeholder in capitals (GAME, FILE), or one the
glossary keeps in English (referee/locale/glossary.toml, `[english] keep`).
"""

from __future__ import annotations

import re
import subprocess
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import click
import pytest

from devtools import scenario
from devtools.generate import tree
from referee import i18n
from referee.cli.main import cli
from tests.i18n.test_cli_ja import referee_program

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "tests" / "scenarios").glob("*.txt"))
WORD = re.compile(r"[A-Za-z][A-Za-z]*(?:'[a-z]+)?")
# What is typed or named whatever the language: echoes, code, options, paths, addresses.
TYPED = re.compile(
    r"[\w.-]+=[\w.-]+"  # a reading in force (key=choice), typed as `reading KEY CHOICE`
    r"|'[^'\n]*'|`[^`\n]*`|\"[^\"\n]*\"|--?[A-Za-z][\w-]*|\S*/\S*|\S+\.(?:toml|txt|json|csv)\b"
    r"|https?://\S+|\$[A-Z_]+|\b\w+(?:-\w+)+\b|\b[\w.]+\.\w+\b"
    r"|\[[a-z]+\]"  # a map's legend symbols ([dst])
    r"|\b\w+x(?:\d+|∞)"  # trains left (Dx∞)
)


@cache
def glossary_english() -> frozenset[str]:
    with (ROOT / "referee" / "locale" / "glossary.toml").open("rb") as f:
        keep = tomllib.load(f)["english"]["keep"]
    return frozenset(w.lower() for phrase in keep for w in WORD.findall(phrase))


def words_of(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


@cache
def names() -> frozenset[str]:
    """Names: the verbs and usages of every game and of the shell, the games and variants,
    and every word of the game data and of the board files (companies, cities, tiles)."""
    found: set[str] = set()
    for verb in tree.frame_verbs():
        found |= words_of(verb.usage)
    for game in tree.game_infos():
        found |= words_of(game.name) | words_of(game.title)
        found |= {w.lower() for v, _d in game.variants for w in WORD.findall(v)}
        for verb in game.verbs:
            found |= words_of(verb.usage)
        found |= {w.lower() for key, _q in game.board_fields for w in WORD.findall(key)}
    found |= command_names(cli)
    data_files = [
        *(ROOT / "tables").rglob("*.toml"),
        *(ROOT / "tests" / "fixtures").glob("*.toml"),
        *(ROOT / "tests" / "games" / "titled").glob("*.toml"),  # the scenarios' test titles
    ]
    for data in data_files:
        found |= _toml_names(data.read_text(encoding="utf-8"))
    return frozenset(found)


def command_names(command: click.Command) -> set[str]:
    """The commands of the program, typed as they are in every language."""
    found = {command.name or ""}
    if isinstance(command, click.Group):
        ctx = click.Context(command)
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            found |= command_names(sub) if sub else {name}
    return found


def _toml_names(text: str) -> set[str]:
    """The keys and short values of a data file: names, not its comments or prose."""
    found: set[str] = set()
    for line in text.splitlines():
        line = line.split("#", 1)[0]
        for value in re.findall(r"\"([^\"]{1,80})\"|'([^']{1,80})'", line):
            found |= words_of(" ".join(value))
        key = line.split("=", 1)[0] if "=" in line else line
        found |= words_of(key)
    return found


def english(text: str, typed: frozenset[str] = frozenset()) -> list[str]:
    """The English words of `text` that are neither typed nor names nor kept."""
    allowed = names() | glossary_english() | typed
    said = TYPED.sub(" ", text)
    wrong = []
    for word in WORD.findall(said):
        if len(word) == 1 or word.isupper() or word.lower() in allowed:
            continue
        wrong.append(word)
    return wrong


def lines_with_english(text: str, typed: frozenset[str] = frozenset()) -> list[str]:
    return [line for line in text.splitlines() if english(line, typed)]


def run_ja(*args: str) -> str:
    """The program as a player runs it (its entry point wraps click's errors), in Japanese."""
    done = subprocess.run(
        [referee_program(), "--lang", "ja", *args], capture_output=True, text=True, check=False
    )
    return done.stdout + done.stderr


def commands() -> list[list[str]]:
    _top, subcommands = tree.command_tree()
    return [[], *([c.name] for c in subcommands)]


@pytest.fixture(autouse=True)
def _speak_english_after() -> Iterator[None]:
    with i18n.speaking(i18n.language()):
        yield


@pytest.mark.parametrize("command", commands(), ids=lambda c: " ".join(c) or "referee")
def test_every_help_is_japanese(command: list[str]) -> None:
    out = run_ja(*command, "--help")
    assert not lines_with_english(out), "\n".join(lines_with_english(out))


ERRORS = [
    ["new", "nosuch", "-p", "A,B"],
    ["new", "union-station"],
    ["new", "union-station", "-p", "A,B,C", "--nosuch"],
    ["new", "union-station", "-p", "A,B,C", "--lang", "fr"],
    ["dividend", "abc", "--major"],
    ["dividend", "310", "--major", "--price", "x"],
    ["resume", "/nonexistent/game.toml"],
    ["show", "/nonexistent/game.toml"],
    ["nosuch"],
    ["new", "lost-atlas", "-p", "A,B", "--variant", "huge"],
]


@pytest.mark.parametrize("args", ERRORS, ids=lambda a: " ".join(a))
def test_the_errors_of_the_command_line_are_japanese(args: list[str]) -> None:
    out = run_ja(*args)
    assert out.strip(), "an error says something"
    assert not lines_with_english(out), "\n".join(lines_with_english(out))


def test_a_damaged_save_is_reported_in_japanese(tmp_path: Path) -> None:
    """A file error (the TOML parser's own English) comes wrapped in Japanese."""
    bad = tmp_path / "bad.toml"
    bad.write_text("version = \ngame = 'union-station'\n", encoding="utf-8")
    out = run_ja("show", str(bad))
    assert not lines_with_english(out), out


def test_the_japanese_man_page_has_no_english_and_is_not_justified() -> None:
    page = (ROOT / "man" / "ja" / "referee.1").read_text(encoding="utf-8")
    assert ".na" in page.splitlines()
    for english_note in ("Show this message and exit.", "[required]", "[default:"):
        assert english_note not in page


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_scenario_plays_in_japanese(path: Path) -> None:
    s = scenario.load(path)
    typed = frozenset(
        {w.lower() for c in s.commands for w in WORD.findall(c.text)}
        | {w.lower() for p in s.players for w in WORD.findall(p)}
    )
    said: list[str] = []
    with i18n.speaking("ja"):
        from referee.play.session import Session
        from referee.shell.shell import Shell

        session = Session.new(s.game, s.players, s.variant, s.board)
        session.settle()
        shell = Shell(session)
        for command in s.commands:
            if command.figures:
                continue
            said.append(shell.run(command.text).text)
        for look in ("status", "help", "standings"):
            said.append(shell.run(look).text)
    wrong = sorted({line for text in said for line in lines_with_english(text, typed)})
    assert not wrong, f"{len(wrong)} lines:\n" + "\n".join(wrong[:60])


def test_the_check_finds_english() -> None:
    assert english("frobnicated widgets: 70") == ["frobnicated", "widgets"]
    assert not english("最良の路線の収益は70です ('frobnicated widgets', `roll rrpo`)")
