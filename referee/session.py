"""A session: setup + board data + the log of moves as typed. The state is their replay.

The session never knows which game it holds beyond the `Game` contract. Every accepted
move is appended to the log and, when the session has a store (its save file), saved there
before the answer is given. The session knows the store only by the `Store` protocol.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from referee import games
from referee.engine import Event, Game, RefereeError, RuleError, UsageError
from referee.words import match

# Verbs the frame interprets itself; they are moves in the log like any other.
FRAME_MOVES = ("as", "force", "adjust", "count", "amend")


def now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


@dataclass(frozen=True)
class Entry:
    """One accepted move of the log: who made it, the text as typed, when."""

    by: str
    text: str
    at: datetime
    was: str = ""  # the text it replaced, when amended


class Store(Protocol):
    """Where a session's moves are kept (a save file, see `referee.savefile.FileStore`)."""

    path: Path

    def save(self, session: Session, appended: bool) -> None:
        """Save the session; `appended`: the only change since the last save is one new move
        at the end of the log."""


@dataclass
class Session:
    game: Game
    variant: str
    players: list[str]
    board: dict[str, Any]
    created: datetime
    entries: list[Entry] = field(default_factory=list)
    redo_stack: list[Entry] = field(default_factory=list)
    store: Store | None = None
    # states[i] is the state after the first i entries.
    states: list[Any] = field(default_factory=list)
    # Why the last autosave failed, if it did; the moves are kept in memory meanwhile.
    save_error: str = ""

    # --- making one --------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game_name: str,
        players: Sequence[str],
        variant: str = "",
        board: dict[str, Any] | None = None,
    ) -> Session:
        game = games.get(game_name)
        variant = match(variant, game.variants, "variant") if variant else game.default_variant
        players = check_players(game, players)
        board = game.check_board(board or {})
        session = cls(game, variant, players, board, now())
        session.states = [game.setup(players, variant, board)]
        return session

    # --- the state -----------------------------------------------------------------------
    @property
    def path(self) -> Path | None:
        return self.store.path if self.store is not None else None

    @property
    def state(self) -> Any:
        return self.states[-1]

    def actor(self) -> str | None:
        return self.game.options(self.state).actor

    # --- moves -----------------------------------------------------------------------------
    def play(self, text: str, at: datetime | None = None) -> list[Event]:
        """Interpret one typed move; on success append it to the log (and save)."""
        state, events, by = self.interpret(self.state, text)
        self.entries.append(Entry(by, text.strip(), at or now()))
        self.states.append(state)
        self.redo_stack.clear()
        self.autosave(appended=True)
        return events

    def what_if(self, text: str) -> tuple[Any, list[Event]]:
        """What a move would do, without making it."""
        state, events, _ = self.interpret(self.state, text)
        return state, events

    def undo(self) -> Entry:
        if not self.entries:
            raise RuleError("nothing to undo: the game is at its setup", "session")
        entry = self.entries.pop()
        self.states.pop()
        self.redo_stack.append(entry)
        self.autosave()
        return entry

    def redo(self) -> tuple[Entry, list[Event]]:
        if not self.redo_stack:
            raise RuleError("nothing to redo", "session", "redo works until a new move is made")
        entry = self.redo_stack[-1]
        state, events, _ = self.interpret(self.state, entry.text)
        self.redo_stack.pop()
        self.entries.append(entry)
        self.states.append(state)
        self.autosave()
        return entry, events

    def amend(self, number: int, text: str) -> list[Event]:
        """Replace move `number` (1-based) and replay the rest; refuse if a later one breaks."""
        if not 1 <= number <= len(self.entries):
            raise UsageError(f"there is no move {number}", f"1 to {len(self.entries)}")
        old = self.entries[number - 1]
        if _verb(text) == "amend":
            raise UsageError("an amendment cannot itself be an amend")
        state, events, by = self.interpret(self.states[number - 1], text)
        states = [state]
        for later_number, later in enumerate(self.entries[number:], start=number + 1):
            try:
                state, _, _ = self.interpret(state, later.text)
            except RefereeError as e:
                raise RuleError(
                    f"move {later_number} ({later.by}: {later.text}) no longer holds: {e}",
                    "session",
                    "amend that move too, or undo back to it first",
                ) from e
            states.append(state)
        self.entries[number - 1] = Entry(by, text.strip(), old.at, was=old.was or old.text)
        self.states[number:] = states
        self.redo_stack.clear()
        self.autosave()
        return [Event(f"move {number} is now '{text.strip()}' (was '{old.text}')"), *events]

    def interpret(self, state: Any, text: str) -> tuple[Any, list[Event], str]:
        words = split(text)
        if not words:
            raise UsageError("empty move")
        options = self.game.options(state)
        actor = options.actor
        forced = False
        verb = words[0].lower()
        if verb == "as":
            if len(words) < 3:
                raise UsageError("as needs a player and a move", "as NAME VERB ...")
            actor = match(words[1], self.players, "player")
            words = words[2:]
            verb = words[0].lower()
        if verb == "force":
            words, reason = _take_because(words[1:], "force")
            if not words:
                raise UsageError("force needs a move", 'force VERB ... --because "why"')
            forced = True
            verb = words[0].lower()
            del reason  # kept in the log text
        if verb == "adjust":
            rest, _ = _take_because(words[1:], "adjust")
            return (*self._adjust(state, rest), actor or self.players[0])
        if verb == "count":
            return state, self._count(state, words[1:]), actor or self.players[0]
        if verb in ("amend", "as", "force"):
            raise UsageError(f"'{verb}' cannot be used here")
        if actor is None:
            raise RuleError("the game is over; no more moves", "end of game", "undo to go back")
        move = self.game.parse(state, actor, words)
        new_state, events = self.game.apply(state, move, forced=forced)
        if forced:
            events = [Event("forced by the table, against the referee"), *events]
        return new_state, events, actor

    def _adjust(self, state: Any, words: list[str]) -> tuple[Any, list[Event]]:
        values = self.game.adjustables(state)
        if len(words) < 2:
            raise UsageError(
                "adjust needs what and a number",
                'adjust cash A 35 --because "why" (+N or -N for a change)',
            )
        key = " ".join(words[:-1])
        key = match(key, values, "number")
        raw = words[-1]
        try:
            number = int(raw)
        except ValueError:
            raise UsageError(f"'{raw}' is not a whole number", "N, +N or -N") from None
        value = values[key] + number if raw[0] in "+-" else number
        return self.game.adjust(state, key, value)

    def _count(self, state: Any, words: list[str]) -> list[Event]:
        if len(words) != 2:
            raise UsageError("count needs a player and an amount", "count NAME AMOUNT")
        player = match(words[0], self.players, "player")
        try:
            counted = int(words[1])
        except ValueError:
            raise UsageError(f"'{words[1]}' is not a whole number", "count NAME AMOUNT") from None
        ledger = self.game.cash(state, player)
        if ledger is None:
            raise UsageError(f"{self.game.title} keeps no money to count")
        diff = counted - ledger
        if diff == 0:
            verdict = "matches the ledger"
        else:
            verdict = f"{abs(diff)} {'more' if diff > 0 else 'less'} than the ledger"
        return [Event(f"{player} counted {counted}; the ledger says {ledger}: {verdict}")]

    # --- saving ------------------------------------------------------------------------------
    def autosave(self, appended: bool = False) -> None:
        """Save after an accepted move. A failure never loses the move: it is remembered in
        `save_error` for the shell to report, and the next successful save clears it."""
        if self.store is None:
            return
        try:
            self.store.save(self, appended)
        except RefereeError as e:
            self.save_error = str(e)
        else:
            self.save_error = ""


