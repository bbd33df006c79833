"""Never clobber, never copy a device, never create a folder, follow the umask, leave no litter."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from referee.cli.main import cli
from referee.play.session import Session
from referee.shell.loop import run_interactive
from referee.shell.shell import Shell
from referee.store import savefile, savelock


def game(tmp_path: Path, name: str, moves: list[str]) -> Session:
    s = Session.new("tally", ["Ann", "Bob"])
    savefile.create(s, tmp_path / name)
    for m in moves:
        s.play(m)
    return s


@pytest.fixture
def other(tmp_path: Path) -> Iterator[Path]:
    """Another game's save, closed (its lock let go)."""
    s = game(tmp_path, "other.toml", ["give bob 5"])
    assert s.store is not None
    s.store.close(s)
    (tmp_path / "other.toml.bak").unlink()  # its own backup, from the rewrite at close
    yield tmp_path / "other.toml"


def test_save_onto_another_games_file_is_refused_in_batch_mode(tmp_path: Path, other: Path):
    before = other.read_bytes()
    shell = Shell(game(tmp_path, "mine.toml", ["pass"]))
    reply = shell.run(f"save {other}")
    assert not reply.ok and reply.exit_code == 2 and "\n" not in reply.text
    assert "is not this game's file" in reply.text and "--force" in reply.text
    assert other.read_bytes() == before and not other.with_name("other.toml.bak").exists()
    assert shell.session.path == tmp_path / "mine.toml"  # still saving where it was


def test_save_force_replaces_it_and_keeps_the_other_game_as_backup(tmp_path: Path, other: Path):
    before = other.read_bytes()
    shell = Shell(game(tmp_path, "mine.toml", ["pass"]))
    reply = shell.run(f"save {other} --force")
    assert reply.ok, reply.text
    assert other.with_name("other.toml.bak").read_bytes() == before
    assert [e.text for e in savefile.read(other)[0].entries] == ["pass"]
    shell.run("give ann 2")  # the session now goes on in the new file
    assert [e.text for e in savefile.read(other)[0].entries] == ["pass", "give ann 2"]


@pytest.mark.parametrize(("answer", "replaced"), [(False, False), (True, True)])
def test_the_interactive_shell_asks_before_replacing(
    tmp_path: Path, other: Path, answer: bool, replaced: bool
) -> None:
    before = other.read_bytes()
    asked: list[str] = []

    def confirm(question: str) -> bool:
        asked.append(question)
        return answer

    shell = Shell(game(tmp_path, "mine.toml", ["pass"]), confirm=confirm)
    reply = shell.run(f"save {other}")
    assert len(asked) == 1 and "holds another game" in asked[0] and "[y/N]" in asked[0]
    assert (other.read_bytes() != before) == replaced
    assert other.with_name("other.toml.bak").exists() == replaced
    assert reply.ok and ("saved in" if replaced else "not saved") in reply.text


def test_the_question_is_asked_at_the_terminal_and_no_is_the_default(tmp_path: Path, other: Path):
    before = other.read_bytes()
    s = game(tmp_path, "mine.toml", [])
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text(f"save {other}\r\r")  # Enter alone: no
        pipe.send_text("quit\r")
        assert run_interactive(s) == 0
    assert other.read_bytes() == before


def test_saving_onto_its_own_file_asks_nothing(tmp_path: Path) -> None:
    shell = Shell(game(tmp_path, "mine.toml", ["pass"]))
    assert shell.run(f"save {tmp_path / 'mine.toml'}").ok


@pytest.fixture
def specials(tmp_path: Path) -> list[Path]:
    """Paths that are not regular files: symlinks to two devices and a FIFO."""
    zero, full, fifo = tmp_path / "zero.toml", tmp_path / "full.toml", tmp_path / "fifo.toml"
    zero.symlink_to("/dev/zero")
    full.symlink_to("/dev/full")
    os.mkfifo(fifo)
    return [zero, full, fifo]


def no_litter(folder: Path) -> bool:
    return not [p for p in folder.iterdir() if p.name.endswith((".tmp", ".bak"))]


def test_devices_and_fifos_are_refused_before_a_byte_is_copied(
    tmp_path: Path, specials: list[Path]
) -> None:
    shell = Shell(game(tmp_path, "mine.toml", ["pass"]))
    for path in specials:
        for line in (f"save {path}", f"save {path} --force", f"export {path}"):
            reply = shell.run(line)
            assert not reply.ok and "not a regular file" in reply.text and "\n" not in reply.text
        with pytest.raises(savefile.SaveFileError, match="not a regular file"):
            savefile.read(path)  # a FIFO would block a plain open; /dev/zero never ends
    assert no_litter(tmp_path)


