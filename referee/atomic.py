"""Atomic file writes: a crash at any instant leaves either the old file or the new one."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path

from referee.engine import RefereeError


class WriteError(RefereeError):
    exit_code = 2


def write_bytes(path: Path, payload: bytes, *, backup: bool = False) -> None:
    """Temp file, flush, fsync, rename; with `backup` the old file is kept as FILE.bak."""
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as e:
        raise WriteError(f"cannot write {path}: {e.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        if backup and path.exists():
            _copy_atomically(path, path.with_name(path.name + ".bak"))
        os.replace(tmp, path)
        _fsync_dir(folder)
    except OSError as e:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise WriteError(f"cannot write {path}: {e.strerror}") from None


def _copy_atomically(src: Path, dst: Path) -> None:
    """Copy rather than rename, so that `src` itself is never missing."""
    fd, tmp = tempfile.mkstemp(prefix=f".{dst.name}.", suffix=".tmp", dir=dst.parent)
    with os.fdopen(fd, "wb") as out, src.open("rb") as f:
        shutil.copyfileobj(f, out)
        out.flush()
        os.fsync(out.fileno())
    os.replace(tmp, dst)


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
