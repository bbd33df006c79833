"""Save files: TOML move logs, read with one-line errors, appended one move at a time.

The layout (format 2) keeps the moves last, so that a move is saved by appending one complete
`[[moves]]` block (flushed and fsynced before the answer is shown) and the file stays valid
TOML after every append:

    format, game, variant, created, players, snapshot_after   (plain keys)
    [readings], [board], [snapshot], [[redo]]                 (tables, rewritten as a whole)
    [[moves]] ...                                             (one block per move, appended)

The whole file is rewritten atomically (temp, fsync, rename, FILE.bak) when the session is
opened or saved, at quit, on undo, redo and amend (which change what is already written) and
every so often, so that the snapshot stays close to the end. A crash during an append can leave
only the last block torn; loading drops it with a note, never an earlier move. Junk written
after the last complete move is dropped, and that move kept; each note says how many moves are
kept. Format 1 (the whole file rewritten at every move) still loads, and is rewritten as format
2 at the next save.

A move whose effect came from the route search carries what was decided as dotted keys of its
block (`decided.revenue = 230`, `decided.proven = true`, `decided.routes = [...]`, see
`Game.decide`), so that loading never searches. A save from before them is decided again as it
loads (searching once) and rewritten with them at the next save.

A damaged or hostile file is reported with the line or move number and never overwritten: a
cut or junk in the header (a save without moves ends where this version's header ends), and a
file ending before the `snapshot_after` moves its last full save wrote, are refused so.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import tomllib
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import tomli_w

from referee import games
from referee.core.engine import Reading, RefereeError, RuleError, UsageError
from referee.core.files import (
    cannot_read,
    open_regular,
    parse_toml,
    read_bytes,
    refuse_special,
    syntax_error_line,
)
from referee.i18n import N_, _, ngettext
from referee.play.session import LONGEST_MOVE, PLACE, TAKES_TURN, Entry, Session
from referee.store import savelock
from referee.store.atomic import (
    WriteError,
    append_bytes,
    check_folder,
    remove_litter,
    sync_file,
    write_bytes,
)

FORMAT = 2
READS = (1, 2)
MOVES = "\n[[moves]]\n"  # the header of an appended block, as it stands in the file
MOVES_BYTES = MOVES.encode()
SNAPSHOT_EVERY = 200  # moves appended between two rewrites, or a quarter of a long game


class SaveFileError(RefereeError):
    """The file cannot be used as a session (exit 2: bad input, like a bad argument)."""

    exit_code = 2


class ReplayError(RefereeError):
    """The file's moves replay into an illegal move (exit 1: a rule)."""

    exit_code = 1


# --- writing -------------------------------------------------------------------------------
def move_block(e: Entry) -> str:
    """One move as it is appended: plain keys only, what was decided as dotted keys, so that
    the block holds no empty line and its text comes last."""
    data = _entry_data(e)
    text, decided = data.pop("text"), data.pop("decided", {})
    assert not any(isinstance(v, dict) for v in decided.values()), "decided: plain values only"
    dotted = "".join("decided." + tomli_w.dumps({k: v}) for k, v in decided.items())
    return MOVES + tomli_w.dumps(data) + dotted + tomli_w.dumps({"text": text})


def render(session: Session) -> str:
    head: dict[str, Any] = {
        "format": FORMAT,
        "game": session.game.name,
        "variant": session.variant,
        "created": session.created,
        "players": session.players,
        "snapshot_after": len(session.entries),
        "readings": written_readings(session),
        "as-moves": session.as_moves,
        "board": session.board,
        "snapshot": session.game.snapshot(session.state),
    }
    if session.redo_stack:
        head["redo"] = [_entry_data(e) for e in session.redo_stack]
    return tomli_w.dumps(head) + "".join(move_block(e) for e in session.entries)


def written_readings(session: Session) -> dict[str, str]:
    """The readings chosen, and those with a `before` even at their default: a save that does
    not name such a reading was written before it, and plays with `before`."""
    named = {r.key: r.default for r in session.game.readings() if r.before}
    return {**named, **session.readings.as_dict()}


def read_readings(game_readings: tuple[Reading, ...], saved: dict[str, str]) -> dict[str, str]:
    """The readings a save plays with: as it names them, `before` for those it cannot know."""
    return {**{r.key: r.before for r in game_readings if r.before}, **saved}


