"""The state of an Express 01 game: frozen dataclasses, changed only by copy-on-write.

Every card that is not a base card is one of twelve kinds (a deck): four types (route,
through station, terminal station, capital station) in three stages (1 yellow, 2 red,
3 blue). Every move of such a card is public at the table (payments go face up onto the
decks, payouts are taken from deck tops), so hands are tracked as counts per deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from referee.core.engine import DEFAULT_READINGS, Readings

KINDS = ("route", "through", "terminal", "capital")
STATION_KINDS = KINDS[1:]
CODE = {"route": "r", "through": "th", "terminal": "te", "capital": "c"}
STAGES = (1, 2, 3)
STAGE_COLOUR = {0: "base", 1: "yellow", 2: "red", 3: "blue"}
DECKS = tuple(f"{CODE[k]}{s}" for k in KINDS for s in STAGES)
ROUTE_DECKS = tuple(f"r{s}" for s in STAGES)
NEUTRAL = "white"  # a white station belongs to no company but pays +1
BOARD_CARDS = 35
HAND_START = 6  # cards of the stage-3 route deck dealt to each player
BLACK = "black"  # the black locomotive, when it pays a cost


def deck(kind: str, stage: int) -> str:
    return f"{CODE[kind]}{stage}"


@dataclass(frozen=True)
class Spot:
    """One of the 35 places of the board, holding a base card or an expansion card."""

    number: int
    stage: int = 0  # 0: the base card still lies here
    kind: str = ""  # the expansion card's type ("" while the base card lies here)
    company: str = ""  # the station's company, NEUTRAL, or "" for no station
    bonus: int = 0  # the printed bonus (top right) of the station
    exits: frozenset[int] = frozenset()  # board cards its track leads to (track mode only)

    @property
    def station(self) -> bool:
        return self.kind in STATION_KINDS


@dataclass(frozen=True)
class Turn:
    player: str
    # halves begun so far, in order: "expand", "acquire", "bonus", "position"
    steps: tuple[str, ...] = ()
    free_route: bool = False  # a paid expansion still allows one more route card


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    variant: str
    companies: tuple[str, ...]
    station_bases: frozenset[int]  # base cards that are station cards (the rest are route)
    track: bool  # the table enters the track of every card (network mode)
    deck_start: Mapping[str, int]
    decks: Mapping[str, int]
    hands: Mapping[str, Mapping[str, int]]  # player -> deck -> cards in hand
    shares: Mapping[str, Mapping[str, int]]  # player -> company -> shares in display
    bases: Mapping[str, tuple[int, ...]]  # player -> base cards in display
    board: tuple[Spot, ...]  # board[n - 1] is card n
    positions: Mapping[str, int] = field(default_factory=dict)  # player -> position card
    moved: frozenset[str] = frozenset()  # their card shows "the train has left"
    round: int = 0  # 0 until the turn order is set
    loco: str = ""  # holder of the black locomotive ("" when nobody holds it)
    turn: Turn | None = None
    payout: tuple[str, ...] = ()  # who takes the next cards of a bonus payment, in order
    payout_company: str = ""
    end_triggered: bool = False
    over: bool = False
    turns_taken: int = 0
    readings: Readings = DEFAULT_READINGS  # where the rules are open, the table's choices
    # Turns begun before their place in the order came (`as NAME`, referee/play/session.py) and
    # set aside, to go on when their player moves again; and while such a move is made, the
    # player whose turn is held for them.
    held: tuple[Turn, ...] = ()
    back: str = ""

    def spot(self, number: int) -> Spot:
        return self.board[number - 1]

    def stations(self, company: str) -> int:
        return sum(1 for s in self.board if s.station and s.company == company)

    def hand_size(self, player: str) -> int:
        return sum(self.hands[player].values())

    def shares_of(self, company: str) -> int:
        return sum(self.shares[p].get(company, 0) for p in self.players)

    def in_order(self) -> list[str]:
        return sorted(self.players, key=lambda p: self.positions.get(p, 0))

    def replaced(self) -> int:
        return sum(1 for s in self.board if s.stage > 0)

    def empty_decks(self) -> list[str]:
        return [d for d in DECKS if self.decks[d] == 0]


def bump(counts: Mapping[str, int], key: str, by: int) -> dict[str, int]:
    """A copy of `counts` with `key` changed by `by` (zero entries are dropped for shares)."""
    new = dict(counts)
    new[key] = new.get(key, 0) + by
    return new


def with_hand(state: State, player: str, code: str, by: int) -> State:
    hands = dict(state.hands)
    hands[player] = bump(hands[player], code, by)
    return replace(state, hands=hands)


def with_deck(state: State, code: str, by: int) -> State:
    return replace(state, decks=bump(state.decks, code, by))


def with_shares(state: State, player: str, company: str, by: int) -> State:
    shares = dict(state.shares)
    mine = bump(shares[player], company, by)
    shares[player] = {c: n for c, n in mine.items() if n}
    return replace(state, shares=shares)


def with_spot(state: State, spot: Spot) -> State:
    board = list(state.board)
    board[spot.number - 1] = spot
    return replace(state, board=tuple(board))