@pytest.mark.parametrize("command", ["new", "resume", "show", "log"])
def test_the_commands_refuse_them_too(tmp_path: Path, specials: list[Path], command: str) -> None:
    board = tmp_path / "board.toml"
    board.write_text("bonus = 0\n")
    for path in specials:
        args = [command, str(path)]
        if command == "new":
            args = [
                "new",
                "tally",
                "-p",
                "A,B",
                "--save",
                str(path),
                "--force",
                "--board",
                str(board),
            ]
        result = CliRunner().invoke(cli, args, input="pass\n")
        assert result.exit_code == 2, result.output
        assert "not a regular file" in result.stderr and result.stderr.count("\n") == 1
    assert no_litter(tmp_path)


def test_missing_folders_are_reported_not_created(tmp_path: Path) -> None:
    missing = tmp_path / "missing" / "dir"
    board = tmp_path / "board.toml"
    board.write_text("bonus = 0\n")
    result = CliRunner().invoke(
        cli, ["new", "tally", "-p", "A,B", "--save", str(missing / "x.toml"), "--board", str(board)]
    )
    assert result.exit_code == 2 and "does not exist (it is not created)" in result.stderr
    shell = Shell(game(tmp_path, "mine.toml", ["pass"]))
    for line in (f"save {missing / 'x.toml'}", f"export {missing / 'x.md'}"):
        reply = shell.run(line)
        assert not reply.ok and "does not exist (it is not created)" in reply.text
    assert not (tmp_path / "missing").exists()


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_new_files_follow_the_umask(tmp_path: Path, umask: int, mode: int) -> None:
    old = os.umask(umask)
    try:
        s = game(tmp_path, "mine.toml", ["pass"])
        s.undo()  # a whole rewrite, through a temporary file
        Shell(s).run(f"export {tmp_path / 'diary.md'}")
    finally:
        os.umask(old)
    for name in ("mine.toml", "mine.toml.bak", "diary.md"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == mode, name


def test_a_rewrite_keeps_the_mode_the_user_gave(tmp_path: Path) -> None:
    s = game(tmp_path, "mine.toml", ["pass"])
    (tmp_path / "mine.toml").chmod(0o640)
    s.undo()
    assert stat.S_IMODE((tmp_path / "mine.toml").stat().st_mode) == 0o640


def test_resume_removes_the_temporary_files_a_killed_writer_left(tmp_path: Path) -> None:
    s = game(tmp_path, "mine.toml", ["pass"])
    assert s.store is not None
    s.store.close(s)
    litter = [tmp_path / ".mine.toml.a1b2c3d4.tmp", tmp_path / ".mine.toml.bak.k9_x7y2z.tmp"]
    kept = [tmp_path / ".mine.toml.history", tmp_path / ".other.toml.a1b2c3d4.tmp"]
    for p in litter + kept:
        p.write_text("x")
    s, _ = savefile.resume(tmp_path / "mine.toml")
    assert not any(p.exists() for p in litter) and all(p.exists() for p in kept)
    assert s.store is not None
    s.store.close(s)


def test_a_second_writer_in_the_same_process_is_refused(tmp_path: Path) -> None:
    s = game(tmp_path, "mine.toml", ["pass"])
    with pytest.raises(savelock.SaveInUse, match=rf"host .*, process {os.getpid()}, since 20"):
        savefile.resume(tmp_path / "mine.toml")
    assert savefile.read(tmp_path / "mine.toml")[0].entries  # reading needs no lock
    assert s.store is not None
    s.store.close(s)
    assert not (tmp_path / ".mine.toml.lock").exists()
    again, _ = savefile.resume(tmp_path / "mine.toml")
    assert again.store is not None
    again.store.close(again)


def test_a_symlink_to_a_save_shares_its_lock_and_writes_through(tmp_path: Path) -> None:
    s = game(tmp_path, "mine.toml", ["pass"])
    link = tmp_path / "link.toml"
    link.symlink_to(tmp_path / "mine.toml")
    with pytest.raises(savelock.SaveInUse):
        savefile.resume(link)
    assert s.store is not None
    s.store.close(s)
    again, _ = savefile.resume(link)
    again.play("give bob 1")
    again.undo()  # a whole rewrite through the link
    assert link.is_symlink() and [
        e.text for e in savefile.read(tmp_path / "mine.toml")[0].entries
    ] == ["pass"]
    assert again.store is not None
    again.store.close(again)


@pytest.mark.parametrize("target", ["mine.toml", "mine.toml.bak", ".mine.toml.lock"])
def test_export_never_writes_over_the_games_own_save(tmp_path: Path, target: str) -> None:
    shell = Shell(game(tmp_path, "mine.toml", ["pass"]))
    shell.run("save")  # the whole file, and its .bak
    before = (tmp_path / "mine.toml").read_bytes()
    reply = shell.run(f"export {tmp_path / target} --force")
    assert not reply.ok and "own save" in reply.text and "\n" not in reply.text
    assert (tmp_path / "mine.toml").read_bytes() == before
    shell.run("give ann 2")
    assert [e.text for e in savefile.read(tmp_path / "mine.toml")[0].entries] == [
        "pass",
        "give ann 2",
    ]


def test_export_onto_an_existing_file_needs_force_in_batch_mode(tmp_path: Path) -> None:
    diary = tmp_path / "diary.md"
    diary.write_text("notes of the last game")
    shell = Shell(game(tmp_path, "mine.toml", ["pass"]))
    reply = shell.run(f"export {diary}")
    assert not reply.ok and "--force" in reply.text
    assert diary.read_text() == "notes of the last game"
    assert shell.run(f"export {diary} --force").ok
    assert "pass" in diary.read_text()


def test_export_asks_the_interactive_shell_before_replacing(tmp_path: Path) -> None:
    diary = tmp_path / "diary.md"
    diary.write_text("notes of the last game")
    shell = Shell(game(tmp_path, "mine.toml", ["pass"]), confirm=lambda question: False)
    reply = shell.run(f"export {diary}")
    assert reply.ok and "not exported" in reply.text
    assert diary.read_text() == "notes of the last game"


def test_a_save_that_fails_in_a_pipe_stops_the_batch_and_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk mid-game: the pipe must not go on as if the moves were kept (exit 2), and
    closing tries the whole file again, saying so if that fails too."""
    import io

    from referee.shell.loop import run_batch
    from referee.store import atomic

    s = game(tmp_path, "mine.toml", [])

    def full(*args: object, **kwargs: object) -> None:
        raise atomic.WriteError("cannot write mine.toml: No space left on device")

    monkeypatch.setattr(savefile, "append_bytes", full)
    monkeypatch.setattr(savefile, "write_bytes", full)
    out = io.StringIO()
    assert run_batch(s, io.StringIO("pass\ngive bob 5\n"), out) == 2
    assert "NOT SAVED" in out.getvalue() and "give bob 5" not in out.getvalue()
    assert s.store is not None
    with pytest.raises(atomic.WriteError, match="NOT SAVED"):
        s.store.close(s)
    # The disk has room again: the next close writes what was missing.
    monkeypatch.setattr(savefile, "append_bytes", atomic.append_bytes)
    monkeypatch.setattr(savefile, "write_bytes", atomic.write_bytes)
    s.store.lock = savelock.acquire(tmp_path / "mine.toml")
    s.store.close(s)
    assert [e.text for e in savefile.read(tmp_path / "mine.toml")[0].entries] == ["pass"]


def test_a_folder_at_the_backup_is_named_when_a_rewrite_cannot_keep_it(tmp_path: Path) -> None:
    """`undo` with a folder at g.toml.bak said "cannot write g.toml: Is a directory"."""
    s = game(tmp_path, "g.toml", ["pass"])
    (tmp_path / "g.toml.bak").mkdir()
    s.undo()  # a whole rewrite, which keeps the previous version as the backup
    assert s.save_error == f"{tmp_path / 'g.toml.bak'} is a folder, not a regular file; it is" + (
        " neither read nor written"
    )
    assert [e.text for e in savefile.read(tmp_path / "g.toml")[0].entries] == ["pass"]
    assert s.store is not None and s.store.lock is not None
    savelock.release(s.store.lock)


def test_a_file_too_large_is_said_in_bytes(tmp_path: Path) -> None:
    """9,000,000 bytes was said as "8 MB", under the limit it broke."""
    big = tmp_path / "big.toml"
    with big.open("wb") as f:
        f.truncate(9_000_000)
    with pytest.raises(savefile.SaveFileError) as refused:
        savefile.read(big)
    assert str(refused.value) == (
        f"{big} is 9,000,000 bytes; a save file is at most 8 MB (8,388,608 bytes)"
    )
