"""Where the page reads the game from: the shell's live session, or a save file it follows.

Each source has a version that changes whenever what the table sees may have changed (a move,
an undo, a redo, an amend, a new save on disk); pages compare versions to know when to refetch.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee.engine import RefereeError
from referee.session import Session


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

    @property
    def session(self) -> Session:
        return self._session

    @property
    def version(self) -> str:
        return f"{self._boot}-{self._count}"

    def _fingerprint(self) -> tuple[Any, ...]:
        s = self._session
        # Undo/redo change the length; an amend replaces the state objects after it.
        return (id(s), len(s.entries), id(s.states[-1]), len(s.redo_stack))

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
        for listener in list(self.listeners):
            listener()


class SaveFollower:
    """Reads a save file again whenever its size or modification time changes.

    Reading needs no lock: the writer replaces the file atomically or appends
    whole blocks, and a torn last block is dropped by the reader.
    """

    def __init__(self, path: Path, read: Callable[[Path], Session] | None = None) -> None:
        self.path = path
        self._read = read or _read_save
        self.source = Source(self._read(path))
        self._stamp = _stamp(path)

    def poll(self) -> bool:
        """Read the save again if it changed on disk; True when the source moved."""
        stamp = _stamp(self.path)
        if stamp == self._stamp:
            return False
        self._stamp = stamp
        try:
            session = self._read(self.path)
        except (RefereeError, OSError) as e:
            self.source.notice = f"the save cannot be read now: {e}; showing the last good state"
            self.source.touch()
            return True
        self.source.replace(session)
        return True


def _stamp(path: Path) -> tuple[int, int]:
    try:
        st = os.stat(path)
    except OSError:
        return (-1, -1)
    return (st.st_mtime_ns, st.st_size)


def _read_save(path: Path) -> Session:
    from referee import savefile

    session, _warnings = savefile.read(path)
    return session