def _entry_data(e: Entry) -> dict[str, Any]:
    """The text last: a block torn before its end has no text, so it is never a wrong move."""
    data: dict[str, Any] = {"by": e.by, "at": e.at}
    if e.was:
        data["was"] = e.was
    if e.auto:
        data["auto"] = True
    if e.decided:
        data["decided"] = dict(e.decided)
    data["text"] = e.text
    return data


def write(
    session: Session, path: Path, lock: savelock.SaveLock | None = None, backup: bool = True
) -> None:
    """Write the whole file atomically, keeping the previous version as FILE.bak."""
    write_bytes(path, render(session).encode("utf-8"), backup=backup, lock=lock)


def backup_is_ours(session: Session, path: Path) -> bool:
    """Whether FILE.bak may take the previous version of this session's file: it is missing,
    or an earlier version of this same session (same game, variant, players and `created`).
    Another game that `--force` replaced is kept there, never written over by this one's."""
    try:
        fd = open_regular(savelock.backup_of(path), WriteError)
    except RefereeError:
        return True  # missing, or not a file: the writer says what is wrong with it
    try:
        head = os.read(fd, 4096).decode("utf-8", "replace")
    except OSError:
        return True
    finally:
        os.close(fd)
    ours = tomli_w.dumps(
        {
            "game": session.game.name,
            "variant": session.variant,
            "created": session.created,
            "players": session.players,
        }
    )
    return ours in head  # as `render` writes them: in this order, one after the other


class FileStore:
    """The file a session saves into, the lock on it, and how much of the game it holds."""

    def __init__(self, path: Path, lock: savelock.SaveLock | None = None) -> None:
        self.path = path
        self.lock = lock
        self.on_disk = -1  # moves whose blocks the file holds; -1: unknown, rewrite it
        self.snapshot_after = 0
        self.redo_on_disk = False
        self.deferred: bool = False  # append without fsync; `sync` comes before any answer
        self.unsynced = False
        self.replacing = False  # the next write replaces another file: always keep it

    def written(self, session: Session) -> None:
        self.on_disk = self.snapshot_after = len(session.entries)
        self.redo_on_disk = bool(session.redo_stack)

    def save(self, session: Session, appended: bool) -> None:
        n = len(session.entries)
        in_step = appended and self.on_disk == n - 1 and not self.redo_on_disk
        # Rewriting costs the length of the game: doing it every quarter game keeps the
        # cost of a move flat however long the game.
        due = n - self.snapshot_after >= max(SNAPSHOT_EVERY, self.snapshot_after // 4)
        try:
            if in_step and not due:
                block = move_block(session.entries[-1]).encode("utf-8")
                append_bytes(self.path, block, sync=not self.deferred, lock=self.lock)
                self.unsynced = self.unsynced or self.deferred
                self.on_disk = n
                return
            backup = self.replacing or backup_is_ours(session, self.path)
            write(session, self.path, self.lock, backup)
            self.replacing = False
            self.unsynced = False
            self.written(session)
        except RefereeError:
            self.on_disk = -1
            raise

    def sync(self) -> None:
        """Make the appended moves durable (after a batch of appends without fsync)."""
        if self.unsynced:
            self.unsynced = False
            try:
                sync_file(self.path)
            except RefereeError:
                self.on_disk = -1
                raise

    def close(self, session: Session) -> None:
        """At the end of the shell: the snapshot brought up to date, the lock let go."""
        missing = self.on_disk != len(session.entries)  # a save failed on the way
        try:
            if missing or self.on_disk != self.snapshot_after or self.unsynced:
                self.save(session, appended=False)
        except RefereeError as e:
            if missing:  # moves the file does not hold: say so, never quietly
                raise WriteError(
                    _("the last moves are NOT SAVED: {error}").format(error=e)
                ) from None
            # otherwise the moves are in the file already; only the snapshot is older
        finally:
            if self.lock is not None:
                savelock.release(self.lock)
                self.lock = None


def create(session: Session, path: Path, *, force: bool = False) -> None:
    """Give a new session its file, locked: refuse an existing file without `force`."""
    refuse_special(path, SaveFileError)
    if path.exists() and not force:
        raise UsageError(
            _("{path} exists and is never overwritten").format(path=path),
            _("--force or another --save"),
        )
    check_folder(path)
    lock = savelock.acquire(path)
    try:
        remove_litter(path)
        store = FileStore(path, lock)
        store.replacing = True
        store.save(session, appended=False)
    except BaseException:
        savelock.release(lock)
        raise
    session.store = store


def resume(path: Path) -> tuple[Session, list[str]]:
    """Open a save to play on: locked for this process, its temporary litter removed."""
    if not refuse_special(path, SaveFileError):  # nothing is locked for a missing file
        missing = FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT))
        raise SaveFileError(cannot_read(path, missing))
    lock = savelock.acquire(path)
    try:
        remove_litter(path)
        session, warnings = read(path, lock)
    except BaseException:
        savelock.release(lock)
        raise
    return session, [lock.note, *warnings] if lock.note else warnings


