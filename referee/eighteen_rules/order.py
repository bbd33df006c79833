"""Operating order: the companies on the market, highest price first.

On a tie the one further right, then the one higher up (a grid prices some spaces of a column
alike: 1830's 67 on rows 6 to 8), then the one that arrived on its space first (18xx.games
Corporation#sort_order_key). On a track a price is one space, so the arrival decides a tie
(Lost Atlas ■11: the marker on top of a space operates first; one arriving goes under, ■9).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Marker:
    """Where a company's price marker is: its price, its arrival (lower: arrived first, on
    top of its space) and, on a grid, its column and row."""

    price: int
    arrival: int
    column: int = 0
    row: int = 0


def operating_order(markers: Mapping[str, Marker]) -> list[str]:
    """The companies of `markers` in the order they operate."""

    def key(name: str) -> tuple[int, int, int, int]:
        m = markers[name]
        return (-m.price, -m.column, m.row, m.arrival)

    return sorted(markers, key=key)
