"""One writer per save: an OS lock on the save itself and on `.FILE.lock` beside it.

A shell that has a save open holds two locks, both `flock` (POSIX), so that the operating
system releases them when the holder dies, however it dies:

- the file itself (its device and inode), whatever path reaches it: a symlink, a symlinked
  folder or a hard link. A rewrite replaces the inode (temporary file, rename), so the new
  version is locked *before* it is renamed into place and the old one let go after: at no
  instant is the file at the path unlocked. A file that is not the one held (replaced by
  another program) is never written: appends and rewrites check it first.
- the card, `.FILE.lock` beside the save's real path, which names the holder (host, process,
  since when) for the refusal a second writer prints, and which keeps a second `new --save` of
  a file that does not exist yet out. On Windows (`msvcrt.locking`; a file held open cannot be
  renamed over there) the card is the only lock.

Every write of a file (`write_bytes`) asks `refuse_taken` first: a file that a referee holds,
the backup of a held save, or a name the referee keeps for its own files (`.FILE.lock`,
`.FILE.history`, `.FILE.*.tmp`) is never written over, whatever the command and `--force`.
A card still naming a holder while it is free was left by a process that died: it is taken
over, with a note. A file at the card's name that is not a card is never emptied or removed.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import socket
import stat
import sys
import tomllib
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import tomli_w

from referee.core.engine import RefereeError
from referee.core.files import system_error
from referee.i18n import _

WINDOWS_LOCK_AT = 2**20  # Windows locks are mandatory: lock a byte past the holder's details
LOCKS_THE_FILE = sys.platform != "win32"  # Windows cannot rename over a file held open
CARD_KEYS = {"host", "pid", "since"}
CARD_MAX = 4096
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
# The names of the referee's own files beside a save NAME: its card, its shell history, and
# the temporary files of a rewrite (`remove_litter` deletes those).
OWN_NAMES = re.compile(r"\.(.+)\.(lock|history|(bak\.)?[A-Za-z0-9_]{8}\.tmp)")


class SaveInUse(RefereeError):
    """Another shell has this save open (exit 2: choose another file or close that shell)."""

    exit_code = 2


class LockError(RefereeError):
    """The save cannot be locked or must not be written (exit 2: choose another file)."""

    exit_code = 2


@dataclass
class SaveLock:
    path: Path  # the card
    fd: int  # the card, locked
    note: str = ""  # set when a lock left by a dead process was taken over
    file_fd: int = -1  # the save itself, locked (-1: it does not exist yet, or Windows)

    def holds(self, found: os.stat_result) -> bool:
        """Whether `found` is the file this lock holds."""
        held = self.file_fd if LOCKS_THE_FILE else self.fd
        return held >= 0 and _same(found, os.fstat(held))

    def hold_next(self, fd: int) -> int:
        """Lock the new version of the save (open on `fd`) before it is renamed into place."""
        if not LOCKS_THE_FILE:
            return -1
        held = os.dup(fd)
        if not _try_lock(held):  # a temporary file nobody else knows: cannot happen
            os.close(held)
            raise LockError(_("cannot lock the new version of {path}").format(path=self.path))
        return held

    def check_in_place(self, target: Path, fd: int | None = None) -> None:
        """Refuse to write `target` (or `fd`, open on it) unless it is the file held."""
        if not LOCKS_THE_FILE:
            return
        try:
            found = os.fstat(fd) if fd is not None else os.stat(target)
        except FileNotFoundError:
            return  # removed: a rewrite puts it back
        if self.file_fd < 0 or not _same(found, os.fstat(self.file_fd)):
            raise LockError(
                _(
                    "{path} was replaced by another program while this referee held it;"
                    " it is left as it is"
                ).format(path=target)
            )

    def moved(self, fd: int) -> None:
        """The new version (locked on `fd`) is in place: let the old one go."""
        if fd < 0:
            return
        if self.file_fd >= 0:
            os.close(self.file_fd)
        self.file_fd = fd


def lock_path(save: Path) -> Path:
    """The card, beside the file itself: two symlinks to one save share one card."""
    real = Path(os.path.realpath(save))
    return real.with_name(f".{real.name}.lock")


def backup_of(path: Path) -> Path:
    """Where the previous version of `path` is kept: FILE.bak."""
    return path.with_name(path.name + ".bak")


def acquire(save: Path) -> SaveLock:
    """Lock `save` for this process, or refuse naming who holds it."""
    real = Path(os.path.realpath(save))
    refuse_own_name(save, real)
    fd, note = _take_card(save, lock_path(save))
    lock = SaveLock(lock_path(save), fd, note)
    try:
        lock.file_fd = _take_file(save, real)
        refuse_taken(save, lock)
        refuse_taken(backup_of(real), lock)  # its rewrites keep the backup there
        details = {"host": socket.gethostname(), "pid": os.getpid(), "since": _now()}
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, tomli_w.dumps(details).encode("utf-8"))
    except BaseException:
        release(lock)
        raise
    return lock


def release(lock: SaveLock) -> None:
    """Remove the card (if it is still ours) and let go of both locks."""
    with contextlib.suppress(OSError):
        if _same_file(lock.path, lock.fd):
            os.ftruncate(lock.fd, 0)
            os.unlink(lock.path)
    for fd in (lock.file_fd, lock.fd):
        with contextlib.suppress(OSError):
            if fd >= 0:
                os.close(fd)
    lock.file_fd = -1


def refuse_own_name(path: Path, real: Path | None = None) -> None:
    """Refuse a name the referee keeps for its own files beside a save."""
    real = real or Path(os.path.realpath(path))
    kept = OWN_NAMES.fullmatch(real.name)
    if kept:
        raise LockError(
            _(
                "{path} is a name the referee keeps for the files beside the save {save}"
                " (its lock, history or temporary files); choose another name"
            ).format(path=path, save=kept.group(1))
        )


def refuse_taken(path: Path, mine: SaveLock | None = None) -> None:
    """Refuse to write `path` if a referee other than `mine` holds it, or holds the save it
    is the backup of, or if it is one of the referee's own files."""
    real = Path(os.path.realpath(path))
    refuse_own_name(path, real)
    if _held(real, mine):
        raise SaveInUse(_in_use(path, real))
    if real.name.endswith(".bak") and _held(real.with_name(real.name[:-4]), mine):
        raise SaveInUse(
            _(
                "{path} keeps the previous version of {save}, which is open in a referee;"
                " it is left as it is"
            ).format(path=path, save=real.with_name(real.name[:-4]))
        )


