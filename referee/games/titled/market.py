"""Where a share price moves on a title's market: a 2-D grid or a 1-D track.

On a grid a price that cannot go right goes up instead, and one that cannot go left goes down
(18xx.games StockMarket, the 1830 rule at the edges); up and down stop at the top and bottom.
On a track a price stops at either end. Which way each event moves is the title's
`market.moves`.
"""

from __future__ import annotations

from referee.games.titled.title import Market, Space

STEP = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
# On a grid, where a blocked move goes instead.
INSTEAD = {"right": "up", "left": "down"}


def step(market: Market, space: Space, direction: str) -> Space:
    """The space one step `direction` from `space`, by the title's edge rules."""
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
    """Where `event` (pay, half, withhold, sold, sold_out) moves a price, `times` over."""
    for _ in range(times):
        space = step(market, space, market.moves[event])
    return space


def par_space(market: Market, price: int) -> Space | None:
    return next((s for s in market.par_spaces() if s.price == price), None)
