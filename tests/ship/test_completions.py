"""Each completion script really completes in its shell: bash always, zsh and fish where
they are installed (the shells are chosen when the tests are collected)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from devtools.generate import completions
from referee import games

ROOT = Path(__file__).resolve().parents[2]
SHELLS = ["bash", *(s for s in ("zsh", "fish") if shutil.which(s))]


def bash_complete(script: Path, line: str, cwd: Path) -> list[str]:
    """COMPREPLY of `_referee` for the line (the last word is the one being completed)."""
    words = line.split(" ")
    program = (
        'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _referee;'
        ' printf "%s\\n" "${COMPREPLY[@]}"'
    )
    result = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", program, "_", str(script), *words],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=True,
        timeout=30,
    )
    return [w for w in result.stdout.splitlines() if w]


def fish_complete(script: Path, line: str, cwd: Path) -> list[str]:
    result = subprocess.run(
        [
            "fish",
            "--no-config",
            "-c",
            "source $argv[1]; complete --do-complete $argv[2]",
            str(script),
            line,
        ],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=True,
        timeout=30,
    )
    return [w.split("\t")[0] for w in result.stdout.splitlines() if w]


def zsh_complete(folder: Path, line: str, cwd: Path) -> list[str]:
    """Type the line and Tab into an interactive zsh with compinit and the script in fpath;
    `referee` is a function that prints its arguments, so Enter shows what Tab inserted."""
    import pexpect

    env = {**os.environ, "ZDOTDIR": str(cwd), "TERM": "dumb"}
    z = pexpect.spawn(
        "zsh",
        ["-f", "-i"],
        cwd=str(cwd),
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(24, 300),
    )
    try:
        z.sendline(
            f"PS1='> '; fpath=({folder} $fpath); autoload -U compinit; compinit -u -D;"
            ' referee() { print -r -- "ARGS:$*:END" }; echo READY'
        )
        z.expect("READY\r?\n")
        z.send(line + "\t")
        z.expect_exact(line[-2:])  # zsh echoes what it completes to
        z.send("\r")
        z.expect(r"ARGS:(.*):END")
        args = z.match.group(1).rstrip("/").split(" ")
    finally:
        z.close(force=True)
    return [args[-1]]


def complete(shell: str, folder: Path, line: str, cwd: Path) -> list[str]:
    """The candidates the shell offers for the last word of `line` (for zsh: the one word
    Tab inserts, which happens only when the completion is unique)."""
    if shell == "bash":
        return bash_complete(folder / completions.FILES["bash"], line, cwd)
    if shell == "fish":
        return fish_complete(folder / completions.FILES["fish"], line, cwd)
    return zsh_complete(folder, line, cwd)


@pytest.fixture
def table(tmp_path: Path) -> Path:
    """A folder with a save file, a note and a folder of saves."""
    folder = tmp_path / "table"
    (folder / "saves").mkdir(parents=True)
    (folder / "session.toml").write_text("")
    (folder / "notes.txt").write_text("")
    return folder


@pytest.fixture
def scripts(tmp_path: Path, with_tally: None) -> Path:
    """The completion scripts generated now, from the registry plus the fixture game Tally."""
    folder = tmp_path / "completions"
    completions.write(folder)
    return folder


@pytest.mark.parametrize("shell", SHELLS)
def test_completes_subcommand_game_variant_and_save_file(
    shell: str, scripts: Path, table: Path
) -> None:
    assert complete(shell, scripts, "referee ne", table) == ["new"]
    assert complete(shell, scripts, "referee res", table) == ["resume"]
    assert complete(shell, scripts, "referee new tal", table) == ["tally"]
    assert complete(shell, scripts, "referee board TAL", table) == ["tally"]
    assert complete(shell, scripts, "referee new Tally --variant ri", table) == ["rich"]
    assert complete(shell, scripts, "referee new -p A,B tally -v st", table) == ["standard"]
    assert complete(shell, scripts, "referee show sess", table) == ["session.toml"]
    assert complete(shell, scripts, "referee new tally --save se", table) == ["session.toml"]
    assert complete(shell, scripts, "referee dividend 310 --game lo", table) == ["lost-atlas"]


def test_bash_offers_only_what_fits(scripts: Path, table: Path) -> None:
    # Save files: *.toml and folders to reach them, never other files.
    assert sorted(complete("bash", scripts, "referee resume ", table)) == ["saves", "session.toml"]
    # An option's value is not mistaken for an argument: after -p comes no game name.
    assert complete("bash", scripts, "referee new -p ", table) == []
    # Variants belong to the game named before them.
    assert sorted(complete("bash", scripts, "referee new tally -v ", table)) == ["rich", "standard"]
    # Options of the command, and of referee itself.
    assert "--players" in complete("bash", scripts, "referee new --", table)
    assert "--json" not in complete("bash", scripts, "referee new --", table)
    assert complete("bash", scripts, "referee --v", table) == ["--version"]
    # Any file for --board, which is not a save file.
    assert "notes.txt" in complete("bash", scripts, "referee new tally --board ", table)


def test_committed_bash_script_completes_this_registry(table: Path) -> None:
    folder = ROOT / "completions"
    assert complete("bash", folder, "referee ne", table) == ["new"]
    assert complete("bash", folder, "referee log sess", table) == ["session.toml"]
    assert sorted(complete("bash", folder, "referee new ", table)) == sorted(games.names())
