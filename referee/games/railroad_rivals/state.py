"""The state of a game of Railroad Rivals: a sealed draft (referee/core/sealed.py), each move
played on `state.draft()` by the move handlers and sealed before `Game.apply` returns it. A
link, once laid, never changes: a frozen value, as are the tuples the state holds."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.core.engine import DEFAULT_READINGS, Readings
from referee.core.sealed import Sealable

Pos = tuple[int, int]  # (x, y): x grows to the east, y grows to the south; the start city is 0,0

# Edge order of a tile, as the players type them.
SIDES = ("N", "E", "S", "W")
STEP: dict[int, Pos] = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}

COLOURS = ("wood", "grain", "coal", "iron")  # 茶, 黄, 黒, 灰
START_CITIES = ("Chicago", "St. Louis", "Cincinnati")
MAX_RAILROADS = 12  # the game's twelve railroads

# Phases, in the order of a turn.
START = "start"  # setup: the start city is drawn
START_CUBES = "start cubes"  # setup: its cubes are drawn
ORDER = "order"  # setup: the character cards give the first turn order
REVEAL = "reveal"
BID = "bid"
DRAFT = "draft"
PLACE = "place"
CUBES = "cubes"  # the cubes of a newly placed city are drawn
DELIVER = "deliver"
OVER = "over"


@dataclass
class City(Sealable):
    name: str
    pos: Pos
    edges: tuple[str, str, str, str]  # N, E, S, W: railroad initials, "" for a blank edge
    cargo: int  # the number printed in its corners
    cubes: tuple[int, ...] = (0, 0, 0, 0)  # per colour of COLOURS
    hotel: str = ""  # owner of the hotel here
    tower: str = ""  # owner of the water tower here


@dataclass(frozen=True)
class Link:
    """A player's train laid across the matching edges of two neighbouring cities."""

    a: Pos
    b: Pos
    railroad: str
    owner: str


@dataclass
class State(Sealable):
    players: tuple[str, ...]  # as entered
    hotels: bool  # variant: hotels and water towers
    dropback: bool  # variant: passers of the bid drop back in the order they passed
    city_pile: int  # face-down city tiles left
    stock_pile: int  # face-down stock tiles left
    railroads: tuple[str, ...]  # learned so far (or all, from the board)
    railroads_fixed: bool  # the board listed all of them: no new name is learned
    bag: tuple[int, ...]  # cubes per colour
    phase: str = START
    turn: int = 0
    order: tuple[str, ...] = ()
    scores: dict[str, int] = field(default_factory=dict)  # the score track
    hands: dict[str, int] = field(default_factory=dict)  # city tiles held
    # The city tiles each player took from the face-up display and has not placed: public,
    # unlike the two dealt at the start (§準備 4), so the referee can check them.
    known: dict[str, tuple[str, ...]] = field(default_factory=dict)
    stocks: dict[str, tuple[str, ...]] = field(default_factory=dict)  # stock tiles held
    prices: dict[str, int] = field(default_factory=dict)  # true price (may pass 10)
    cities: dict[str, City] = field(default_factory=dict)
    grid: dict[Pos, str] = field(default_factory=dict)  # position -> city name
    links: tuple[Link, ...] = ()
    shortage: bool = False  # city tiles ran out: stock tiles only from then on
    display_cities: tuple[str, ...] = ()
    display_stocks: tuple[str, ...] = ()
    set_aside: tuple[str, ...] = ()  # revealed city tiles nobody drafted: out of the game
    # Whose step it is: an index into `order` (into reversed order during the bid).
    step: int = 0
    # Bid: the high bid, its bidder ("" for none yet) and who passed, in the order they did.
    high: int = 0
    high_bidder: str = ""
    passed: tuple[str, ...] = ()
    # Draft: the round (1 or 2) and the kind ("city"/"stock") each player took in round 1.
    draft_round: int = 1
    first_pick: dict[str, str] = field(default_factory=dict)
    # A city whose cubes are to be drawn, and how many.
    pending_city: str = ""
    pending_cubes: int = 0
    ending: bool = False  # someone placed their last city tile: this turn is the last
    delivered: dict[str, int] = field(default_factory=dict)  # cubes per colour this turn
    hotel_used: frozenset[str] = frozenset()  # players who placed their hotel
    tower_used: frozenset[str] = frozenset()  # players who placed their water tower
    readings: Readings = DEFAULT_READINGS  # where the rules are open, the table's choices
    # Moves typed before their place in the turn order came (`as NAME`, referee/play/session.py):
    # who has taken their step of this pass early (skipped at it), and while such a move is
    # made, the step it is made at and the step held for whoever was to move.
    early: tuple[str, ...] = ()
    # The cubes delivered early this turn: (player, colour key, place in turn order, the
    # cube's place among those of its colour), for the reading early-delivery=turn-order.
    early_cubes: tuple[tuple[str, str, int, int], ...] = ()
    seated: int = -1
    held: int = -1
    # The names printed on the box's city tiles, where the board data lists them (else none:
    # the names are typed as drawn, and any is taken).
    city_names: tuple[str, ...] = ()

    @property
    def n(self) -> int:
        return len(self.players)

    def holder(self, city: str) -> str:
        """Who is known to hold this city tile (drafted from the display), or ""."""
        low = city.lower()
        return next((p for p, names in self.known.items() if low in map(str.lower, names)), "")

    def colours(self) -> tuple[str, ...]:
        """The colours in this game's bag (§準備 3; the 2-player game uses wood and grain)."""
        return COLOURS[: max(2, self.n - 1)]
