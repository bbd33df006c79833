"""What a game is to the rest of the program: one `GameSpec` per game, registered in `GAMES`.

A game lives in one folder, `referee/games/<game>/`, laid out by the same template (see
docs/adding-a-game.md); its package (`__init__.py`) exports `SPEC`, and `GAMES` (core/registry.py,
kept there for the citations) holds one line per game. The shell, the page, the citations and
the route search ask the spec; none of them imports a game's modules. A spec names its modules
instead of importing them, so that reading it (the citations of every game, the list of games)
does not load any game's rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol

from referee.core.registry import GAMES as GAMES
from referee.core.registry import Citations, citations_module
from referee.i18n import in_game

if TYPE_CHECKING:
    from referee.core.engine import Game, StockMove
    from referee.core.route_options import Rules

# The modules every game folder has, the same names in each (tests/test_game_folders.py).
TEMPLATE = (
    "__init__.py",  # SPEC: the game as the rest of the program knows it
    "game.py",  # the Game class: setup, parse, apply, options, standings
    "state.py",  # the state of a game, pure data
    "commands.py",  # GRAMMAR, the verb table (referee/core/grammar.py): typed words -> moves
    "render.py",  # what the table sees in the terminal: status, toolbar, snapshot, views
    "narrate.py",  # a move told as a sentence
    "readings.py",  # where the rules text allows two readings
    "citations.py",  # the rules file's headings the code cites, with their English
    "page.py",  # what the web page shows of the game
)


class Played(Protocol):
    """What a game's page reads of a session: the game, its states, the one in force."""

    @property
    def game(self) -> Game[Any, Any]: ...

    @property
    def state(self) -> Any: ...

    @property
    def states(self) -> Sequence[Any]: ...


class GamePage(Protocol):
    """A game's page module (`page.py`): what the web page shows beyond what every game shows.

    Only what the physical table shows: hidden hands and face-down cards appear as counts."""

    def panels(self, session: Played, state: Any) -> list[tuple[str, str]]:
        """The game's board as the table sees it: (title, html) panels."""
        ...

    def ending(self, session: Played, state: Any) -> list[str]:
        """The end-of-game conditions and how close they are."""
        ...

    def prices(self, game: Game[Any, Any], state: Any) -> dict[str, int]:
        """Company prices for the price chart ({} if none)."""
        ...

    def holdings(self, session: Played, state: Any, player: str) -> list[tuple[str, str]]:
        """What `player` holds, for their own seat's page: (what, how much) in words. Their
        own hidden hand may show here; it goes to no one else's page."""
        ...


@dataclass(frozen=True)
class GameSpec:
    """One game: its name, where its parts are, and the tables the program reads of it."""

    name: str  # as typed: `referee new lost-atlas`
    game: str  # "module:Class", the Game class (in the folder's game.py)
    page: str = ""  # the module of its page (the folder's page.py); "" for the plain page
    # The module of its citations (the folder's citations.py), read only when a rule is cited:
    # SECTIONS, the rules file's headings the code cites -> their English; ALIASES, other ways
    # the code cites a section -> its heading; KEYS, rules stated as keys of a description
    # (the 18xx titles'): a key's pattern -> its words
    citations: str = ""
    route_rules: Rules | None = None  # its route options, if its routes need any
    # "module:function" (price, revenue, withhold) -> StockMove, if a payout moves a price
    stock_move: str = ""

    @property
    def package(self) -> str:
        """The game's folder as a module name ("" for a bare Game class)."""
        module = self.game.split(":")[0]
        return module.rpartition(".")[0] if module.endswith(".game") else ""

    def new_game(self) -> Game[Any, Any]:
        game: Game[Any, Any] = _load(self.game)()
        return game

    def page_module(self) -> GamePage:
        page: GamePage = import_module(self.page or "referee.web.plain")
        return page

    def cited(self) -> Citations:
        """The game's citations; none for a game without its own."""
        return citations_module(self.citations)

    def stock_rule(self) -> Callable[[int, int, bool], StockMove]:
        rule: Callable[[int, int, bool], StockMove] = _load(self.stock_move)
        return rule


def standing_details(game: Game[Any, Any], state: Any, player: str) -> list[tuple[str, str]]:
    """`player`'s row of the standings as (column, value) in the words of the game's rules:
    the holdings of a game whose page says nothing more of them."""
    row = next(r for r in game.standings(state) if r.player == player)
    return [
        (in_game(game.name, key), str(value))
        for key, value in row.details.items()
        if not isinstance(value, bool)
    ]


def _load(where: str) -> Any:
    module, name = where.split(":")
    return getattr(import_module(module), name)


def spec(name: str) -> GameSpec:
    """The spec of the registered game `name` (exact; `referee.games.get` matches prefixes)."""
    where = GAMES[name]
    if ":" in where:
        return GameSpec(name=name, game=where)
    found: GameSpec = import_module(where).SPEC
    return found


def page(name: str) -> GamePage:
    """The page of game `name`: its own, or the plain page (a game not registered, or new)."""
    return (spec(name) if name in GAMES else GameSpec(name, "")).page_module()


def specs() -> list[GameSpec]:
    """Every registered game's spec, in the registry's order."""
    return [spec(name) for name in GAMES]
