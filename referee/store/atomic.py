"""Safe file writes: a crash at any instant leaves either the old file or the new one.

Only regular files are written (a device or FIFO at the path is refused before a byte is
copied), missing folders are reported rather than created, and new files follow the umask.
Every write asks the save lock first (`savelock.refuse_taken`): no command writes over a file
that a referee holds, whatever path reaches it; a save's own writes pass its lock along, so
that the new version is locked before it takes the old one's place.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from pathlib import Path

from referee.core.engine import RefereeError
from referee.core.files import irregular, not_regular, open_regular, refuse_special, system_error
from referee.i18n import _
from referee.store.savelock import SaveLock, acquire, backup_of, refuse_taken, release


class WriteError(RefereeError):
    exit_code = 2


def target_of(path: Path) -> Path:
    """Where writing `path` lands: through a symlink to a regular file, never onto a device."""
    refuse_special(path, WriteError)
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def cannot_write(path: Path, error: OSError) -> str:
    return _("cannot write {path}: {error}").format(path=path, error=system_error(error))


def check_folder(path: Path) -> None:
    folder = path.parent
    if not folder.is_dir():
        shown = folder if str(folder) else Path(".")
        if folder.exists():
            said = _("cannot write {path}: the folder {folder} is not a folder")
        else:
            said = _("cannot write {path}: the folder {folder} does not exist (it is not created)")
        raise WriteError(said.format(path=path, folder=shown))


def write_bytes(
    path: Path,
    payload: bytes,
    *,
    backup: bool = False,
    make_folder: bool = False,
    lock: SaveLock | None = None,
) -> None:
    """Temp file, flush, fsync, rename; with `backup` the old file is kept as FILE.bak.

    The file's lock is held while it is written: `lock` if it is a save held open, else it
    is taken for the write (refused if another referee holds the file) and let go after."""
    target = target_of(path)
    if make_folder:
        with contextlib.suppress(OSError):
            target.parent.mkdir(parents=True, exist_ok=True)
    check_folder(target)
    if lock is not None:
        _write_held(path, target, payload, backup, lock)
        return
    held = acquire(path)
    try:
        _write_held(path, target, payload, backup, held)
    finally:
        release(held)


def _write_held(path: Path, target: Path, payload: bytes, backup: bool, lock: SaveLock) -> None:
    refuse_taken(path, lock)
    kept = backup_of(target) if backup and target.exists() else None
    if kept is not None:
        refuse_special(kept, WriteError)  # a folder there: say so, naming it
        refuse_taken(kept, lock)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as e:
        raise WriteError(cannot_write(path, e)) from None
    held = -1  # the new version, locked before it is in place
    try:
        with os.fdopen(fd, "wb") as f:
            _chmod(f.fileno(), target)
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
            held = lock.hold_next(f.fileno())
        if kept is not None:
            _copy_atomically(target, kept)
        lock.check_in_place(target)
        os.replace(tmp, target)
        lock.moved(held)
        held = -1
        _fsync_dir(target.parent)
    except (OSError, RefereeError) as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if held >= 0:
            os.close(held)
        if isinstance(e, RefereeError):
            raise
        raise WriteError(cannot_write(path, e)) from None


def append_bytes(
    path: Path, payload: bytes, *, sync: bool = True, lock: SaveLock | None = None
) -> None:
    """Add `payload` at the end of an existing file; on failure the file is cut back to what
    it was, so that a half-written tail never glues onto the next one. With `lock`, only to
    the file that lock holds."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise WriteError(cannot_write(path, e)) from None
    try:
        if lock is not None:
            lock.check_in_place(path, fd)
        _append_all(fd, path, payload, sync)
    finally:
        os.close(fd)


def append_own(path: Path, payload: bytes) -> None:
    """Add `payload` at the end of a file of its own, created if missing: never through a
    symlink or into a file with other names (hard links), which could be another game's."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
    try:
        if path.is_symlink():  # O_NOFOLLOW says so too, where there is one
            raise WriteError(linked(path))
        fd = os.open(path, flags | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0), 0o666)
    except OSError as e:
        raise WriteError(cannot_write(path, e)) from None
    try:
        found = os.fstat(fd)
        kind = not_regular(found.st_mode)
        if kind:
            raise WriteError(irregular(path, kind))
        if found.st_nlink != 1:
            raise WriteError(linked(path))
        _append_all(fd, path, payload, sync=False)
    finally:
        os.close(fd)


def linked(path: Path) -> str:
    return _("{path} is a link to another file; only a file of its own is written there").format(
        path=path
    )


def _append_all(fd: int, path: Path, payload: bytes, sync: bool) -> None:
    """Write all of `payload` at the end, or cut the file back to what it was."""
    size = os.fstat(fd).st_size
    try:
        view = memoryview(payload)
        while view:
            view = view[os.write(fd, view) :]
        if sync:
            os.fsync(fd)
    except OSError as e:
        with contextlib.suppress(OSError):
            os.ftruncate(fd, size)
        raise WriteError(cannot_write(path, e)) from None


def sync_file(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as e:
        raise WriteError(cannot_write(path, e)) from None


def remove_litter(path: Path) -> list[Path]:
    """Remove the temporary files that a killed writer of `path` left beside it."""
    path = Path(os.path.realpath(path))
    pattern = re.compile(rf"\.{re.escape(path.name)}\.(bak\.)?[A-Za-z0-9_]{{8}}\.tmp")
    removed = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(path.parent):
            if pattern.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
    return removed


def _chmod(fd: int, target: Path) -> None:
    """mkstemp makes -rw-------: give the file the mode of the one it replaces, or the umask's."""
    try:
        mode = target.stat().st_mode & 0o777
    except OSError:
        mode = 0o666 & ~_umask()
    with contextlib.suppress(OSError, AttributeError):  # no fchmod on Windows
        os.fchmod(fd, mode)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _copy_atomically(src: Path, dst: Path) -> None:
    """Copy rather than rename, so that `src` itself is never missing."""
    source = open_regular(src, WriteError)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{dst.name}.", suffix=".tmp", dir=dst.parent)
    except OSError as e:
        os.close(source)
        raise WriteError(cannot_write(dst, e)) from None
    try:
        with os.fdopen(source, "rb") as f, os.fdopen(fd, "wb") as out:
            _chmod(out.fileno(), src)
            shutil.copyfileobj(f, out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, dst)
    except BaseException as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(e, OSError):
            raise WriteError(cannot_write(dst, e)) from None
        raise


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
