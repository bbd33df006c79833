"""Being told when a file changes: inotify on Linux (through ctypes, no dependency), else a
look at the file every POLL_SECONDS.

The folder is watched, not the file: a writer that replaces the save whole (write a new file,
rename it over the old) would leave a watch on the old file's inode deaf.
"""

from __future__ import annotations

import asyncio
import ctypes
import os
import struct
from pathlib import Path

POLL_SECONDS = 0.25  # where the system cannot tell: how often the file is looked at
# inotify(7): a file written, closed after writing, moved in, made, removed, its times changed.
IN_MODIFY, IN_ATTRIB, IN_CLOSE_WRITE = 0x002, 0x004, 0x008
IN_MOVED_TO, IN_CREATE, IN_DELETE = 0x080, 0x100, 0x200
IN_Q_OVERFLOW = 0x4000  # events were lost: look at the file anyway
MASK = IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE
IN_NONBLOCK, IN_CLOEXEC = os.O_NONBLOCK, os.O_CLOEXEC
EVENT = struct.Struct("iIII")  # wd, mask, cookie, length of the name that follows


class Watch:
    """`await changed()` returns when the file may have changed since the last return.

    Use as an async context manager. Where inotify cannot be had, `changed` returns every
    POLL_SECONDS (the caller compares the file's size and time itself)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd = -1
        self._woken = asyncio.Event()

    @property
    def notified(self) -> bool:
        """True when the system tells of changes (no polling)."""
        return self._fd >= 0

    async def __aenter__(self) -> Watch:
        self._fd = _inotify(self.path.parent)
        if self._fd >= 0:
            asyncio.get_running_loop().add_reader(self._fd, self._read)
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._fd >= 0:
            asyncio.get_running_loop().remove_reader(self._fd)
            os.close(self._fd)
            self._fd = -1

    async def changed(self) -> None:
        if self._fd < 0:
            await asyncio.sleep(POLL_SECONDS)
            return
        await self._woken.wait()
        self._woken.clear()

    def _read(self) -> None:
        """Drain the events (before the file is read, so that a write during the reading
        wakes the caller again) and wake the caller if one concerns the file."""
        try:
            data = os.read(self._fd, 65536)
        except BlockingIOError:
            return
        if any(name in (self.path.name, "") for name in _names(data)):
            self._woken.set()


def _names(data: bytes) -> list[str]:
    """The file names of a buffer of inotify events ("" for an event about no name: an
    overflow of the queue, which may hide the file's)."""
    names = []
    at = 0
    while at + EVENT.size <= len(data):
        _wd, mask, _cookie, length = EVENT.unpack_from(data, at)
        raw = data[at + EVENT.size : at + EVENT.size + length]
        name = raw.rstrip(b"\0").decode(errors="replace")
        names.append("" if mask & IN_Q_OVERFLOW else name)
        at += EVENT.size + length
    return names


def _inotify(folder: Path) -> int:
    """An inotify descriptor watching `folder`, or -1 where there is none (not Linux, no
    watches left)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)  # the C library the interpreter runs on
        init, add = libc.inotify_init1, libc.inotify_add_watch
    except (OSError, AttributeError, TypeError):
        return -1
    fd = int(init(IN_NONBLOCK | IN_CLOEXEC))
    if fd < 0:
        return -1
    if add(fd, os.fsencode(folder.resolve()), ctypes.c_uint32(MASK)) < 0:
        os.close(fd)
        return -1
    return fd