def is_own(session: Session, path: Path) -> bool:
    """Whether `path` is the file this session already saves into."""
    if session.path is None:
        return False
    try:
        return path.samefile(session.path)
    except OSError:
        return path.absolute() == session.path.absolute()


def save_as(session: Session, path: Path) -> None:
    """Save the whole session into `path` and go on saving there (the caller has asked
    before replacing another file). The new file is locked before it is written."""
    if is_own(session, path):
        assert session.store is not None
        session.store.save(session, appended=False)
        return
    refuse_special(path, SaveFileError)
    check_folder(path)
    lock = savelock.acquire(path)
    try:
        write(session, path, lock)
    except BaseException:
        savelock.release(lock)
        raise
    store = FileStore(path, lock)
    store.written(session)
    if isinstance(session.store, FileStore) and session.store.lock is not None:
        savelock.release(session.store.lock)
    session.store = store
    session.save_error = ""


# --- reading -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Raw:
    """A save's data, the bytes it was read from, and a note on what had to be dropped."""

    data: dict[str, Any]
    text: bytes  # what the data was read from: the file without what was dropped
    end: int  # the last line of the whole file
    note: str = ""


def read_data(path: Path) -> Raw:
    """The file's data. A last move cut short by a crash, or junk after the last complete
    move, is dropped with a note saying what is kept; damage anywhere else is refused."""
    return _data_of(read_bytes(path, "a save file", SaveFileError), path)


def _data_of(raw: bytes, path: Path) -> Raw:
    try:
        data: dict[str, Any] | None = parse_toml(raw, path, SaveFileError)
    except SaveFileError as e:
        data, whole = None, e
    if data is not None and (data.get("format") != FORMAT or _last_move_complete(data)):
        return Raw(data, raw, _last_line(raw))
    for kept in _mended(raw):
        try:
            mended = parse_toml(kept, path, SaveFileError)
        except SaveFileError:
            continue
        if mended.get("format") == FORMAT and _last_move_complete(mended):
            return Raw(mended, kept, _last_line(raw), _dropped(path, mended, raw[len(kept) :]))
    if data is None:
        raise _damaged(raw, path, whole)
    return Raw(data, raw, _last_line(raw))


def _mended(raw: bytes) -> list[bytes]:
    """What the file would be without its end: the last block up to the end of its text (junk
    written after a complete move), else without the last block (a move cut short while it was
    appended, even inside its first line)."""
    last = raw.rfind(MOVES_BYTES)
    block = raw[last:] if last >= 0 else b""
    text = block.find(b"\ntext = ")
    end = block.find(b"\n", text + 1) if text >= 0 else -1
    cuts = [last + end + 1] if end >= 0 else []
    cuts += [last] if last >= 0 else []
    cuts += [
        len(raw) - k for k in range(len(MOVES_BYTES) - 1, 1, -1) if raw.endswith(MOVES_BYTES[:k])
    ]
    return [raw[:cut] for cut in cuts]


def _dropped(path: Path, kept: dict[str, Any], dropped: bytes) -> str:
    """The note on what was dropped, and exactly what was kept."""
    count = len(kept.get("moves", []))
    text = dropped.decode("utf-8", "replace").strip()[:60]
    shown = "".join(c if c.isprintable() else " " if c == "\n" else "·" for c in text)
    if not MOVES_BYTES.startswith(dropped[: len(MOVES_BYTES)]):
        return ngettext(
            "{path}: what follows its last move is not a move and is dropped ({shown});"
            " its {count} move is kept",
            "{path}: what follows its last move is not a move and is dropped ({shown});"
            " all its {count} moves are kept",
            count,
        ).format(path=path, shown=shown, count=count)
    if count == 0:
        return _(
            "{path}: the first move was cut short while it was saved and is dropped ({shown});"
            " the file holds no other move"
        ).format(path=path, shown=shown)
    return ngettext(
        "{path}: the move being saved when the program stopped was cut short and is dropped"
        " ({shown}); the {count} move before it is kept",
        "{path}: the move being saved when the program stopped was cut short and is dropped"
        " ({shown}); the {count} moves before it are kept",
        count,
    ).format(path=path, shown=shown, count=count)


