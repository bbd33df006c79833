"""The shell's typed lines, kept in `.FILE.history` beside the save (prompt-toolkit's format).

The file goes through the same reader as every other file (only a regular file, at most
MAX_BYTES) and is only ever appended to as a file of its own: never through a symlink, never
into a file with other names (a hard link) or a device, any of which could lead into another
game's save. A history that cannot be used is said once, and the lines are kept in memory.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from prompt_toolkit.history import History

from referee.core.engine import RefereeError
from referee.core.files import cannot_read, read_bytes, refuse_special
from referee.i18n import N_, _
from referee.store.atomic import WriteError, append_own, linked


class SaveHistory(History):
    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem = ""  # why the file is not used, if it is not
        self.said = False
        self._read = self._load()
        super().__init__()

    def load_history_strings(self) -> Iterable[str]:
        return reversed(self._read)  # newest first

    def store_string(self, string: str) -> None:
        if self.problem:
            return
        lines = "".join(f"+{line}\n" for line in string.split("\n"))
        try:
            append_own(self.path, f"\n# {datetime.now()}\n{lines}".encode())
        except RefereeError as e:
            self._stop(e)

    def unsaid(self) -> str:
        """The problem with the file, the first time it is asked for after it arose."""
        if not self.problem or self.said:
            return ""
        self.said = True
        return self.problem

    def _load(self) -> list[str]:
        if not os.path.lexists(self.path):
            return []
        try:
            refuse_special(self.path, WriteError)  # a device or FIFO: said as such
            if self.path.is_symlink() or self.path.stat().st_nlink != 1:
                raise WriteError(linked(self.path))
            raw = read_bytes(self.path, N_("a history file"), WriteError)
        except OSError as e:
            self._stop(WriteError(cannot_read(self.path, e)))
            return []
        except RefereeError as e:
            self._stop(e)
            return []
        return parse(raw)

    def _stop(self, error: RefereeError) -> None:
        self.problem = _("the typed lines are kept only until the shell ends: {error}").format(
            error=error
        )


def parse(raw: bytes) -> list[str]:
    """The entries of a history file, oldest first: each is its `+` lines, joined."""
    entries: list[str] = []
    lines: list[str] = []
    for line in raw.decode("utf-8", "replace").splitlines(keepends=True):
        if line.startswith("+"):
            lines.append(line[1:])
        elif lines:
            entries.append("".join(lines)[:-1])
            lines = []
    if lines:
        entries.append("".join(lines)[:-1])
    return entries
