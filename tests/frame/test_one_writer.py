"""Issue 27 item 1: no command writes over a save that anyone holds, whatever the path.

The lock belongs to the file itself (device and inode): a symlink, a symlinked folder or a
hard link reaches the same lock, and a rewrite (which replaces the inode) locks the new version
before it is in place. Every writer goes through it: `save`, `export`, `new --save`, `board`
and the history. Two shells in one process conflict as two processes do (flock locks belong
to the open file, not the process); tests/e2e/test_lock.py runs some of these with two real
processes.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli.main import cli
from referee.play.session import Session
from referee.shell.shell import Shell
from referee.store import savefile, savelock


def held(
    path: Path, moves: tuple[str, ...] = ("give bob 5",), players: tuple[str, ...] = ("Ann", "Bob")
) -> Session:
    """A game saved in `path` by a shell that holds it open."""
    s = Session.new("tally", list(players))
    savefile.create(s, path)
    for m in moves:
        s.play(m)
    return s


def close(s: Session) -> None:
    assert s.store is not None
    s.store.close(s)


def moves(path: Path) -> list[str]:
    return [e.text for e in savefile.read(path)[0].entries]


def refused(reply_text: str, ok: bool, *words: str) -> bool:
    return not ok and "\n" not in reply_text and all(w in reply_text for w in words)


def test_export_from_a_second_shell_never_replaces_a_save_that_is_open(tmp_path: Path) -> None:
    """The repro: `export other.toml --force` replaced a save held open, and kept no .bak."""
    first = held(tmp_path / "other.toml")
    before = (tmp_path / "other.toml").read_bytes()
    second = Shell(held(tmp_path / "mine.toml", ()))
    reply = second.run(f"export {tmp_path / 'other.toml'} --force")
    assert refused(reply.text, reply.ok, "is open in another referee", f"process {os.getpid()}")
    assert (tmp_path / "other.toml").read_bytes() == before
    assert not (tmp_path / "other.toml.bak").exists()
    first.play("give ann 1")  # the first shell's moves still go into its own save
    assert moves(tmp_path / "other.toml") == ["give bob 5", "give ann 1"]
    close(first)
    close(second.session)


def test_export_force_onto_a_closed_save_keeps_it_as_backup(tmp_path: Path) -> None:
    other = held(tmp_path / "other.toml")
    close(other)
    before = (tmp_path / "other.toml").read_bytes()
    shell = Shell(held(tmp_path / "mine.toml", ()))
    reply = shell.run(f"export {tmp_path / 'other.toml'} --force")
    assert reply.ok and f"kept as {tmp_path / 'other.toml.bak'}" in reply.text
    assert (tmp_path / "other.toml.bak").read_bytes() == before
    assert not (tmp_path / ".other.toml.lock").exists()  # held while written, let go after
    close(shell.session)


@pytest.fixture
def linked_folder(tmp_path: Path) -> Path:
    """A symlink to the folder `real`, where a game is saved."""
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    return tmp_path / "link"


def test_the_lock_reached_through_a_symlinked_folder_is_never_written(
    tmp_path: Path, linked_folder: Path
) -> None:
    """The repro: `export …/.g.toml.lock --force` replaced the lock, and a second writer
    was let in."""
    first = held(tmp_path / "real" / "g.toml")
    card = tmp_path / "real" / ".g.toml.lock"
    before = card.read_bytes()
    second = Shell(held(tmp_path / "mine.toml", ()))
    for line in (f"export {linked_folder / '.g.toml.lock'} --force", f"save {card} --force"):
        reply = second.run(line)
        assert refused(reply.text, reply.ok, "a name the referee keeps"), reply.text
    assert card.read_bytes() == before
    with pytest.raises(savelock.SaveInUse, match=f"process {os.getpid()}"):
        savefile.resume(linked_folder / "g.toml")
    close(first)
    close(second.session)


def test_a_lock_file_replaced_behind_the_shells_back_lets_no_second_writer_in(
    tmp_path: Path,
) -> None:
    """The file itself is locked, not only its lock file: even a lock file that another
    program replaced keeps a second writer out."""
    first = held(tmp_path / "g.toml")
    stranger = tmp_path / "stranger"
    stranger.write_text("")
    os.replace(stranger, tmp_path / ".g.toml.lock")
    with pytest.raises(savelock.SaveInUse, match="is open in another referee"):
        savefile.resume(tmp_path / "g.toml")
    first.play("give ann 1")
    assert moves(tmp_path / "g.toml") == ["give bob 5", "give ann 1"]
    close(first)


def test_save_onto_the_lock_file_is_refused_and_resume_never_empties_it(tmp_path: Path) -> None:
    """The repro: in the shell, `save .g.toml.lock --force` was accepted, and the next
    `resume` emptied it."""
    shell = Shell(held(tmp_path / "g.toml"))
    card = tmp_path / ".g.toml.lock"
    before = card.read_bytes()
    reply = shell.run(f"save {card} --force")
    assert refused(reply.text, reply.ok, "a name the referee keeps"), reply.text
    assert card.read_bytes() == before and shell.session.path == tmp_path / "g.toml"
    with pytest.raises(savelock.LockError, match="a name the referee keeps"):
        savefile.resume(card)
    close(shell.session)
    again, _ = savefile.resume(tmp_path / "g.toml")
    assert [e.text for e in again.entries] == ["give bob 5"]
    close(again)


def test_a_hard_link_to_an_open_save_is_the_same_save(tmp_path: Path) -> None:
    """The repro: `ln g.toml sub/h.toml; referee resume sub/h.toml` was accepted while g.toml
    was open, and the two histories corrupted each other."""
    first = held(tmp_path / "g.toml")
    (tmp_path / "sub").mkdir()
    link = tmp_path / "sub" / "h.toml"
    os.link(tmp_path / "g.toml", link)
    with pytest.raises(savelock.SaveInUse, match="under another name \\(a hard link"):
        savefile.resume(link)
    second = Shell(held(tmp_path / "mine.toml", ()))
    for line in (f"save {link} --force", f"export {link} --force"):
        reply = second.run(line)
        assert refused(reply.text, reply.ok, "is open in another referee"), reply.text
    board = tmp_path / "board.toml"
    board.write_text("bonus = 0\n")
    new = ["new", "tally", "-p", "A,B", "--save", str(link), "--force", "--board", str(board)]
    result = CliRunner().invoke(cli, new, input="pass\n")
    assert result.exit_code == 2 and "is open in another referee" in result.stderr
    first.play("give ann 1")
    assert moves(tmp_path / "g.toml") == moves(link) == ["give bob 5", "give ann 1"]
    close(first)
    close(second.session)


def test_the_lock_moves_to_each_new_version_of_the_file(tmp_path: Path) -> None:
    """A rewrite replaces the inode: the new one is locked before it takes the old one's
    place, so a name made after the rewrite finds it held too."""
    first = held(tmp_path / "g.toml", ("give bob 5", "give ann 1"))
    inode = (tmp_path / "g.toml").stat().st_ino
    first.undo()  # a whole rewrite
    assert (tmp_path / "g.toml").stat().st_ino != inode
    os.link(tmp_path / "g.toml", tmp_path / "h.toml")
    with pytest.raises(savelock.SaveInUse):
        savefile.resume(tmp_path / "h.toml")
    with pytest.raises(savelock.SaveInUse):
        savefile.resume(tmp_path / "g.toml")
    close(first)
    again, _ = savefile.resume(tmp_path / "h.toml")
    close(again)


def test_a_save_replaced_by_another_program_is_not_written_into(tmp_path: Path) -> None:
    first = held(tmp_path / "g.toml")
    stranger = tmp_path / "stranger.toml"
    stranger.write_text("# another program's file\n")
    os.replace(stranger, tmp_path / "g.toml")
    first.play("give ann 1")  # appended: refused
    assert "was replaced by another program" in first.save_error
    first.undo()  # rewritten: refused too
    assert "was replaced by another program" in first.save_error
    assert (tmp_path / "g.toml").read_text() == "# another program's file\n"
    assert first.store is not None and first.store.lock is not None
    savelock.release(first.store.lock)


def test_the_backup_of_an_open_save_is_not_written_by_another_shell(tmp_path: Path) -> None:
    first = held(tmp_path / "g.toml")
    first.undo()  # a rewrite: g.toml.bak is its previous version
    backup = tmp_path / "g.toml.bak"
    before = backup.read_bytes()
    second = Shell(held(tmp_path / "mine.toml", ()))
    for line in (f"save {backup} --force", f"export {backup} --force"):
        reply = second.run(line)
        assert refused(reply.text, reply.ok, "keeps the previous version of"), reply.text
    assert backup.read_bytes() == before
    close(first)
    close(second.session)


def test_board_never_writes_over_an_open_save(tmp_path: Path) -> None:
    first = held(tmp_path / "g.toml")
    before = (tmp_path / "g.toml").read_bytes()
    config = Path(os.environ["XDG_CONFIG_HOME"]) / "referee"
    config.mkdir(parents=True, exist_ok=True)
    (config / "tally-board.toml").symlink_to(tmp_path / "g.toml")
    board = tmp_path / "board.toml"
    board.write_text("bonus = 3\n")
    result = CliRunner().invoke(cli, ["board", "tally", "--from", str(board)])
    assert result.exit_code == 2 and "is open in another referee" in result.stderr
    assert (tmp_path / "g.toml").read_bytes() == before
    close(first)


def test_resume_of_a_missing_save_leaves_a_lock_file_as_it_is(tmp_path: Path) -> None:
    """The repro: `resume` of a missing save deleted `.FILE.lock`, whatever it held."""
    card = tmp_path / ".missing.toml.lock"
    card.write_text("the notes of someone's own\n")
    with pytest.raises(savefile.SaveFileError, match="cannot read .*missing.toml"):
        savefile.resume(tmp_path / "missing.toml")
    assert card.read_text() == "the notes of someone's own\n"


def test_a_lock_file_that_is_not_a_lock_is_never_emptied(tmp_path: Path) -> None:
    s = held(tmp_path / "g.toml")
    close(s)
    card = tmp_path / ".g.toml.lock"
    other = tmp_path / "other.toml"
    other.write_text("format = 2\n# another game\n")
    for make in (lambda: card.write_text("not a lock\n"), lambda: card.symlink_to(other)):
        make()
        with pytest.raises(savelock.LockError, match="not a lock file of the referee"):
            savefile.resume(tmp_path / "g.toml")
        assert other.read_text() == "format = 2\n# another game\n"
        assert card.read_text() in ("not a lock\n", "format = 2\n# another game\n")
        card.unlink()
    again, _ = savefile.resume(tmp_path / "g.toml")
    close(again)


def test_new_force_onto_a_closed_save_keeps_it_as_backup(tmp_path: Path) -> None:
    other = held(tmp_path / "other.toml", ("give bob 5",), ("Bob", "Ann"))
    close(other)
    before = (tmp_path / "other.toml").read_bytes()
    board = tmp_path / "board.toml"
    board.write_text("bonus = 0\n")
    new = ["new", "tally", "-p", "A,B", "--save", str(tmp_path / "other.toml"), "--force"]
    result = CliRunner().invoke(cli, [*new, "--board", str(board)], input="pass\n")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "other.toml.bak").read_bytes() == before  # after the new game's quit
    assert moves(tmp_path / "other.toml") == ["pass"]


def test_the_replaced_game_stays_in_the_backup_while_the_new_one_is_rewritten(
    tmp_path: Path,
) -> None:
    """The new game's rewrites (undo, quit) keep their previous version in FILE.bak only
    while FILE.bak holds this same game: the game that `--force` replaced is never written
    over by them."""
    other = held(tmp_path / "other.toml", ("give bob 5",), ("Bob", "Ann"))
    close(other)
    before = (tmp_path / "other.toml").read_bytes()
    shell = Shell(held(tmp_path / "mine.toml", ("give bob 1",)))
    assert shell.run(f"save {tmp_path / 'other.toml'} --force").ok
    shell.run("give ann 2")
    shell.run("undo")  # a whole rewrite of other.toml
    close(shell.session)  # and another
    assert (tmp_path / "other.toml.bak").read_bytes() == before
    assert moves(tmp_path / "other.toml") == ["give bob 1"]
    (tmp_path / "other.toml.bak").unlink()  # once it is gone, the backups are this game's
    again, _ = savefile.resume(tmp_path / "other.toml")
    again.play("give ann 1")
    again.undo()
    assert savefile.read(tmp_path / "other.toml.bak")[0].entries[-1].text == "give ann 1"
    close(again)
