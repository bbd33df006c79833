"""One writer per save: an OS lock on `.FILE.lock` beside the save, naming its holder.

The lock is `flock` (POSIX) or `msvcrt.locking` (Windows), so the operating system releases it
when the holder dies, however it dies. The lock file says who holds it (host, process, since
when) for the refusal a second writer prints. A lock file still naming a holder when the lock
is free was left by a process that died: it is taken over, with a note.
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
import tomllib
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import tomli_w

from referee.atomic import WriteError, check_folder
from referee.engine import RefereeError
from referee.i18n import _

WINDOWS_LOCK_AT = 2**20  # Windows locks are mandatory: lock a byte past the holder's details


class SaveInUse(RefereeError):
    """Another shell has this save open (exit 2: choose another file or close that shell)."""

    exit_code = 2


@dataclass
class SaveLock:
    path: Path
    fd: int
    note: str = ""  # set when a lock left by a dead process was taken over


def lock_path(save: Path) -> Path:
    """Beside the file itself: two symlinks to one save share one lock."""
    real = Path(os.path.realpath(save))
    return real.with_name(f".{real.name}.lock")


def acquire(save: Path) -> SaveLock:
    """Lock `save` for this process, or refuse naming who holds it."""
    path = lock_path(save)
    check_folder(save)
    for _attempt in range(10):
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o666)
        except OSError as e:
            raise WriteError(
                _("cannot lock {save}: {path}: {error}").format(
                    save=save, path=path, error=e.strerror
                )
            ) from None
        if not _try_lock(fd):
            holder = _holder(fd)
            os.close(fd)
            raise SaveInUse(
                _(
                    "{save} is open in another referee ({holder}); close that shell first"
                    " (`referee show` and `referee log` still read it)"
                ).format(save=save, holder=_describe(holder))
            )
        if _same_file(path, fd):
            break
        os.close(fd)  # its holder removed it as we opened it: lock the one now at the path
    else:
        raise SaveInUse(
            _("{save}: the lock file {path} keeps changing; try again").format(save=save, path=path)
        )
    stale = _holder(fd)
    note = ""
    if stale:
        note = _("took over the lock on {save} left by {holder}, {fate}").format(
            save=save, holder=_describe(stale), fate=_fate(stale)
        )
    details = {"host": socket.gethostname(), "pid": os.getpid(), "since": _now()}
    os.ftruncate(fd, 0)
    os.lseek(fd, 0, os.SEEK_SET)
    os.write(fd, tomli_w.dumps(details).encode("utf-8"))
    return SaveLock(path, fd, note)


def release(lock: SaveLock) -> None:
    """Remove the lock file (if it is still ours) and let go of the lock."""
    with contextlib.suppress(OSError):
        if _same_file(lock.path, lock.fd):
            os.ftruncate(lock.fd, 0)
            os.unlink(lock.path)
    with contextlib.suppress(OSError):
        os.close(lock.fd)


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


def _same_file(path: Path, fd: int) -> bool:
    try:
        on_disk, held = os.stat(path), os.fstat(fd)
    except OSError:
        return False
    return (on_disk.st_dev, on_disk.st_ino) == (held.st_dev, held.st_ino)


def _holder(fd: int) -> dict[str, object]:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        raw = os.read(fd, 4096)
        data = tomllib.loads(raw.decode("utf-8"))
    except (OSError, ValueError):
        return {}
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
