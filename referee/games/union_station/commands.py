"""The command language of Union Station: verbs, their usage, and parsing into moves."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.core.engine import Form, UsageError, Verb
from referee.core.grammar import Grammar, Typed
from referee.core.words import amount, match
from referee.games.union_station.railroads import ALIASES, KIND_ALIASES, KINDS, shown
from referee.games.union_station.sections import AUCTION_RULE, BUY_RULE, FLOW_RULE, SELL_RULE
from referee.games.union_station.state import State
from referee.games.union_station.track import LAY
from referee.i18n import N_, _


@dataclass(frozen=True)
class Reveal:
    actor: str
    colours: tuple[str, ...]


@dataclass(frozen=True)
class Start:
    actor: str
    player: str


@dataclass(frozen=True)
class Bid:
    actor: str
    amount: int


@dataclass(frozen=True)
class Pass:
    actor: str


@dataclass(frozen=True)
class Buy:
    actor: str
    colour: str
    slot: int  # 0, 1, 2 for +1, +2, +3; -1 when the railroad is not in the offer


@dataclass(frozen=True)
class DiscSpec:
    kind: str  # "" when to be read from the map
    hex: str  # "" when not named


@dataclass(frozen=True)
class Lay:
    actor: str
    colour: str
    discs: tuple[DiscSpec, ...]


@dataclass(frozen=True)
class Sell:
    actor: str
    colour: str


@dataclass(frozen=True)
class Blocked:
    actor: str
    colour: str


Move = Reveal | Start | Bid | Pass | Buy | Lay | Sell | Blocked


def railroad(word: str) -> str:
    return ALIASES[match(word, ALIASES, N_("railroad"))]


def _pass(t: Typed[State]) -> Pass:
    t.count(0, 0)
    return Pass(t.actor)


def _bid(t: Typed[State]) -> Bid:
    t.count(1, 1)
    return Bid(t.actor, amount(t.args[0], N_("bid"), low=1, high=10_000))


def _reveal(t: Typed[State]) -> Reveal:
    t.count(1, 6)
    return Reveal(t.actor, tuple(railroad(w) for w in t.args))


def _start(t: Typed[State]) -> Start:
    t.count(1, 1)
    return Start(t.actor, match(t.args[0], t.state.players, N_("player")))


def _sell(t: Typed[State]) -> Sell:
    t.count(1, 1)
    return Sell(t.actor, railroad(t.args[0]))


def _blocked(t: Typed[State]) -> Blocked:
    t.count(1, 1)
    return Blocked(t.actor, railroad(t.args[0]))


def _buy(t: Typed[State]) -> Buy:
    t.count(1, 2)
    return Buy(t.actor, *_bought(t.state, list(t.args)))


def _lay(t: Typed[State]) -> Lay:
    t.count(2, 3)
    colour = railroad(t.args[0])
    return Lay(t.actor, colour, tuple(_disc(t.state, w) for w in t.args[1:]))


# The grammar: each verb, its help and the one parser that reads its words.
GRAMMAR: Grammar[State] = Grammar(
    (
        Verb(
            "buy",
            "buy RAILROAD [+1|+2|+3] | buy +N",
            N_("buy a share from the offer (by railroad or by space); its price rises by the slot"),
            (
                Form("buy green", N_("the share of that railroad on offer")),
                Form("buy +1", N_("the share on that space of the offer")),
            ),
            BUY_RULE,
        ),
        _buy,
    ),
    (
        Verb(
            "lay",
            "lay RAILROAD DISC DISC",
            N_("lay two discs; DISC is a kind (plain town city dest), a hex, or KIND@HEX"),
            (
                Form("lay white city city", N_("without a map: the kinds of the two hexes")),
                Form("lay black A1 B1", N_("with a map: the two hexes")),
                Form("lay blue B3", N_("with a map: one disc, where only one is left")),
                Form("lay white dest", N_("one disc on a destination city")),
            ),
            LAY,
        ),
        _lay,
    ),
    (
        Verb(
            "sell",
            "sell RAILROAD",
            N_("sell all your shares of a railroad; its price drops a row"),
            (Form("sell green"),),
            SELL_RULE,
        ),
        _sell,
    ),
    (
        Verb(
            "bid",
            "bid AMOUNT",
            N_("bid in the first auction (at least $5, more than the high bid)"),
            (Form("bid 6"),),
            AUCTION_RULE,
        ),
        _bid,
    ),
    (
        Verb(
            "pass",
            "pass",
            N_("pass in the auction; in play only when no action is possible"),
            (Form("pass"),),
            AUCTION_RULE,
        ),
        _pass,
    ),
    (
        Verb(
            "reveal",
            "reveal RAILROAD...",
            N_("say which share the table turned up"),
            (
                Form("reveal blue", N_("the one share turned up")),
                Form("reveal blue green black orange white", N_("the opening offer, in order")),
            ),
            FLOW_RULE,
        ),
        _reveal,
    ),
    (
        Verb(
            "start",
            "start PLAYER",
            N_("say who starts the first auction (default: first listed)"),
            (Form("start B"),),
            AUCTION_RULE,
        ),
        _start,
    ),
    (
        Verb(
            "blocked",
            "blocked RAILROAD",
            N_("declare that a railroad can lay no more track (no map)"),
            (Form("blocked orange"),),
            LAY,
        ),
        _blocked,
    ),
    empty=N_("empty move"),
)
VERBS = GRAMMAR.verbs


def parse(state: State, actor: str, words: Sequence[str]) -> Move:
    move: Move = GRAMMAR.parse(state, actor, words)
    return move


def _bought(state: State, args: list[str]) -> tuple[str, int]:
    if len(args) == 1 and args[0].startswith("+"):  # by offer space: whatever lies there
        slot = _space(args[0])
        return state.offer[slot], slot
    colour = railroad(args[0])
    if len(args) == 2:
        return colour, _space(args[1])
    slots = [i for i, c in enumerate(state.offer) if c == colour]
    if len(slots) > 1:
        where = _(" and ").join(f"+{i + 1}" for i in slots)
        raise UsageError(
            _("{colour} is in the offer at {where}").format(colour=shown(colour), where=where),
            _("say which: {move}").format(move=f"buy {shown(colour)} +{slots[-1] + 1}"),
        )
    return colour, slots[0] if slots else -1


def _space(word: str) -> int:
    """An offer space, +1 to +3, as its index."""
    if word.removeprefix("+") not in ("1", "2", "3"):
        raise UsageError(_("'{word}' is not an offer space").format(word=word), _("+1, +2 or +3"))
    return int(word.removeprefix("+")) - 1


def _disc(state: State, word: str) -> DiscSpec:
    """One disc: a kind (no map), a hex (map), or KIND@HEX (either)."""
    kind_word, at, hex_word = word.partition("@")
    if at:
        if not kind_word or not hex_word:
            raise UsageError(
                _("'{word}' is not a disc").format(word=word), _("KIND@HEX, e.g. town@C4")
            )
        return DiscSpec(_kind(kind_word), _hex(state, hex_word))
    if state.board.has_map:
        return DiscSpec("", _hex(state, word))
    return DiscSpec(_kind(word), "")


def _kind(word: str) -> str:
    return match(word, KINDS, N_("kind of hex"), aliases={"destination": "dest", **KIND_ALIASES})


def _hex(state: State, word: str) -> str:
    if state.board.has_map:
        return match(word, state.board.hexes, N_("hex"))
    name = "-".join(word.upper().split())  # "Kansas City" is the hex KANSAS-CITY
    if not name.replace("-", "").replace("_", "").isalnum() or len(name) > 20:
        raise UsageError(
            _("'{word}' is not a hex name").format(word=word),
            _("letters, digits, hyphens and spaces, e.g. C4 or Kansas-City"),
        )
    return name
