"""The command language of Congo Line: verbs, their usage, and parsing words into moves."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.core.engine import Form, Verb
from referee.core.grammar import Grammar, Typed
from referee.core.rules_kit import count_words
from referee.core.words import amount, match
from referee.i18n import N_

from .checks import R_BUY, R_DICE, R_FLOW, R_LOAD, R_ORANGE, R_SETUP
from .names import face, train
from .state import DICE, FACES, State
from .track import R_AUTO, R_MOVE, R_PURPLE


@dataclass(frozen=True)
class Take:
    """Setup: a player's starting share (各自初めは別々の色を持つ)."""

    actor: str
    train: str


@dataclass(frozen=True)
class Place:
    """Setup: one opening goods cube onto a train's chart."""

    actor: str
    train: str


@dataclass(frozen=True)
class Start:
    actor: str


@dataclass(frozen=True)
class Roll:
    actor: str
    faces: tuple[str, ...]


@dataclass(frozen=True)
class Buy:
    """The 株を買う／選択する step: one share from the Available box."""

    actor: str
    train: str


@dataclass(frozen=True)
class Pass:
    """Skip the share step."""

    actor: str


@dataclass(frozen=True)
class Load:
    actor: str
    loads: tuple[tuple[str, int], ...]  # (train, cubes)


@dataclass(frozen=True)
class Move:
    actor: str
    train: str
    spaces: int
    to: str  # the city whose line it takes when it leaves a city; "" when not needed


@dataclass(frozen=True)
class Auto:
    """Choose the line of one train auto-moved by 自動移動."""

    actor: str
    train: str
    to: str  # "" when only one line leaves its city


@dataclass(frozen=True)
class PurpleDrop:
    actor: str
    train: str
    owner: str  # "" when the train carries only one player's goods


@dataclass(frozen=True)
class PurpleLoad:
    actor: str
    train: str


@dataclass(frozen=True)
class PurpleMove:
    actor: str


@dataclass(frozen=True)
class OrangeSell:
    actor: str
    holder: str
    train: str


@dataclass(frozen=True)
class OrangeBuy:
    actor: str
    train: str


@dataclass(frozen=True)
class Done:
    actor: str


CongoMove = (
    Take
    | Place
    | Start
    | Roll
    | Buy
    | Pass
    | Load
    | Move
    | Auto
    | PurpleDrop
    | PurpleLoad
    | PurpleMove
    | OrangeSell
    | OrangeBuy
    | Done
)

# The dice in one word, a letter each (`roll rrpo`): the faces' initials are all different,
# and no face name is made of initials only, so the word is never a face's prefix.
INITIALS = {face[0]: face for face in FACES}
assert len(INITIALS) == len(FACES)


def _need(words: Sequence[str], low: int, verb: str, *, most: int | None = -1) -> None:
    count_words(VERBS, verb, words, low, most)


def _city(state: State, word: str) -> str:
    return match(word, state.board.all_cities(), N_("city"))


def _player(state: State, word: str) -> str:
    return match(word, state.players, N_("player"))


def _loads(words: Sequence[str]) -> tuple[tuple[str, int], ...]:
    _need(words, 1, "load", most=None)
    counts: dict[str, int] = {}
    i = 0
    while i < len(words):
        t = train(words[i])
        n = 1
        if i + 1 < len(words) and words[i + 1].lstrip("-").isdigit():
            n = amount(words[i + 1], N_("cubes"), low=1, high=4)
            i += 1
        counts[t] = counts.get(t, 0) + n
        i += 1
    return tuple(counts.items())


def _take(t: Typed[State]) -> Take | Buy:
    """In the setup, the starting share; in play, the same as buy."""
    t.count(1)
    return (Take if t.state.phase == "shares" else Buy)(t.actor, train(t.args[0]))


def _buy(t: Typed[State]) -> Buy:
    t.count(1)
    return Buy(t.actor, train(t.args[0]))


def _place(t: Typed[State]) -> Place:
    t.count(1)
    return Place(t.actor, train(t.args[0]))


def _start(t: Typed[State]) -> Start:
    t.count(0)
    return Start(t.actor)


def _pass(t: Typed[State]) -> Pass:
    t.count(0)
    return Pass(t.actor)


def _done(t: Typed[State]) -> Done:
    t.count(0)
    return Done(t.actor)


def _roll(t: Typed[State]) -> Roll:
    rest = t.args
    if len(rest) == 1 and len(rest[0]) == DICE and all(c in INITIALS for c in rest[0].lower()):
        return Roll(t.actor, tuple(INITIALS[c] for c in rest[0].lower()))
    t.count(DICE)
    return Roll(t.actor, tuple(face(w) for w in rest))


def _load(t: Typed[State]) -> Load:
    return Load(t.actor, _loads(t.args))


def _move(t: Typed[State]) -> Move:
    t.count(2, 3)
    rest = t.args
    to = _city(t.state, rest[2]) if len(rest) == 3 else ""
    return Move(t.actor, train(rest[0]), amount(rest[1], N_("spaces"), low=1, high=4), to)


