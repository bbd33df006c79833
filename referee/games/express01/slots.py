"""The words offered for each argument of each verb (`Options.args`), wherever they are few, so
that a seat makes a move by taps alone (issue 32 item 5). The words after a first one that
decides them are keyed `verb FIRST` (referee/core/words.py `argument_slots`); the offers keep
only the words that lead to a move accepted now (referee/play/offers.py). The headings named
are those of ../shared/rules/express01.ja.txt."""

from __future__ import annotations

from referee.core.words import offered
from referee.games.express01.names import KIND_ALIASES, aliases
from referee.games.express01.state import BLACK, BOARD_CARDS, DECKS, KINDS, ROUTE_DECKS, State

Slots = tuple[tuple[str, ...], ...]
# カード説明: the bonus printed on a station card (top right), as typed (`+1`); the cards' own
# values are not public, so every bonus the grammar reads is offered (+0 is saying none).
BONUSES = tuple(f"+{n}" for n in range(1, 10))


def order(players: tuple[str, ...]) -> dict[str, Slots]:
    """ゲームの準備: the names from position 1; after the first, the others, up to the last
    but one (the player left out takes the last position)."""
    args: dict[str, Slots] = {"order": (players,)}
    for first in players:
        others = tuple(p for p in players if p != first)
        args[f"order {first}"] = ((first,), *([others] * (len(players) - 2)))
    return args


def lay(state: State) -> Slots:
    """a) 鉄道網拡張: the board card, the card type, the station's company, its printed bonus."""
    kinds = offered(KINDS, KIND_ALIASES)
    cards = tuple(str(n) for n in range(1, BOARD_CARDS + 1))
    return (cards, kinds, _names((*state.companies, "white")), BONUSES)


def buy(state: State, player: str) -> dict[str, Slots]:
    """b)株獲得: a company with stations, the route deck or the player the share comes from,
    then `pay` and a card from the hand (or the black locomotive) for each of the company's
    stations (its price)."""
    others = tuple(p for p in state.players if p != player)
    sources = ROUTE_DECKS + others
    companies = tuple(c for c in state.companies if state.stations(c))
    args: dict[str, Slots] = {"buy": (_names(companies), sources)}
    held = _payable(state, player)
    for company in companies:
        price = state.stations(company)
        for name in _spelt(company):
            args[f"buy {name}"] = ((name,), sources, ("pay",), *([held] * price))
    return args


def run(state: State, player: str) -> dict[str, Slots]:
    """c)ボーナス支払い: a company the player holds a share of, then the route as the board
    cards of its stations, in order (a station visited once)."""
    owned = tuple(c for c in state.companies if state.stations(c) and state.shares[player].get(c))
    stations = tuple(str(s.number) for s in state.board if s.station)
    args: dict[str, Slots] = {"run": (_names(owned),)}
    for company in owned:
        for name in _spelt(company):
            args[f"run {name}"] = ((name,), *([stations] * len(stations)))
    return args


def take(state: State) -> dict[str, Slots]:
    """c)ボーナス支払い: the taker's card from the top of a deck not empty; or each taker named
    before their card, in the order of the payment (the first taker is the one who acts)."""
    live = tuple(d for d in DECKS if state.decks[d] > 0)
    first = state.payout[0]
    named = tuple(slot for taker in state.payout for slot in ((taker,), live))
    return {"take": ((*live, first),), f"take {first}": named}


def _payable(state: State, player: str) -> tuple[str, ...]:
    """The cards `player` may pay with: the decks of their hand, the black locomotive held."""
    held = tuple(d for d in DECKS if state.hands[player].get(d))
    return (*held, BLACK) if state.loco == player else held


def _names(companies: tuple[str, ...]) -> tuple[str, ...]:
    """`companies`, and their Japanese names in Japanese, for completion."""
    return offered(companies, aliases(companies))


def _spelt(company: str) -> tuple[str, ...]:
    """A company's name as it may be typed: in English and, where the rules name it, Japanese."""
    return (company, *aliases((company,)))