def _todo(path: Path) -> str:
    """What the user can do with a save that is refused as damaged."""
    backup = savelock.backup_of(path)
    if backup.is_file():
        return _(
            "it is left as it is: mend it there by hand, or go on from {backup}, its version"
            " before the last full save"
        ).format(backup=backup)
    return _("it is left as it is: mend it there by hand")


def _last_line(text: bytes) -> int:
    return text.count(b"\n") + (0 if text.endswith(b"\n") else 1)


def _header_damaged(path: Path, line: int) -> SaveFileError:
    return SaveFileError(
        _(
            "{path}, line {line}: its header (the setup and the snapshot, before the moves) is"
            " cut short or damaged; no move can be read from it; {todo}"
        ).format(path=path, line=line, todo=_todo(path))
    )


def _damaged(raw: bytes, path: Path, error: SaveFileError) -> SaveFileError:
    """The refusal of a save whose damage is not at its end: in the header, or among moves. A
    file that does not begin as every save does is not taken for a damaged one."""
    start = b"format = "
    if not (raw.startswith(start) or start.startswith(raw)):
        return error
    first = raw.find(MOVES_BYTES)
    line = syntax_error_line(raw if first < 0 else raw[:first])
    if line:
        return _header_damaged(path, line)
    return SaveFileError(_("{error}; {todo}").format(error=error, todo=_todo(path)))


def _last_move_complete(data: dict[str, Any]) -> bool:
    moves = data.get("moves")
    if not isinstance(moves, list) or not moves:
        return True
    last = moves[-1]
    return isinstance(last, dict) and "text" in last and "by" in last


# What a value of a TOML file is, in words (not Python's type names).
KIND_NAMES = {
    int: N_("a whole number"),
    float: N_("a number with a decimal point"),
    str: N_("a text"),
    bool: N_("true or false"),
    list: N_("a list"),
    dict: N_("a table"),
}


def kind_name(kind: type) -> str:
    """A TOML value's kind as the catalog says it ("a list"); an unforeseen one by its name."""
    return _(KIND_NAMES[kind]) if kind in KIND_NAMES else kind.__name__


