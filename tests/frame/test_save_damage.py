"""A save that is damaged is refused or repaired, never read as something else (issue 27).

A cut or junk in the header (the setup and the snapshot, before the moves) is refused with the
line and what to do; a file that ends before the moves its last full save wrote is refused; a
move cut short while it was appended, and junk written after the last complete move, are
dropped with a note that says exactly which moves are kept. A refused file is never touched.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli.main import cli
from referee.play.session import Session
from referee.store import savefile
from referee.store.savefile import SaveFileError

MOVES = 25


def played(tmp_path: Path, *, full_save: bool) -> bytes:
    """The bytes of a Tally save of 25 moves: written whole at the end (its snapshot after the
    25th move), or only appended to since the game began (its snapshot at the start)."""
    path = tmp_path / "whole.toml"
    s = Session.new("tally", ["Ann", "Bob"])
    savefile.create(s, path)
    for n in range(MOVES):
        s.play("give bob 1" if n % 2 == 0 else "give ann 1")
    assert s.store is not None
    if full_save:
        s.store.close(s)
    elif s.store.lock is not None:
        from referee.store import savelock

        savelock.release(s.store.lock)
    return path.read_bytes()


def header_end(whole: bytes) -> int:
    return whole.index(b"\n[[moves]]\n")  # the header ends with the newline before it


def refused(path: Path) -> str:
    before = path.read_bytes()
    with pytest.raises(SaveFileError) as info:
        savefile.read(path)
    said = str(info.value)
    assert "\n" not in said and info.value.exit_code == 2
    assert path.read_bytes() == before
    return said


def last_line(data: bytes) -> int:
    return data.count(b"\n") + (0 if data.endswith(b"\n") else 1)


@pytest.mark.parametrize("full_save", [True, False], ids=["full-save", "appended"])
def test_a_cut_at_any_byte_of_the_header_is_refused_with_its_line(
    tmp_path: Path, full_save: bool
) -> None:
    whole = played(tmp_path, full_save=full_save)
    path = tmp_path / "cut.toml"
    for end in range(header_end(whole)):
        path.write_bytes(whole[:end])
        said = refused(path)
        cut_in_header(said, last_line(whole[:end]) or 1)
        assert "mend it there by hand" in said


def cut_in_header(said: str, line: int) -> None:
    """Refused as cut in its header; or, when the header says how many moves followed it, as
    ending before them: both name the line and never say that moves are kept."""
    header = f", line {line}: its header (the setup and the snapshot, before the moves) is cut"
    before_moves = f"ends after move 0 (line {line}), but it was saved with {MOVES} moves"
    assert header in said or before_moves in said, said
    assert "moves are kept" not in said


def test_log_of_a_save_cut_in_its_header_fails_and_never_says_no_moves(tmp_path: Path) -> None:
    """The reproduction: `referee log cut.toml` printed "no moves yet", exit 0, though the
    file said snapshot_after = 25."""
    whole = played(tmp_path, full_save=True)
    path = tmp_path / "cut.toml"
    path.write_bytes(whole[: whole.index(b"[board]")])
    result = CliRunner().invoke(cli, ["log", str(path)])
    assert result.exit_code == 2, result.output
    assert "no moves yet" not in result.output
    assert re.search(r"cut.toml, line \d+: its header .* cut short or damaged", result.stderr)


def test_a_cut_inside_the_snapshot_never_says_the_moves_are_kept(tmp_path: Path) -> None:
    whole = played(tmp_path, full_save=True)
    path = tmp_path / "cut.toml"
    inside = whole.index(b"[snapshot.cash]\n") + len(b"[snapshot.cash]\nAnn = ")
    for end in (whole.index(b"[snapshot]"), whole.index(b"[snapshot.cash]"), inside):
        path.write_bytes(whole[:end])
        cut_in_header(refused(path), last_line(whole[:end]))


def test_the_backup_is_named_as_what_to_do_when_there_is_one(tmp_path: Path) -> None:
    whole = played(tmp_path, full_save=True)
    path = tmp_path / "cut.toml"
    path.write_bytes(whole[:100])
    (tmp_path / "cut.toml.bak").write_bytes(whole)
    said = refused(path)
    assert f"go on from {tmp_path / 'cut.toml.bak'}, its version before the last full save" in said


def test_a_full_save_cut_between_two_of_its_moves_is_refused(tmp_path: Path) -> None:
    """Its last full save wrote 25 moves: a file holding 10 lost 15 that were answered, and is
    not a crash in the middle of an append."""
    whole = played(tmp_path, full_save=True)
    starts = [m.start() for m in re.finditer(rb"\n\[\[moves\]\]\n", whole)]
    path = tmp_path / "cut.toml"
    path.write_bytes(whole[: starts[10]])
    said = refused(path)
    line = last_line(whole[: starts[10]])
    assert f"ends after move 10 (line {line}), but it was saved with 25 moves" in said
    path.write_bytes(whole[: starts[10] + 20])  # and inside the next block
    assert "ends after move 10" in refused(path)


JUNK = [b"\0" * 4096, bytes(range(256)) * 4, b"garbage\n", b"\n\n= x\n", b"\xff\xfe\n"]


@pytest.mark.parametrize("junk", JUNK, ids=["zeros", "binary", "text", "lines", "not-utf8"])
@pytest.mark.parametrize("full_save", [True, False], ids=["full-save", "appended"])
def test_junk_after_the_last_complete_move_keeps_that_move(
    tmp_path: Path, junk: bytes, full_save: bool
) -> None:
    whole = played(tmp_path, full_save=full_save)
    path = tmp_path / "junk.toml"
    path.write_bytes(whole + junk)
    session, notes = savefile.read(path)
    assert len(session.entries) == MOVES
    assert len(notes) == 1 and "\n" not in notes[0] and len(notes[0]) < 300
    assert "what follows its last move is not a move and is dropped" in notes[0]
    assert notes[0].endswith(f"all its {MOVES} moves are kept")
    assert all(c.isprintable() for c in notes[0])


def test_junk_after_a_move_cut_short_drops_only_that_move(tmp_path: Path) -> None:
    whole = played(tmp_path, full_save=False)
    path = tmp_path / "torn.toml"
    path.write_bytes(whole[:-10] + b"\0" * 100)
    session, notes = savefile.read(path)
    assert len(session.entries) == MOVES - 1
    assert notes[0].endswith(f"the {MOVES - 1} moves before it are kept")


def test_the_first_move_cut_short_says_no_other_move_is_kept(tmp_path: Path) -> None:
    whole = played(tmp_path, full_save=False)
    path = tmp_path / "torn.toml"
    for end in (header_end(whole) + 4, header_end(whole) + 30):
        path.write_bytes(whole[:end])
        session, notes = savefile.read(path)
        assert session.entries == []
        assert "the first move was cut short while it was saved and is dropped" in notes[0]
        assert notes[0].endswith("; the file holds no other move")


@pytest.mark.parametrize("where", ["[board]", "[snapshot]", "Bob = ", "players"])
def test_junk_in_the_header_is_refused_with_its_line(tmp_path: Path, where: str) -> None:
    whole = played(tmp_path, full_save=True)
    at = whole.index(where.encode())
    path = tmp_path / "junk.toml"
    path.write_bytes(whole[:at] + b"\0\0\0" + whole[at:])
    said = refused(path)
    assert f", line {last_line(whole[: at + 1])}: its header" in said, said


def test_junk_among_the_moves_is_refused_and_the_file_left_alone(tmp_path: Path) -> None:
    whole = played(tmp_path, full_save=True)
    at = whole.index(b"text = ", header_end(whole) + 200)
    path = tmp_path / "junk.toml"
    path.write_bytes(whole[:at] + b"\0\0\0" + whole[at:])
    said = refused(path)
    assert f"line {last_line(whole[: at + 1])}, column" in said and "mend it there by hand" in said
    result = CliRunner().invoke(cli, ["resume", str(path)], input="pass\n")
    assert result.exit_code == 2
    assert path.read_bytes() == whole[:at] + b"\0\0\0" + whole[at:]
