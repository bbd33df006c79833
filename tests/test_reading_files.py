"""Every file a user hands the program (a save, a position for `route`, board data for
`board --from` and `new --board`) is read by one reader: the same size cap, regular files
only, and the same one-line errors for what a file may hold that cannot be used."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import cli

COMMANDS: dict[str, Callable[[Path], list[str]]] = {
    "save (show)": lambda path: ["show", str(path)],
    "save (resume)": lambda path: ["resume", str(path)],
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
}


def deep(path: Path) -> None:
    path.write_text("x = " + "[" * 10_000 + "]" * 10_000 + "\n")


def long_number(path: Path) -> None:
    path.write_text("x = " + "9" * 5_000 + "\n")


def large_number(path: Path) -> None:
    path.write_text(f"x = [[1, {10**30}]]\n")


def not_utf8(path: Path) -> None:
    path.write_bytes(b'x = "caf\xe9"\n')


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
    (huge, "is 52,428,800 bytes; a (save|position|board) file is at most 8 MB"),
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
    assert re.search(f"^referee: {re.escape(str(path))} {message}", result.stderr), result.stderr
    assert not path.with_name("never.toml").exists()
