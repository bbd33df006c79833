"""Reading the files a user hands the program: saves, position files, board files.

One reader for all of them, so that each gets the same size cap and the same one-line errors.
Only regular files are read: a device, a FIFO or a socket (or a symlink to one) is refused
before a byte is read, and never more than the cap (plus one byte, to tell) is read, so an
endless file cannot fill the memory.
"""

from __future__ import annotations

import os
import stat
import tomllib
from pathlib import Path
from typing import Any

from referee.engine import RefereeError, UsageError
from referee.i18n import N_, _

MAX_BYTES = 8 * 1024 * 1024  # a 10,000-move game is about 1 MB
MAX_INT = 2**63  # more than any count, price or amount of money at a table


def irregular(path: Path, kind: str) -> str:
    said = _("{path} is {kind}, not a regular file; it is neither read nor written")
    return said.format(path=path, kind=kind)


def cannot_read(path: Path, error: OSError) -> str:
    return _("cannot read {path}: {error}").format(path=path, error=error.strerror)


def not_regular(mode: int) -> str:
    """What a file of this mode is, if it is not a regular file; '' if it is one."""
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISFIFO(mode):
        return _("a FIFO")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("not a regular file")


def refuse_special(path: Path, error: type[RefereeError] = UsageError) -> bool:
    """Refuse a path that exists and is not a regular file; return whether it exists."""
    try:
        mode = path.stat().st_mode  # follows a symlink: what matters is what it points to
    except (FileNotFoundError, NotADirectoryError):
        return False  # a missing folder is for the writer to report
    except OSError as e:
        raise error(_("cannot use {path}: {error}").format(path=path, error=e.strerror)) from None
    kind = not_regular(mode)
    if kind:
        raise error(irregular(path, kind))
    return True


def open_regular(path: Path, error: type[RefereeError] = UsageError) -> int:
    """An fd open for reading on a regular file (O_NONBLOCK: opening a FIFO never waits)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as e:
        raise error(cannot_read(path, e)) from None
    kind = not_regular(os.fstat(fd).st_mode)
    if kind:
        os.close(fd)
        raise error(irregular(path, kind))
    return fd


def read_bytes(
    path: Path,
    what: str = N_("a file"),
    error: type[RefereeError] = UsageError,
    cap: int = MAX_BYTES,
) -> bytes:
    fd = open_regular(path, error)
    try:
        size = os.fstat(fd).st_size
        if size <= cap:
            with os.fdopen(fd, "rb", closefd=False) as f:
                data = f.read(cap + 1)
            size = max(len(data), os.fstat(fd).st_size)  # it may have grown as it was read
    except OSError as e:
        raise error(cannot_read(path, e)) from None
    finally:
        os.close(fd)
    if size > cap:
        raise error(
            _("{path} is {size} bytes; {what} is at most {cap} MB ({limit} bytes)").format(
                path=path, size=f"{size:,}", what=_(what), cap=cap // 2**20, limit=f"{cap:,}"
            )
        )
    return data


def read_toml(
    path: Path, what: str = N_("a file"), error: type[RefereeError] = UsageError
) -> dict[str, Any]:
    """The TOML file at `path`, or one line saying why it cannot be used."""
    return parse_toml(read_bytes(path, what, error), path, error)


def parse_toml(raw: bytes, path: Path, error: type[RefereeError] = UsageError) -> dict[str, Any]:
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise error(_("{path} is not a text (UTF-8) file").format(path=path)) from None
    except tomllib.TOMLDecodeError as e:
        raise error(_("{path} is not valid TOML: {error}").format(path=path, error=e)) from None
    except RecursionError:
        raise error(_("{path} is nested too deeply to read").format(path=path)) from None
    except MemoryError:
        raise error(_("{path} is too large to read").format(path=path)) from None
    except ValueError:  # an integer of more than 4,300 digits
        raise error(_("{path} holds a number too long to read").format(path=path)) from None
    big = _huge_number(data)
    if big is not None:
        shown = str(big) if len(str(big)) <= 12 else f"{str(big)[:10]}…"
        raise error(
            _("{path} holds the number {number}, too large for any count (at most 2^63)").format(
                path=path, number=shown
            )
        )
    return data


def _huge_number(data: Any) -> int | None:
    """The first integer beyond MAX_INT, walked without recursion (the nesting may be deep)."""
    todo = [data]
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            todo.extend(value.values())
        elif isinstance(value, list):
            todo.extend(value)
        elif isinstance(value, int) and abs(value) > MAX_INT:
            return value
    return None
