"""Safe file writes: a crash at any instant leaves either the old file or the new one.

Only regular files are written (a device or FIFO at the path is refused before a byte is
copied), missing folders are reported rather than created, and new files follow the umask.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from pathlib import Path

from referee.engine import RefereeError
from referee.files import open_regular, refuse_special
from referee.i18n import _


class WriteError(RefereeError):
    exit_code = 2


def target_of(path: Path) -> Path:
    """Where writing `path` lands: through a symlink to a regular file, never onto a device."""
    refuse_special(path, WriteError)
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def cannot_write(path: Path, error: OSError) -> str:
    return _("cannot write {path}: {error}").format(path=path, error=error.strerror)


def check_folder(path: Path) -> None:
    folder = path.parent
    if not folder.is_dir():
        shown = folder if str(folder) else Path(".")
        if folder.exists():
            said = _("cannot write {path}: the folder {folder} is not a folder")
        else:
            said = _("cannot write {path}: the folder {folder} does not exist (it is not created)")
        raise WriteError(said.format(path=path, folder=shown))


def backup_of(path: Path) -> Path:
    """Where the previous version of `path` is kept: FILE.bak."""
    return path.with_name(path.name + ".bak")


def write_bytes(
    path: Path, payload: bytes, *, backup: bool = False, make_folder: bool = False
) -> None:
    """Temp file, flush, fsync, rename; with `backup` the old file is kept as FILE.bak."""
    target = target_of(path)
    folder = target.parent
    if make_folder:
        with contextlib.suppress(OSError):
            folder.mkdir(parents=True, exist_ok=True)
    check_folder(target)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as e:
        raise WriteError(cannot_write(path, e)) from None
    try:
        with os.fdopen(fd, "wb") as f:
            _chmod(f.fileno(), target)
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        if backup and target.exists():
            _copy_atomically(target, backup_of(target))
        os.replace(tmp, target)
        _fsync_dir(folder)
    except (OSError, RefereeError) as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(e, RefereeError):
            raise
        raise WriteError(cannot_write(path, e)) from None


def append_bytes(path: Path, payload: bytes, *, sync: bool = True) -> None:
    """Add `payload` at the end of an existing file; on failure the file is cut back to what
    it was, so that a half-written tail never glues onto the next one."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise WriteError(cannot_write(path, e)) from None
    try:
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
    finally:
        os.close(fd)


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
    except BaseException:
        os.close(source)
        raise
    try:
        with os.fdopen(source, "rb") as f, os.fdopen(fd, "wb") as out:
            _chmod(out.fileno(), src)
            shutil.copyfileobj(f, out)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, dst)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
