"""The stock market: a 2-D grid or a 1-D track of prices, and where an event moves a price.

On a grid a price that cannot go right goes up instead, and one that cannot go left goes down
(the 1830 rule at the edges, 18xx.games StockMarket); up and down stop at the top and bottom.
On a track a price stops at either end (Lost Atlas rules ■9, ■17). Which way each event moves
is the game's `Market.moves`; coloured zones say what a space means (`ZONE_MEANINGS`).

Kept free of any game so that `referee dividend` loads only this and the game's own table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

# What a coloured zone of the market may mean.
ZONE_MEANINGS = (
    "par",  # a company may be started (parred) at this price
    "no_certificate_limit",  # its shares do not count toward the certificate limit
    "no_holding_limit",  # a player may hold more than the holding limit (60%) of it
    "multiple_buy",  # more than one of its shares may be bought in one turn
    "closes",  # a company whose price reaches here closes
    "ends_game",  # a price reaching here ends the game (see [end] market_top)
)
MARKET_KINDS = ("grid", "track")
DIRECTIONS = ("up", "down", "left", "right", "none")
MOVE_EVENTS = ("pay", "half", "withhold", "sold", "sold_out")
SELL_DROPS = ("per_share", "per_block")

STEP = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
# On a grid, where a blocked move goes instead.
INSTEAD = {"right": "up", "left": "down"}


@dataclass(frozen=True)
class Zone:
    letter: str
    colour: str
    means: frozenset[str]


@dataclass(frozen=True)
class Space:
    row: int
    column: int
    price: int
    zones: str  # the zone letters printed on it


@dataclass(frozen=True)
class Market:
    kind: str  # grid (2-D) or track (1-D, one row)
    rows: tuple[tuple[Space | None, ...], ...]
    zones: dict[str, Zone]
    moves: dict[str, str]  # MOVE_EVENTS -> DIRECTIONS

    def spaces(self) -> list[Space]:
        return [s for row in self.rows for s in row if s is not None]

    def means(self, space: Space, meaning: str) -> bool:
        return any(meaning in self.zones[z].means for z in space.zones)

    def par_spaces(self) -> tuple[Space, ...]:
        return self._pars

    @cached_property
    def _pars(self) -> tuple[Space, ...]:  # asked of every state's options
        return tuple(s for s in self.spaces() if self.means(s, "par"))

    def at(self, row: int, column: int) -> Space | None:
        if 0 <= row < len(self.rows) and 0 <= column < len(self.rows[row]):
            return self.rows[row][column]
        return None


def track(prices: Sequence[int], moves: dict[str, str]) -> Market:
    """A 1-D market of `prices`, lowest first, without zones."""
    row = tuple(Space(0, column, price, "") for column, price in enumerate(prices))
    return Market("track", (row,), {}, dict(moves))


def step(market: Market, space: Space, direction: str) -> Space:
    """The space one step `direction` from `space`, by the market's edge rules."""
    if direction == "none":
        return space
    dr, dc = STEP[direction]
    there = market.at(space.row + dr, space.column + dc)
    if there is not None:
        return there
    if market.kind == "grid" and direction in INSTEAD:
        return step(market, space, INSTEAD[direction])
    return space


def move(market: Market, space: Space, event: str, times: int = 1) -> Space:
    """Where `event` (one of MOVE_EVENTS) moves a price, `times` over."""
    for _ in range(times):
        space = step(market, space, market.moves[event])
    return space


def shift(market: Market, space: Space, steps: int) -> Space:
    """`steps` right (+) or left (-) of `space`."""
    for _ in range(abs(steps)):
        space = step(market, space, "right" if steps > 0 else "left")
    return space


def par_space(market: Market, price: int) -> Space | None:
    return next((s for s in market.par_spaces() if s.price == price), None)


def sale_drops(count: int, sell_drop: str) -> int:
    """How many times a sale of `count` certificates of one company moves its price: once a
    certificate (per_share, 1830) or once a sale (per_block, Lost Atlas ■9)."""
    return count if sell_drop == "per_share" else 1


def steps_by_revenue(price: int, revenue: int, multiples: Sequence[int]) -> int:
    """The steps a payout moves a price when it moves by the revenue's multiple of the price:
    one step for each of `multiples` the revenue reaches (Lost Atlas ■17: (1, 2))."""
    return sum(1 for m in multiples if revenue >= m * price)