def _auto(t: Typed[State]) -> Auto:
    t.count(1, 2)
    rest = t.args
    return Auto(t.actor, train(rest[0]), _city(t.state, rest[1]) if len(rest) == 2 else "")


def _purple(t: Typed[State]) -> PurpleMove | PurpleLoad | PurpleDrop:
    t.count(1, 3)
    rest = t.args
    action = match(rest[0], ("drop", "load", "move"), N_("purple action"))
    if action == "move":
        t.count(1)
        return PurpleMove(t.actor)
    if action == "load":
        t.count(2)
        return PurpleLoad(t.actor, train(rest[1]))
    t.count(2, 3)
    owner = _player(t.state, rest[2]) if len(rest) == 3 else ""
    return PurpleDrop(t.actor, train(rest[1]), owner)


def _orange(t: Typed[State]) -> OrangeBuy | OrangeSell:
    t.count(1, 3)
    rest = t.args
    action = match(rest[0], ("sell", "buy"), N_("orange action"))
    if action == "buy":
        t.count(2)
        return OrangeBuy(t.actor, train(rest[1]))
    t.count(3)
    return OrangeSell(t.actor, _player(t.state, rest[1]), train(rest[2]))


# The grammar: each verb, its help and the one parser that reads its words.
GRAMMAR: Grammar[State] = Grammar(
    (
        Verb(
            "roll",
            "roll FACE FACE FACE FACE | roll RYGB",
            N_(
                "enter the four dice as rolled (red yellow green blue purple orange), or their"
                " four initials in one word (roll rrpo)"
            ),
            (
                Form("roll red red red orange", N_("the four faces")),
                Form("roll rygb", N_("their initials in one word")),
            ),
            R_DICE,
        ),
        _roll,
    ),
    (
        Verb(
            "buy",
            "buy TRAIN",
            N_(
                "take or buy one share from the Available box (free in a city, "
                "else its space value); also 'take'"
            ),
            (Form("buy red"),),
            R_BUY,
        ),
        _buy,
    ),
    (
        Verb("pass", "pass", N_("skip taking a share this turn"), (Form("pass"),), R_BUY),
        _pass,
    ),
    (
        Verb(
            "load",
            "load TRAIN [N] [TRAIN [N]]",
            N_("dice action: load your goods on trains in cities"),
            (
                Form("load red", N_("as many goods as the dice allow")),
                Form("load red 3 blue 1", N_("so many on each train")),
            ),
            R_LOAD,
        ),
        _load,
    ),
    (
        Verb(
            "move",
            "move TRAIN SPACES [CITY]",
            N_("dice action: move one train forward (CITY names the line when it leaves a city)"),
            (
                Form("move green 4", N_("along the one line it is on")),
                Form("move red 3 Likasi", N_("leaving a city, along the line to CITY")),
            ),
            R_MOVE,
        ),
        _move,
    ),
    (
        Verb(
            "auto",
            "auto TRAIN [CITY]",
            N_(
                "choose the line of a train moved by the auto-move "
                "(CITY may be left out when one line leaves its city)"
            ),
            (Form("auto yellow Kamina"),),
            R_AUTO,
        ),
        _auto,
    ),
    (
        Verb(
            "purple",
            "purple drop TRAIN [OWNER] | purple load TRAIN | purple move",
            N_("use one purple die"),
            (
                Form("purple drop blue A", N_("take one of OWNER's goods off a train")),
                Form("purple load green", N_("load one good on a train")),
                Form("purple move", N_("one space more for the train the dice action moved")),
            ),
            R_PURPLE,
        ),
        _purple,
    ),
    (
        Verb(
            "orange",
            "orange sell PLAYER TRAIN | orange buy TRAIN",
            N_("use one orange die"),
            (
                Form("orange sell B yellow", N_("a player sells a share back")),
                Form("orange buy green", N_("buy a share")),
            ),
            R_ORANGE,
        ),
        _orange,
    ),
    (
        Verb(
            "done",
            "done",
            N_("end the turn (Available box check, next player)"),
            (Form("done"),),
            R_FLOW,
        ),
        _done,
    ),
    (
        Verb(
            "take",
            "take TRAIN",
            N_("setup: your starting share (in play: same as buy)"),
            (Form("take red"),),
            R_SETUP,
        ),
        _take,
    ),
    (
        Verb(
            "place",
            "place TRAIN",
            N_("setup: put one of your goods cubes on a train's chart"),
            (Form("place red"),),
            R_SETUP,
        ),
        _place,
    ),
    (
        Verb(
            "start",
            "start",
            N_("setup: end the opening placement and begin play"),
            (Form("start"),),
            R_SETUP,
        ),
        _start,
    ),
)
VERBS = GRAMMAR.verbs


def parse(state: State, actor: str, words: Sequence[str]) -> CongoMove:
    move: CongoMove = GRAMMAR.parse(state, actor, words)
    return move
