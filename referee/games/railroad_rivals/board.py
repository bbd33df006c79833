"""Board data asked of the players, and the geometry of the city grid.

The printed tiles and the railroads' names are not public (the issue): the referee asks for the
number of tiles in the box, and learns the railroads as the players type them unless the board
data lists them.
"""

from __future__ import annotations

import re
from typing import Any

from referee.core.engine import BoardField, UsageError
from referee.i18n import N_, _

from .state import MAX_RAILROADS, STEP, City, Pos, State

FIELDS = (
    BoardField(
        "city_tiles",
        N_("How many city tiles are in the box, counting Chicago, St. Louis and Cincinnati?"),
        "40",
        lambda answer, _earlier: _tiles("city_tiles", answer),
    ),
    BoardField(
        "stock_tiles",
        N_("How many stock tiles are in the box?"),
        "48",
        lambda answer, _earlier: _tiles("stock_tiles", answer),
    ),
    BoardField(
        "railroads",
        N_(
            "The railroads' initials as printed on the tile edges, comma-separated "
            "(leave empty to learn them as you play)"
        ),
        "B&O, PRR, NYC",
        lambda answer, _earlier: _railroads(answer),
    ),
    BoardField(
        "city_names",
        N_(
            "The names printed on the box's city tiles, comma-separated "
            "(leave empty to type them as they are drawn)"
        ),
        "Denver, Omaha, Tulsa",
        lambda answer, _earlier: _city_names(answer),
    ),
)

RAILROAD_NAME = re.compile(r"^[A-Za-z0-9&.'/]{1,8}$")


def check_railroad_name(word: str) -> str:
    if not RAILROAD_NAME.match(word) or word == "-":
        raise UsageError(
            _("'{word}' is not a railroad's initials").format(word=word),
            _("1 to 8 letters, digits, & . ' /"),
        )
    return word


def check_board(board: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in ("city_tiles", "stock_tiles"):
        if key not in board or board[key] in ("", None):
            raise UsageError(
                _("board data '{key}' is missing").format(key=key),
                _("a whole number from the box"),
            )
        out[key] = _tiles(key, board[key])
    out["railroads"] = _railroads(board.get("railroads", []))
    names = _city_names(board.get("city_names", []))
    if names:  # optional: a board without it is saved as before
        out["city_names"] = names
    return out


def _tiles(key: str, raw: Any) -> int:
    try:
        value = int(raw)
    except (TypeError, ValueError):
        raise UsageError(
            _("board data '{key}' must be a whole number, not {value}").format(
                key=key, value=repr(raw)
            )
        ) from None
    if not 1 <= value <= 500:
        raise UsageError(
            _("board data '{key}' = {value} is out of range").format(key=key, value=value),
            _("{low} to {high}").format(low=1, high=500),
        )
    return value


def _railroads(raw: Any) -> list[str]:
    names = [w.strip() for w in raw.split(",")] if isinstance(raw, str) else [str(w) for w in raw]
    names = [check_railroad_name(w) for w in names if w]
    if len({w.lower() for w in names}) != len(names):
        raise UsageError(_("board data 'railroads' names a railroad twice"))
    if len(names) > MAX_RAILROADS:
        raise UsageError(
            _("board data 'railroads' lists {n} railroads").format(n=len(names)),
            _("the game has 12"),
        )
    return names


def _city_names(raw: Any) -> list[str]:
    """The names printed on the box's city tiles, once each (the start cities may be among
    them): with them the referee lists the tiles not yet seen and refuses any other name."""
    names = [w.strip() for w in raw.split(",")] if isinstance(raw, str) else [str(w) for w in raw]
    names = [check_city_name(w) for w in names if w.strip()]
    if len({w.lower() for w in names}) != len(names):
        raise UsageError(_("board data 'city_names' names a city twice"))
    return names


def check_city_name(word: str) -> str:
    name = " ".join(word.split())
    if not name or len(name) > 24 or name == "-":
        raise UsageError(
            _("'{word}' is not a city's name").format(word=word),
            _('up to 24 characters; quote "St. Louis"'),
        )
    return name


# --- the grid ---------------------------------------------------------------------------


def neighbour(pos: Pos, side: int) -> Pos:
    dx, dy = STEP[side]
    return (pos[0] + dx, pos[1] + dy)


def open_positions(state: State) -> list[Pos]:
    """Empty squares orthogonally next to a placed city (§都市タイルの配置)."""
    found = {
        neighbour(pos, side)
        for pos in state.grid
        for side in range(4)
        if neighbour(pos, side) not in state.grid
    }
    return sorted(found, key=lambda p: (p[1], p[0]))


def contacts(state: State, pos: Pos, edges: tuple[str, ...]) -> tuple[list[int], list[int]]:
    """The sides of a tile at `pos` that match a neighbour's railroad, and those blank-to-blank."""
    matches, blanks = [], []
    for side in range(4):
        other = state.grid.get(neighbour(pos, side))
        if other is None:
            continue
        theirs = state.cities[other].edges[(side + 2) % 4]
        mine = edges[side]
        if mine and mine == theirs:
            matches.append(side)
        elif not mine and not theirs:
            blanks.append(side)
    return matches, blanks


def matching_positions(state: State, edges: tuple[str, ...]) -> list[Pos]:
    """Where this tile, as entered, would touch a neighbour with the same railroad."""
    return [p for p in open_positions(state) if contacts(state, p, edges)[0]]


def link_between(state: State, a: Pos, b: Pos) -> int | None:
    """The index of the link joining two squares, if there is one."""
    for i, link in enumerate(state.links):
        if {link.a, link.b} == {a, b}:
            return i
    return None


def links_of(state: State, city: City) -> list[tuple[str, int]]:
    """(neighbouring city, link index) for each link touching a city."""
    out = []
    for side in range(4):
        other = neighbour(city.pos, side)
        i = link_between(state, city.pos, other)
        if i is not None:
            out.append((state.grid[other], i))
    return out


def parse_pos(word: str) -> Pos:
    m = re.fullmatch(r"\s*(-?\d{1,3})\s*,\s*(-?\d{1,3})\s*", word)
    if not m:
        raise UsageError(
            _("'{word}' is not a position").format(word=word),
            _("X,Y such as 1,0 or -2,1 (start city 0,0)"),
        )
    return int(m.group(1)), int(m.group(2))


def fmt_pos(pos: Pos) -> str:
    return f"{pos[0]},{pos[1]}"
