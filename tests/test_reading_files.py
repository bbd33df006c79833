"""Every file a user hands the program (a save, a position for `route`, board data for
`board --from` and `new --board`, a title description for `title check` and `new --title`) is
read by one reader: the same size cap, regular files only, the same bound on the time a file
can take to read, and the same one-line errors for what a file may hold that cannot be used."""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli.main import cli, main

COMMANDS: dict[str, Callable[[Path], list[str]]] = {
    "save (show)": lambda path: ["show", str(path)],
    "save (resume)": lambda path: ["resume", str(path)],
    "save (log)": lambda path: ["log", str(path)],
    "position (route)": lambda path: ["route", str(path), "--company", "NP", "--trains", "4"],
    "board (board --from)": lambda path: ["board", "union-station", "--from", str(path)],
    "board (new --board)": lambda path: [
        "new",
        "union-station",
        "-p",
        "A,B,C",
        "--board",
        str(path),
        "--save",
        str(path.with_name("never.toml")),
    ],
    "title (title check)": lambda path: ["title", "check", str(path)],
    "title (new --title)": lambda path: [
        "new",
        "18xx",
        "-p",
        "A,B",
        "--title",
        str(path),
        "--save",
        str(path.with_name("never.toml")),
    ],
}


def deep(path: Path) -> None:
    path.write_text("x = " + "[" * 10_000 + "]" * 10_000 + "\n")


def long_number(path: Path) -> None:
    path.write_text("x = " + "9" * 5_000 + "\n")


def large_number(path: Path) -> None:
    path.write_text(f"x = [[1, {10**30}]]\n")


def not_utf8(path: Path) -> None:
    path.write_bytes(b'x = "caf\xe9"\n')


def dotted_key(path: Path) -> None:
    """40 KB of one key, `a.a.a… = 1`: tomllib would take seconds (quadratic in the parts)."""
    path.write_text("a" + ".a" * 20_000 + " = 1\n")


def huge(path: Path) -> None:
    with path.open("wb") as f:
        f.truncate(50 * 2**20)  # sparse: no disk is used


def endless(path: Path) -> None:
    path.symlink_to("/dev/zero")


def fifo(path: Path) -> None:
    os.mkfifo(path)


CONTENTS = [
    (deep, "is nested too deeply to read"),
    (long_number, "holds a number too long to read"),
    (large_number, "holds the number 1000000000…, too large for any count"),
    (not_utf8, "is not a text \\(UTF-8\\) file"),
    (dotted_key, "line 1: a key of more than 16 parts"),
    (
        huge,
        "is 52,428,800 bytes; a (save file|position file|board file|title description) is at"
        " most 8 MB",
    ),
    (endless, "is a device, not a regular file"),
    (fifo, "is a FIFO, not a regular file"),
]


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(("make", "message"), CONTENTS, ids=[c[0].__name__ for c in CONTENTS])
def test_one_reader_one_line_for_every_kind_of_file(
    tmp_path: Path, command: str, make: Callable[[Path], None], message: str
) -> None:
    path = tmp_path / "file.toml"
    make(path)
    result = CliRunner().invoke(cli, COMMANDS[command](path), input="")
    assert result.exit_code == 2, (result.output, result.exception)
    assert result.stderr.count("\n") == 1 and len(result.stderr) < 300, result.stderr
    assert re.search(f"^referee: {re.escape(str(path))},? {message}", result.stderr), result.stderr
    assert not path.with_name("never.toml").exists()


def folder(path: Path) -> None:
    path.mkdir()


def binary_junk(path: Path) -> None:
    path.write_bytes(bytes(range(256)) * 64)


def empty(path: Path) -> None:
    path.write_bytes(b"")


def dangling_link(path: Path) -> None:
    path.symlink_to(path.with_name("nowhere.toml"))


def link_loop(path: Path) -> None:
    path.symlink_to(path)


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(
    "make", [folder, binary_junk, empty, dangling_link, link_loop], ids=lambda m: m.__name__
)
def test_every_command_refuses_any_hostile_file_in_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: str,
    make: Callable[[Path], None],
) -> None:
    """Whatever the file holds or is, each command that reads one answers in one line, exit 2,
    and writes nothing: through the program's entry point, as click's own refusals (a folder
    for a FILE argument) are made one line there."""
    path = tmp_path / "file.toml"
    make(path)
    monkeypatch.setattr(sys, "argv", ["referee", *COMMANDS[command](path)])
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    with pytest.raises(SystemExit) as exit:
        main()
    out, err = capsys.readouterr()
    assert exit.value.code == 2, (out, err)
    assert err.count("\n") == 1 and err.startswith("referee: ") and len(err) < 300, err
    assert not path.with_name("never.toml").exists()
