"""The state of an Express 01 game: a sealed draft (referee/core/sealed.py), each move played
on `state.draft()` and sealed before `Game.apply` returns it. A board card (`Spot`) is a value:
a lay puts a new one in its place.

Every card that is not a base card is one of twelve kinds (a deck): four types (route,
through station, terminal station, capital station) in three stages (1 yellow, 2 red,
3 blue). Every move of such a card is public at the table (payments go face up onto the
decks, payouts are taken from deck tops), so hands are tracked as counts per deck.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.core.engine import DEFAULT_READINGS, Readings
from referee.core.sealed import Sealable

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


@dataclass
class Turn(Sealable):
    player: str
    # halves begun so far, in order: "expand", "acquire", "bonus", "position"
    steps: tuple[str, ...] = ()
    free_route: bool = False  # a paid expansion still allows one more route card


@dataclass
class State(Sealable):
    players: tuple[str, ...]
    variant: str
    companies: tuple[str, ...]
    station_bases: frozenset[int]  # base cards that are station cards (the rest are route)
    track: bool  # the table enters the track of every card (network mode)
    deck_start: dict[str, int]
    decks: dict[str, int]
    hands: dict[str, dict[str, int]]  # player -> deck -> cards in hand
    shares: dict[str, dict[str, int]]  # player -> company -> shares in display (none: no key)
    bases: dict[str, tuple[int, ...]]  # player -> base cards in display
    board: list[Spot]  # board[n - 1] is card n
    positions: dict[str, int] = field(default_factory=dict)  # player -> position card
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
    held: list[Turn] = field(default_factory=list)
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


def add(counts: dict[str, int], key: str, by: int) -> None:
    """Change a count of a draft's hand or decks by `by`."""
    counts[key] = counts.get(key, 0) + by


def add_shares(state: State, player: str, company: str, by: int) -> None:
    """Change a player's shares of a company (a draft's); a company none are left of goes."""
    mine = state.shares[player]
    mine[company] = mine.get(company, 0) + by
    if not mine[company]:
        del mine[company]
