"""The registry of games. Adding a game is one line here plus its own folder.

Imports are lazy so that `referee dividend ...` does not load every game's rules.
"""

from __future__ import annotations

from importlib import import_module

from referee.engine import Game, UsageError

_REGISTRY: dict[str, str] = {
    # name: "module:Class"
    "union-station": "referee.games.union_station.rules:UnionStation",
    "express01": "referee.games.express01.rules:Express01",
    "railroad-rivals": "referee.games.railroad_rivals.rules:RailroadRivals",
    "congo-line": "referee.games.congo_line.rules:CongoLine",
    "lost-atlas": "referee.games.lost_atlas.rules:LostAtlas",
}


def names() -> list[str]:
    return list(_REGISTRY)


def get(name: str) -> Game:
    from referee.words import match

    try:
        key = match(name, _REGISTRY, "game")
    except UsageError as e:
        raise UsageError(f"unknown game '{name}'", ", ".join(_REGISTRY)) from e
    module, cls = _REGISTRY[key].split(":")
    return getattr(import_module(module), cls)()
