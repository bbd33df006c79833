"""Reading the files a user hands the program: saves, position files, board files.

One reader for all of them, so that each gets the same size cap and the same one-line errors.
Only regular files are read: a device, a FIFO or a socket (or a symlink to one) is refused
before a byte is read, and never more than the cap (plus one byte, to tell) is read, so an
endless file cannot fill the memory. Reading is bounded in time too: tomllib takes time
quadratic in the parts of one dotted key (`a.a.a… = 1`: 40 KB, 5 s), so a key of more parts
than any file of the referee needs is refused by a linear scan before tomllib sees it.
"""

from __future__ import annotations

import errno
import os
import re
import socket
import stat
import tomllib
from pathlib import Path
from typing import Any

from referee.core.engine import RefereeError, UsageError
from referee.i18n import N_, _

MAX_BYTES = 8 * 1024 * 1024  # a 10,000-move game is about 1 MB
MAX_INT = 2**63  # more than any count, price or amount of money at a table
MAX_KEY_PARTS = 16  # the deepest table of the shipped files and of a save is 5 keys down

# What can hold a '.' that is not in a key: strings of the four kinds, and comments. Each
# alternative is linear (possessive, or lazy up to a delimiter that nothing else consumes).
_NOT_KEYS = re.compile(
    r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]++|\\.)*+"|\'[^\'\n]*+\'|#[^\n]*+'
)
# A key starts a line, a table header or an inline table's entry; its parts are bare words or
# (once the strings are blanked) "".
_DEEP_KEY = re.compile(
    r"(?:^|[\[{,])[ \t]*+(?:(?:[A-Za-z0-9_-]++|\"\")[ \t]*+\.[ \t]*+)" + f"{{{MAX_KEY_PARTS}}}",
    re.MULTILINE,
)


# What the system says of a file, in the language in force (its own strerror is English).
SYSTEM_ERRORS = {
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("the operation is not permitted"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EROFS: N_("the file system is read-only"),
    errno.ELOOP: N_("too many symbolic links"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.EEXIST: N_("the file exists already"),
    errno.EBUSY: N_("the file is busy"),
    errno.EIO: N_("an input/output error"),
    # what `serve` and `share` meet when they listen
    errno.EADDRINUSE: N_("another program listens there already"),
    errno.EADDRNOTAVAIL: N_("the address is not one of this machine's"),
    errno.EAFNOSUPPORT: N_("the address is not of a kind this machine uses"),
}
# tomllib's messages (before " (at line L, column C)"), in the language in force.
TOML_ERRORS = {
    "Invalid value": N_("a value is not valid"),
    "Expected '=' after a key in a key/value pair": N_("'=' is missing after a key"),
    "Expected ']' at the end of a table declaration": N_("']' is missing after a table name"),
    "Expected ']]' at the end of an array declaration": N_("']]' is missing after a table name"),
    "Illegal character '\\n'": N_("a string is not closed on its line"),
    "Cannot overwrite a value": N_("a key is given twice"),
    "Expected newline or end of document after a statement": N_(
        "something follows a value on its line"
    ),
    "Invalid statement": N_("the line is not a key = value"),
    "Invalid initial character for a key part": N_("a key starts with a character not allowed"),
    "Unclosed array": N_("an array is not closed"),
    "Unclosed inline table": N_("an inline table is not closed"),
    "Unterminated string": N_("a string is not closed"),
}
_TOML_PLACE = re.compile(
    r"^(?P<what>.*?) \((?:at line (?P<line>\d+), column (?P<column>\d+)|at end of document)\)$"
)


def system_error(error: OSError) -> str:
    """An OSError as a player reads it: the system's reason in the language in force."""
    if isinstance(error, socket.gaierror):  # its errno is the resolver's, not the system's
        return _("no such address or host name")
    if error.errno in SYSTEM_ERRORS:
        return _(SYSTEM_ERRORS[error.errno])
    return error.strerror or str(error)


def toml_error(error: tomllib.TOMLDecodeError) -> str:
    """What tomllib found wrong, and where, in the language in force."""
    found = _TOML_PLACE.match(str(error))
    if not found:
        return str(error)
    what = found["what"]
    said = _(TOML_ERRORS[what]) if what in TOML_ERRORS else _("the text is not TOML")
    if found["line"]:
        return _("line {line}, column {column}: {what}").format(
            line=found["line"], column=found["column"], what=said
        )
    return _("at the end of the file: {what}").format(what=said)


def irregular(path: Path, kind: str) -> str:
    said = _("{path} is {kind}, not a regular file; it is neither read nor written")
    return said.format(path=path, kind=kind)


def cannot_read(path: Path, error: OSError) -> str:
    return _("cannot read {path}: {error}").format(path=path, error=system_error(error))


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
        raise error(
            _("cannot use {path}: {error}").format(path=path, error=system_error(e))
        ) from None
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
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise error(_("{path} is not a text (UTF-8) file").format(path=path)) from None
    deep = deep_key_line(text)
    if deep:
        raise error(
            _(
                "{path}, line {line}: a key of more than {parts} parts (a.b.c…); no file of the"
                " referee has one, and reading it would take minutes"
            ).format(path=path, line=deep, parts=MAX_KEY_PARTS)
        )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise error(
            _("{path} is not valid TOML: {error}").format(path=path, error=toml_error(e))
        ) from None
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


def syntax_error_line(raw: bytes) -> int:
    """The line where `raw` stops being TOML: a byte that is not UTF-8 or a syntax error; 0 if
    tomllib reads it, or if what stops it is not in a line (nesting, a number's length)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        return raw.count(b"\n", 0, e.start) + 1
    if deep_key_line(text):
        return 0
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:  # tomllib's own words, never translated
        found = re.search(r"at line (\d+)", str(e))
        last = max(1, text.count("\n") + (not text.endswith("\n")))  # "at end of document"
        return min(int(found.group(1)), last) if found else last
    except (RecursionError, MemoryError, ValueError):
        pass
    return 0


def deep_key_line(text: str) -> int:
    """The line of the first key of more than MAX_KEY_PARTS dotted parts; 0 if none."""
    if text.count(".") < MAX_KEY_PARTS:
        return 0
    blank = _NOT_KEYS.sub(lambda m: '""' + "\n" * m.group().count("\n"), text)
    found = _DEEP_KEY.search(blank)
    return blank.count("\n", 0, found.end()) + 1 if found else 0


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
