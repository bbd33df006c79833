"""Shared operating order (referee.eighteen_rules.order): Lost Atlas rules ■11 and the 18xx
order of a title's grid (18xx.games Corporation#sort_order_key)."""

from __future__ import annotations

from referee.eighteen_rules.order import Marker, operating_order


def test_highest_price_first_then_the_one_on_top__lost_atlas_rules_11() -> None:
    """■11: by price, highest first; on one space the marker higher up first (it arrived
    earlier: ■9 puts an arriving marker under those there)."""
    markers = {"A": Marker(100, 5), "B": Marker(120, 9), "C": Marker(100, 2)}
    assert operating_order(markers) == ["B", "C", "A"]


def test_on_a_grid_a_tie_goes_right_then_up_then_first_arrived__18xx_market() -> None:
    """1830's 67 is printed on rows 6 to 8 of one column: the one higher up goes first; a
    price further right goes before the same price further left."""
    markers = {
        "low": Marker(67, 1, column=3, row=8),
        "high": Marker(67, 2, column=3, row=6),
        "right": Marker(67, 3, column=4, row=7),
    }
    assert operating_order(markers) == ["right", "high", "low"]