def _in_use(path: Path, real: Path) -> str:
    holder = _card_holder(lock_path(real))
    return _other_name(path) if holder is None else _open_elsewhere(path, holder)


def _other_name(save: Path) -> str:
    return _(
        "{save} is open in another referee under another name (a hard link to the same"
        " file); close that shell first"
    ).format(save=save)


def _open_elsewhere(save: Path, holder: dict[str, object]) -> str:
    return _(
        "{save} is open in another referee ({holder}); close that shell first"
        " (`referee show` and `referee log` still read it)"
    ).format(save=save, holder=_describe(holder))


def _not_a_card(path: Path, save: Path) -> LockError:
    return LockError(
        _(
            "{path} is not a lock file of the referee (it holds something else); it is"
            " left as it is: move it away to open {save}"
        ).format(path=path, save=save)
    )


def _take_card(save: Path, path: Path) -> tuple[int, str]:
    """The card, locked: refuse if another referee holds it or if it is not a card."""
    for _attempt in range(10):
        fd = _open_card(save, path)
        if not _try_lock(fd):
            holder = _holder(fd)
            os.close(fd)
            raise SaveInUse(_open_elsewhere(save, holder or {}))
        if _same_file(path, fd):
            break
        os.close(fd)  # its holder removed it as we opened it: lock the one now at the path
    else:
        raise SaveInUse(
            _("{save}: the lock file {path} keeps changing; try again").format(save=save, path=path)
        )
    stale = _holder(fd)
    if stale is None:
        os.close(fd)
        raise _not_a_card(path, save)
    note = ""
    if stale:
        note = _("took over the lock on {save} left by {holder}, {fate}").format(
            save=save, holder=_describe(stale), fate=_fate(stale)
        )
    return fd, note


