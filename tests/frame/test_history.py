"""Issue 27 item 3: the shell's `.FILE.history` goes through the same reader and checks as
every other file (a regular file of its own, bounded), and never leads into another game."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from referee.play.session import Session
from referee.shell.loop import run_interactive
from referee.store import savefile


def play(tmp_path: Path) -> Session:
    """A session of g.toml, two moves typed at the (piped) terminal, then quit."""
    s = Session.new("tally", ["Ann", "Bob"])
    savefile.create(s, tmp_path / "g.toml")
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("give bob 3\rgive ann 1\rquit\r")
        assert run_interactive(s) == 0
    assert s.store is not None
    s.store.close(s)
    return s


def other_save(tmp_path: Path) -> Path:
    other = tmp_path / "other.toml"
    other.write_text('format = 2\ngame = "tally"\n')
    return other


def symlink_to_save(history: Path, tmp_path: Path) -> None:
    history.symlink_to(other_save(tmp_path))


def hard_link_to_save(history: Path, tmp_path: Path) -> None:
    os.link(other_save(tmp_path), history)


def endless(history: Path, tmp_path: Path) -> None:
    history.symlink_to("/dev/zero")


def fifo(history: Path, tmp_path: Path) -> None:
    os.mkfifo(history)


def huge(history: Path, tmp_path: Path) -> None:
    with history.open("wb") as f:
        f.truncate(50 * 2**20)  # sparse: no disk is used


CASES = [
    (symlink_to_save, "is a link to another file"),
    (hard_link_to_save, "is a link to another file"),
    (endless, "is a device, not a regular file"),
    (fifo, "is a FIFO, not a regular file"),
    (huge, "is 52,428,800 bytes; a history file is at most 8 MB"),
]


@pytest.mark.parametrize(("make", "said"), CASES, ids=[c[0].__name__ for c in CASES])
def test_a_history_file_that_is_not_its_own_regular_file_is_neither_read_nor_written(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    make: Callable[[Path, Path], None],
    said: str,
) -> None:
    """Linked to /dev/zero it ended in a MemoryError, to a FIFO it hung, and linked to
    another save it appended the typed lines into it."""
    history = tmp_path / ".g.toml.history"
    make(history, tmp_path)
    other = tmp_path / "other.toml"
    before = other.read_bytes() if other.exists() else b""
    done = threading.Event()
    session: list[Session] = []

    def run() -> None:
        session.append(play(tmp_path))
        done.set()

    threading.Thread(target=run, daemon=True).start()
    assert done.wait(30), "the shell hung on its history file"
    err = capsys.readouterr().err
    assert err.count("referee: warning: the typed lines are kept only until the shell ends") == 1
    assert said in err and "Traceback" not in err
    assert [e.text for e in session[0].entries] == ["give bob 3", "give ann 1"]
    assert (other.read_bytes() if other.exists() else b"") == before


def test_the_history_of_a_save_is_kept_and_read_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play(tmp_path)
    history = tmp_path / ".g.toml.history"
    assert history.read_text().count("+give") == 2
    from referee.shell.history import SaveHistory

    assert list(SaveHistory(history).load_history_strings()) == ["quit", "give ann 1", "give bob 3"]
    assert "warning" not in capsys.readouterr().err
