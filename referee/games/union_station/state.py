"""The state of a game of Union Station: a sealed draft (referee/core/sealed.py), each move
played on `state.draft()` by the action modules and sealed before `Game.apply` returns it. The
board, the discs on the map and the tuples (the deck, the offer) are values no move changes in
place: a move on the draft sets new ones."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from referee.core.engine import DEFAULT_READINGS, Readings
from referee.core.sealed import Sealable
from referee.games.union_station.board import Board
from referee.games.union_station.railroads import COLOURS, MAP_DISCS

T = TypeVar("T")

SETUP, AUCTION, PLAY, OVER = "setup", "auction", "play", "over"


@dataclass
class Road(Sealable):
    """One railroad's pieces: its price disc, its USC disc and its discs for the map."""

    price: int = 0  # 0 until its share has been auctioned
    usc: int = 1  # the space of its disc on the Union Station Company track (1..4)
    discs: int = MAP_DISCS  # discs left beside the map
    arrived: bool = False  # reached its destination: lays no more (目的地の都市)
    declared_blocked: bool = False  # the table said it has nowhere to lay (no map)


@dataclass
class Seat(Sealable):
    name: str
    cash: int
    shares: list[int]  # per railroad, in COLOURS order


@dataclass(frozen=True)
class Disc:
    """A disc on the map. `hex` is "" when the players did not name it (no map)."""

    colour: str
    kind: str  # plain, town, city or dest, as it counted for its railroad
    hex: str = ""


@dataclass
class Auction(Sealable):
    """The auction of one share in the first auction (最初のオークション)."""

    colour: str
    auctioneer: int
    bidder: int  # whose turn to bid or pass
    high: int = 0
    leader: int = -1  # the highest bidder, -1 while nobody has bid
    passed: frozenset[int] = frozenset()


@dataclass
class State(Sealable):
    board: Board
    seats: list[Seat]
    roads: list[Road]
    deck: tuple[int, ...]  # face-down shares left in the offer deck, per colour
    phase: str = SETUP
    first: int = 0  # who starts the first auction (準備 9)
    lots: tuple[str, ...] = ()  # the five shares of the first auction, in the revealed order
    auction: Auction | None = None
    acquired: tuple[tuple[str, int], ...] = ()  # (colour, player) in the order won at auction
    offer: tuple[str, str, str] = ("", "", "")  # the +1, +2, +3 spaces ("" when empty)
    top: str = ""  # the face-up top share of the offer deck ("" when not revealed or empty)
    turn: int = 0
    dividends: int = 0  # dividends paid (the marker starts beside 1: none paid)
    track: list[Disc] = field(default_factory=list)
    ended: str = ""  # why the game ended
    readings: Readings = DEFAULT_READINGS  # where the rules are open, the table's choices
    # Moves typed before their place in the turn order came (`as NAME`, referee/play/session.py):
    # the players who have had their turn early (skipped when it comes), and while such a
    # move is made, the player whose turn is held for them.
    early: tuple[int, ...] = ()
    waiting: int = -1

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def road(self, colour: str) -> Road:
        return self.roads[COLOURS.index(colour)]

    def held(self, colour: str) -> int:
        """Shares of a railroad the players hold (sold shares have left the game)."""
        i = COLOURS.index(colour)
        return sum(s.shares[i] for s in self.seats)

    def deck_size(self) -> int:
        return sum(self.deck) + (1 if self.top else 0)

    def needs_reveal(self) -> str:
        """What the table must turn up next: 'lot', 'top' or ''."""
        if self.phase == SETUP:
            return "lot" if len(self.lots) < len(COLOURS) else "top" if not self.top else ""
        if self.phase == PLAY and not self.top and sum(self.deck) > 0:
            return "top"
        return ""


def put(items: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    return (*items[:i], value, *items[i + 1 :])


def new_state(
    players: tuple[str, ...], board: Board, start_cash: int, readings: Readings = DEFAULT_READINGS
) -> State:
    return State(
        readings=readings,
        board=board,
        seats=[Seat(p, start_cash, [0] * len(COLOURS)) for p in players],
        roads=[Road() for _ in COLOURS],
        # 準備 6, 7: one share of each railroad goes to the first auction, the rest to the deck.
        deck=tuple(n - 1 for n in board.shares),
    ).seal()
