"""The command language of Express 01: verbs, their usage, and parsing into moves."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.core.engine import Form, RuleError, UsageError, Verb
from referee.core.grammar import Grammar, Typed
from referee.core.rules_kit import count_words
from referee.core.words import amount, match
from referee.games.express01.names import KIND_ALIASES, aliases
from referee.games.express01.sections import ACQUIRE, BONUS, EXPAND, POSITION, SETUP, TURN
from referee.games.express01.state import (
    BLACK,
    BOARD_CARDS,
    CODE,
    DECKS,
    KINDS,
    NEUTRAL,
    ROUTE_DECKS,
    State,
)
from referee.i18n import N_, _


@dataclass(frozen=True)
class Order:
    actor: str
    names: tuple[str, ...]  # position 1 first
    cards: tuple[int, ...] = ()  # the face-down cards, when given


@dataclass(frozen=True)
class Lay:
    actor: str
    card: int
    kind: str
    company: str = ""
    bonus: int | None = None  # the printed bonus typed; None: not said
    exits: tuple[int, ...] | None = None
    pay: tuple[str, ...] | None = None  # None: the referee works it out


@dataclass(frozen=True)
class Buy:
    actor: str
    company: str
    source: str  # a route deck code or a player
    pay: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Run:
    actor: str
    company: str
    stations: tuple[int, ...]
    black: bool = False


@dataclass(frozen=True)
class Take:
    actor: str
    cards: tuple[str, ...]
    takers: tuple[str, ...] | None = None  # whose each card is, when the table named them


@dataclass(frozen=True)
class Swap:
    actor: str
    other: str


@dataclass(frozen=True)
class Done:
    actor: str


Move = Order | Lay | Buy | Run | Take | Swap | Done


def deck_code(word: str, *, black: bool = False) -> str:
    """`r3`, `th1`, `terminal2`, `c1` ... -> a deck code; `black` for the black locomotive."""
    low = word.lower()
    if black and BLACK.startswith(low) and len(low) >= 2:
        return BLACK
    if len(low) < 2 or not low[-1].isdigit():
        raise UsageError(
            _("'{word}' is not a deck").format(word=word),
            _("type and stage: {decks}").format(decks=" ".join(DECKS)),
        )
    kind = (
        match(low[:-1], KINDS, N_("card type"))
        if low[:-1] not in CODE.values()
        else next(k for k, c in CODE.items() if c == low[:-1])
    )
    code = f"{CODE[kind]}{low[-1]}"
    if code not in DECKS:
        raise UsageError(
            _("'{word}': there is no stage {stage}").format(word=word, stage=low[-1]),
            _("stages 1, 2, 3"),
        )
    return code


def cards(words: Sequence[str], *, black: bool) -> tuple[str, ...]:
    """Deck codes, each maybe repeated as `r3*2`."""
    out: list[str] = []
    for w in words:
        name, star, times = w.partition("*")
        n = amount(times, N_("repeat"), low=1, high=60) if star else 1
        out.extend([deck_code(name, black=black)] * n)
    if not out:
        raise UsageError(_("name the cards"), _("deck codes like r3 th1, or r3*2"))
    return tuple(out)


def _split_pay(words: list[str]) -> tuple[list[str], tuple[str, ...] | None]:
    low = [w.lower() for w in words]
    if "pay" not in low:
        return words, None
    i = low.index("pay")
    return words[:i], cards(words[i + 1 :], black=True)


def _card_number(word: str) -> int:
    return amount(word, N_("board card"), low=1, high=BOARD_CARDS)


def _read_order(t: Typed[State]) -> Order:
    return _order(t.actor, list(t.args), t.state.players)


def _read_lay(t: Typed[State]) -> Lay:
    return _lay(t.state, t.actor, list(t.args))


def _read_buy(t: Typed[State]) -> Buy:
    rest, pay = _split_pay(list(t.args))
    count_words(t.verbs, t.verb, rest, 2)
    company = _company(rest[0], t.state.companies)
    source = match(rest[1], ROUTE_DECKS + t.state.players, N_("route deck or player"))
    return Buy(t.actor, company, source, pay)


def _read_run(t: Typed[State]) -> Run:
    rest = list(t.args)
    black = bool(rest) and rest[-1].lower() == BLACK
    if black:
        rest = rest[:-1]
    count_words(t.verbs, t.verb, rest, 3, None)
    company = _company(rest[0], t.state.companies)
    return Run(t.actor, company, tuple(_card_number(w) for w in rest[1:]), black)


def _read_take(t: Typed[State]) -> Take:
    return _take(t.actor, list(t.args), t.state.players)


def _read_swap(t: Typed[State]) -> Swap:
    t.count(1)
    return Swap(t.actor, match(t.args[0], t.state.players, N_("player")))


def _read_done(t: Typed[State]) -> Done:
    """`done`, or `pass` as the table may say it."""
    t.count(0)
    return Done(t.actor)


# The grammar: each verb, its help and the one parser that reads its words.
GRAMMAR: Grammar[State] = Grammar(
    (
        Verb(
            "order",
            "order NAME NAME ... | order NAME CARD NAME CARD ...",
            N_(
                "set the turn order: names from position 1 (the last may be left out), or each "
                "player's face-down card"
            ),
            (
                Form("order A B", N_("the names from position 1")),
                Form("order A 11 B 48", N_("each player's face-down card")),
            ),
            TURN,
        ),
        _read_order,
    ),
    (
        Verb(
            "lay",
            "lay CARD TYPE [COMPANY] [+BONUS] [to N,N..] [pay DECK]",
            N_(
                "expand: replace board card CARD by the next stage of TYPE (route, through, "
                "terminal, capital); one paid card lays two route cards or one station"
            ),
            (
                Form("lay 10 route", N_("a route card")),
                Form("lay 13 through purple", N_("a station of a company")),
                Form("lay 9 capital red +1", N_("with the bonus printed on it")),
                Form("lay 10 route to 9,11", N_("in track mode: the cards its track leads to")),
                Form("lay 15 through green pay black", N_("paid with a card of another deck")),
            ),
            EXPAND,
        ),
        _read_lay,
    ),
    (
        Verb(
            "buy",
            "buy COMPANY FROM [pay DECK ...]",
            N_(
                "acquire a share: FROM is the route deck (r1, r2, r3) or the player it is taken"
                " from"
            ),
            (
                Form("buy red r1", N_("from a route deck")),
                Form("buy red r1 pay r3 r3", N_("paid with the cards named")),
                Form("buy green C pay r3 r3", N_("taken from a player")),
            ),
            ACQUIRE,
        ),
        _read_buy,
    ),
    (
        Verb(
            "run",
            "run COMPANY STATION STATION ... [black]",
            N_(
                "bonus payment: the route as the board cards of its stations, in order; "
                "black: the black locomotive's holder counts it as one more share of the payout"
            ),
            (
                Form("run red 9 13", N_("the stations of the route, in order")),
                Form("run red 11 13 black", N_("the black locomotive counts as a share")),
            ),
            BONUS,
        ),
        _read_run,
    ),
    (
        Verb(
            "take",
            "take DECK ... | take PLAYER DECK ... PLAYER DECK ...",
            N_(
                "a bonus payment: the taker's cards from deck tops; several players' cards at "
                "once only with each player named before their cards"
            ),
            (
                Form("take c2", N_("the taker's card from a deck's top")),
                Form("take C c1 A c2 B c3", N_("several players' cards, each named first")),
            ),
            BONUS,
        ),
        _read_take,
    ),
    (
        Verb(
            "swap",
            "swap PLAYER",
            N_("change position cards with PLAYER; ends the turn"),
            (Form("swap B"),),
            POSITION,
        ),
        _read_swap,
    ),
    (
        Verb("done", "done", N_("end the turn (also: pass)"), (Form("done"),), TURN),
        _read_done,
    ),
    unlisted={"pass": _read_done},
    empty=N_("empty move"),
)
VERBS = GRAMMAR.verbs


def parse(state: State, actor: str, words: Sequence[str]) -> Move:
    move: Move = GRAMMAR.parse(state, actor, words)
    return move


def _take(actor: str, rest: list[str], players: Sequence[str]) -> Take:
    """`take r3 te2`, or with the takers named: `take A r3 B te2 A c1*2`."""
    named = {p.lower(): p for p in players}
    if not rest or rest[0].lower() not in named:
        return Take(actor, cards(rest, black=False))
    taken: list[str] = []
    takers: list[str] = []
    for i, w in enumerate(rest):
        if w.lower() in named:
            if i + 1 == len(rest) or rest[i + 1].lower() in named:
                raise UsageError(
                    _("name the cards {player} takes").format(player=named[w.lower()]),
                    "take A r3 B te2",
                )
            player = named[w.lower()]
            continue
        mine = cards([w], black=False)
        taken += mine
        takers += [player] * len(mine)
    return Take(actor, tuple(taken), tuple(takers))


def _order(actor: str, rest: list[str], players: Sequence[str]) -> Order:
    if rest and all(w.isdigit() for w in rest[1::2]) and len(rest) == 2 * len(players):
        named = [match(w, players, N_("player")) for w in rest[0::2]]
        numbers = [amount(w, N_("card number"), low=1, high=999) for w in rest[1::2]]
        if len(set(numbers)) != len(numbers):
            raise UsageError(_("two cards have the same number"), _("each card is different"))
        ranked = sorted(zip(numbers, named, strict=True), reverse=True)
        names = tuple(n for _card, n in ranked)
        played = tuple(c for c, _name in ranked)
    else:
        names = tuple(match(w, players, N_("player")) for w in rest)
        played = ()
        left = [p for p in players if p not in names]
        if len(left) == 1 and len(set(names)) == len(names) == len(players) - 1:
            names = (*names, left[0])  # the last position card: the one player not named
    twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
    if twice is not None:
        # ゲームの準備: one position card each, so a name given twice is refused by the rule (as a
        # word the offers lead to, not as words missing: referee/play/offers.py)
        raise RuleError(
            _("{player} is named twice: each player takes one position").format(player=twice),
            SETUP,
            "order " + " ".join(players),
        )
    if sorted(names) != sorted(players):
        raise UsageError(_("order must name every player once"), "order " + " ".join(players))
    return Order(actor, names, played)


def _lay(state: State, actor: str, rest: list[str]) -> Lay:
    rest, pay = _split_pay(rest)
    exits: tuple[int, ...] | None = None
    low = [w.lower() for w in rest]
    if "to" in low:
        i = low.index("to")
        targets = " ".join(rest[i + 1 :]).replace(",", " ").split()
        if not targets:
            raise UsageError(_("'to' needs the cards the track leads to"), "lay 10 route to 9,11")
        exits = tuple(sorted({_card_number(w) for w in targets}))
        rest = rest[:i]
    count_words(VERBS, "lay", rest, 2, None)
    card = _card_number(rest[0])
    kind = match(rest[1], KINDS, N_("card type"), aliases=KIND_ALIASES)
    bonuses = [amount(w[1:], N_("bonus"), low=0, high=9) for w in rest[2:] if w.startswith("+")]
    companies = [
        _company(w, (*state.companies, NEUTRAL)) for w in rest[2:] if not w.startswith("+")
    ]
    if len(bonuses) > 1 or len(companies) > 1:
        raise UsageError(
            _("a station has one company and one printed bonus"), "lay 9 terminal red +1"
        )
    company = companies[0] if companies else ""
    bonus = bonuses[0] if bonuses else None
    if kind != "route" and not company:
        raise UsageError(_("a station needs its company"), " ".join((*state.companies, NEUTRAL)))
    if kind == "route" and (company or bonus is not None):
        raise UsageError(_("a route card has no station, company or bonus"), "lay 8 route")
    return Lay(actor, card, kind, company, bonus, exits, pay)


def _company(word: str, companies: tuple[str, ...]) -> str:
    """A company (or the neutral white) by its name or its Japanese name (赤, 青, ...)."""
    return match(word, companies, N_("company"), aliases=aliases(companies))