def check_players(game: Game, players: Sequence[str]) -> list[str]:
    names = [p.strip() for p in players if p.strip()]
    if not game.min_players <= len(names) <= game.max_players:
        raise UsageError(
            f"{game.title} takes {game.min_players} to {game.max_players} players, not {len(names)}"
        )
    if len({n.lower() for n in names}) != len(names):
        raise UsageError("two players have the same name", "give each player a different name")
    for n in names:
        if not n.replace("-", "").replace("_", "").isalnum() or len(n) > 20:
            raise UsageError(
                f"player name '{n}' is not allowed", "letters, digits, - and _, up to 20"
            )
    return names


def split(text: str) -> list[str]:
    if not any(c in text for c in "\"'\\"):  # nothing quoted: shlex's words, much faster
        return [word for word in re.split(r"[ \t\r\n]+", text) if word]
    try:
        return shlex.split(text)
    except ValueError as e:
        raise UsageError(f"cannot read the line: {e}", 'quote with "..."') from None


def _verb(text: str) -> str:
    words = split(text)
    return words[0].lower() if words else ""


def _take_because(words: list[str], verb: str) -> tuple[list[str], str]:
    if "--because" not in words:
        raise UsageError(f"{verb} needs a reason", f'{verb} ... --because "why"')
    i = words.index("--because")
    reason = " ".join(words[i + 1 :]).strip()
    if not reason:
        raise UsageError(f"{verb} needs a reason", f'{verb} ... --because "why"')
    return words[:i], reason
