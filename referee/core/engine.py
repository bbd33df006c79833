"""The contract every game implements, and the errors and events that cross it.

A move travels one way: typed words -> `Game.parse` -> a move (plain data) ->
`Game.decide` (what the move needs beyond the rules, such as a route search) ->
`Game.apply` -> new state + events. Rules never print, read files, read the clock or
touch the terminal; the session and the shell never decide a rule.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from referee.core.bar import one_line
from referee.core.errors import Confirm as Confirm
from referee.core.errors import Incomplete as Incomplete
from referee.core.errors import RefereeError as RefereeError
from referee.core.errors import RuleError as RuleError
from referee.core.errors import UsageError as UsageError
from referee.core.words import match
from referee.i18n import N_, NP_, _, pgettext


@dataclass(frozen=True)
class Event:
    """One thing that changed, in words for the table (`cash A 30 -> 23`)."""

    text: str


@dataclass(frozen=True)
class Overridden(Event):
    """A check that a forced move skipped: the table overrode this rule (`force ...`).

    A game's `apply(..., forced=True)` emits one for every rule it let the move break, so the
    session can say which rules the table overrode, and that none were when the move was legal.
    """

    rule: str = ""


@dataclass(frozen=True)
class OutOfTurn(Overridden):
    """The one skipped check that `as NAME` may skip without `force`: whose turn it is.

    A game emits it (instead of a plain Overridden) when a forced move was made by a player
    whose turn it is not; a move whose only overridden check is this one is played out of turn.
    """


@dataclass(frozen=True)
class Reading:
    """A place where the rules text allows two readings; the table chooses one at setup.

    The first choice is the default: what the referee did before the table could choose,
    unless `before` names another: then a save written before the reading existed plays with
    `before`, and saves since name the reading even at its default (savefile).
    """

    game: str  # "lost-atlas"
    key: str  # "train-limit"
    rules: str  # the lines of the rules file it is about: "L1104, L1143"
    question: str  # what is open, in one sentence
    choices: tuple[tuple[str, str], ...]  # (name, what it means in one sentence), default first
    before: str = ""  # what saves from before the reading play with, when not the default

    @property
    def default(self) -> str:
        return self.choices[0][0]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _meaning in self.choices)


@dataclass(frozen=True)
class Readings:
    """The readings a table chose that differ from the defaults; the state carries them, and
    the rules ask it where they decide (`state.readings.of(TRAIN_LIMIT)`)."""

    chosen: tuple[tuple[str, str], ...] = ()  # (key, choice), sorted, never a default

    def of(self, reading: Reading) -> str:
        return dict(self.chosen).get(reading.key, reading.default)

    def note(self, reading: Reading) -> str:
        """How a refusal or an amount names the reading that decided it."""
        return _("reading {game}.{key}={choice}").format(
            game=reading.game, key=reading.key, choice=self.of(reading)
        )

    def noted(self, text: str, reading: Reading) -> Event:
        """An event whose amount the reading decided, saying so."""
        return Event(f"{text} [{self.note(reading)}]")

    def as_dict(self) -> dict[str, str]:
        return dict(self.chosen)


DEFAULT_READINGS = Readings()  # a table that chose nothing: every reading is the default


def find_reading(declared: Sequence[Reading], key: str) -> Reading:
    """The reading `key` names (any case, a unique prefix, with or without `GAME.`);
    UsageError naming the keys allowed."""
    if not declared:
        raise UsageError(
            _("'{key}' is not a reading of this game").format(key=key), _("this game has none")
        )
    by_key = {r.key: r for r in declared}
    try:
        return by_key[match(key.removeprefix(f"{declared[0].game}."), by_key, N_("reading"))]
    except UsageError:
        raise UsageError(_("no reading '{key}'").format(key=key), ", ".join(by_key)) from None


def choose_readings(declared: Sequence[Reading], chosen: Mapping[str, str]) -> Readings:
    """The table's choices checked against a game's readings (any case, unique prefixes);
    UsageError naming the keys or the choices allowed."""
    picked: dict[str, str] = {}
    for key, choice in chosen.items():
        reading = find_reading(declared, key)
        try:
            picked[reading.key] = match(choice, reading.names, N_("choice"))
        except UsageError:
            raise UsageError(
                _("'{choice}' is not a choice of reading {key}").format(
                    choice=choice, key=reading.key
                ),
                ", ".join(reading.names),
            ) from None
    defaults = {r.key: r.default for r in declared}
    return Readings(tuple(sorted((k, v) for k, v in picked.items() if v != defaults[k])))


@dataclass(frozen=True)
class Form:
    """One way a verb is typed, shown by `help VERB` with a whole line that uses it; the line
    is played in the tests at a position where the verb is legal, so it cannot go stale."""

    example: str  # a whole line as typed: "bid 125"
    text: str = ""  # what this form does (N_); empty where the verb's summary says it
    rule: str = ""  # the section this form follows, where it is not the verb's


@dataclass(frozen=True)
class Verb:
    """A verb of a game's command language, for help and completion."""

    name: str
    usage: str  # e.g. "bid AMOUNT"
    summary: str  # one line
    forms: tuple[Form, ...] = ()  # every form the verb takes, each with an example
    rule: str = ""  # the section of the rules file it follows, as cited (referee/citations)


