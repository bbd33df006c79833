"""The state of a game of a described title.

Dataclasses of dicts and lists, sealed once a move is played, each move played on a
`draft()`: the sealed draft of the core (referee/core/sealed.py), as Lost Atlas's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.core.sealed import Sealable
from referee.games.titled.title import Space, Title

IPO = "ipo"  # the company's unsold certificates (the initial offering)
POOL = "pool"  # the bank pool (the open market)
OUT = "out"  # certificates taken out of the game (PlayerCountRules.outside_buy_retires_pool_share)


@dataclass
class Corp(Sealable):
    abbr: str
    held: dict[str, int]  # holder (player, IPO, POOL) -> percent; adds up to 100
    president: str = ""  # "" until started
    par: int = 0  # 0 until started
    row: int = -1
    column: int = -1
    arrival: int = 0  # order of arrival on its market space: lower operates first
    cash: int = 0
    floated: bool = False
    operated: bool = False
    trains: list[str] = field(default_factory=list)
    stations: int = 0  # station tokens placed, the home one included

    @property
    def started(self) -> bool:
        return self.par > 0

    def percent(self, holder: str) -> int:
        return self.held.get(holder, 0)


@dataclass
class Turn(Sealable):
    """What the player acting in a stock round has done this turn, in order."""

    acts: list[tuple[str, str]] = field(default_factory=list)  # ("sell"|"buy", company)

    def did(self, kind: str) -> list[str]:
        return [company for k, company in self.acts if k == kind]


@dataclass
class OpTurn(Sealable):
    """What the company operating has done this turn."""

    lays: int = 0
    tokened: bool = False
    ran: bool = False
    bought: bool = False
    bank_trains: int = 0  # trains bought from the bank this turn
    upgraded: bool = False  # a lay this turn replaced a tile or printed track


@dataclass
class Bid(Sealable):
    player: str
    amount: int


@dataclass
class Auction(Sealable):
    """The sale of the private companies (the title's [auction])."""

    left: list[str]  # unsold privates, cheapest first
    discount: int = 0  # off the cheapest one's price (waterfall: when all pass)
    bids: dict[str, list[Bid]] = field(default_factory=dict)  # private -> bids, in order made
    cheapest: str = ""  # the cheapest private at the start (its price drops when all pass)
    pending_par: str = ""  # a company whose president's certificate came with a private
    # a private bought with the president's certificate of a drawn company (DRAWN): its buyer
    # names the company by setting its par price
    pending_draw: str = ""

    @property
    def awaiting_par(self) -> bool:
        return bool(self.pending_par or self.pending_draw)


@dataclass
class State(Sealable):
    title: Title
    players: list[str]
    cash: dict[str, int]
    bank: int
    corps: dict[str, Corp]
    privates: dict[str, str]  # private -> owner ("" unsold, a player, a company, or CLOSED)
    round: str = "auction"  # auction, stock, operating, over
    stock_round: int = 0  # 1 in the first stock round
    actor: int = 0  # index in players of whoever acts
    passes: int = 0  # passes in a row
    last_to_act: str = ""  # the last player to do more than pass (priority deal follows)
    sold_this_round: dict[str, list[str]] = field(default_factory=dict)
    turn: Turn = field(default_factory=Turn)
    auction: Auction = field(default_factory=lambda: Auction([]))
    arrivals: int = 0
    phase: str = ""
    depot: dict[str, int] = field(default_factory=dict)  # train -> left for sale (-1: no end)
    open_market: list[str] = field(default_factory=list)  # trains given back, sold at face
    bought_kinds: list[str] = field(default_factory=list)  # train names bought at least once
    set_size: int = 1  # operating rounds in this set
    or_number: int = 0  # 1.. within the set
    sets_done: int = 0
    order: list[str] = field(default_factory=list)  # companies in operating order
    operating: int = 0  # index in order of the company operating
    op: OpTurn = field(default_factory=lambda: OpTurn())
    discard_due: list[str] = field(default_factory=list)  # companies over the train limit
    tiles: dict[str, tuple[str, int]] = field(default_factory=dict)  # hex -> (tile, rotation)
    stations: list[tuple[str, int, str]] = field(default_factory=list)  # (hex, city, company)
    extra_lays: list[str] = field(default_factory=list)  # privates whose extra lay is used
    obsolete: list[str] = field(default_factory=list)  # train names made obsolete
    war: list[str] = field(default_factory=list)  # companies to lose a train's run (18TN)
    private_sellers: list[str] = field(default_factory=list)  # players who sold one this round
    drawn: dict[str, str] = field(default_factory=dict)  # private -> the drawn company it gave
    # private -> (company, hex): where the company placed the private's token (stop_bonus)
    bonus_tokens: dict[str, tuple[str, str]] = field(default_factory=dict)
    # private -> the company holding the markers it gave (route_bonuses), while it holds them
    bonus_holders: dict[str, str] = field(default_factory=dict)
    free_stations: list[str] = field(default_factory=list)  # privates whose free station is placed
    last_set: bool = False  # the game ends when this set of operating rounds ends
    end_after_round: bool = False  # ... or when this operating round ends

    @property
    def player(self) -> str:
        return self.players[self.actor]

    def space(self, corp: Corp) -> Space:
        found = self.title.market.at(corp.row, corp.column)
        assert found is not None, f"{corp.abbr} is not on the market"
        return found

    def money_total(self) -> int:
        return self.bank + sum(self.cash.values()) + sum(c.cash for c in self.corps.values())


CLOSED = "closed"


def new_state(title: Title, players: list[str]) -> State:
    count = len(players)
    start = title.cash[count]
    corps = {c.abbr: Corp(c.abbr, {IPO: 100}) for c in title.companies}
    privates = {p.abbr: "" for p in title.privates_for(count)}
    left = sorted(privates, key=lambda abbr: next(p.cost for p in title.privates if p.abbr == abbr))
    state = State(
        title=title,
        players=list(players),
        cash=dict.fromkeys(players, start),
        bank=title.bank - start * count,
        corps=corps,
        privates=privates,
        auction=Auction(left, cheapest=left[0] if left else ""),
        phase=title.phases[0].name,
        depot={t.name: -1 if t.count is None else t.count for t in title.trains},
    )
    for c in title.companies:
        if c.home_at_start:  # placed with the game, free; its first turn places none
            corps[c.abbr].stations = 1
            state.stations.append((c.home, c.home_city or 0, c.abbr))
    if not left or title.auction.kind == "none":
        state.round, state.stock_round = "stock", 1
    return state.seal()
