"""Save files: TOML move logs, written atomically, read with one-line errors.

A damaged or hostile file is reported with the line or move number and never overwritten.
"""

from __future__ import annotations

import tomllib
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import tomli_w

from referee.atomic import write_bytes
from referee.engine import RefereeError, UsageError
from referee.session import FORMAT, Entry, Session

MAX_BYTES = 8 * 1024 * 1024  # a 2,000-move game is well under 1 MB


class SaveFileError(RefereeError):
    """The file cannot be used as a session (exit 2: bad input, like a bad argument)."""

    exit_code = 2


class ReplayError(RefereeError):
    """The file's moves replay into an illegal move (exit 1: a rule)."""

    exit_code = 1


def to_data(session: Session) -> dict[str, Any]:
    def entry(e: Entry) -> dict[str, Any]:
        data: dict[str, Any] = {"by": e.by, "text": e.text, "at": e.at}
        if e.was:
            data["was"] = e.was
        return data

    data: dict[str, Any] = {
        "format": FORMAT,
        "game": session.game.name,
        "variant": session.variant,
        "created": session.created,
        "players": session.players,
        "board": session.board,
        "moves": [entry(e) for e in session.entries],
    }
    if session.redo_stack:
        data["redo"] = [entry(e) for e in session.redo_stack]
    data["snapshot"] = session.game.snapshot(session.state)
    return data


def write(session: Session, path: Path) -> None:
    """Write atomically, keeping the previous version as FILE.bak."""
    write_bytes(path, tomli_w.dumps(to_data(session)).encode("utf-8"), backup=True)


def read_data(path: Path) -> dict[str, Any]:
    try:
        size = path.stat().st_size
    except OSError as e:
        raise SaveFileError(f"cannot read {path}: {e.strerror}") from None
    if not path.is_file():
        raise SaveFileError(f"{path} is not a file")
    if size > MAX_BYTES:
        raise SaveFileError(
            f"{path} is {size // (1024 * 1024)} MB; a save file is at most {MAX_BYTES // 2**20} MB"
        )
    try:
        text = path.read_bytes().decode("utf-8")
        return tomllib.loads(text)
    except UnicodeDecodeError:
        raise SaveFileError(f"{path} is not a text (UTF-8) file") from None
    except tomllib.TOMLDecodeError as e:
        raise SaveFileError(f"{path} is not valid TOML: {e}") from None
    except (RecursionError, MemoryError):
        raise SaveFileError(f"{path} is nested too deeply to be a save file") from None
    except OSError as e:
        raise SaveFileError(f"cannot read {path}: {e.strerror}") from None


def _field(data: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in data:
        raise SaveFileError(f"{where}: '{key}' is missing")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SaveFileError(f"{where}: '{key}' must be {kind.__name__}, not {type(value).__name__}")
    return value


def _entries(data: dict[str, Any], key: str, path: Path) -> list[Entry]:
    raw = data.get(key, [])
    if not isinstance(raw, list):
        raise SaveFileError(f"{path}: '{key}' must be a list of moves")
    entries = []
    for number, item in enumerate(raw, start=1):
        where = f"{path}: {key} {number}"
        if not isinstance(item, dict):
            raise SaveFileError(f"{where} is not a table")
        by = _field(item, "by", str, where)
        text = _field(item, "text", str, where)
        at = item.get("at", datetime.fromtimestamp(0, UTC))
        if not isinstance(at, datetime):
            raise SaveFileError(f"{where}: 'at' must be a date and time")
        was = item.get("was", "")
        if not isinstance(was, str) or len(text) > 1000 or len(by) > 100:
            raise SaveFileError(f"{where}: text or 'was' is not a short string")
        entries.append(Entry(by, text, at, was))
    return entries


def read(path: Path) -> tuple[Session, list[str]]:
    """Load a session by replaying its moves. Returns it and any warnings for the user."""
    from referee import games

    data = read_data(path)
    fmt = _field(data, "format", int, str(path))
    if fmt != FORMAT:
        shown = str(fmt) if len(str(fmt)) <= 12 else f"{str(fmt)[:10]}…"
        raise SaveFileError(f"{path}: unknown format version {shown} (this referee reads {FORMAT})")
    game_name = _field(data, "game", str, str(path))
    if game_name not in games.names():
        raise SaveFileError(f"{path}: unknown game '{game_name[:40]}'")
    players = _field(data, "players", list, str(path))
    if not all(isinstance(p, str) for p in players):
        raise SaveFileError(f"{path}: 'players' must be a list of names")
    variant = data.get("variant", "")
    board = data.get("board", {})
    if not isinstance(variant, str) or not isinstance(board, dict):
        raise SaveFileError(f"{path}: 'variant' must be a string and 'board' a table")
    created = data.get("created", datetime.fromtimestamp(0, UTC))
    if not isinstance(created, datetime):
        raise SaveFileError(f"{path}: 'created' must be a date and time")
    moves = _entries(data, "moves", path)
    redo = _entries(data, "redo", path)
    try:
        session = Session.new(game_name, players, variant, board)
    except UsageError as e:
        raise SaveFileError(f"{path}: the setup is not valid: {e}") from None
    session.created = created
    for number, entry in enumerate(moves, start=1):
        try:
            state, _, by = session.interpret(session.state, entry.text)
        except RefereeError as e:
            raise ReplayError(f"{path}: move {number} ({entry.by}: {entry.text}): {e}") from None
        if by != entry.by:
            raise ReplayError(
                f"{path}: move {number} ({entry.text}) is recorded as {entry.by}'s but was {by}'s"
            )
        session.entries.append(entry)
        session.states.append(state)
    session.redo_stack = redo
    warnings = []
    snapshot = data.get("snapshot")
    if snapshot is not None and snapshot != _plain(session.game.snapshot(session.state)):
        warnings.append(
            f"{path}: the saved snapshot differs from the replay of its moves; the moves are kept"
        )
    session.path = path
    return session, warnings


def _plain(value: Any) -> Any:
    """The snapshot as it reads back from TOML (tuples become lists)."""
    return tomllib.loads(tomli_w.dumps({"v": value}))["v"] if value is not None else value
