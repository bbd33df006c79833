"""The registry of games. Adding a game is one line here plus its own folder.

Imports are lazy so that `referee dividend ...` does not load every game's rules.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING

from referee.core.errors import UsageError
from referee.core.words import match

if TYPE_CHECKING:
    from referee.core.engine import Game, StockMove

_REGISTRY: dict[str, str] = {
    # name: "module:Class"
    "union-station": "referee.games.union_station.rules:UnionStation",
    "express01": "referee.games.express01.rules:Express01",
    "railroad-rivals": "referee.games.railroad_rivals.rules:RailroadRivals",
    "congo-line": "referee.games.congo_line.rules:CongoLine",
    "lost-atlas": "referee.games.lost_atlas.rules:LostAtlas",
    "18xx": "referee.games.titled.game:Titled",
}

# Games whose stock track moves a price on a payout: name -> "module:function" with the
# signature (price, revenue, withhold) -> StockMove. The module is the game's own and light.
_STOCK_MOVES: dict[str, str] = {
    "lost-atlas": "referee.games.lost_atlas.market:stock_move",
}


def names() -> list[str]:
    return list(_REGISTRY)


def get(name: str) -> Game:
    try:
        key = match(name, _REGISTRY, "game")
    except UsageError as e:
        raise UsageError(f"unknown game '{name}'", ", ".join(_REGISTRY)) from e
    module, cls = _REGISTRY[key].split(":")
    game: Game = getattr(import_module(module), cls)()
    return game


def stock_move_games() -> list[str]:
    """The games that say how a payout moves a share price (`referee dividend --game`)."""
    return list(_STOCK_MOVES)


def check_stock_move_game(name: str) -> str:
    """`name` if that game has a stock-move rule; else UsageError naming the games that do."""
    if name not in _STOCK_MOVES:
        raise UsageError(f"no stock track known for '{name}'", ", ".join(_STOCK_MOVES))
    return name


def stock_move(name: str) -> Callable[[int, int, bool], StockMove]:
    """The stock-move rule of game `name`, loading only that game's module for it."""
    module, function = _STOCK_MOVES[check_stock_move_game(name)].split(":")
    rule: Callable[[int, int, bool], StockMove] = getattr(import_module(module), function)
    return rule
