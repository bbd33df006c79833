"""The games, by name: each a folder here whose package exports its spec (referee.core.gamespec),
registered by one line in `referee.core.gamespec.GAMES` (docs/adding-a-game.md).

Lookups load only what they need: `referee dividend ...` loads no game's rules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from referee.core.errors import UsageError
from referee.core.gamespec import GAMES, GameSpec, spec
from referee.core.words import match

if TYPE_CHECKING:
    from referee.core.engine import Game, StockMove

_REGISTRY = GAMES  # the same dict: a test registers its own game here


def names() -> list[str]:
    return list(_REGISTRY)


def spec_named(name: str) -> GameSpec:
    """The spec of the game `name` (a unique prefix will do); UsageError naming the games."""
    try:
        key = match(name, _REGISTRY, "game")
    except UsageError as e:
        raise UsageError(f"unknown game '{name}'", ", ".join(_REGISTRY)) from e
    return spec(key)


def get(name: str) -> Game[Any, Any]:
    return spec_named(name).new_game()


def stock_move_games() -> list[str]:
    """The games that say how a payout moves a share price (`referee dividend --game`)."""
    return [name for name in _REGISTRY if spec(name).stock_move]


def check_stock_move_game(name: str) -> str:
    """`name` if that game has a stock-move rule; else UsageError naming the games that do."""
    if name not in _REGISTRY or not spec(name).stock_move:
        raise UsageError(f"no stock track known for '{name}'", ", ".join(stock_move_games()))
    return name


def stock_move(name: str) -> Callable[[int, int, bool], StockMove]:
    """The stock-move rule of game `name`, loading only that game's module for it."""
    return spec(check_stock_move_game(name)).stock_rule()
