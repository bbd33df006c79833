"""An 18xx title as typed data: what a description file holds, after it has been checked.

The words allowed for each rule choice are listed here, once; the loader (describe.py) refuses
any other, and the engine branches on them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.eighteen_rules.market import (  # the shared market, a title's words for it
    DIRECTIONS,
    MARKET_KINDS,
    MOVE_EVENTS,
    SELL_DROPS,
    ZONE_MEANINGS,
    Market,
    Space,
    Zone,
)
from referee.eighteen_rules.pool import CAPITALISATIONS  # the shared pool's choices
from referee.i18n import N_

__all__ = [
    "CAPITALISATIONS",
    "DIRECTIONS",
    "MARKET_KINDS",
    "MOVE_EVENTS",
    "SELL_DROPS",
    "ZONE_MEANINGS",
    "Market",
    "Space",
    "Zone",
]

SELL_BUY_ORDERS = ("sell_buy_sell", "sell_buy", "sell_buy_or_buy_sell")
FIRST_SALES = ("any_round", "after_first_stock_round", "after_company_operates")
PAYEES = ("bank", "company")
MULTIPLE_BUY_FROM = ("pool", "anywhere")  # where a turn's second and later buys come from
AUCTIONS = ("waterfall", "fixed_price", "none")
# after_last_buyer: the player after the one who bought the last private; next_in_turn: the
# player whose turn of the sale came next (the buys and bids of a bid-off take no turn).
AUCTION_PRIORITIES = ("after_last_buyer", "next_in_turn")
PAYOUTS = ("full", "half", "withhold")
EXTRA_LAY_BY = ("company", "player")
MUST_BUY_TRAIN = ("route", "always", "never")
END_TIMINGS = ("never", "immediately", "end_of_operating_round", "end_of_set")
# When an end condition ends the game, in words for the players (the keys stay in the files).
TIMING_WORDS = {
    "never": N_("never"),
    "immediately": N_("at once"),
    "end_of_operating_round": N_("at the end of that operating round"),
    "end_of_set": N_("at the end of that set of operating rounds"),
}
BANKRUPT_ASSETS = ("sold", "kept")  # of eighteen_rules.bankruptcy.ASSETS; see emergency.py
TILE_COLOURS = ("yellow", "green", "brown", "gray")
CONFIDENCES = ("high", "medium", "low")


@dataclass(frozen=True)
class Company:
    abbr: str
    name: str
    colour: str
    home: str  # a hex of the map, or where the table says (no map: not checked)
    home_city: int | None
    tokens: tuple[int, ...]  # the cost of each station token, the home one first
    float_percent: int
    shares: tuple[int, ...]  # percent of each certificate, the president's first
    # Its home station is on the map from the start of the game, before the company floats,
    # filling its city as any station does (18GA's ACL in Jacksonville, game.rb setup)
    home_at_start: bool = False
    # its historical objective: (hex, bonus) its first station on that hex brings from the bank
    objective: tuple[str, int] | None = None

    @property
    def unit(self) -> int:
        """The percent of one ordinary certificate, which the market price is the price of."""
        return self.shares[-1]


@dataclass(frozen=True)
class Private:
    abbr: str
    name: str
    cost: int
    revenue: int
    ability: str  # what it may do, as text for the table (entered, not checked)
    blocks: tuple[str, ...] = ()
    gives_share: str = ""  # the buyer also gets a 10% share of this company
    # the buyer also gets this company's president's certificate; DRAWN: a company drawn
    # before the game (18Chesapeake's CV), which the buyer names by its par
    gives_president: str = ""
    company_may_buy: bool = True
    closes_when_bought_train_by: str = ""  # closes when this company (or DRAWN) buys a train
    player_keeps_open: bool = False  # not closed by a train's closing while a player owns it
    player_revenue_from_phase: tuple[str, int] | None = None  # (phase, revenue) if player-owned
    exchanges_for: str = ""  # its owner may swap it for a share of this company, closing it
    exchange_from: tuple[str, ...] = ()  # where that share may come from: ipo, pool
    min_players: int = 0
    # The owning company may lay one tile of these on one of these hexes, once, in addition
    # to its own lay (1830's CS on B20, 1889's ER on C4): `tile HEX TILE ROT [COST] PRIVATE`.
    extra_lay: ExtraLay | None = None
    # closes once the company whose president's certificate it gives is started (18TN's LNR)
    closes_when_company_starts: bool = False
    # A company buying it receives a train of this kind from outside the bank's sequence, not
    # as a purchase (18GA's OSR: the free 2-train)
    gives_train: GivesTrain | None = None
    # The owning company may place its next station on one of these hexes free, once, with
    # no connection, as its turn's station (18GA's W&SR on Waycross): `token I9 0 W&SR`
    free_station_on: tuple[str, ...] = ()
    train_discount: TrainDiscount | None = None
    stop_bonus: StopBonus | None = None
    route_bonuses: tuple[RouteBonus, ...] = ()


@dataclass(frozen=True)
class GivesTrain:
    """A private's train: given to the company that buys the private from a player, unless
    `before_phase` has begun or the company is at its train limit, when it leaves the game.
    (18GA's card also keeps it from being sold to another company: the table's to watch.)"""

    train: str
    before_phase: str = ""  # no train once this phase has begun ("" : any phase)


@dataclass(frozen=True)
class StopBonus:
    """The owning company may place the private's token on one of these hexes, once (`private
    PRIVATE HEX`): each of its trains whose route stops there earns `bonus` more, until the
    phase `until` begins (18AL's SNAR, the Warrior Coal Field token)."""

    hexes: tuple[str, ...]
    bonus: int
    until: str = ""  # a phase name; "" for ever


@dataclass(frozen=True)
class RouteBonus:
    """A marker the company buying the private receives: `bonus` more, once a run, for one
    route stopping on every one of these hexes. Markers stay after the private closes and
    leave the game when the company's president changes in a stock round (18AL's M&C)."""

    name: str
    hexes: tuple[str, ...]
    bonus: int


@dataclass(frozen=True)
class TrainDiscount:
    """The owning company may buy one of these trains from the bank at `percent` off, which
    closes the private (18AL's NDY)."""

    percent: int
    trains: tuple[str, ...]


@dataclass(frozen=True)
class ExtraLay:
    hexes: tuple[str, ...]
    tiles: tuple[str, ...]
    # EXTRA_LAY_BY: who lays it. company: the company owning the private, in its turn.
    # player: the player owning it, in a stock round or in the turn of a company he presides,
    # paying any cost himself; the track need not connect to any company's (1889's MF).
    by: str = "company"
    free: bool = False  # no terrain cost is paid for it (18TN's track privates)
    count: int = 1  # lays it brings
    lost_to_other_lays: bool = False  # forfeit once another lay is made on one of its hexes
    as_own_lay: bool = False  # the lay is the company's own (no connection needed)
    free_station: bool = False  # a station may then go on the tile it laid, free
    # its tile need only be the next colour and keep the old track: its label, towns and
    # cities are not compared with the hex's (18xx.games' lays by a private; 18AL's BLC)
    special_tile: bool = False


DRAWN = "drawn"  # Private.gives_president: a company drawn before the game


@dataclass(frozen=True)
class PlayerCountRules:
    """Rules a title turns on for one number of players ([players.variants.N]), such as
    18Chesapeake's two-player variant; each is off unless the title's file sets it."""

    # Each company's president's certificate is this percent, in place of its own and as
    # many ordinary certificates as make up the difference (0: the company's own).
    president_percent: int = 0
    # The company drawn for a private (Private.gives_president = DRAWN) keeps its own
    # certificates.
    drawn_keeps_certificates: bool = False
    # When a company floats, its certificates left in the initial offering go to the pool.
    float_sends_rest_to_pool: bool = False
    # A player who is not a company's president buying one of its certificates takes one
    # more of them from the pool out of the game, if the pool holds one.
    outside_buy_retires_pool_share: bool = False


@dataclass(frozen=True)
class Train:
    name: str
    distance: int | None  # None: unlimited
    price: int
    count: int | None  # None: unlimited
    rusts_on: str = ""  # the first train of this name bought rusts every train of this one
    available_after: str = ""  # not for sale before the first train of this name is bought
    closes_privates: bool = False
    trade_in: tuple[str, ...] = ()  # trains that may be handed in for trade_in_discount
    trade_in_discount: int = 0
    # The first train of this name bought makes these obsolete: they no longer count toward
    # the train limit, are not sold between companies, and leave after their owner's next run.
    obsolete_on: str = ""
    # The first of these bought costs each company then owning a train (the buyer too) its
    # lowest-earning train's run in its next operating turn; with one train it runs for
    # nothing and its price stays (18TN's Civil War).
    loses_a_train_run: bool = False
    # Its distance counts cities and off-boards only; it runs through and pays any number of
    # towns (18AL's trains; operating.towns_free sets it for every train, as 18GA's).
    towns_free: bool = False
    # Its cities and off-boards pay this many times their value, its towns once (18AL's 4D)
    multiplier: int = 1


@dataclass(frozen=True)
class Phase:
    name: str
    on: str  # the train whose first purchase starts it ("" for the first phase)
    tiles: tuple[str, ...]
    operating_rounds: int
    train_limit: int
    privates_for_sale: bool  # companies may buy private companies from players
    bank_trains_per_turn: int = 0  # trains a company may buy from the bank a turn (0: any)
    # in a stock round a player may buy another player's private at any price they agree,
    # as his turn's buy (18AL's phases 2 to 4)
    private_sales_between_players: bool = False


@dataclass(frozen=True)
class ShareRules:
    sell_buy_order: str
    rebuy_after_selling: bool  # may a player buy a company's share after selling it this round
    first_sale: str
    sell_drop: str
    sell_in_blocks: bool  # one sale per company per turn
    president_may_leave: bool  # may sell so that another player takes the presidency
    privates_count: bool  # private companies count toward the certificate limit
    holding_limit: int  # percent of one company a player may hold outside the zones
    pool_limit: int  # percent of one company the bank pool may hold
    pool_pays: str
    ipo_pays: str
    capitalisation: str
    multiple_buy_from: str = "anywhere"  # MULTIPLE_BUY_FROM, in a multiple_buy zone


@dataclass(frozen=True)
class AuctionRules:
    kind: str
    min_raise: int
    discount: int  # waterfall: the cheapest private's price drops by this when all pass
    # Who has the priority deal once the privates are sold (AUCTION_PRIORITIES): the player
    # after the last buyer, or the player next in the sale's turn order.
    priority: str = "after_last_buyer"
    # A bid raises the least allowed by a multiple of min_raise (18xx.games
    # MUST_BID_INCREMENT_MULTIPLE).
    raise_in_steps: bool = False
    # Only the bids a player leads hold his cash; one outbid frees it (18xx.games
    # ONLY_HIGHEST_BID_COMMITTED).
    only_leading_bids_hold_cash: bool = False


@dataclass(frozen=True)
class OperatingRules:
    payouts: tuple[str, ...]
    tile_lays: int
    must_buy_train: str
    emergency_from_companies: bool
    private_price_percent: tuple[int, int]  # a company pays a player this share of face value
    train_price_between_companies: int  # the least a company may pay another for a train
    # The companies still to operate in the round are sorted again by price after a
    # president's emergency sale (18xx.games, step/emergency_money.rb); otherwise the order
    # set when the round began stands.
    reorder_after_emergency_sale: bool = False
    # A president raising money for his company's train may go on selling shares while the
    # train is not bought, even once he could pay (18xx.games EBUY_SELL_MORE_THAN_NEEDED);
    # otherwise he sells only while he still lacks money for it.
    sell_more_than_needed: bool = False
    # A route may not pass through a city whose every slot holds another company's station
    # (the 18xx rule); false lets it through, as the site's engine of April 2020 did.
    full_cities_block: bool = True
    # An upgrade is the only lay of its turn: tile_lays counts yellow lays on empty hexes
    # (18TN: two yellow lays or one upgrade).
    upgrade_is_the_only_lay: bool = False
    # In the first operating round companies buy privates from players at face value, even in
    # a phase that sells none; then a company owning a private buys none, and a player sells
    # one only (18TN's phase 2).
    first_round_private_sales: bool = False
    first_turn_tile_lays: int = 0  # a company's lays in its first turn (0: tile_lays)
    # At the end of each set of operating rounds, the next train the bank sells is removed if
    # it is of one of these kinds, as if bought: its phase and rusting follow (18Chesapeake's
    # export of 2, 3 and 4 trains, game.rb or_set_finished).
    export_after_set: tuple[str, ...] = ()
    # A train counts only cities and off-boards toward its distance; it passes, and is paid
    # for, any number of towns (18GA's trains).
    towns_free: bool = False


@dataclass(frozen=True)
class EndRules:
    bank_broken: str
    bankruptcy: str
    market_top: str
    sets: int  # 0: no set number of operating round sets
    bankrupt_assets: str = "kept"  # BANKRUPT_ASSETS


@dataclass(frozen=True)
class Title:
    name: str
    full_name: str
    currency: str
    map: str  # a map of tables/maps/, or "" when the table keeps the map
    source: str
    cash: dict[int, int]  # player count -> starting cash
    certificate_limit: dict[int, int]
    bank: int
    market: Market
    companies: tuple[Company, ...]
    privates: tuple[Private, ...]
    trains: tuple[Train, ...]
    phases: tuple[Phase, ...]
    shares: ShareRules
    auction: AuctionRules
    operating: OperatingRules
    end: EndRules
    confidence: dict[str, str] = field(default_factory=dict)  # key path -> "medium: why"
    aliases: tuple[str, ...] = ()  # other names a table may give it (18xx.games' names)
    # Games recorded on 18xx.games that replay through the banker to the site's final values
    # with no forced move (tests/games/titled/recorded, checked there).
    proven_by: tuple[str, ...] = ()
    # player count -> the rules turned on for it ([players.variants.N])
    variants: dict[int, PlayerCountRules] = field(default_factory=dict)

    def variant(self, players: int) -> PlayerCountRules:
        """The rules turned on for this number of players (none: all off)."""
        return self.variants.get(players, PlayerCountRules())

    def company(self, abbr: str) -> Company:
        return next(c for c in self.companies if c.abbr == abbr)

    def train(self, name: str) -> Train:
        return next(t for t in self.trains if t.name == name)

    def privates_for(self, players: int) -> tuple[Private, ...]:
        return tuple(p for p in self.privates if players >= p.min_players)

    def money(self, amount: int) -> str:
        return self.currency.replace("#", str(amount))
