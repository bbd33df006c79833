"""Where the page reads the game from: the shell's live session, or a save file it follows.

Each source has a version that changes whenever what the table sees may have changed (a move,
an undo, a redo, an amend, a new save on disk, the table's language); pages compare versions to
know when to refetch.
"""

from __future__ import annotations

import os
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from referee import i18n
from referee.core.engine import RefereeError
from referee.core.files import system_error
from referee.i18n import _
from referee.play.session import Session
from referee.store import savefile

RECENT = 64  # the versions a stream can still announce one by one to a page that lags


class Source:
    """A session to show and a version number that moves with it."""

    def __init__(self, session: Session) -> None:
        self._session = session
        # A restarted server must never be taken for the same game at the same version.
        self._boot = secrets.token_hex(4)
        self._count = 0
        self._seen = self._fingerprint()
        self.notice = ""  # a problem the page should mention (e.g. an unreadable save)
        self.listeners: list[Callable[[], None]] = []
        self.recent: deque[str] = deque([self.version], maxlen=RECENT)

    @property
    def language(self) -> str:
        """The language the table reads now: the shell's, as of the last check."""
        return str(self._seen[-1])

    @property
    def session(self) -> Session:
        return self._session

    @property
    def version(self) -> str:
        return f"{self._boot}-{self._count}"

    def _fingerprint(self) -> tuple[Any, ...]:
        s = self._session
        # Undo/redo change the length; an amend replaces the state objects after it. `lang`
        # switches the whole page (its title and lang attribute too), so it is a new version.
        return (id(s), len(s.entries), id(s.states[-1]), len(s.redo_stack), i18n.language())

    def check(self) -> bool:
        """Bump the version if the session changed since the last check; True if it did."""
        now = self._fingerprint()
        if now == self._seen:
            return False
        self._seen = now
        self._bump()
        return True

    def touch(self) -> None:
        """A new version with the same session: what the page shows changed without a move
        (charts drawn again, a notice)."""
        self._bump()

    def replace(self, session: Session, notice: str = "") -> None:
        self._session = session
        self.notice = notice
        self._seen = self._fingerprint()
        self._bump()

    def _bump(self) -> None:
        self._count += 1
        self.recent.append(self.version)
        for listener in list(self.listeners):
            listener()


class SaveFollower:
    """Reads a save file again whenever it changed on disk (`poll` is called when the system
    says it may have: see referee.web.watch).

    Reading needs no lock: the writer replaces the file atomically or appends whole blocks,
    and a torn last block is dropped by the reader. Only what changed is parsed and replayed
    again (savefile.reread). Several moves, undos or redos read at once are shown as one
    version each, in order, as the shell would have shown them. A save that cannot be read,
    was cut short or now holds another game is said on the page.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp = _stamp(path)
        self.source = Source(_read_save(path))
        self._pieces = savefile.Pieces()
        self._pieces.known(path)  # so that the first move after this one parses only itself

    def poll(self) -> bool:
        """Read the save again if it changed on disk; True when the source moved."""
        stamp = _stamp(self.path)
        if stamp == self._stamp:
            return False
        self._stamp = stamp
        before = self.source.session
        try:
            session, note = savefile.reread(self.path, before, self._pieces)
        except (RefereeError, OSError) as e:
            notice = _("the save cannot be read now: {error}; the page shows the last good state")
            error = system_error(e) if isinstance(e, OSError) else str(e)
            self.source.notice = notice.format(error=error)
            self.source.touch()
            return True
        if not same_game(before, session):
            note = _("the save now holds another game; the page shows it")
        for step in steps(before, session):
            self.source.replace(step, note)
        return True


def same_game(before: Session, after: Session) -> bool:
    """Whether `after` is the game `before` was, set up the same way (moves aside)."""
    return (before.game.name, before.players, before.variant, before.created) == (
        after.game.name,
        after.players,
        after.variant,
        after.created,
    )


def steps(before: Session, after: Session) -> list[Session]:
    """The sessions from `before` to `after`, one line of the shell at a time, when `after`
    only appends moves to `before` (a writer that saved several moves, or redos, before they
    were read: a typed move with the automatic moves after it each) or only undoes moves of
    it (several undos, each a typed move taken back onto the moves to redo); else `after`
    alone."""
    old, new = before.entries, after.entries
    if not same_game(before, after):
        return [after]
    if len(new) > len(old) + 1 and new[: len(old)] == old:
        typed = [n for n in range(len(old) + 1, len(new)) if not new[n].auto]
        return [*(_first(after, n) for n in typed), after]
    if len(new) < len(old) and old[: len(new)] == new and _undone(before, after):
        typed = [n for n in range(len(old) - 1, len(new), -1) if not old[n].auto]
        return [*(_first(before, n) for n in typed), after]
    return [after]


def _undone(before: Session, after: Session) -> bool:
    """Whether `after` is `before` with its last typed moves undone: each is on top of the
    moves to redo, the last first (a save cut short has no moves to redo)."""
    kept = len(before.redo_stack)
    dropped = [e for e in before.entries[len(after.entries) :] if not e.auto][::-1]
    return after.redo_stack[:kept] == before.redo_stack and after.redo_stack[kept:] == dropped


def _first(session: Session, n: int) -> Session:
    """The session as it was after its first `n` moves."""
    return replace(
        session,
        entries=session.entries[:n],
        states=session.states[: n + 1],
        told=session.told[:n],
        redo_stack=[],
        awaiting=[i for i in session.awaiting if i < n],
        amendment=None,
    )


def _stamp(path: Path) -> tuple[int, int, int]:
    try:
        st = os.stat(path)
    except OSError:
        return (-1, -1, -1)
    return (st.st_ino, st.st_mtime_ns, st.st_size)  # the inode: a save replaced whole


def _read_save(path: Path) -> Session:
    session, _warnings = savefile.read(path)
    return session
