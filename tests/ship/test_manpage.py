"""The man page is well-formed roff and says what `--help`, the registry and the shell say.

groff and mandoc are used where they are installed; the checks on the page's source always run.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import click
import pytest

from devtools.generate import manpage, tree
from devtools.generate.manpage import for_groff
from referee.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "man" / "referee.1"


@pytest.fixture
def page(tmp_path: Path, with_tally: None) -> Path:
    """The page generated now, from the registry plus the fixture game Tally."""
    path = tmp_path / "referee.1"
    path.write_text(manpage.generate(), encoding="utf-8")
    return path


def lint(path: Path) -> list[str]:
    """Every complaint of the roff checkers that are installed."""
    problems = []
    if shutil.which("groff"):
        result = subprocess.run(
            ["groff", "-man", "-ww", "-z", str(path)], capture_output=True, text=True, check=False
        )
        problems += result.stderr.splitlines()
        if result.returncode:
            problems.append(f"groff exited {result.returncode}")
    if shutil.which("mandoc"):
        result = subprocess.run(
            ["mandoc", "-Tlint", "-W", "warning", str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        # The page has no date on purpose: it must be byte for byte reproducible.
        problems += [
            line
            for line in (result.stdout + result.stderr).splitlines()
            if "missing date" not in line
        ]
    return problems


def rendered(path: Path) -> str | None:
    """The page as plain text, one paragraph per line, no hyphenation; None without groff."""
    if not shutil.which("groff"):
        return None
    result = subprocess.run(
        ["groff", "-man", "-Tascii", "-rLL=2000n", "-rHY=0", "-P-cbou", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    return " ".join(result.stdout.split())


def source_text(path: Path) -> str:
    """The page's source with roff's escapes undone, one line: for checks without groff."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith('.\\"'):
            continue
        if line.startswith("."):  # a macro: keep its arguments
            line = re.sub(r"^\.[A-Za-z]+\s*", "", line).replace('"', "")
        out.append(line)
    text = "\n".join(out)
    text = re.sub(r"\\f[BIRP]", "", text).replace("\\-", "-").replace("\\&", "")
    text = text.replace("\\e", "\\")
    return " ".join(text.split())


def test_committed_page_has_no_warnings() -> None:
    assert lint(COMMITTED) == []
    head = COMMITTED.read_text(encoding="utf-8").splitlines()[:6]
    assert any(line.startswith(".TH REFEREE 1 ") for line in head)


def test_page_with_a_game_has_no_warnings(page: Path) -> None:
    assert lint(page) == []


@pytest.mark.parametrize("view", [rendered, source_text])
def test_page_says_what_help_says(page: Path, view) -> None:
    text = view(page)
    if text is None:  # no groff here: the source check below still ran
        assert view is rendered and not shutil.which("groff")
        return
    root = click.Context(cli, info_name="referee", **cli.context_settings)
    for section in (
        "NAME",
        "SYNOPSIS",
        "DESCRIPTION",
        "OPTIONS",
        "COMMANDS",
        "THE SHELL",
        "GAMES",
        "FILES",
        "ENVIRONMENT",
        "EXIT STATUS",
        "EXAMPLES",
    ):
        assert f" {section} " in f" {text} ", section
    for name in cli.list_commands(root):
        command = cli.get_command(root, name)
        ctx = click.Context(command, info_name=name, parent=root)
        usage = " ".join(["referee", name, *command.collect_usage_pieces(ctx)])
        assert usage in text
        for para in tree._help_text(command).split("\n\n"):
            assert " ".join(para.replace("`", "").split()) in text
        for param in command.get_params(ctx):
            record = param.get_help_record(ctx)
            if record:  # the option, its metavar and its help, exactly as --help shows them
                assert record[0] in text, record[0]
                # `code` is set in bold on the page, without the backquotes
                assert " ".join(record[1].replace("`", "").split()) in text, record[1]


@pytest.mark.parametrize("view", [rendered, source_text])
def test_page_lists_the_shells_verbs_and_each_games(page: Path, view) -> None:
    text = view(page)
    if text is None:
        return
    for verb in tree.frame_verbs():
        assert f"{verb.usage} {verb.summary.replace('`', '')}" in text
    games = tree.game_infos()
    assert "tally" in [g.name for g in games]
    for game in games:
        assert (
            f"{game.title} ({game.name}) {game.min_players} to {game.max_players} players" in text
        )
        for variant, description in game.variants:
            assert for_groff(f"{variant} {description}") in text
        for verb in game.verbs:
            assert for_groff(f"{verb.usage} {verb.summary}") in text


def test_text_for_groff_leaves_japanese_asides_to_the_rules_file() -> None:
    assert for_groff("hotels and water towers (ホテルと給水塔)") == "hotels and water towers"
    assert for_groff("price 5 → 8 · twice") == "price 5 -> 8 - twice"
    assert for_groff("café") == "caf\\[u00E9]"
