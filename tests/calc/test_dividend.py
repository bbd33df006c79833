"""The dividend calculator: 18xx payouts and the Lost Atlas stock moves (rules ■16, ■17)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from referee import games
from referee.cli.calc.dividend import payout_table
from referee.core.engine import UsageError
from referee.games.lost_atlas.market import stock_move


def test_major_310_pays_31_per_share_for_holdings_1_to_6() -> None:
    p = payout_table(310, 10)
    assert p.per_share == 31 and p.remainder == 0
    assert p.holdings == [(1, 31), (2, 62), (3, 93), (4, 124), (5, 155), (6, 186)]


def test_minor_310_pays_62_per_share__rules_17_minor_share_is_20_percent() -> None:
    p = payout_table(310, 5)
    assert p.per_share == 62 and p.holdings == [(1, 62), (2, 124), (3, 186)]


def test_uneven_revenue_rounds_down_per_share_and_shows_the_remainder() -> None:
    p = payout_table(317, 10, treasury=2, pool=1)
    assert (p.per_share, p.remainder, p.treasury, p.pool) == (31, 7, 62, 31)


@pytest.mark.parametrize(
    ("price", "revenue", "new", "steps"),
    [
        (100, 99, 100, 0),  # ■17: 0 < revenue < price: no move
        (100, 100, 110, 1),  # ■17: price <= revenue < 2 x price: one step
        (100, 199, 110, 1),
        (100, 200, 120, 2),  # ■17: revenue >= 2 x price: two steps
        (120, 240, 150, 2),  # the track's spaces are not evenly spaced (120, 135, 150)
        (450, 5000, 500, 1),  # the track ends at 500
        (60, 0, 50, -1),  # ■16: no revenue: one step left
    ],
)
def test_lost_atlas_stock_move__rules_17(price: int, revenue: int, new: int, steps: int) -> None:
    move = stock_move(price, revenue, withhold=False)
    assert (move.new, move.steps) == (new, steps)


def test_withhold_moves_one_left_and_pays_nothing__rules_17() -> None:
    p = payout_table(310, 10, withhold=True, price=90)
    assert p.withheld and p.treasury == 0
    assert p.move is not None and (p.move.new, p.move.steps) == (80, -1)


def test_price_must_be_a_space_of_the_track() -> None:
    with pytest.raises(UsageError, match="95 is not a space.*90, 100"):
        stock_move(95, 100, withhold=False)


def test_the_payout_table_asks_the_game_for_its_stock_move() -> None:
    assert games.stock_move_games() == ["lost-atlas"]
    rule = games.stock_move("lost-atlas")
    assert (rule.__module__, rule.__name__) == (stock_move.__module__, stock_move.__name__)
    move = payout_table(200, 10, price=100, game="lost-atlas").move
    assert move is not None
    assert (move.old, move.new, move.why) == (100, 120, stock_move(100, 200, False).why)


def test_a_game_without_a_stock_track_is_refused_naming_those_with_one() -> None:
    with pytest.raises(
        UsageError, match=r"no stock track known for 'union-station' \(allowed: lost-atlas\)"
    ):
        payout_table(200, 10, price=100, game="union-station")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"revenue": -1, "shares": 10}, "must not be negative"),
        ({"revenue": 10, "shares": 0}, "1 to 100 shares"),
        ({"revenue": 10, "shares": 5, "treasury": 4, "pool": 2}, "do not fit in 5"),
    ],
)
def test_absurd_input_is_refused(kwargs: dict, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        payout_table(**kwargs)


@pytest.mark.parametrize("revenue", [0, 7, 310, 99_999])
def test_payout_table_is_laid_out_as_tabulate_would(revenue: int) -> None:
    from tabulate import tabulate

    from referee.core.columns import simple_table

    p = payout_table(revenue, 10)
    assert simple_table(p.holdings, ["shares", "payout"]) == tabulate(
        p.holdings, headers=["shares", "payout"], tablefmt="simple"
    )


def _modules_loaded_by_dividend(*args: str) -> set[str]:
    """The modules a fresh `referee dividend ARGS` process has loaded when it is done."""
    code = (
        f"import sys; sys.argv = ['referee', 'dividend', *{list(args)!r}];"
        "from referee.cli.main import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(' '.join(sorted(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.strip().splitlines()[-1].split())


def test_dividend_command_does_not_import_tabulate() -> None:
    """Start-up (issue 13): the quick calculator stays clear of tabulate and its imports."""
    loaded = _modules_loaded_by_dividend("310", "--major")
    assert not loaded & {"tabulate", "importlib.metadata", "wcwidth"}


def test_dividend_loads_no_game_but_the_one_whose_track_moves() -> None:
    loaded = _modules_loaded_by_dividend("200", "--major", "--price", "100")
    games_loaded = sorted(m for m in loaded if m.startswith("referee.games."))
    assert games_loaded == [f"referee.games.lost_atlas{m}" for m in ("", ".data", ".market")]
