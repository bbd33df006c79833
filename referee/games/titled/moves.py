"""The moves of a described title, as plain data (what `parse` makes and a save replays)."""

from __future__ import annotations

from dataclasses import dataclass

from referee.eighteen.proposal import Found


@dataclass(frozen=True)
class Par:
    actor: str
    company: str
    price: int


@dataclass(frozen=True)
class Buy:
    actor: str
    company: str
    source: str  # IPO or POOL


@dataclass(frozen=True)
class Sell:
    actor: str
    company: str
    count: int  # ordinary certificates


@dataclass(frozen=True)
class Done:
    """End the turn: a pass when nothing was done in it."""

    actor: str


@dataclass(frozen=True)
class BidPrivate:
    """Bid for a private, or buy the cheapest one at its price (waterfall), or at face."""

    actor: str
    private: str
    amount: int


@dataclass(frozen=True)
class Lay:
    """A tile laid by the company operating: entered, and trusted where there is no map."""

    actor: str
    hex: str
    tile: str
    rotation: int
    cost: int  # terrain cost paid to the bank, as the table reads it off the map
    private: str = ""  # the private whose extra lay this is (its title's extra_lay)


@dataclass(frozen=True)
class Token:
    actor: str
    hex: str
    city: int = 0  # which city of the hex's tile
    private: str = ""  # the private whose free station this is (its extra_lay's free_station)


@dataclass(frozen=True)
class Run:
    actor: str
    revenue: int
    how: str  # full, half or withhold (the title's operating.payouts)
    best: bool = False  # `run best`: the revenue of the best routes on the title's map
    # The best routes, found before the move is applied (operating.decide): `run best` pays
    # them, a typed revenue is judged by them. `apply` never searches (the search watches the
    # clock); a save records them, so a replay never searches either.
    found: Found | None = None


@dataclass(frozen=True)
class Routes:
    """The operating company's best routes on the title's map, shown (nothing changes)."""

    actor: str
    found: Found | None = None  # as Run.found


@dataclass(frozen=True)
class BuyTrain:
    actor: str
    train: str
    seller: str = ""  # "" from the bank; else the company selling it
    price: int = 0  # from a company: the price agreed
    trade: str = ""  # a train handed in for the title's trade-in discount
    private: str = ""  # the private whose train_discount this purchase uses


@dataclass(frozen=True)
class Discard:
    actor: str
    company: str
    train: str


@dataclass(frozen=True)
class PlaceBonus:
    """The company places its private's bonus token on a hex (privates.*.stop_bonus)."""

    actor: str
    private: str
    hex: str


@dataclass(frozen=True)
class BuyPrivate:
    actor: str
    private: str
    price: int


@dataclass(frozen=True)
class Bankrupt:
    """The president of a company that must buy a train cannot raise the money."""

    actor: str


@dataclass(frozen=True)
class Exchange:
    """A private's owner swaps it for a share of the company the title names, closing it."""

    actor: str
    private: str
    source: str  # IPO or POOL


TitledMove = (
    Par
    | Buy
    | Sell
    | Done
    | BidPrivate
    | Lay
    | Token
    | Run
    | Routes
    | BuyTrain
    | Discard
    | BuyPrivate
    | Bankrupt
    | Exchange
)
