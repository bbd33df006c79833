"""The shared stock market (referee.eighteen_rules.market), as each game plays it: Lost Atlas's
track (rules ■9, ■10, ■16, ■17) and a title's grid (its `market` and `market.moves` keys)."""

from __future__ import annotations

import pytest

from referee.eighteen_rules import market
from referee.games.lost_atlas import data
from referee.games.titled.describe import load_title


def _1830() -> market.Market:
    return load_title("1830").market


def _at(m: market.Market, price: int) -> market.Space:
    return next(s for s in m.spaces() if s.price == price)


@pytest.mark.parametrize(
    ("price", "revenue", "steps"),
    [(100, 99, 0), (100, 100, 1), (100, 199, 1), (100, 200, 2), (100, 5000, 2)],
)
def test_lost_atlas_payout_steps_by_revenue__rules_17(price: int, revenue: int, steps: int) -> None:
    """■17: a step right for revenue at least the price, a second for at least twice it."""
    assert market.steps_by_revenue(price, revenue, data.PAY_MULTIPLES) == steps


def test_lost_atlas_track_holds_a_price_at_its_ends__rules_9_17() -> None:
    """■9/■17: the track is one row; a price moved past either end stays at that end."""
    track = data.market()
    first, last = track.spaces()[0], track.spaces()[-1]
    assert market.move(track, last, "pay", 2) == last
    assert market.move(track, first, "sold") == first
    assert market.shift(track, _at(track, 120), 2).price == 150  # 120, 135, 150


def test_lost_atlas_sale_moves_once_per_company__rules_9() -> None:
    """■9: one space left per company sold, however many shares (a sale in one block)."""
    assert market.sale_drops(3, "per_block") == 1
    assert market.move(data.market(), _at(data.market(), 100), "sold").price == 90


def test_lost_atlas_all_with_players_moves_right__rules_10() -> None:
    assert market.move(data.market(), _at(data.market(), 100), "sold_out").price == 110


def test_1830_sale_drops_one_row_per_share__shares_sell_drop() -> None:
    """1830 shares.sell_drop = per_share and market.moves.sold = down: one row per share."""
    m = _1830()
    drops = market.sale_drops(3, load_title("1830").shares.sell_drop)
    start = _at(m, 100)
    to = market.move(m, start, "sold", drops)
    assert (drops, to.column, to.row) == (3, start.column, start.row + 3)


def test_1830_pay_at_the_right_edge_goes_up__market_moves_pay() -> None:
    """1830 market.moves.pay = right; on a grid a blocked right moves up instead."""
    m = _1830()
    edge = max((s for s in m.spaces() if s.row == 1), key=lambda s: s.column)
    assert m.at(edge.row, edge.column + 1) is None
    assert market.move(m, edge, "pay") == m.at(0, edge.column)


def test_1830_withhold_at_the_left_edge_goes_down__market_moves_withhold() -> None:
    """1830 market.moves.withhold = left; a blocked left moves down, the bottom holds."""
    m = _1830()
    edge = m.rows[0][0]
    assert edge is not None
    assert market.move(m, edge, "withhold") == m.at(1, 0)


def test_a_track_market_has_no_up_or_down() -> None:
    track = market.track([10, 20, 30], {"sold": "down"})
    assert market.move(track, track.spaces()[1], "sold").price == 20
