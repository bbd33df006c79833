"""`referee serve FILE` following a save that another process writes: only what changed is
read again, every line of the writer is a version of its own, in order, and a save that goes
wrong under it is said on the page (issue 29 item 6)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from referee.play.session import Session
from referee.shell.shell import Shell
from referee.store import savefile
from referee.web import server, view
from referee.web.source import SaveFollower
from tests.web.conftest import ONE_OF_EACH, played

GAME = ONE_OF_EACH["union-station"]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Shell, Path]]:
    """A writer's shell saving into a file, the first auction under way (A bid 8)."""
    writer = played(GAME, upto=3)  # the setup's reveals, a refused bid
    save = tmp_path / "us.toml"
    savefile.create(writer, save)
    shell = Shell(writer)
    assert shell.run("bid 8").ok
    yield shell, save
    if writer.store is not None:
        writer.store.close(writer)


def follow(save: Path) -> tuple[SaveFollower, list[int]]:
    """A follower of the save, and the moves of each version it makes from now on."""
    follower = SaveFollower(save)
    seen: list[int] = []
    follower.source.listeners.append(lambda: seen.append(len(follower.source.session.entries)))
    return follower, seen


def counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[Any]:
    """Calls of `module.name` from now on: the first argument of each."""
    calls: list[Any] = []
    real = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_serve_parses_and_replays_only_the_moves_appended(
    table: tuple[Shell, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move appended to the save is the only block parsed and the only move replayed: the
    header and the moves read before are not read again."""
    shell, save = table
    follower, _seen = follow(save)
    assert shell.run("pass").ok  # appends one block to the file
    follower.poll()  # the first reading since: every piece is new to it
    parsed = counting(monkeypatch, savefile, "parse_toml")
    replayed = counting(monkeypatch, Session, "replay")
    assert shell.run("pass").ok  # C passes: C wins; the next auction begins
    added = len(shell.session.entries) - len(follower.source.session.entries)
    assert follower.poll()
    assert len(parsed) == added and len(replayed) == added
    assert all(piece.startswith(savefile.MOVES_BYTES) for piece in parsed)  # blocks alone
    assert follower.source.session.entries == shell.session.entries


def test_an_undo_read_again_parses_only_the_header_and_replays_nothing(
    table: tuple[Shell, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An undo rewrites the whole save: only its header (snapshot, moves to redo) changed and
    is parsed again; the moves kept are neither parsed nor replayed again."""
    shell, save = table
    assert shell.run("pass").ok
    follower, _seen = follow(save)
    follower.poll()
    parsed = counting(monkeypatch, savefile, "parse_toml")
    replayed = counting(monkeypatch, Session, "replay")
    assert shell.run("undo").ok
    assert follower.poll()
    assert (len(parsed), len(replayed)) == (1, 0)
    assert savefile.MOVES_BYTES not in parsed[0]  # the header alone
    assert follower.source.session.entries == shell.session.entries
    assert follower.source.session.redo_stack == shell.session.redo_stack


def test_serve_shows_each_undo_when_several_are_saved_at_once(table: tuple[Shell, Path]) -> None:
    """Undos saved one after the other before `serve` reads the file are each a version, in
    order, as the shell showed them; so are the redos after them."""
    shell, save = table
    for line in ("pass", "pass", "pass"):
        assert shell.run(line).ok
    follower, seen = follow(save)
    after: list[int] = []
    for line in ("undo", "undo", "undo"):
        assert shell.run(line).ok
        after.append(len(shell.session.entries))
    assert follower.poll()
    assert seen == after
    seen.clear()
    after.clear()
    for line in ("redo", "redo"):
        assert shell.run(line).ok
        after.append(len(shell.session.entries))
    assert follower.poll()
    assert seen == after
    assert follower.source.session.redo_stack == shell.session.redo_stack


def test_serve_tells_what_a_move_did_after_an_undo_and_another_move(
    table: tuple[Shell, Path],
) -> None:
    """A move undone and another played in its place: the page says what the new one did, as
    a whole reading of the save does (not the words of the move undone)."""
    shell, save = table
    follower, _seen = follow(save)
    assert shell.run("undo").ok
    assert follower.poll()
    assert shell.run("bid 9").ok
    assert follower.poll()
    whole = savefile.read(save)[0]
    followed = follower.source.session
    assert len(followed.told) == len(followed.entries)
    assert [followed.tell(i).sentence for i in range(len(followed.entries))] == [
        whole.tell(i).sentence for i in range(len(whole.entries))
    ]
    assert "9" in followed.tell(len(followed.entries) - 1).sentence


def test_a_page_drawn_while_the_shell_undoes_keeps_what_each_move_did(
    table: tuple[Shell, Path],
) -> None:
    """The page is drawn in a worker thread from a copy of the shell's session: an undo
    meanwhile leaves the copy whole, what each of its moves did included."""
    shell, _save = table
    assert shell.run("pass").ok
    copy = server.frozen(shell.session)
    before = view.data(copy)
    assert shell.run("undo").ok and shell.run("undo").ok
    assert view.data(copy) == before


def test_a_save_cut_short_mid_follow_is_said_and_the_last_good_state_kept(
    table: tuple[Shell, Path],
) -> None:
    """A save cut before moves its last full save wrote (by hand, a full disk): refused as a
    whole reading refuses it, said on the page, and the page keeps the game as it was."""
    shell, save = table
    for line in ("pass", "pass"):
        assert shell.run(line).ok
    shell.session.store.save(shell.session, appended=False)  # a full save: it counts moves
    follower, _seen = follow(save)
    shown = follower.source.session.entries
    text = save.read_bytes()
    save.write_bytes(text[: text.rfind(savefile.MOVES_BYTES)])
    assert follower.poll()
    assert "cut short" in follower.source.notice
    assert follower.source.session.entries == shown
    save.write_bytes(text)  # mended: read again, the notice gone
    assert follower.poll()
    assert follower.source.notice == "" and follower.source.session.entries == shown


def test_a_move_torn_at_the_end_of_the_save_is_said_and_the_moves_before_shown(
    table: tuple[Shell, Path],
) -> None:
    """The writer stopped while it appended a move: the page shows the moves before it and
    says that the last was cut short."""
    shell, save = table
    follower, _seen = follow(save)
    before = list(shell.session.entries)
    assert shell.run("pass").ok
    text = save.read_bytes()
    save.write_bytes(text[:-5])  # the last block without the end of its text
    assert follower.poll()
    assert "cut short" in follower.source.notice
    assert follower.source.session.entries == before


def test_junk_in_the_middle_of_the_save_is_said_and_the_last_good_state_kept(
    table: tuple[Shell, Path],
) -> None:
    """A save damaged among its moves cannot be read: the page says so and keeps the game."""
    shell, save = table
    assert shell.run("pass").ok
    follower, _seen = follow(save)
    shown = follower.source.session.entries
    text = save.read_bytes()
    first = text.find(savefile.MOVES_BYTES)
    save.write_bytes(text[:first] + b"\n[[moves]]\nby = \n" + text[first:])
    assert follower.poll()
    assert "cannot be read now" in follower.source.notice
    assert follower.source.session.entries == shown


def test_a_save_replaced_by_another_game_is_said_on_the_page(
    table: tuple[Shell, Path], tmp_path: Path
) -> None:
    """Another game saved over the one followed (`new --save FILE --force`): the page shows
    it, and says that it is another game."""
    _shell, save = table
    follower, _seen = follow(save)
    other = played(ONE_OF_EACH["congo-line"], upto=5)
    elsewhere = tmp_path / "other.toml"
    savefile.create(other, elsewhere)
    other.store.close(other)
    elsewhere.replace(save)
    assert follower.poll()
    assert follower.source.session.game.name == "congo-line"
    assert "another game" in follower.source.notice


def test_a_block_not_as_written_here_is_read_as_a_whole_reading_reads_it(
    table: tuple[Shell, Path],
) -> None:
    """A save edited by hand so that a table follows a move block: pieces would read it
    otherwise than TOML does, so it is read whole, as `read` reads it."""
    shell, save = table
    assert shell.run("pass").ok
    follower, _seen = follow(save)
    with save.open("ab") as f:
        f.write(b'\n[[moves]]\nby = "C"\ntext = "pass"\n[moves.decided]\nx = 1\n')
    assert follower.poll()
    whole = savefile.read(save)[0]
    assert follower.source.session.entries == whole.entries