def _field(data: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in data:
        raise SaveFileError(_("{where}: '{key}' is missing").format(where=where, key=key))
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SaveFileError(
            _("{where}: '{key}' must be {kind}, not {found}").format(
                where=where, key=key, kind=kind_name(kind), found=kind_name(type(value))
            )
        )
    return value


def _entries(data: dict[str, Any], key: str, path: Path) -> list[Entry]:
    raw = data.get(key, [])
    if not isinstance(raw, list):
        raise SaveFileError(_("{path}: '{key}' must be a list of moves").format(path=path, key=key))
    entries = []
    for number, item in enumerate(raw, start=1):
        where = _("{path}: {key} {number}").format(path=path, key=key, number=number)
        if not isinstance(item, dict):
            raise SaveFileError(_("{where} is not a table").format(where=where))
        by = _field(item, "by", str, where)
        text = _field(item, "text", str, where)
        at = item.get("at", datetime.fromtimestamp(0, UTC))
        if not isinstance(at, datetime):
            raise SaveFileError(_("{where}: 'at' must be a date and time").format(where=where))
        was = item.get("was", "")
        if not isinstance(was, str) or len(text) > LONGEST_MOVE or len(by) > 100:
            raise SaveFileError(
                _("{where}: text or 'was' is not a short string").format(where=where)
            )
        auto = item.get("auto", False)  # saves before automatic moves have none
        if not isinstance(auto, bool):
            raise SaveFileError(_("{where}: 'auto' must be true or false").format(where=where))
        decided = item.get("decided", {})  # saves before decisions were recorded have none
        if not isinstance(decided, dict):
            raise SaveFileError(_("{where}: 'decided' must be a table").format(where=where))
        entries.append(Entry(by, text, at, was, auto, decided))
    return entries


def read(path: Path, lock: savelock.SaveLock | None = None) -> tuple[Session, list[str]]:
    """Load a session by replaying its moves. Returns it and any warnings for the user.

    The session saves into `path` as it is played; `resume` locks the file first."""
    raw = read_data(path)
    data, torn = raw.data, raw.note
    if not raw.text.strip():
        raise _header_damaged(path, raw.end)
    fmt = _field(data, "format", int, str(path))
    if fmt not in READS:
        raise SaveFileError(
            _(
                "{path}: unknown format version {version} (this referee reads {low} to {high})"
            ).format(path=path, version=fmt, low=READS[0], high=READS[-1])
        )
    if fmt == FORMAT and "moves" not in data and "snapshot" not in data:
        raise _header_damaged(path, raw.end)  # cut before its last table
    game_name = _field(data, "game", str, str(path))
    if game_name not in games.names():
        raise SaveFileError(
            _("{path}: unknown game '{game}'").format(path=path, game=game_name[:40])
        )
    players = _field(data, "players", list, str(path))
    if not all(isinstance(p, str) for p in players):
        raise SaveFileError(_("{path}: 'players' must be a list of names").format(path=path))
    variant = data.get("variant", "")
    board = data.get("board", {})
    if not isinstance(variant, str) or not isinstance(board, dict):
        raise SaveFileError(
            _("{path}: 'variant' must be a string and 'board' a table").format(path=path)
        )
    readings = data.get("readings", {})  # saves from before readings: the defaults
    if not isinstance(readings, dict) or not all(isinstance(v, str) for v in readings.values()):
        raise SaveFileError(
            _("{path}: 'readings' must be a table of KEY = \"CHOICE\"").format(path=path)
        )
    created = data.get("created", datetime.fromtimestamp(0, UTC))
    if not isinstance(created, datetime):
        raise SaveFileError(_("{path}: 'created' must be a date and time").format(path=path))
    moves = _entries(data, "moves", path)
    redo = _entries(data, "redo", path)
    if fmt == FORMAT and moves:  # without moves, the header is checked whole first
        _check_all_moves(data, len(moves), raw.end, path)
    readings = read_readings(games.get(game_name).readings(), readings)
    try:
        session = Session.new(game_name, players, variant, board, readings)
    except UsageError as e:
        raise SaveFileError(
            _("{path}: the setup is not valid: {error}").format(path=path, error=e)
        ) from None
    session.created = created
    session.as_moves = _as_moves(data, moves, path)
    session.settle()
    kept: list[str] = []
    for number, entry in enumerate(moves, start=1):
        try:
            by = _replay_as_played(session, entry, kept, path, number)
        except RefereeError as e:
            raise ReplayError(
                _("{path}: move {number} ({player}: {move}): {error}").format(
                    path=path, number=number, player=entry.by, move=entry.text, error=e
                )
            ) from None
        if by != entry.by:
            raise ReplayError(
                _(
                    "{path}: move {number} ({move}) is recorded as {player}'s but was {actor}'s"
                ).format(path=path, number=number, move=entry.text, player=entry.by, actor=by)
            )
    session.await_trailing()
    session.redo_stack = redo
    if fmt == FORMAT and not moves:
        _check_whole_header(session, raw, path)
        _check_all_moves(data, 0, raw.end, path)
    warnings = ([torn] if torn else []) + kept
    # A save from before automatic moves logs fewer moves than its replay: rewritten, unchecked.
    # So is one with moves kept as forced: the file then says so; and one with moves decided
    # as they loaded (from before decisions were recorded): the file then records them.
    as_saved = (
        len(session.entries) == len(moves)
        and not kept
        and all(e.decided == m.decided for e, m in zip(session.entries, moves, strict=True))
    )
    warnings += _snapshot_warnings(data, session, path) if as_saved else []
    store = FileStore(path, lock)
    # The file can take appended moves as it is; one that does not say what `as` means is
    # rewritten first, so that moves played from now on are never read with the old meaning.
    if fmt == FORMAT and not torn and as_saved and "as-moves" in data:
        store.written(session)
        after = data.get("snapshot_after", 0)
        store.snapshot_after = min(after, len(moves)) if isinstance(after, int) else 0
    session.store = store
    return session, warnings


def reread(path: Path, known: Session, pieces: Pieces | None = None) -> tuple[Session, str]:
    """The save read again by a reader that read it before as `known` (`referee serve`
    following a table's save): the moves the file still has in common with `known` are not
    replayed again, so that a move appended, undone or redone costs a move, not the game; with
    the `pieces` of the earlier readings, the parts of the file that did not change are not
    parsed again either.

    The result is what `read` gives, and the note on a last move cut short that it dropped
    (the other warnings aside: the reader only shows the game). A file that is not the same
    game set up the same way, that needed mending or that has no moves, is read whole by
    `read`, which says what is wrong with it; one cut short is refused as `read` refuses it."""
    raw = read_bytes(path, "a save file", SaveFileError)
    parsed = (pieces or Pieces()).parse(raw, path)
    if parsed is None:  # not in the pieces this version writes: read as `read` reads it
        whole = _data_of(raw, path)
        if whole.note:
            return read(path)[0], whole.note
        data = whole.data
        moves, redo = _entries(data, "moves", path), _entries(data, "redo", path)
    else:
        data, moves, redo = parsed
    if not moves or not _same_setup(data, known):
        return read(path)[0], ""
    _check_all_moves(data, len(moves), _last_line(raw), path)
    common = 0
    for had, has in zip(known.entries, moves, strict=False):
        if had != has:
            break
        common += 1
    # Back to after a typed move: loading was there with only `settle`'s moves awaiting.
    while common > 0 and known.entries[common - 1].auto:
        common -= 1
    session = replace(
        known,
        entries=known.entries[:common],
        states=known.states[: common + 1],
        told=known.told[:common],  # a copy: `known` may be drawn meanwhile
        redo_stack=[],
        awaiting=[],
        amendment=None,
        store=None,
        save_error="",
    )
    session.settle()
    for number, entry in enumerate(moves[common:], start=common + 1):
        try:
            by = _replay_as_played(session, entry, [], path, number)
        except RefereeError:
            return read(path)[0], ""  # which says so in its words
        if by != entry.by:
            return read(path)[0], ""
    session.await_trailing()
    session.redo_stack = redo
    return session, ""


# Where each appended block of a save begins (the bytes MOVES_BYTES, without consuming them).
BLOCK = re.compile(re.escape(MOVES_BYTES).join((b"(?=", b")")))


class Pieces:
    """What a reader that reads one save again and again (`referee serve`) parsed of it: the
    header and each move's block, by their bytes, so that only what changed is parsed again
    (an appended block; the header of a rewrite)."""

    KEEP = 4 * SNAPSHOT_EVERY  # blocks kept beyond those of the last reading (undo, redo)

    def __init__(self) -> None:
        self._head: tuple[bytes, dict[str, Any], list[Entry]] = (b"", {}, [])
        self._blocks: dict[bytes, Entry] = {}

    def parse(
        self, raw: bytes, path: Path
    ) -> tuple[dict[str, Any], list[Entry], list[Entry]] | None:
        """The header's data, the moves and the moves that can be redone; None when the file
        is not made of whole pieces as this version writes them (a block cut short, junk:
        `read_data` says what is wrong and what is kept)."""
        head, *blocks = BLOCK.split(raw)
        try:
            if head != self._head[0]:
                self._head = self._header(head, path)
            moves = [self._block(block, path) for block in blocks]
        except SaveFileError:
            return None
        if len(self._blocks) > len(blocks) + self.KEEP:
            self._blocks = {block: self._blocks[block] for block in blocks}
        return self._head[1], moves, self._head[2]

    def known(self, path: Path) -> None:
        """Take the pieces of the file as it is now (what cannot be read is read later)."""
        with contextlib.suppress(SaveFileError):
            self.parse(read_bytes(path, "a save file", SaveFileError), path)

    @staticmethod
    def _header(head: bytes, path: Path) -> tuple[bytes, dict[str, Any], list[Entry]]:
        data = parse_toml(head, path, SaveFileError)
        if "moves" in data:
            raise SaveFileError("moves in the header")  # not as written here: read it whole
        return head, data, _entries(data, "redo", path)

    def _block(self, block: bytes, path: Path) -> Entry:
        if block not in self._blocks:
            data = parse_toml(block, path, SaveFileError)
            if list(data) != ["moves"] or len(data["moves"]) != 1:
                raise SaveFileError("a table after a move")  # not as written here
            self._blocks[block] = _entries(data, "moves", path)[0]  # one cut short: refused
        return self._blocks[block]


def _same_setup(data: dict[str, Any], known: Session) -> bool:
    """Whether a save's data sets up the game `known` was read from, as it was."""
    return (
        data.get("format") == FORMAT
        and data.get("game") == known.game.name
        and data.get("players") == known.players
        and data.get("variant", "") == known.variant
        and data.get("created") == known.created
        and data.get("board", {}) == known.board
        and data.get("as-moves") == known.as_moves
        and data.get("readings", {}) == written_readings(known)
    )


def _as_moves(data: dict[str, Any], moves: list[Entry], path: Path) -> str:
    """What `as NAME` means in this save: as it says; a save from before it said so, whose
    `as` moves took the current player's turn, keeps that meaning if it has any."""
    said = data.get("as-moves")
    if said is None:
        return TAKES_TURN if any(_typed_as(entry.text) for entry in moves) else PLACE
    if said not in (PLACE, TAKES_TURN):
        raise SaveFileError(
            _('{path}: \'as-moves\' must be "{place}" or "{takes}"').format(
                path=path, place=PLACE, takes=TAKES_TURN
            )
        )
    return str(said)


def _typed_as(text: str) -> bool:
    """Whether a saved move was typed with `as NAME` (before or after `force`)."""
    words = text.lower().split()
    return words[:1] == ["as"] or words[:2] == ["force", "as"]


def _check_all_moves(data: dict[str, Any], count: int, end: int, path: Path) -> None:
    """A full save writes `snapshot_after` as the number of moves it writes after it, and
    moves are only appended after that: a file with fewer was cut short, not crashed."""
    after = data.get("snapshot_after", 0)
    if isinstance(after, int) and not isinstance(after, bool) and after > count:
        raise SaveFileError(
            ngettext(
                "{path} ends after move {count} (line {line}), but it was saved with {after}"
                " move: it was cut short; {todo}",
                "{path} ends after move {count} (line {line}), but it was saved with {after}"
                " moves: it was cut short; {todo}",
                after,
            ).format(path=path, count=count, line=end, after=after, todo=_todo(path))
        )


def _check_whole_header(session: Session, raw: Raw, path: Path) -> None:
    """A save without moves ends with its header: one that stops where this version would
    write more was cut inside it (the snapshot, the redo list), not saved so."""
    whole = render(session).encode("utf-8")
    if len(raw.text) < len(whole) and whole.startswith(raw.text):
        raise _header_damaged(path, raw.end)


def _replay_as_played(
    session: Session, entry: Entry, kept: list[str], path: Path, number: int
) -> str:
    """Replay a saved move. One that a rule checked since it was saved now refuses is kept as
    the table played it, forced and said so (`kept`): a newer referee never loses moves."""
    try:
        return session.replay(entry)
    except RuleError as e:
        if not e.computable or entry.text.split()[:1] == ["force"]:
            raise
        why = f"kept as played before this version checked: {e.rule}"  # saved: not translated
        by = session.replay(replace(entry, text=f"force {entry.text} --because {why}"))
        kept.append(
            _(
                "{path}: move {number} ({player}: {move}) breaks a rule this version checks"
                " ({error}): kept as the table played it, as forced"
            ).format(path=path, number=number, player=entry.by, move=entry.text, error=e)
        )
        return by


def _snapshot_warnings(data: dict[str, Any], session: Session, path: Path) -> list[str]:
    """The snapshot is a check for the reader: the moves always win."""
    snapshot = data.get("snapshot")
    count = len(session.entries)
    after = data.get("snapshot_after", count)
    if snapshot is None:
        return []
    if not isinstance(after, int) or not 0 <= after <= count:
        said = ngettext(
            "{path}: 'snapshot_after' does not name one of its moves; its {count} move is kept",
            "{path}: 'snapshot_after' does not name one of its moves; all its {count} moves are"
            " kept",
            count,
        )
        return [said.format(path=path, count=count)]
    if snapshot != _plain(session.game.snapshot(session.states[after])):
        said = ngettext(
            "{path}: the saved snapshot differs from the replay of its moves; its {count} move"
            " is kept",
            "{path}: the saved snapshot differs from the replay of its moves; all its {count}"
            " moves are kept",
            count,
        )
        return [said.format(path=path, count=count)]
    return []


def _plain(value: Any) -> Any:
    """The snapshot as it reads back from TOML (tuples become lists)."""
    return tomllib.loads(tomli_w.dumps({"v": value}))["v"] if value is not None else value