@dataclass(frozen=True)
class Options:
    """Who acts now and what they may type; feeds the prompt, completion and help."""

    actor: str | None  # None when nobody acts (game over)
    verbs: tuple[str, ...]  # verbs legal now, most useful first
    # For each verb, the candidates for each argument position (few and meaningful only).
    args: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)
    phase: str = ""  # e.g. "auction of blue", "round 3"
    # Set when the one move legal is still the table's to make, for a forced move could give
    # another (a train over the limit): why, naming the reading that decided it, if one did.
    forceable: str = ""
    # For each verb (keyed as in `args`), the argument positions that take a whole number
    # typed freely (a bid, a revenue, a price): the seat page offers a number pad there, and
    # whatever `args` lists at that position (a minimum bid) as buttons beside it.
    amounts: dict[str, tuple[int, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Standing:
    player: str
    score: int  # the number the rules rank by (cash + shares, points, capital, ...)
    details: dict[str, Any] = field(default_factory=dict)  # columns for the final table
    place: int = 0  # 1 = winner; ties share a place


@dataclass(frozen=True)
class StockMove:
    """What a game's stock track does to a share price when a company pays out or withholds.

    A game with such a track provides `stock_move(price, revenue, withhold) -> StockMove`,
    named in its spec (`GameSpec.stock_move`), for `referee dividend --game`.
    """

    old: int
    new: int
    steps: int  # +right / -left, as moved on the track (clamped at its ends)
    why: str


@dataclass(frozen=True)
class BoardField:
    """One piece of board data the players are asked for: printed on their board, not published,
    so never invented by the referee."""

    key: str
    prompt: str  # the question, in words a player can answer from the board
    example: str  # an example answer
    # Checks one answer as it is typed, given the earlier ones (UsageError if it cannot be
    # right), so that the walk-through asks again at once; check_board still judges the whole.
    check: Callable[[str, Mapping[str, str]], object] | None = None


S = TypeVar("S")  # a game's state (sealed: referee/core/sealed.py)
M = TypeVar("M")  # a game's move: what `parse` makes of typed words and `apply` plays


class Game(ABC, Generic[S, M]):
    """A game's rules. Stateless: every method is a pure function of its arguments.

    A game names its state and move types (`class CongoLine(Game[State, Move])`), so that
    strict mypy checks each method against this contract; the session, which plays any game,
    holds a `Game[Any, Any]`."""

    name: ClassVar[str]  # "union-station"
    title: ClassVar[str]  # "Union Station"
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    variants: ClassVar[dict[str, str]] = {"standard": "the rules as written"}
    # marked for `variant_words`: the name every game without variants has
    STANDARD: ClassVar[str] = NP_("variant", "standard")
    default_variant: ClassVar[str] = "standard"
    # Verbs whose argument candidates in `options` are every legal value, not suggestions:
    # when such a verb is the only one legal and each argument has one candidate, the referee
    # makes the move itself. A verb without arguments needs no mark; `manual_verbs` are never
    # made automatically (a choice the table makes that the options cannot show).
    automatic_verbs: ClassVar[frozenset[str]] = frozenset()
    # Other words the table may use for the first word of an adjustable ({"cash": "money"}),
    # so that older logs and other habits still read.
    adjust_aliases: ClassVar[dict[str, str]] = {}
    manual_verbs: ClassVar[frozenset[str]] = frozenset()

    @property
    def shown_title(self) -> str:
        """The title as the table reads it: a proper name as it is printed, a title with words
        in it (18xx's, marked N_) in the language in force."""
        return str(_(self.title))

    def title_of(self, state: S) -> str:
        """The title of this game as set up (18xx: the title it banks)."""
        return self.shown_title

    def variant_words(self, variant: str) -> str:
        """A variant's name in the words of the game's rules, in the language in force (the
        name itself where it has no other): a game marks its names NP_("variant", name)."""
        return pgettext("variant", variant)

    def shown_variant(self, variant: str) -> str:
        """A variant as the table reads it: its words, then the name a player types where
        they differ (`マイクロゲーム (micro)`); in English the name alone."""
        words = self.variant_words(variant)
        return variant if words == variant else f"{words} ({variant})"

    # --- board data -----------------------------------------------------------------
    def board_fields(self) -> Sequence[BoardField]:
        """What the players must enter from their board; empty when the game needs none."""
        return ()

    def check_board(self, board: dict[str, Any]) -> dict[str, Any]:
        """Validate entered board data; return it normalised or raise UsageError."""
        return board

    def board_named(self, name: str) -> dict[str, Any]:
        """The board data a game ships under a name (`referee new GAME --title NAME`); a game
        with no named boards refuses."""
        raise UsageError(
            _("{game} has no titles to name: --title is for 18xx").format(game=self.name),
            _("referee new 18xx --title 1830"),
        )

    # --- where the rules are open -----------------------------------------------------
    def readings(self) -> tuple[Reading, ...]:
        """The places where the rules text allows two readings, for the table to choose."""
        return ()

    # --- the game -------------------------------------------------------------------
    @abstractmethod
    def setup(
        self,
        players: Sequence[str],
        variant: str,
        board: dict[str, Any],
        readings: Readings = DEFAULT_READINGS,
    ) -> S:
        """The state before the first move, under the readings the table chose."""

    @abstractmethod
    def verbs(self) -> Sequence[Verb]:
        """Every verb of this game's command language."""

    @abstractmethod
    def parse(self, state: S, actor: str, words: Sequence[str]) -> M:
        """Turn typed words into a move made by `actor`; UsageError if they are not one."""

    def decide(
        self, state: S, move: M, recorded: Mapping[str, Any] | None = None
    ) -> tuple[M, dict[str, Any]]:
        """Work out, before `apply`, what a move's effect depends on beyond the rules: a
        computation that watches the clock (the route search of `run best`), whose answer
        could differ from one machine to another. The move returned carries it, and the dict
        is what the log records of it (plain TOML values; empty when there is nothing).

        `recorded` is what a save recorded for this move: then it is taken as decided and
        nothing is computed, so a save replays the same on any machine. Without it (a new
        move, or a save from before a move recorded this) it is computed now."""
        return move, {}

    @abstractmethod
    def apply(self, state: S, move: M, *, forced: bool = False) -> tuple[S, list[Event]]:
        """Pure: never reads the clock or a file (what depends on them, `decide` has put in the
        move). The new state and what changed, or RuleError.

        With `forced`, checks of the rules are skipped where the effect of the move can still
        be computed (the table has the last word); a move that cannot be computed still
        raises RuleError with computable=False.
        """

    def apply_confirmed(self, state: S, move: M) -> tuple[S, list[Event]]:
        """`apply`, with the table's yes to the steps the move skips (a `Confirm` refusal is
        not raised; the events say what was skipped). Most games never ask."""
        return self.apply(state, move)

    @abstractmethod
    def options(self, state: S) -> Options:
        """Who acts now and what they may do."""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def standings(self, state: S) -> list[Standing]:
        """Current standings, best first, with places (final when the game is over)."""

    @abstractmethod
    def status(self, state: S) -> str:
        """Everything the table needs at a glance, as text for the terminal."""

    @abstractmethod
    def toolbar_parts(self, state: S) -> list[str]:
        """The essentials the table looks at most (cash, prices, scores, what is on offer), a
        few words each, the most important first: the shell fits them to the terminal."""

    def toolbar(self, state: S) -> str:
        """The bar on one line (a pipe, a test): the parts in order."""
        return one_line(self.toolbar_parts(state))

    @abstractmethod
    def snapshot(self, state: S) -> dict[str, Any]:
        """The full state as plain data (str, int, bool, list, dict; no None) for saves/JSON."""

    def said_now(self, state: S, text: str) -> str:
        """A move of a saved log as this version says it: where the grammar no longer takes a
        form an older version took, the form it takes now; `text` itself otherwise. For
        replaying saves only: new play gets the refusal, which says the new form."""
        return text

    # --- the record: what a move did, in words ----------------------------------------
    def narrate(self, before: S, move: M, after: S, by: str) -> str:
        """`move` (made by `by` on `before`, giving `after`) as one sentence for the log, the
        diary and the page: its full canonical form with its effect in a few words ("Ann buys
        a green share (+2) for $8"), in the language in force. Pure, like `apply`. "" when the
        game has no sentence for it: the frame then shows the move as typed, with the money it
        moved (`referee.core.telling.plainly`)."""
        return ""

    def round_name(self, state: S) -> str:
        """The round (or phase) of the game that `state` is in, in words ("Stock round 2"),
        for the diary's headings: a new heading wherever it changes. "" where the game has no
        rounds to speak of (the log then has no headings)."""
        return ""

    # --- a move typed before its place in the turn order (`as NAME`) -------------------
    # The frame gives `as NAME` one meaning in every game (referee/session.py): NAME's move is
    # judged at NAME's own place in the turn order, the turn stays with whoever has it, and
    # nobody gets a second move in a turn without `force`. A game says where that place is.
    def seat(self, state: S, player: str, again: bool = False) -> S | None:
        """The state in which `player` makes their move at their own place in the turn order,
        before it has come: the turn of whoever acts now is held for them. None when `player`
        has no place still to come in this turn (they have moved, or this step of the game is
        no one's but the current player's): a move now would be a second one. With `again`
        (the table forced such a second move), the state in which they make it all the same,
        or None where the game cannot hold the turn for it. RuleError (its reason, and the
        rule if one says so) where the game judges no move before its own turn comes."""
        raise RuleError(
            _(
                "{game} judges each move on its own turn: the order of turns decides what it does"
            ).format(game=self.title_of(state)),
            "",
        )

    def unseat(self, state: S, player: str) -> tuple[S, bool]:
        """After `player`'s move on a state from `seat`: the state with the turn given back to
        whoever held it, and whether `player`'s place is used up (skipped when it comes);
        False when their turn has more to it, kept for their next `as NAME`."""
        return state, True

    # --- corrections by hand (the table has the last word) --------------------------
    def adjustables(self, state: S) -> dict[str, int]:
        """Numbers the table may correct by hand, by name: {"cash A": 30, "price blue": 12}."""
        return {}

    def adjust(self, state: S, key: str, value: int) -> tuple[S, list[Event]]:
        raise UsageError(
            _("nothing called '{key}' can be adjusted in {game}").format(
                key=key, game=self.shown_title
            )
        )

    def cash(self, state: S, player: str) -> int | None:
        """A player's money in the ledger, for `count`; None if the game has no money."""
        return None

    # --- views the table asks for (`market`, `trains`, `companies`) -----------------------
    def views(self) -> Sequence[str]:
        """The frame's views (referee.play.frame.VIEWS) this game can show; the verbs are offered
        only in games that name them."""
        return ()

    def view(self, state: S, name: str) -> str:
        """The view `name`, one of `views()`, as text for the terminal."""
        raise UsageError(_("{game} has no '{name}' view").format(game=self.shown_title, name=name))


def typed_move(game: Game[S, M], state: S, actor: str, words: Sequence[str]) -> M:
    """The move that typed words make, ready to apply: parsed, then decided (`Game.decide`,
    which may search)."""
    move, _decided = game.decide(state, game.parse(state, actor, words))
    return move


# More would mean a game that never asks anyone anything: a bug, not a game.
AUTOMATIC_IN_A_ROW = 1000


def automatic_move(game: Game[S, M], state: S) -> tuple[str, str, S, list[Event]] | None:
    """The move to make for the table when whoever acts has exactly one, with no choice in it:
    one verb legal, and no argument, or (for a verb the game says lists every legal value,
    `Game.automatic_verbs`) one candidate for each. Who makes it, its text, the state after it
    and its events; None when there is a choice, `force` included (`Options.forceable`), or
    the game is over. A move that needs `Game.decide` is never automatic: undecided, `apply`
    refuses it, and a replay makes the automatic moves again without their record."""
    options = game.options(state)
    if options.actor is None or len(options.verbs) != 1 or options.forceable:
        return None
    if game.is_over(state):
        return None
    verb = options.verbs[0]
    slots = options.args.get(verb, ())
    if verb in game.manual_verbs:
        return None
    if slots and (verb not in game.automatic_verbs or any(len(slot) != 1 for slot in slots)):
        return None
    words = [verb, *(slot[0] for slot in slots)]
    try:
        new_state, events = game.apply(state, game.parse(state, options.actor, words))
    except RefereeError:
        return None
    return options.actor, " ".join(words), new_state, events


def with_automatic(game: Game[S, M], state: S) -> tuple[S, list[Event]]:
    """The state once every automatic move that follows has been made, and their events (what
    a session logs move by move, for replays and random play that need only the state)."""
    events: list[Event] = []
    for _turn in range(AUTOMATIC_IN_A_ROW):
        made = automatic_move(game, state)
        if made is None:
            break
        state, events = made[2], [*events, *made[3]]
    return state, events