def _open_card(save: Path, path: Path) -> int:
    """The card, opened for writing: a regular file of its own, never through a link."""
    flags = os.O_RDWR | os.O_CREAT | NOFOLLOW | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_BINARY", 0), 0o666)
    except OSError as e:
        if e.errno == errno.ELOOP:  # a symlink: it could lead to anything
            raise _not_a_card(path, save) from None
        raise LockError(
            _("cannot lock {save}: {path}: {error}").format(
                save=save, path=path, error=system_error(e)
            )
        ) from None
    found = os.fstat(fd)
    if not stat.S_ISREG(found.st_mode) or found.st_nlink != 1:
        os.close(fd)
        raise _not_a_card(path, save)
    return fd


def _take_file(save: Path, real: Path) -> int:
    """The save itself, locked; -1 if it does not exist yet (or on Windows)."""
    if not LOCKS_THE_FILE:
        return -1
    try:
        fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return -1
    except OSError as e:
        raise LockError(
            _("cannot lock {save}: {path}: {error}").format(
                save=save, path=real, error=system_error(e)
            )
        ) from None
    if not _try_lock(fd):  # its card is ours: the holder came another way
        os.close(fd)
        raise SaveInUse(_other_name(save))
    if not _same_file(real, fd):
        os.close(fd)
        raise SaveInUse(_("{save} changed as it was opened; try again").format(save=save))
    return fd


def _held(real: Path, mine: SaveLock | None) -> bool:
    """Whether a referee other than `mine` holds the file at `real` (tried, not waited for)."""
    probe = real if LOCKS_THE_FILE else lock_path(real)
    try:
        found = os.stat(probe)
        if not stat.S_ISREG(found.st_mode) or (mine is not None and mine.holds(found)):
            return False  # its own file is not opened again: nothing to let go by mistake
        fd = os.open(probe, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return False  # missing (or unreadable): nobody holds it through a lock
    try:
        return _same(found, os.fstat(fd)) and not _try_lock(fd)  # closing lets the probe go
    finally:
        os.close(fd)


def _card_holder(card: Path) -> dict[str, object] | None:
    """Who holds the card at `card`, if a referee does."""
    try:
        fd = os.open(card, os.O_RDONLY | NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        return _holder(fd) if not _try_lock(fd) else None
    finally:
        os.close(fd)


def _try_lock(fd: int) -> bool:
    try:
        if sys.platform == "win32":
            import msvcrt

            os.lseek(fd, WINDOWS_LOCK_AT, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _same(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


def _same_file(path: Path, fd: int) -> bool:
    try:
        return _same(os.stat(path), os.fstat(fd))
    except OSError:
        return False


def _holder(fd: int) -> dict[str, object] | None:
    """The holder a card names ({} if it names none); None if it is not a card."""
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        raw = os.read(fd, CARD_MAX + 1)
    except OSError:
        return {}
    if not raw.strip(b"\0 \t\r\n"):
        return {}  # empty, or cut by a crash as its holder wrote it
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        return None
    if len(raw) > CARD_MAX or not data.keys() <= CARD_KEYS:
        return None
    return data


def _describe(holder: dict[str, object]) -> str:
    if not holder:
        return _("a process that did not say who it is")
    host = str(holder.get("host", "?"))[:60]
    pid = str(holder.get("pid", "?"))[:12]
    since = str(holder.get("since", "?"))[:40]
    return _("host {host}, process {pid}, since {since}").format(host=host, pid=pid, since=since)


def _fate(holder: dict[str, object]) -> str:
    pid = holder.get("pid")
    if holder.get("host") == socket.gethostname() and isinstance(pid, int) and not _alive(pid):
        return _("which is no longer running")
    return _("which let it go without removing it")


def _alive(pid: int) -> bool:
    if sys.platform == "win32" or pid <= 0:
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat()
