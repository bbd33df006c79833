"""The moves of a described title, as plain data (what `parse` makes and a save replays)."""

from __future__ import annotations

from dataclasses import dataclass


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
