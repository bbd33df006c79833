"""What the page shows of each game, beyond what every game shows (standings, moves, charts).

One module per game, each with:
- `panels(session, state) -> list[(title, html)]`: the game's board as the table sees it;
- `ending(session, state) -> list[str]`: the end-of-game conditions and how close they are;
- `prices(game, state) -> dict[str, int]`: company prices for the price chart ({} if none).

Only what the physical table shows: hidden hands and face-down cards appear as counts.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

MODULES = {
    "union-station": "union_station",
    "railroad-rivals": "railroad_rivals",
    "congo-line": "congo_line",
    "express01": "express01",
    "lost-atlas": "lost_atlas",
    "18xx": "titled",
}


def view_of(game_name: str) -> ModuleType:
    """The game's own view; a game without one (a new game) gets the plain page."""
    return import_module(f"referee.web.games.{MODULES.get(game_name, 'plain')}")
