"""Saving a move appends one block: the cost does not grow with the game, a torn last block
from a crash is dropped on load (never an earlier move), and old saves still load."""

from __future__ import annotations

import errno
import io
import os
import tomllib
from pathlib import Path

import pytest

from referee.play.session import Session
from referee.shell.loop import run_batch
from referee.store import atomic, savefile, savelock


def move(i: int) -> str:
    return "give bob 1" if i % 2 == 0 else "give ann 1"


def playing(tmp_path: Path, moves: int) -> Session:
    s = Session.new("tally", ["Ann", "Bob"])
    savefile.create(s, tmp_path / "g.toml")
    for i in range(moves):
        s.play(move(i))
    return s


def test_a_move_adds_one_block_and_leaves_every_earlier_byte_alone(tmp_path: Path) -> None:
    s = playing(tmp_path, 3)
    path = tmp_path / "g.toml"
    before = path.read_bytes()
    s.play(move(3))
    after = path.read_bytes()
    assert after.startswith(before)
    assert after[len(before) :] == b'\n[[moves]]\nby = "Bob"\nat = ' + after.split(b"at = ")[-1]
    assert after.endswith(b'text = "give ann 1"\n')
    assert [m["text"] for m in tomllib.loads(after.decode())["moves"]] == [
        move(i) for i in range(4)
    ]


def test_undo_redo_and_amend_rewrite_the_file_which_always_reads_as_the_game(
    tmp_path: Path,
) -> None:
    s = playing(tmp_path, 4)
    path = tmp_path / "g.toml"
    s.undo()
    s.undo()
    s.redo()
    data = tomllib.loads(path.read_text())
    assert [m["text"] for m in data["moves"]] == [move(i) for i in range(3)]
    assert [m["text"] for m in data["redo"]] == [move(3)]
    s.play("pass")  # a new move ends the redo list, in the file too
    s.amend(1, "give bob 2")
    again, warnings = savefile.read(path)
    assert warnings == [] and again.redo_stack == []
    assert [e.text for e in again.entries] == ["give bob 2", move(1), move(2), "pass"]
    assert again.entries[0].was == move(0)
    assert again.game.snapshot(again.state) == s.game.snapshot(s.state)


def test_the_snapshot_is_brought_up_to_date_every_so_often(tmp_path: Path) -> None:
    s = playing(tmp_path, savefile.SNAPSHOT_EVERY - 1)
    path = tmp_path / "g.toml"
    assert tomllib.loads(path.read_text())["snapshot_after"] == 0
    s.play(move(savefile.SNAPSHOT_EVERY - 1))
    data = tomllib.loads(path.read_text())
    assert data["snapshot_after"] == savefile.SNAPSHOT_EVERY == len(data["moves"])
    assert savefile.read(path)[1] == []


def test_a_torn_last_block_is_dropped_with_a_note_and_never_an_earlier_move(
    tmp_path: Path,
) -> None:
    s = playing(tmp_path, 5)
    path = tmp_path / "g.toml"
    whole = path.read_bytes()
    start = whole.rindex(b"\n[[moves]]\n")
    for end in range(start, len(whole) + 1):  # every instant of the last append
        path.write_bytes(whole[:end])
        loaded, notes = savefile.read(path)
        texts = [e.text for e in loaded.entries]
        assert texts in ([move(i) for i in range(4)], [move(i) for i in range(5)]), end
        if len(texts) == 4 and end > start + 1:
            assert len(notes) == 1 and "\n" not in notes[0]
            assert "was cut short and is dropped" in notes[0]
            assert notes[0].endswith("the 4 moves before it are kept")
    del s


def test_a_torn_file_is_rewritten_whole_before_the_next_move_is_appended(tmp_path: Path) -> None:
    s = playing(tmp_path, 3)
    path = tmp_path / "g.toml"
    path.write_bytes(path.read_bytes()[:-12])  # the third move torn
    assert s.store is not None and s.store.lock is not None
    savelock.release(s.store.lock)  # as the OS does when a process is killed
    s, notes = savefile.resume(path)
    assert "cut short" in notes[0]
    s.play(move(2))
    assert [e.text for e in savefile.read(path)[0].entries] == [move(i) for i in range(3)]
    assert s.store is not None
    s.store.close(s)


def test_damage_before_the_last_block_is_an_error_not_a_drop(tmp_path: Path) -> None:
    playing(tmp_path, 3)
    path = tmp_path / "g.toml"
    path.write_text(path.read_text().replace('text = "give ann 1"', 'text = "give ann 1'))
    with pytest.raises(savefile.SaveFileError, match="not valid TOML"):
        savefile.read(path)


def test_a_failed_append_is_cut_back_and_the_next_save_rewrites_it_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = playing(tmp_path, 2)
    path = tmp_path / "g.toml"
    before = path.read_bytes()
    real_write = os.write

    def disk_full(fd: int, data: bytes) -> int:
        real_write(fd, bytes(data[:7]))  # half a block reaches the disk, then it is full
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(atomic.os, "write", disk_full)
        s.play(move(2))
    assert "the disk is full" in s.save_error and len(s.entries) == 3
    assert path.read_bytes() == before  # nothing half-written for the next block to glue onto
    s.play(move(3))
    assert s.save_error == ""
    assert [e.text for e in savefile.read(path)[0].entries] == [move(i) for i in range(4)]


FORMAT_1 = """format = 1
game = "tally"
variant = "standard"
created = 2026-11-20T10:00:00Z
players = ["Ann", "Bob"]

[board]
bonus = 0

[[moves]]
by = "Ann"
text = "give bob 3"
at = 2026-11-20T10:01:00Z

[[moves]]
by = "Bob"
text = "pass"
at = 2026-11-20T10:02:00Z

[[redo]]
by = "Ann"
text = "give bob 1"
at = 2026-11-20T10:03:00Z

[snapshot]
over = false

[snapshot.cash]
Ann = 7
Bob = 13
"""


def test_an_old_format_1_save_loads_and_is_rewritten_as_format_2_at_its_first_save(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.toml"
    path.write_text(FORMAT_1)
    s, warnings = savefile.resume(path)
    assert warnings == [] and [e.text for e in s.entries] == ["give bob 3", "pass"]
    assert [e.text for e in s.redo_stack] == ["give bob 1"]
    s.play("give bob 2")
    data = tomllib.loads(path.read_text())
    assert data["format"] == 2 and "redo" not in data
    assert [m["text"] for m in data["moves"]] == ["give bob 3", "pass", "give bob 2"]
    assert (tmp_path / "old.toml.bak").read_text() == FORMAT_1
    assert s.store is not None
    s.store.close(s)


def test_lines_that_arrive_together_share_one_fsync_before_their_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = playing(tmp_path, 0)
    read, write = os.pipe()
    os.write(write, "".join(f"{move(i)}\n" for i in range(50)).encode())
    os.close(write)
    synced: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd) or real_fsync(fd))
    out = io.StringIO()
    with os.fdopen(read) as lines:
        assert run_batch(s, lines, out) == 0
    assert out.getvalue().count("> give") == 50
    assert len(synced) < 5  # not one per move
    assert len(savefile.read(tmp_path / "g.toml")[0].entries) == 50
