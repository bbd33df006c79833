"""The state of a Lost Atlas game: a sealed draft (referee/core/sealed.py), each move played on
`state.draft()` by the round modules and sealed before `Game.apply` returns it (tested)."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.core.engine import DEFAULT_READINGS, Readings
from referee.core.sealed import Sealable
from referee.eighteen_rules import phases
from referee.eighteen_rules.order import Marker, operating_order
from referee.games.lost_atlas.data import MAJOR_SHARES, MINOR_SHARES, majors


@dataclass
class Train(Sealable):
    kind: str  # "2".."7" or "inf"
    rusted: bool = False  # only Resourceful keeps a rusted train (one more run, rules ■26)


def last_run(train: Train) -> bool:
    """A rusted train of Resourceful's runs once more, outside the limit (■26)."""
    return train.rusted


@dataclass
class Company(Sealable):
    name: str
    major: bool
    president: str
    cash: int
    price: int
    arrival: int  # stacking on a track space: lower = higher up (rules ■9, ■11)
    shares: dict[str, int]  # holder (player, TREASURY, POOL) -> shares (president's counts 2)
    trains: list[Train] = field(default_factory=list)
    hubs: list[str] = field(default_factory=list)  # where its tokens stand (home first)
    spare_tokens: list[int] = field(default_factory=list)  # costs; -1 = as printed (typed)
    abilities: list[str] = field(default_factory=list)  # names of minors whose powers it has
    new: bool = True  # founded and not yet operated (first-OR train, rules ■12)
    operated: bool = False  # has operated at least once (may be sold, rules ■9)
    suburbs: list[str] = field(default_factory=list)  # Suburban's placed suburbs
    bridges_left: int = 0  # Bridging's bridge tiles
    members: list[str] = field(default_factory=list)  # a major: the two minors it came from
    revenues: list[int] = field(default_factory=list)  # each turn's revenue, the last last

    @property
    def size(self) -> int:
        return MAJOR_SHARES if self.major else MINOR_SHARES

    def held(self, holder: str) -> int:
        return self.shares.get(holder, 0)

    def running(self) -> list[Train]:
        """Trains that count against the limit (Resourceful's rusted ones do not, ■26)."""
        return phases.running(self.trains, last_run)


@dataclass
class Auction(Sealable):
    opener: str
    high: int
    leader: str
    active: list[str]  # bidders still in, in seating order from the opener
    turn: str  # whose bid it is
    picking: bool = False  # the winner is choosing a minor


@dataclass
class StockRound(Sealable):
    turn: str
    passes: int = 0  # passes in a row
    last_actor: str = ""  # last player to act (not pass), for the priority (rules ■10)
    sold: dict[str, list[str]] = field(default_factory=dict)  # player -> companies sold
    sold_turn: bool = False  # the player in turn has sold this turn (may still buy)
    auction: Auction | None = None
    founded: int = 0  # minors founded this round (rules ■10: none in cycle 1 = redo)
    had_turn: list[str] = field(default_factory=list)  # players whose turn has ended


@dataclass
class Piece(Sealable):
    number: int  # printed number of the map piece
    hex: str  # where its h1 lies
    rot: int  # 0-5, clockwise (rules ■3; referee/games/lost_atlas/atlas.py)


@dataclass
class Lay(Sealable):
    hex: str
    colour: str


@dataclass
class OperatingRound(Sealable):
    number: int  # 1 or 2
    done: list[str] = field(default_factory=list)  # companies that have operated
    current: str = ""
    stage: int = 1  # the step of rules ■11 reached (1..7)
    lays: list[Lay] = field(default_factory=list)
    tokened: bool = False
    share_action: bool = False  # issued or redeemed this turn (one share, ■13)
    first_train: bool = False  # the new minor's step-1 train was bought (■12)
    revenue: int | None = None  # None until run
    paid: bool = False  # dividend step done
    emergency_sold: dict[str, int] = field(default_factory=dict)  # company -> shares sold (■20)
    # ■19: a new phase's tiles are laid from the next company to act: the phase this company
    # started its turn in, when a train it bought changed it ("" = the current phase).
    tile_phase: str = ""


@dataclass
class MergerRound(Sealable):
    done: list[str] = field(default_factory=list)
    current: str = ""
    refused: list[tuple[str, str]] = field(default_factory=list)
    proposal: tuple[str, str] | None = None  # (proposer, target) waiting for an answer
    naming: tuple[str, str, str] | None = None  # (new president, minor a, minor b)


@dataclass
class State(Sealable):
    variant: str
    players: list[str]  # seating order (clockwise)
    cash: dict[str, int]
    bank: int
    out: list[str] = field(default_factory=list)  # bankrupt players (rules ■20)
    cycle: int = 1
    round: str = "setup"  # setup, stock, operating, merger, over
    level: int = 2  # highest train number taken from the deck (∞ = 7)
    colour: str = "yellow"
    deck: dict[str, int] = field(default_factory=dict)  # train -> cards left (-1 = unlimited)
    pool_trains: list[Train] = field(default_factory=list)
    destinations: list[int] = field(default_factory=list)  # the chosen card (rules ■3)
    columns: list[list[str]] = field(default_factory=list)  # charters, top of column first
    companies: dict[str, Company] = field(default_factory=dict)  # open companies
    closed: list[str] = field(default_factory=list)
    majors_used: list[str] = field(default_factory=list)
    hexes: dict[str, str] = field(default_factory=dict)  # hex -> colour of its track tile
    # The map (rules ■3): "none" = not entered (the table is trusted for track, stations and
    # routes), "building" while pieces are placed, "done" when complete.
    map_state: str = "none"
    pieces: list[Piece] = field(default_factory=list)
    capitals: list[str] = field(default_factory=list)  # hexes with a capital overlay
    map_draws: int = 0  # pieces and capital projects drawn (the drawer turns clockwise)
    tiles: dict[str, tuple[str, int]] = field(default_factory=dict)  # hex -> (tile, rotation)
    discard: list[str] = field(default_factory=list)  # companies choosing trains to drop (■19)
    arrivals: int = 0  # counter for stacking order
    priority: str = ""
    sr: StockRound | None = None
    orr: OperatingRound | None = None
    mr: MergerRound | None = None
    exported: list[str] = field(default_factory=list)
    rusted_log: list[str] = field(default_factory=list)
    readings: Readings = DEFAULT_READINGS  # where the rules are open, the table's choices

    @property
    def active_players(self) -> list[str]:
        return [p for p in self.players if p not in self.out]

    def after(self, player: str, among: list[str] | None = None) -> str:
        """The next player clockwise after `player` (among the active players)."""
        ring = among if among is not None else self.active_players
        seats = self.players
        i = seats.index(player)
        for k in range(1, len(seats) + 1):
            p = seats[(i + k) % len(seats)]
            if p in ring:
                return p
        return player

    def order(self) -> list[str]:
        """Companies in operating order: higher price first, then higher on the space (■11;
        the shared order, on a track)."""
        return operating_order({n: Marker(c.price, c.arrival) for n, c in self.companies.items()})

    def top_arrival(self) -> int:
        self.arrivals += 1
        return -self.arrivals

    def bottom_arrival(self) -> int:
        self.arrivals += 1
        return self.arrivals

    def majors_available(self) -> list[str]:
        return [m for m in majors() if m not in self.majors_used]

    def money(self) -> int:
        """All the money in the game; constant (tested)."""
        return self.bank + sum(self.cash.values()) + sum(c.cash for c in self.companies.values())
