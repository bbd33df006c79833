"""The games by name, and where each game's citations are: what the citations (core/citations.py)
read of the games.

Apart from the specs (core/gamespec.py) because every refusal reads the citations
(core/errors.py) while a spec names the engine's Game, which refuses through the errors: the
citations reach a game's citations module through its package's SPEC without that circle.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from typing import Protocol

# The registry: name -> the game's package (whose SPEC is the game), one line per game. A
# "module:Class" value is a bare Game class with no folder (the tests' own games).
GAMES: dict[str, str] = {
    "union-station": "referee.games.union_station",
    "express01": "referee.games.express01",
    "railroad-rivals": "referee.games.railroad_rivals",
    "congo-line": "referee.games.congo_line",
    "lost-atlas": "referee.games.lost_atlas",
    "18xx": "referee.games.titled",
}


class Citations(Protocol):
    """A game's citations module (`citations.py`)."""

    SECTIONS: Mapping[str, str]  # a heading of the rules file the code cites -> its English
    ALIASES: Mapping[str, str]  # another way the code cites a section -> its heading
    KEYS: Mapping[str, str]  # a description key's pattern -> its words (the 18xx titles)


class _NoCitations:
    SECTIONS: Mapping[str, str] = {}
    ALIASES: Mapping[str, str] = {}
    KEYS: Mapping[str, str] = {}


NO_CITATIONS: Citations = _NoCitations()


def citations_module(module: str) -> Citations:
    """The citations module named `module`; none for ""."""
    return import_module(module) if module else NO_CITATIONS


def citations_of(name: str) -> Citations:
    """The citations of the registered game `name`: its spec's, none for a bare Game class."""
    where = GAMES[name]
    if ":" in where:
        return NO_CITATIONS
    named: str = import_module(where).SPEC.citations
    return citations_module(named)
