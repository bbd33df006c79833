"""A session: setup + board data + the log of moves as typed. The state is their replay.

A move whose effect came from a computation that watches the clock (the route search of
`run best`) is logged with what was decided (`Entry.decided`, see `Game.decide`): a replay
reads it back and never computes it again, so a save gives the same game on any machine.

The session never knows which game it holds beyond the `Game` contract. Every accepted
move is appended to the log and, when the session has a store (its save file), saved there
before the answer is given. The session knows the store only by the `Store` protocol, and
saves only as one of its observers (`Autosave`): the page hears of a change the same way.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from referee import games, i18n
from referee.core import telling
from referee.core.engine import (
    AUTOMATIC_IN_A_ROW,
    DEFAULT_READINGS,
    Confirm,
    Event,
    Form,
    Game,
    Options,
    OutOfTurn,
    Overridden,
    Readings,
    RefereeError,
    RuleError,
    UsageError,
    automatic_move,
    choose_readings,
    find_reading,
)
from referee.core.words import amount, legal_first, match
from referee.i18n import N_, _
from referee.play import frame

# What `as NAME` on another player's turn means (`Session.as_moves`).
PLACE = "place"  # NAME's move at NAME's own place in the turn order
TAKES_TURN = "takes-turn"  # saves from before PLACE: the move took the current turn
# The longest move text a save file reads back (see referee/savefile.py).
LONGEST_MOVE = 1000


def now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


@dataclass(frozen=True)
class Entry:
    """One accepted move of the log: who made it, the text as typed, when."""

    by: str
    text: str
    at: datetime
    was: str = ""  # the text it replaced, when amended
    auto: bool = False  # made by the referee: the only move there was (see Session.settle)
    # What was decided for it beyond the rules (`Game.decide`: the routes a search found), as
    # plain TOML values; empty when nothing was.
    decided: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Played:
    """A move interpreted: the state after it, what changed, who made it, what was decided,
    and the game's move (None for the frame's own moves, `adjust` and `count`)."""

    state: Any
    events: list[Event]
    by: str
    decided: Mapping[str, Any]
    move: Any = None


@dataclass(frozen=True)
class Told:
    """What a move of the log did, in words of the language `lang`: the move in its full
    canonical form with its effect (`Game.narrate`), and what the shell answered to it (its
    events; an automatic move's first says it was made by the referee). Never saved: a load
    tells it again as it replays, and a change of language tells it again in the new one."""

    sentence: str
    events: tuple[Event, ...]
    lang: str


# What a change asks of the save (`Change.save`).
APPEND = "append"  # one move added at the end of the log, nothing else: append it
ALL = "all"  # the log or a reading changed otherwise: write the session whole
NOTHING = "nothing"  # only how it is shown changed (the language): the file is as it was


@dataclass(frozen=True)
class Change:
    """A change to the session as its observers hear of it: what the save must take and
    whether the table sees it now (False: the same call makes more changes before it ends)."""

    save: str
    show: bool = True


Observer = Callable[[Change], None]


class Store(Protocol):
    """Where a session's moves are kept (a save file, see `referee.store.savefile.FileStore`)."""

    path: Path

    def save(self, session: Session, appended: bool) -> None:
        """Save the session; `appended`: the only change since the last save is one new move
        at the end of the log."""

    def close(self, session: Session) -> None:
        """The session is done with: bring the file up to date and let go of it."""


@dataclass(frozen=True)
class Amendment:
    """The log as it was before an amendment, for `undo` to restore."""

    number: int  # the move amended (1-based)
    entries: list[Entry]
    states: list[Any]
    redo_stack: list[Entry]
    told: list[Told]


@dataclass
class How:
    """How a move is played, as its prefixes say: by whom (`as NAME`) and whether forced."""

    named: str = ""
    forced: bool = False


@dataclass
class Session:
    game: Game[Any, Any]
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
    # The automatic moves made since the last typed one that the table has not yet typed
    # itself: indexes into `entries`, first the one a typed move would confirm.
    awaiting: list[int] = field(default_factory=list)
    # Where the rules are open, what this table chose (the defaults unless it said otherwise).
    readings: Readings = DEFAULT_READINGS
    # What `as NAME` on another player's turn means: PLACE, NAME's move at NAME's own place in
    # the turn order; TAKES_TURN, as saves written before PLACE played it (the move took the
    # turn of whoever had it), kept so that they replay to the same state.
    as_moves: str = PLACE
    # The last change, when it was an amendment: what `undo` restores.
    amendment: Amendment | None = None
    # told[i] is what entries[i] did, in words (`Session.tell`).
    told: list[Told] = field(default_factory=list)
    # Moves told in another language than `told`'s (a seat read in its player's language
    # while the shell speaks another): language -> index -> (entry, state before, state
    # after, what it did); kept only while the log still holds that entry on those states.
    told_in: dict[str, dict[int, tuple[Entry, Any, Any, Told]]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    # The last move sent from a seat, and the players whose seat page is open (the seats'
    # server says so, referee/web/seats.py): the same move typed in the shell a beat later
    # is asked about before it is played again (`_doubles_a_seat`, issue 32).
    seat_entry: Entry | None = field(default=None, compare=False, repr=False)
    seated: set[str] = field(default_factory=set, compare=False, repr=False)
    # Called after every change the table sees (a move, an undo, a redo, an amendment, a
    # reading, the language): the live page listens here (referee/web/share.py).
    # The autosave is the first of them, always (`__post_init__`): saved before it is shown.
    observers: list[Observer] = field(default_factory=list, compare=False, repr=False)

    def __post_init__(self) -> None:
        # A new list: a copy (`replace`) never adds to, nor saves through, the original's.
        others = [o for o in self.observers if not isinstance(o, Autosave)]
        self.observers = [Autosave(self), *others]

    # --- making one --------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game_name: str,
        players: Sequence[str],
        variant: str = "",
        board: dict[str, Any] | None = None,
        readings: Mapping[str, str] | None = None,
    ) -> Session:
        game = games.get(game_name)
        variant = match(variant, game.variants, N_("variant")) if variant else game.default_variant
        players = check_players(game, players)
        board = game.check_board(board or {})
        chosen = choose_readings(game.readings(), readings or {})
        session = cls(game, variant, players, board, now(), readings=chosen)
        session.states = [game.setup(players, variant, board, chosen)]
        return session

    def choose_reading(self, key: str, choice: str) -> str:
        """Change a reading during setup (before the first move); returns it as `key=choice`.
        The setup is played again under it; moves undone can no longer be redone."""
        if self.entries:
            raise UsageError(
                "readings are chosen at setup, before the first move",
                f"undo {len(self.entries)} to go back to the setup, or `referee new --reading`",
            )
        chosen = choose_readings(self.game.readings(), {**self.readings.as_dict(), key: choice})
        state = self.game.setup(self.players, self.variant, self.board, chosen)
        self.readings, self.states = chosen, [state]
        self.redo_stack.clear()
        self.notify(Change(ALL))
        reading = find_reading(self.game.readings(), key)
        return f"{reading.key}={chosen.of(reading)}"

    # --- the state -----------------------------------------------------------------------
    @property
    def path(self) -> Path | None:
        return self.store.path if self.store is not None else None

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def title(self) -> str:
        """The game's title as this table set it up (18xx: the title it banks)."""
        return self.game.title_of(self.states[0])

    def actor(self) -> str | None:
        return self.game.options(self.state).actor

    def next_step(self) -> str:
        """Who acts next and at what step, in a line (without the moves they may type)."""
        return self.step_line(self.game.options(self.state))

    @staticmethod
    def step_line(options: Options, moves: str = "") -> str:
        """Who acts and at what step (`options`), then `moves` (the few the shell lists), then
        why the one move left is the table's to make, when it is."""
        if options.actor is None:
            return _("The game is over.")
        if options.phase:
            said = _("Next: {player} ({phase})").format(player=options.actor, phase=options.phase)
        else:
            said = _("Next: {player}").format(player=options.actor)
        if moves:
            said = _("{step}: {moves}").format(step=said, moves=moves)
        # the one move left is the table's to make: say why (a forced move could give another)
        return f"{said}; {options.forceable}" if options.forceable else said

    # --- moves -----------------------------------------------------------------------------
    def play(self, text: str, at: datetime | None = None, agreed: bool = False) -> list[Event]:
        """Interpret one typed move; on success append it to the log (and save), then make the
        moves that follow with no choice in them (`settle`). A typed move that is an automatic
        move the table has not yet typed confirms it, even where it would also be a move for
        whoever acts now (the typist is often one beat behind): answered, not logged.
        `agreed`: the table said yes to the steps the move skips (`Confirm`), or to playing
        again the move a seat has just played (`_doubles_a_seat`)."""
        return self._play(text, at, agreed)

    def _play(
        self, text: str, at: datetime | None = None, agreed: bool = False, by_seat: bool = False
    ) -> list[Event]:
        """`play`: the move typed in the shell, or sent from a seat (`by_seat`)."""
        confirmed = self._confirmed(text, self._is_the_move)
        if confirmed is None:
            try:
                played = self.interpret(self.state, text, agreed=agreed)
            except RefereeError:
                # Said another way to the same effect (`pass` for the `done` that ended the
                # round) and refused as a move now: a confirmation too.
                confirmed = self._confirmed(text, self._confirms)
                if confirmed is None:
                    raise
        if confirmed is not None:
            said = _("confirmed: {player}: {move} (made automatically)")
            return [Event(said.format(player=confirmed.by, move=confirmed.text))]
        if not agreed and not by_seat:
            self._doubles_a_seat(text, played.by)
        _savable(text)
        self.awaiting = []
        entry = Entry(played.by, text.strip(), at or now(), decided=played.decided)
        if by_seat:
            self.seat_entry = entry
        self._append(entry, played)
        self.redo_stack.clear()
        self.amendment = None
        self.notify(Change(APPEND, show=False))
        return [*played.events, *self.settle()]

    # --- moves from a seat (issue 32) ------------------------------------------------------
    def play_for(self, player: str, text: str, agreed: bool = False) -> list[Event]:
        """A move sent from `player`'s seat: only a game move (no prefix, no frame verb),
        played as a typed move (`play`) when `player` is the one who acts for it: the player
        to move, or the player of the automatic move it confirms. A seat cannot move for
        another player (issue 32 item 3)."""
        self.from_seat(text)
        confirmed = next((n for n in self.awaiting if self._is_the_move(n, text)), None)
        acts = self.entries[confirmed].by if confirmed is not None else self.actor()
        if acts is None:
            raise RuleError(
                _("the game is over; no more moves"), "end of game", _("undo to go back")
            )
        if acts != player:
            raise RuleError(
                _(
                    "a seat cannot move for another player: it is {actor}'s move, not {player}'s"
                ).format(actor=acts, player=player),
                "session",
                _("wait for your turn"),
            )
        return self._play(text, agreed=agreed, by_seat=True)

    def _doubles_a_seat(self, text: str, by: str) -> None:
        """Ask before playing a move typed in the shell that is the move a seat has just
        played, with no move since (the typist one beat behind the player's tap), where it
        would be played again for the same player, or for a player who has a seat of their own
        (who enters their own moves). A move for a player without a seat is the typist's to
        type, and plays (the next player's own `done`). The shell asks; a batch refuses, and
        `as NAME` plays it without asking (issue 32)."""
        number = next(
            (i for i in reversed(range(len(self.entries))) if not self.entries[i].auto), None
        )
        if number is None or self.entries[number] is not self.seat_entry:
            return
        made = self.entries[number]
        if self.prefixes(split(text))[0] != How() or not self._is_the_move(number, text):
            return
        if by == made.by:
            said = _(
                "{player} played '{move}' from their seat just now (move {number});"
                " typed again, it is played a second time"
            )
        elif by in self.seated:
            said = _(
                "{player} played '{move}' from their seat just now (move {number});"
                " typed again, it is {actor}'s move, and {actor} has a seat"
            )
        else:
            return
        raise Confirm(
            said.format(player=made.by, move=made.text, number=number + 1, actor=by),
            "session",
            _("`as {actor} {move}` plays it without asking").format(actor=by, move=text.strip()),
        )

    @staticmethod
    def from_seat(text: str) -> None:
        """Refuse what a seat may not send: only a game move, without `as` or `force`; undo,
        amend, readings, setup and the shell's commands stay in the shell (issue 32 item 3)."""
        words = split(text)
        if not words:
            raise UsageError(_("empty move"))
        verb = frame.find(words[0])
        if verb is not None:
            raise NotFromSeat(
                _("'{verb}' is typed in the shell, not from a seat").format(verb=verb.name),
                _("a move of your own, or ask the table"),
            )

    def may_undo_for(self, player: str) -> bool:
        """Whether `player`'s seat may take back their last move (`undo_for`; the seat's
        page shows the button only then)."""
        last = next((e for e in reversed(self.entries) if not e.auto), None)
        return last is not None and last.by == player and self.amendment is None

    def undo_for(self, player: str) -> list[Entry]:
        """Take back `player`'s own last move from their seat: only while it is the last move
        typed (the automatic moves after it go with it) and nothing was amended since; any
        other undo is the shell's (issue 32 item 3)."""
        if not self.may_undo_for(player):
            raise RuleError(
                _("a seat takes back only its own last move, while no one has moved since"),
                "session",
                _("ask the table to undo it in the shell"),
            )
        return self.undo(1)

    def settle(self) -> list[Event]:
        """Make every move that has no choice in it, each logged as automatic; their events."""
        events: list[Event] = []
        for _turn in range(AUTOMATIC_IN_A_ROW):
            found = automatic_move(self.game, self.state)
            if found is None:
                break
            by, text, state, made = found
            move = self.game.parse(self.state, by, split(text))
            self._append(Entry(by, text, now(), auto=True), Played(state, made, by, {}, move))
            self.awaiting.append(len(self.entries) - 1)
            self.notify(Change(APPEND, show=False))
            events += self.told[-1].events
        self.notify(Change(NOTHING))
        return events

    def _append(self, entry: Entry, played: Played) -> None:
        """Add a move to the log: its entry, the state after it and what it did in words."""
        self.told.append(self._tell(self.state, entry, played))
        self.entries.append(entry)
        self.states.append(played.state)

    def _tell(self, before: Any, entry: Entry, played: Played) -> Told:
        """What `entry`, played on `before` as `played`, did in words, in the language now."""
        events = played.events
        if entry.auto:
            said = _("automatic: {player}: {move} (no other move)")
            events = [Event(said.format(player=entry.by, move=entry.text)), *events]
        return Told(self._sentence(before, entry, played), tuple(events), i18n.language())

    def _sentence(self, before: Any, entry: Entry, played: Played) -> str:
        """The move of `entry` in its full canonical form, with its effect in a few words: the
        game's sentence (`Game.narrate`), the frame's for its own moves, forcing said."""
        try:
            how, words = self.prefixes(split(entry.text))
        except RefereeError:
            how, words = How(), split(entry.text)
        if played.move is None:
            said = _frame_sentence(self, before, played, words)
        else:
            said = self.game.narrate(before, played.move, played.state, played.by)
            said = said or telling.plainly(
                self.game, before, played.state, played.by, " ".join(words)
            )
        if how.forced:
            why = _because(split(entry.text))
            said = _("{sentence} (forced by the table: {why})").format(sentence=said, why=why)
        return said

    def tell(self, index: int) -> Told:
        """What move `index` (0-based) of the log did, in words of the language in force.
        Told in another language than `told[index]`'s, it is kept apart (`told_in`): a seat
        read in Japanese never makes the shell's English answers be told again."""
        told, lang = self.told[index], i18n.language()
        if told.lang == lang:
            return told
        entry, before, after = self.entries[index], self.states[index], self.states[index + 1]
        kept = self.told_in.setdefault(lang, {}).get(index)
        if kept is not None and kept[0] is entry and kept[1] is before and kept[2] is after:
            return kept[3]
        told = self._retold(index)
        self.told_in[lang][index] = (entry, before, after, told)
        return told

    def _retold(self, index: int) -> Told:
        """Move `index` told again in the language in force: played again on the state
        before it, as a load plays it."""
        entry, before = self.entries[index], self.states[index]
        try:
            played = self.interpret(before, entry.text, entry.decided, agreed=True)
        except RefereeError:  # cannot happen to a log that loads; keep what was told
            return self.told[index]
        return self._tell(before, entry, replace(played, state=self.states[index + 1]))

    def trial(self) -> Session:
        """A copy of the session to play on without changing this one: its lists are its own,
        it saves nothing and nobody hears of it (a seat's answer told in its player's
        language, referee/web/seats.py)."""
        return replace(self.copy(), seated=set(self.seated), store=None)

    def copy(self) -> Session:
        """A copy whose lists the next move cannot change under a reader (states themselves
        are never changed once made: a move makes a new one). What each move did (`told`) is
        copied too: an undo meanwhile would leave the reader a move without it. Nobody
        listens to the copy."""
        return replace(
            self,
            entries=list(self.entries),
            states=list(self.states),
            told=list(self.told),
            awaiting=list(self.awaiting),
            redo_stack=list(self.redo_stack),
            observers=[],
        )

    def replay(self, entry: Entry) -> str:
        """Play a move of a saved log as the table played it: a move saved as automatic, or a
        typed one that the referee now makes itself (saves from before automatic moves), is the
        next automatic move if it is that one; any other is played, then `settle`. What the
        entry records as decided is taken as decided (a save from before it recorded this has
        it decided now, and logged). Who made it."""
        entry = replace(entry, text=self.game.said_now(self.state, entry.text))
        if self.awaiting:
            made = self.entries[self.awaiting[0]]
            same = entry.by == made.by and (
                entry.text == made.text or self._confirms(self.awaiting[0], entry.text)
            )
            if same:  # made again by settle, at the time it was first made
                self.entries[self.awaiting.pop(0)] = replace(made, at=entry.at)
                return made.by
        played = self.interpret(self.state, entry.text, entry.decided, agreed=True)
        self.awaiting = []
        self._append(replace(entry, decided=played.decided), played)
        self.settle()
        return played.by

    def await_trailing(self) -> None:
        """After a load: the automatic moves at the end of the log may still be confirmed."""
        start = len(self.entries)
        while start > 0 and self.entries[start - 1].auto:
            start -= 1
        self.awaiting = list(range(start, len(self.entries)))

    def _confirmed(self, text: str, confirms: Callable[[int, str], bool]) -> Entry | None:
        """The automatic move awaiting confirmation that `text` is, by `confirms`, if any; it
        and those before it are then confirmed."""
        for i, number in enumerate(self.awaiting):
            if confirms(number, text):
                del self.awaiting[: i + 1]
                return self.entries[number]
        return None

    def _is_the_move(self, number: int, text: str) -> bool:
        """Whether `text` says automatic move `number` itself: by its player (no one else named,
        not forced), the same move as the game reads it where it was made, or the first words
        of it (`take` for `take PRR`)."""
        made, words = self.entries[number], split(text)
        try:
            how, words = self.prefixes(words) if words else (How(), [])
        except RefereeError:
            return False
        if not words:
            return False
        if how.forced or how.named not in ("", made.by) or frame.find(words[0]) is not None:
            return False
        said = split(made.text)
        if len(words) < len(said) and all(
            s.lower().startswith(w.lower()) for w, s in zip(words, said, strict=False)
        ):
            words = [*words, *said[len(words) :]]
        state = self.states[number]
        try:
            move, its = self._parse(state, made.by, words), self._parse(state, made.by, said)
        except RefereeError:
            return False
        return bool(move == its)

    def _confirms(self, number: int, text: str) -> bool:
        """Whether `text`, typed where automatic move `number` was made, is that move: made by
        the same player, to the same state."""
        try:
            played = self.interpret(self.states[number], text, self.entries[number].decided)
        except RefereeError:
            return False
        same = self.game.snapshot(played.state) == self.game.snapshot(self.states[number + 1])
        return played.by == self.entries[number].by and same

    def what_if(self, text: str) -> tuple[Any, list[Event]]:
        """What a move would do, without making it."""
        played = self.interpret(self.state, text)
        return played.state, played.events

    def undo(self, count: int = 1) -> list[Entry]:
        """Take back the last `count` changes, the last first: an amendment made last (the
        entry it made is returned), then typed moves, each with the automatic moves that
        followed it; the typed ones can be redone."""
        typed = sum(1 for e in self.entries if not e.auto)
        changes = typed + (self.amendment is not None)
        if not changes:
            raise RuleError(_("nothing to undo: the game is at its setup"), "session")
        if not 1 <= count <= changes:
            raise UsageError(
                _("cannot undo {count} moves").format(count=count),
                _("1 to {moves}, the moves so far").format(moves=changes),
            )
        undone = []
        if self.amendment is not None:
            undone.append(self._take_back(self.amendment))
            count -= 1
        for _turn in range(count):
            while True:
                undone.append(self.entries.pop())
                self.states.pop()
                self.told.pop()
                if not undone[-1].auto:
                    break
            self.redo_stack.append(undone[-1])
        # What is left is the start of a log that loads: it loads too, and needs no check.
        self.awaiting = []
        self.amendment = None
        self.notify(Change(ALL))
        return undone

    def _take_back(self, amendment: Amendment) -> Entry:
        """Restore the log as it was before `amendment`; the entry the amendment made."""
        made = self.entries[amendment.number - 1]
        self.entries, self.states = list(amendment.entries), list(amendment.states)
        self.told = list(amendment.told)
        self.redo_stack = list(amendment.redo_stack)
        self.amendment = None
        return made

    def redo(self) -> tuple[Entry, list[Event]]:
        if not self.redo_stack:
            raise RuleError(
                _("nothing to redo"), "session", _("redo works until a new move is made")
            )
        entry = self.redo_stack[-1]
        trial = self._trial(len(self.entries))
        played = trial.interpret(trial.state, entry.text, entry.decided, agreed=True)
        # who makes it now, not what the file said; what was decided for it, as it was
        entry = replace(entry, by=played.by, decided=played.decided)
        trial._append(entry, played)
        events = [*played.events, *trial.settle()]
        self._check_loads(trial, len(self.entries))
        self.redo_stack.pop()
        self._take_log(trial)
        return entry, events

    def amend(self, number: int, text: str) -> list[Event]:
        """Replace move `number` (1-based) and play the later moves again as the table typed
        them, each by the player it was recorded for (the automatic ones are made again
        where they now fall), with what was decided for them (the routes the table ran);
        refuse, changing nothing, if a later one breaks."""
        if not 1 <= number <= len(self.entries):
            raise UsageError(
                _("there is no move {number}").format(number=number),
                _("{low} to {high}").format(low=1, high=len(self.entries)),
            )
        old = self.entries[number - 1]
        if _verb(text) == "amend":
            raise UsageError(_("an amendment cannot itself be an amend"))
        if old.auto:
            raise RuleError(
                _(
                    "move {number} ({player}: {move}) was made by the referee: there was no other"
                ).format(number=number, player=old.by, move=old.text),
                "session",
                _("amend the move that led to it"),
            )
        trial = self._trial(number - 1)
        played = trial.interpret(trial.state, text)
        _savable(text)
        was = old.was or old.text
        trial._append(Entry(played.by, text.strip(), old.at, was, decided=played.decided), played)
        events = [*played.events, *trial.settle()]
        for later_number, later in enumerate(self.entries[number:], start=number + 1):
            if not later.auto:  # the referee's own moves are made again by `replay`
                trial._replay_later(later_number, later)
        self._check_loads(trial, number - 1)
        amendment = Amendment(number, self.entries, self.states, self.redo_stack, self.told)
        self.redo_stack = []
        self._take_log(trial)
        self.amendment = amendment
        amended = Event(
            _("move {number} is now '{move}' (was '{was}')").format(
                number=number, move=text.strip(), was=old.text
            )
        )
        return [amended, *events]

    def _replay_later(self, number: int, entry: Entry) -> None:
        """Play move `number` of a log being amended again: refused if it no longer holds or
        would now be another player's."""
        try:
            by = self.replay(entry)
        except RefereeError as e:
            raise RuleError(
                _("move {number} ({player}: {move}) no longer holds: {error}").format(
                    number=number, player=entry.by, move=entry.text, error=e
                ),
                "session",
                _("amend that move too, or undo back to it first"),
            ) from e
        if by != entry.by:
            raise RuleError(
                _("move {number} ({player}: {move}) would now be {actor}'s").format(
                    number=number, player=entry.by, move=entry.text, actor=by
                ),
                "session",
                _("amend that move too, or undo back to it first"),
            )

    def _trial(self, count: int) -> Session:
        """The session at its first `count` moves, with no file: where a change is tried
        before it is made. `count` is a move the table typed (or the end of the log)."""
        return replace(
            self,
            entries=self.entries[:count],
            states=self.states[: count + 1],
            told=self.told[:count],
            redo_stack=[],
            store=None,
            save_error="",
            awaiting=[],
            amendment=None,
            observers=[],
        )

    def _check_loads(self, trial: Session, start: int) -> None:
        """That `trial`'s log, once written, loads back to `trial`'s game: its moves from
        `start` (a typed one) replayed as a load replays them, each by the player recorded.
        Only the moves a change made are replayed; those before them loaded already."""
        again = trial._trial(start)
        for number, entry in enumerate(trial.entries[start:], start=start + 1):
            try:
                by = again.replay(entry)
            except RefereeError as e:
                raise _unloadable(number, entry, str(e)) from e
            if by != entry.by:
                raise _unloadable(number, entry, _("it would be {actor}'s").format(actor=by))
        written, loaded = _written(trial.entries), _written(again.entries)
        if written != loaded or self.game.snapshot(again.state) != self.game.snapshot(trial.state):
            pairs = zip(written, loaded, strict=False)
            index = next((i for i, (w, got) in enumerate(pairs) if w != got), len(written) - 1)
            raise _unloadable(index + 1, trial.entries[index], _("the game differs"))

    def _take_log(self, trial: Session) -> None:
        """Make `trial`'s log this session's (checked by `_check_loads`), and save it."""
        self.entries, self.states, self.awaiting = trial.entries, trial.states, trial.awaiting
        self.told = trial.told
        self.amendment = None
        self.notify(Change(ALL))

    def interpret(
        self,
        state: Any,
        text: str,
        recorded: Mapping[str, Any] | None = None,
        agreed: bool = False,
    ) -> Played:
        """The move `text` played on `state`; `recorded`: what its log entry says was decided
        for it (`Game.decide`), taken as decided instead of worked out again; `agreed`: the
        table said yes to the steps it skips (the log's moves, or a question the shell asked)."""
        words = split(text)
        if not words:
            raise UsageError(_("empty move"))
        turn = self.game.options(state).actor
        how, words = self.prefixes(words)
        verb = frame.find(words[0])
        if verb is not None:
            if verb.kind != "move":
                raise UsageError(_("'{verb}' cannot be used here").format(verb=verb.name))
            if how.forced:
                raise UsageError(
                    _("'{verb}' is not forced").format(verb=verb.name),
                    _("{usage} (without force)").format(usage=verb.usage),
                )
            new_state, events = verb.handler(self, state, words[1:])
            return Played(new_state, events, how.named or turn or self.players[0], {})
        if turn is None:
            raise RuleError(
                _("the game is over; no more moves"), "end of game", _("undo to go back")
            )
        move, decided = self.game.decide(
            state, self._parse(state, how.named or turn, words), recorded
        )
        new_state, events = self._game_move(state, move, words, how, turn, agreed)
        return Played(new_state, events, how.named or turn, decided, move)

    def prefixes(self, words: list[str]) -> tuple[How, list[str]]:
        """Read `as NAME` and `force ... --because "why"`, in either order, off a move."""
        how = How()
        while (verb := frame.find(words[0])) is not None and verb.kind == "prefix":
            words = verb.handler(self, how, words[1:])
        return how, words

    def _game_move(
        self,
        state: Any,
        move: Any,
        words: list[str],
        how: How,
        turn: str,
        agreed: bool = False,
    ) -> tuple[Any, list[Event]]:
        actor = how.named or turn
        if actor != turn and self.as_moves == PLACE:
            return self._at_place(state, move, words, how, turn)
        notes: list[Event] = []
        try:
            if agreed:
                new_state, events = self.game.apply_confirmed(state, move)
            else:
                new_state, events = self.game.apply(state, move)
        except RuleError as refusal:
            if not refusal.computable or not (how.forced or actor != turn):
                raise
            new_state, events, broken = self._overriding(state, move, refusal, how.forced)
            # Out of turn only where the game's own turn check was skipped (a move anyone may
            # make, such as a reveal, is no one's turn to take).
            if any(isinstance(ev, OutOfTurn) for ev in broken):
                notes.append(
                    Event(
                        _("out of turn: {player} moved on {turn}'s turn").format(
                            player=actor, turn=turn
                        )
                    )
                )
            broken = [ev for ev in broken if not isinstance(ev, OutOfTurn)]
            if how.forced:
                notes = [Event(_("forced by the table, against the referee")), *notes, *broken]
        else:
            if how.forced:
                notes.insert(0, Event(_("forced by the table, but the move was legal anyway")))
        return new_state, [*notes, *events]

    def _at_place(
        self, state: Any, move: Any, words: list[str], how: How, turn: str
    ) -> tuple[Any, list[Event]]:
        """`as NAME` on `turn`'s turn. A move anyone may make is played as it stands; any
        other is judged at NAME's own place in the turn order (`Game.seat`), and the turn
        stays with `turn`. NAME with no place still to come in this turn would be moving twice:
        refused, unless forced."""
        player = how.named
        try:
            new_state, events = self.game.apply(state, move)
        except RuleError as error:
            if not error.computable:
                raise
            refusal = error
        else:
            forced = [Event(_("forced by the table, but the move was legal anyway"))]
            return new_state, [*(forced if how.forced else []), *events]
        try:
            seated, again = self.game.seat(state, player), []
        except RuleError as e:  # the game judges no move before its turn
            why = RuleError(_("it is {turn}'s turn; {why}").format(turn=turn, why=e.reason), e.rule)
            return self._without_place(state, move, refusal, how, why)
        if seated is None and how.forced:  # a second move in the turn, as the table says
            seated = self.game.seat(state, player, again=True)
            again = [Overridden(_no_place(turn, player), refusal.rule)]
        if seated is None:
            return self._without_place(
                state, move, refusal, how, RuleError(_no_place(turn, player), refusal.rule)
            )
        # Read again where NAME sits; a game whose moves depend on a search (18xx) has no seat.
        move, _decided = self.game.decide(seated, self._parse(seated, player, words))
        new_state, forced, broken, events = self._judged(seated, move, how.forced)
        if again:
            forced, broken = [Event(_("forced by the table, against the referee"))], again + broken
        new_state, done = self.game.unseat(new_state, player)
        held, *still = self._place_notes(new_state, player, turn, done)
        still = [note for note in still if note.text not in {ev.text for ev in events}]
        return new_state, [*forced, held, *broken, *events, *still]

    def _judged(
        self, state: Any, move: Any, forced: bool
    ) -> tuple[Any, list[Event], list[Event], list[Event]]:
        """A move judged on `state` by the rules, or past them when forced: the new state,
        what forcing it says, the rules it overrode and its events."""
        try:
            new_state, events = self.game.apply(state, move)
        except RuleError as refusal:
            if not forced or not refusal.computable:
                raise
            new_state, events, skipped = self._overriding(state, move, refusal, forced)
            said = [Event(_("forced by the table, against the referee"))]
            broken: list[Event] = [ev for ev in skipped if not isinstance(ev, OutOfTurn)]
            return new_state, said, broken, events
        legal = [Event(_("forced by the table, but the move was legal anyway"))]
        return new_state, legal if forced else [], [], events

    def _place_notes(self, state: Any, player: str, turn: str, done: bool) -> list[Event]:
        """What an `as NAME` move at NAME's place leaves to do: who acts now, and NAME's turn
        used up (skipped when it comes), going on now (then back to `turn`) or held for their
        next `as NAME`."""
        actor = self.game.options(state).actor
        if done:
            said = _("out of turn: {player} has moved at their own place in the turn order")
        elif actor == player:
            said = _("out of turn: {player} goes on at their own place in the turn order")
        else:
            said = _(
                "out of turn: {player}'s turn is held at their own place; go on with"
                " 'as {player} ...'"
            )
        notes = [Event(said.format(player=player))]
        if actor == player:
            said = _("{turn} still to move, once {player} is done")
            notes.append(Event(said.format(turn=turn, player=player)))
        elif actor is not None:
            notes.append(Event(_("{player} still to move").format(player=actor)))
        return notes

    def _without_place(
        self, state: Any, move: Any, refusal: RuleError, how: How, why: RuleError
    ) -> tuple[Any, list[Event]]:
        """`as NAME` where the game has no place for NAME's move before the current player's
        turn is over (`why`). Forced, the move is played where the game stands, on the current
        turn; otherwise refused: by `why` if the turn is a check it breaks, by the fact it
        breaks if one, or by the rule (`refusal`)."""
        turn = self.game.options(state).actor
        if how.forced:
            new_state, events, broken = self._overriding(state, move, refusal, True)
            out = _("out of turn: {player} moved on {turn}'s turn").format(
                player=how.named, turn=turn
            )
            notes = [Event(_("forced by the table, against the referee")), Event(out)]
            notes += [ev for ev in broken if not isinstance(ev, OutOfTurn)]
            return new_state, [*notes, *events]
        try:
            _state, events = self.game.apply(state, move, forced=True)
        except RuleError as e:  # a fact the move breaks, whoever's turn: that is what to say
            raise (refusal if e.computable else e) from None
        if not any(isinstance(ev, OutOfTurn) for ev in events):
            raise refusal
        legal = _("{turn} acts now; force it if the table agrees").format(turn=turn)
        raise RuleError(why.reason, why.rule or refusal.rule, legal)

    def _overriding(
        self, state: Any, move: Any, refusal: RuleError, forced: bool
    ) -> tuple[Any, list[Event], list[Overridden]]:
        """Apply a refused move anyway: forced, or by `as` when the only check it broke is whose
        turn it is. The new state, its events and the checks it skipped (the turn among them
        as OutOfTurn)."""
        try:
            new_state, events = self.game.apply(state, move, forced=True)
        except RuleError as e:
            if e.computable:
                raise refusal from None
            if not forced:  # out of turn or not, the move cannot be made: say why
                raise e from None
            raise RuleError(
                _("even forced, the move cannot be carried out: {reason}").format(reason=e.reason),
                e.rule,
                e.legal,
                computable=False,
            ) from None
        skipped = [ev for ev in events if isinstance(ev, Overridden)]
        broken = [ev for ev in skipped if not isinstance(ev, OutOfTurn)]
        if not skipped:  # the game names no check it skipped; the refusal names one
            if not forced:
                raise refusal
            skipped = broken = [Overridden(refusal.reason, refusal.rule)]
        if broken and not forced:
            raise RuleError(broken[0].text, broken[0].rule, _("force it if the table agrees"))
        return new_state, [ev for ev in events if not isinstance(ev, Overridden)], skipped

    def _parse(self, state: Any, actor: str, words: list[str]) -> Any:
        """The game's move for `words`; a prefix that is ambiguous among all the names of the
        game but names one thing legal now (`bu bl` when only `buy blue` is) means that."""
        try:
            return self.game.parse(state, actor, words)
        except UsageError:
            legal = legal_first(words, self.game.options(state))
            if legal == words:
                raise
            try:
                return self.game.parse(state, actor, legal)
            except RefereeError:
                pass
            raise

    def marks(self) -> list[str]:
        """For each move of the log, how it was made beyond the rules' order (`mark`)."""
        return [self.mark(index) for index in range(len(self.entries))]

    def mark(self, index: int) -> str:
        """How move `index` (0-based) was made beyond the rules' order: "automatic", or "out of
        turn" for `as NAME` past the game's turn check (forced moves say `force` in their
        text)."""
        before, entry = self.states[index], self.entries[index]
        try:
            how, words = self.prefixes(split(entry.text))
        except RefereeError:
            how, words = How(), []
        if how.named and words and frame.find(words[0]) is None:
            turn = self.game.options(before).actor
            if turn and turn != how.named and self._skips_the_turn(before, how, words, entry):
                return _("out of turn: {turn}'s turn").format(turn=turn)
        return _("automatic: no other move") if entry.auto else ""

    def _skips_the_turn(self, state: Any, how: How, words: list[str], entry: Entry) -> bool:
        """Whether the move, made by `how.named`, passes the game's turn check only by `as`:
        made at NAME's own place, or past the turn check."""
        try:
            move, _decided = self.game.decide(
                state, self._parse(state, how.named, words), entry.decided
            )
        except RefereeError:
            return False
        try:
            self.game.apply(state, move)
            return False
        except RefereeError:
            pass
        if self.as_moves == PLACE and self._has_place(state, how.named):
            return True
        try:
            _state, events = self.game.apply(state, move, forced=True)
        except RefereeError:
            return False
        return any(isinstance(ev, OutOfTurn) for ev in events)

    def _has_place(self, state: Any, player: str) -> bool:
        """Whether the game has a place still to come for `player`'s move (`Game.seat`)."""
        try:
            return self.game.seat(state, player) is not None
        except RuleError:
            return False

    # --- saving ------------------------------------------------------------------------------
    def notify(self, change: Change) -> None:
        """Tell the observers of `change`: the autosave first, then the page."""
        for observer in list(self.observers):
            observer(change)

    def autosave(self, appended: bool = False) -> None:
        """Save now (`Autosave` after a change; the shell's `save` and `quit`). A failure
        never loses the move: it is remembered in `save_error` for the shell to report, and
        the next successful save clears it."""
        if self.store is None:
            return
        try:
            self.store.save(self, appended)
        except RefereeError as e:
            self.save_error = str(e)
        else:
            self.save_error = ""


class NotFromSeat(UsageError):
    """What only the shell may do (undo, force, as, amend, readings, setup, its commands),
    sent from a seat (issue 32 item 3)."""


@dataclass(frozen=True, eq=False)
class Autosave:
    """The observer that keeps a session's store up to date: every change is saved as it is
    made, before the answer is given (a session without a store saves nothing)."""

    session: Session = field(repr=False)

    def __call__(self, change: Change) -> None:
        if change.save != NOTHING:
            self.session.autosave(appended=change.save == APPEND)


def _no_place(turn: str, player: str) -> str:
    """Why `as NAME` would be a second move in the turn."""
    return _("it is {turn}'s turn, and {player} has no place still to come in it").format(
        turn=turn, player=player
    )


def check_players(game: Game[Any, Any], players: Sequence[str]) -> list[str]:
    names = [p.strip() for p in players]
    if "" in names and len(names) > 1:
        raise UsageError(
            _("player {number} of {count} has no name").format(
                number=names.index("") + 1, count=len(names)
            ),
            _("A,B,C: a name each"),
        )
    if not game.min_players <= len(names) <= game.max_players:
        raise UsageError(
            _("{title} takes {low} to {high} players, not {count}").format(
                title=game.shown_title,
                low=game.min_players,
                high=game.max_players,
                count=len(names),
            )
        )
    if len({n.lower() for n in names}) != len(names):
        raise UsageError(
            _("two players have the same name"), _("give each player a different name")
        )
    for n in names:
        if not n.replace("-", "").replace("_", "").isalnum() or len(n) > 20:
            raise UsageError(
                _("player name '{name}' is not allowed").format(name=n),
                _("letters, digits, - and _, up to 20"),
            )
    return names


# --- the frame's own moves (see referee/frame.py) ------------------------------------------
# Declared here, put in force by `frame.register` when a program starts.
FRAME_VERBS = frame.Table()


@FRAME_VERBS.verb(
    "as",
    "as NAME VERB ...",
    N_("a move by NAME: on another player's turn, made at NAME's own place in the turn order"),
    kind="prefix",
    complete=frame.a_player,
    move_after=1,
    forms=(Form("as B pass"),),
    rule=N_(
        "NAME's move is judged at NAME's own place in the turn order; it does not use up the"
        " current turn, and nobody moves twice in a turn without force"
    ),
)
def _as(session: Session, how: How, words: list[str]) -> list[str]:
    if how.named:
        raise UsageError(_("'as' is given twice"), "as NAME VERB ...")
    if len(words) < 2:
        raise UsageError(_("as needs a player and a move"), "as NAME VERB ...")
    how.named = match(words[0], session.players, N_("player"))
    return words[1:]


@FRAME_VERBS.verb(
    "force",
    'force VERB ... --because "why"',
    N_("apply a move the referee rejects; says which rule it overrode; logged"),
    kind="prefix",
    move_after=0,
    forms=(Form('force run 40 --because "the track is not entered"'),),
    rule=N_(
        "the table has the last word: the move is played though a rule refuses it,"
        " and the log names the rule overridden and why"
    ),
)
def _force(session: Session, how: How, words: list[str]) -> list[str]:
    if how.forced:
        raise UsageError(_("'force' is given twice"), 'force VERB ... --because "why"')
    words, _reason = _take_because(words, "force")  # the reason stays in the log text
    if not words:
        raise UsageError(_("force needs a move"), 'force VERB ... --because "why"')
    how.forced = True
    return words


def _adjustable_words(session: Session, words: list[str]) -> list[str]:
    keys = session.game.adjustables(session.state)
    if not words:
        return sorted({key.split()[0] for key in keys})
    if len(words) == 1:
        return sorted(k.split(None, 1)[1] for k in keys if k.split()[0] == words[0] and " " in k)
    return []


@FRAME_VERBS.verb(
    "adjust",
    'adjust WHAT N --because "why"',
    N_("correct a number by hand (N, +N or -N)"),
    kind="move",
    complete=_adjustable_words,
    forms=(
        Form('adjust cash A 35 --because "miscounted"', N_("to a number")),
        Form('adjust cash A +5 --because "change"', N_("by a change, + or -")),
    ),
    rule=N_("a number set by hand is a move of the log, with its reason"),
)
def _adjust(session: Session, state: Any, words: list[str]) -> tuple[Any, list[Event]]:
    words, _reason = _take_because(words, "adjust")
    values = session.game.adjustables(state)
    if len(words) < 2:
        raise UsageError(
            _("adjust needs what and a number"),
            _('adjust cash A 35 --because "why" (+N or -N for a change)'),
        )
    first = session.game.adjust_aliases.get(words[0].lower(), words[0])
    key = match(" ".join([first, *words[1:-1]]), values, N_("number"))
    raw = words[-1]
    try:
        number = int(raw)
    except ValueError:
        raise UsageError(
            _("'{word}' is not a whole number").format(word=raw), "N, +N or -N"
        ) from None
    value = values[key] + number if raw[0] in "+-" else number
    return session.game.adjust(state, key, value)


@FRAME_VERBS.verb(
    "count",
    "count NAME AMOUNT",
    N_("compare a player's counted money with the ledger"),
    kind="move",
    complete=frame.a_player,
    forms=(Form("count A 120"),),
    rule=N_("the ledger is not changed: the answer says by how much it differs"),
)
def _count(session: Session, state: Any, words: list[str]) -> tuple[Any, list[Event]]:
    if len(words) != 2:
        raise UsageError(_("count needs a player and an amount"), "count NAME AMOUNT")
    player = match(words[0], session.players, N_("player"))
    counted = amount(words[1], N_("the counted amount"))
    ledger = session.game.cash(state, player)
    if ledger is None:
        raise UsageError(_("{title} keeps no money to count").format(title=session.title))
    diff = counted - ledger
    if diff == 0:
        verdict = _("matches the ledger")
    elif diff > 0:
        verdict = _("{amount} more than the ledger").format(amount=diff)
    else:
        verdict = _("{amount} less than the ledger").format(amount=-diff)
    said = _("{player} counted {counted}; the ledger says {ledger}: {verdict}")
    return state, [
        Event(said.format(player=player, counted=counted, ledger=ledger, verdict=verdict))
    ]


def split(text: str) -> list[str]:
    if not any(c in text for c in "\"'\\"):  # nothing quoted: shlex's words, much faster
        return [word for word in re.split(r"[ \t\r\n]+", text) if word]
    try:
        return shlex.split(text)
    except ValueError as e:
        raise UsageError(
            _("cannot read the line: {error}").format(error=e), _('quote with "..."')
        ) from None


def _savable(text: str) -> None:
    """Refuse a move too long for a save to read back: it would be saved, never loaded."""
    if len(text.strip()) > LONGEST_MOVE:
        raise UsageError(
            _("a move of {length} characters is too long to save").format(length=len(text.strip())),
            _("at most {longest}").format(longest=LONGEST_MOVE),
        )


def _written(entries: Sequence[Entry]) -> list[tuple[str, str, bool]]:
    """What a load checks of a log: who made each move, as what, and whether automatically."""
    return [(e.by, e.text, e.auto) for e in entries]


def _unloadable(number: int, entry: Entry, why: str) -> RuleError:
    """The refusal of a change whose save would not load back to the game."""
    return RuleError(
        _(
            "the save would not load back to this game at move {number}"
            " ({player}: {move}): {why}; nothing changed"
        ).format(number=number, player=entry.by, move=entry.text, why=why),
        "session",
    )


def _frame_sentence(session: Session, before: Any, played: Played, words: list[str]) -> str:
    """The sentence of a move of the frame's own (`adjust`, `count`): the numbers corrected,
    or what the count found."""
    verb = frame.find(words[0])
    if verb is not None and verb.name == "adjust":
        old = session.game.adjustables(before)
        new = session.game.adjustables(played.state)
        changed = [
            _("{what} {old} → {new}").format(what=key, old=old[key], new=new[key])
            for key in old
            if key in new and old[key] != new[key]
        ]
        said = _("corrected by hand: {changes}, because {why}")
        return said.format(changes="; ".join(changed) or _("nothing"), why=_because(words))
    if played.events:  # count: its one line says who counted what, against the ledger
        return played.events[0].text
    return " ".join(words)


def _because(words: list[str]) -> str:
    """The reason a line's words give after `--because`, or "" if none."""
    return " ".join(words[words.index("--because") + 1 :]) if "--because" in words else ""


def _verb(text: str) -> str:
    words = split(text)
    return words[0].lower() if words else ""


def _take_because(words: list[str], verb: str) -> tuple[list[str], str]:
    if "--because" not in words:
        raise UsageError(
            _("{verb} needs a reason").format(verb=verb), f'{verb} ... --because "why"'
        )
    i = words.index("--because")
    reason = " ".join(words[i + 1 :]).strip()
    if not reason:
        raise UsageError(
            _("{verb} needs a reason").format(verb=verb), f'{verb} ... --because "why"'
        )
    return words[:i], reason
