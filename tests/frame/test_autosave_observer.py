"""The autosave is an observer of the session, like the page (issue 30 item 7): the session
tells its observers of each change, one way, and the autosave is the one that saves. Every
move, undo, amendment and reading is saved as it is made, before the page is told."""

from __future__ import annotations

from pathlib import Path

from referee.core.engine import RuleError
from referee.play.session import ALL, APPEND, NOTHING, Autosave, Change, Session
from referee.store import savefile


class Recorder:
    """A store that records what it was asked to save (and can be made to fail)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.saves: list[tuple[int, bool]] = []
        self.fails = False

    def save(self, session: Session, appended: bool) -> None:
        if self.fails:
            raise RuleError("the disk is full", "store")
        self.saves.append((len(session.entries), appended))

    def close(self, session: Session) -> None:
        pass


def tally(tmp_path: Path) -> tuple[Session, Recorder]:
    session = Session.new("tally", ["Ann", "Bob", "Cy"])
    store = Recorder(tmp_path / "g.toml")
    session.store = store
    return session, store


def test_the_autosave_is_the_first_observer_of_every_session() -> None:
    session = Session.new("tally", ["Ann", "Bob"])
    assert isinstance(session.observers[0], Autosave)
    assert session.observers[0].session is session


def test_a_session_saves_only_through_its_autosave_observer(tmp_path: Path) -> None:
    """Without the observer nothing is saved: the session never calls its store itself."""
    session, store = tally(tmp_path)
    session.observers.clear()
    session.play("give bob 1")
    session.play("pass")
    session.undo()
    session.amend(1, "give cy 2")
    assert store.saves == []


def test_every_move_undo_amendment_and_reading_is_saved(tmp_path: Path) -> None:
    """A move appends (one save each), an undo, an amendment and a reading rewrite."""
    session, store = tally(tmp_path)
    session.choose_reading("pay-limit", "none")
    session.play("give bob 1")
    session.play("pass")
    session.undo()
    session.amend(1, "give cy 2")
    assert store.saves == [(0, False), (1, True), (2, True), (1, False), (1, False)]


def test_the_page_is_told_after_the_save_once_the_move_is_settled(tmp_path: Path) -> None:
    session, store = tally(tmp_path)
    heard: list[tuple[Change, int]] = []
    session.observers.append(lambda change: heard.append((change, len(store.saves))))
    session.play("give bob 1")
    assert heard == [(Change(APPEND, show=False), 1), (Change(NOTHING), 1)]
    session.undo()
    assert heard[-1] == (Change(ALL), 2)


def test_a_failed_save_says_not_saved_and_keeps_the_move(tmp_path: Path) -> None:
    session, store = tally(tmp_path)
    store.fails = True
    session.play("give bob 1")
    assert session.save_error.startswith("the disk is full")
    assert [e.text for e in session.entries] == ["give bob 1"]
    store.fails = False
    session.play("pass")
    assert session.save_error == ""


def test_a_copy_of_a_session_saves_through_its_own_autosave(tmp_path: Path) -> None:
    """A trial (amend, redo) or a reader's copy never saves through the original's file."""
    session, _store = tally(tmp_path)
    trial = session._trial(0)
    assert [type(o) for o in trial.observers] == [Autosave]
    assert trial.observers[0].session is trial  # type: ignore[attr-defined]
    assert len(session.observers) == 1


def test_a_save_file_session_appends_each_move(tmp_path: Path) -> None:
    path = tmp_path / "g.toml"
    session = Session.new("tally", ["Ann", "Bob"])
    savefile.create(session, path)
    session.play("give bob 1")
    assert savefile.read(path)[0].entries[0].text == "give bob 1"
    assert session.store is not None
    session.store.close(session)
