"""The map of Lost Atlas, built at the table from three-hex pieces (rules ■3).

The state keeps only what was typed (piece, hex, rotation; capital overlays); `board(state)`
derives the geometry from it: every hex, its terrain, the printed content turned by the
piece's rotation, the homes, the blank hexes added around the homes at the end.

Coordinates are those of `referee.eighteen.hexes` on a flat map: letter = column, number =
row (doubled: A1, A3, B2, ...). A piece is placed by naming the hex of its h1 and a rotation
0-5 (clockwise); h2 then lies across h1's edge (5 + rot) mod 6 and h3 across edge rot.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from referee.core.datafiles import load_table
from referee.core.engine import Event, RuleError
from referee.core.rules_kit import Judge
from referee.eighteen import compass
from referee.eighteen.hexes import neighbour, parse
from referee.eighteen.tiles import NodeSpec, TileSpec, parse_tile, tile
from referee.games.lost_atlas import data
from referee.games.lost_atlas.sections import R_MAP
from referee.games.lost_atlas.state import Piece, State
from referee.i18n import N_, _, ngettext

LAYOUT = "flat"  # the pieces are flat hexes (a side at the bottom)
POSITIONS = ("h1", "h2", "h3")


@dataclass(frozen=True)
class Cell:
    hex: str
    piece: int  # index of the placement (0 = first piece placed); -1 = a blank hex
    number: int  # printed piece number (0 = blank)
    terrain: str  # plain, water, mountain, city, home, border, destination
    cost: int  # terrain cost of the first tile (mountain 40)
    home: str  # the minor whose home this is ("" if none)
    label: str  # capital, mine, port or ""
    printed: TileSpec  # printed content turned to map edges

    @property
    def kind(self) -> str:
        """The upgrade-chart name of the bare hex (tables/lost-atlas.toml [upgrades])."""
        if self.label:
            return self.label
        if self.terrain in ("city", "home"):
            return "city" if not self.printed.paths else self.home
        return {"plain": "plain", "mountain": "plain", "water": "water"}.get(self.terrain, "")


@dataclass(frozen=True)
class Board:
    cells: dict[str, Cell]
    blanks: tuple[str, ...]  # blank hexes added around the homes (■3, at the end)

    def homes(self) -> dict[str, str]:
        """minor -> home hex."""
        return {c.home: c.hex for c in self.cells.values() if c.home}


@cache
def pieces() -> dict[int, dict[str, Any]]:
    out: dict[int, dict[str, Any]] = {}
    for raw in load_table("maps/lost_atlas_pieces")["pieces"]:
        out[int(raw["number"])] = raw
    return out


@cache
def home_codes() -> dict[str, str]:
    return {str(v["code"]): name for name, v in data.minors().items() if "code" in v}


def spots(first: str, rot: int) -> tuple[str, str, str] | None:
    """The hexes of h1, h2, h3 for a piece with h1 on `first` turned `rot`."""
    h2 = neighbour(first, (5 + rot) % 6, LAYOUT)
    h3 = neighbour(first, rot % 6, LAYOUT)
    if parse(first, LAYOUT) is None or h2 is None or h3 is None:
        return None
    return first, h2, h3


def valid_name(name: str) -> bool:
    xy = parse(name, LAYOUT)
    return xy is not None and xy[0] % 2 == xy[1] % 2  # doubled coordinates: same parity


def _turn(spec: TileSpec, rot: int) -> TileSpec:
    return TileSpec(spec.name, spec.color, spec.label, spec.nodes, spec.rotated_paths(rot))


def _cell(
    hex_: str,
    index: int,
    number: int,
    raw: dict[str, Any],
    rot: int,
    capital: bool,
    destinations: tuple[int, ...],
) -> Cell:
    terrain = str(raw["terrain"])
    home = home_codes().get(str(raw.get("home", "")), "")
    label = "capital" if capital else str(raw.get("label", ""))
    body: dict[str, Any] = {"nodes": raw.get("nodes", []), "paths": raw.get("paths", [])}
    if terrain == "home" and not body["nodes"]:
        # Tunneling's home (piece 8) is a home city on a mountain; the pieces table gives no
        # circle for it, but ■14 says every home is a city spot.
        body["nodes"] = [{"kind": "city", "revenue": 0, "slots": 1}]
    spec = parse_tile(hex_, body, f"hex {hex_}")
    if terrain == "destination":
        # ■3/■16: the destination's value comes from the chosen card, by phase colour; the
        # two hexes of one piece are one area (facts §12).
        values = destinations or (0, 0, 0, 0)
        by_colour = tuple(sorted(zip(("yellow", "green", "purple", "gray"), values, strict=True)))
        spec = TileSpec(
            spec.name, "red", "", (NodeSpec("offboard", by_colour, 0, f"area{index}"),), spec.paths
        )
    elif spec.paths:
        spec = TileSpec(spec.name, "yellow", label, spec.nodes, spec.paths)
    else:
        spec = TileSpec(spec.name, "", label, spec.nodes, spec.paths)
    return Cell(
        hex_, index, number, terrain, int(raw.get("terrain_cost", 0)), home, label, _turn(spec, rot)
    )


def board(state: State) -> Board:
    return _board(
        tuple((p.number, p.hex, p.rot) for p in state.pieces),
        tuple(state.capitals),
        tuple(state.destinations),
        state.map_state == "done",
    )


# The boards of the last maps asked for: a game's map grows piece by piece, then stays.
@lru_cache(maxsize=64)
def _board(
    placed: tuple[tuple[int, str, int], ...],
    capitals: tuple[str, ...],
    destinations: tuple[int, ...],
    done: bool,
) -> Board:
    cells: dict[str, Cell] = {}
    for index, (number, first, rot) in enumerate(placed):
        where = spots(first, rot)
        assert where is not None
        for hex_, raw in zip(where, pieces()[number]["hexes"], strict=True):
            cells[hex_] = _cell(hex_, index, number, raw, rot, hex_ in capitals, destinations)
    blanks: list[str] = []
    if done:
        for cell in list(cells.values()):
            if not cell.home:
                continue
            for edge in range(6):
                other = neighbour(cell.hex, edge, LAYOUT)
                if other is None or other in cells or other in blanks:
                    continue
                if not _touches_border(cells, other, -1):
                    blanks.append(other)
        for b in blanks:  # ■3: blank hexes around the homes, the border rule first
            cells[b] = Cell(b, -1, 0, "plain", 0, "", "", TileSpec(b, "", "", (), ()))
    return Board(cells, tuple(blanks))


def _touches_border(cells: dict[str, Cell], hex_: str, piece: int) -> bool:
    """Whether `hex_` would touch a border hex of another piece (■3: its 4 outer edges touch
    nothing)."""
    for edge in range(6):
        other = neighbour(hex_, edge, LAYOUT)
        cell = cells.get(other or "")
        if cell is not None and cell.terrain == "border" and cell.piece != piece:
            return True
    return False


def placement_problem(state: State, number: int, first: str, rot: int) -> str | None:
    """Why piece `number` cannot go with h1 on `first` turned `rot` (■3); None: it may."""
    if not valid_name(first):
        return _("{hex} is not a hex of the sheet (letter and number of the same parity)").format(
            hex=first
        )
    where = spots(first, rot)
    if where is None:
        return _("the piece would leave the sheet at {hex}: move it right or down").format(
            hex=first
        )
    cells = board(state).cells
    taken = [h for h in where if h in cells]
    if taken:
        return _("{hexes} already has a hex").format(hexes=", ".join(taken))
    raws = pieces()[number]["hexes"]
    index = len(state.pieces)
    touching = 0
    for hex_, raw in zip(where, raws, strict=True):
        for edge in range(6):
            other = neighbour(hex_, edge, LAYOUT)
            if other in cells:
                touching += 1
                if raw["terrain"] == "border":
                    return _("the border hex on {hex} would touch {other}").format(
                        hex=hex_, other=other
                    )
        if _touches_border(cells, hex_, index):
            return _("{hex} would touch a border hex's outer edges").format(hex=hex_)
    need = data.table()["map"]["touch"]
    if cells and touching < need:
        return ngettext(
            "the piece touches the map along {touching} edge; at least {need}",
            "the piece touches the map along {touching} edges; at least {need}",
            touching,
        ).format(touching=touching, need=need)
    return None


def pieces_left(state: State) -> dict[int, int]:
    """Pieces still to place, by number (long and short: known; micro: the stack's limits)."""
    key = data.deck_key(state.variant, len(state.players))
    counts = {n: int(raw["copies"]) for n, raw in pieces().items()}
    for n in data.table()["map"]["remove"].get(key, []):
        counts[n] -= 1
    for p in state.pieces:
        counts[p.number] -= 1
    return {n: c for n, c in counts.items() if c > 0}


def map_complete(state: State) -> bool:
    key = data.deck_key(state.variant, len(state.players))
    capitals = data.table()["map"]["capitals"][key]
    if len(state.capitals) < capitals:
        return False
    if state.variant != "micro":
        return not pieces_left(state)
    stack = data.table()["map"]["micro_stack"][key]
    homes = data.table()["map"]["home_pieces"]
    placed_homes = sum(1 for p in state.pieces if p.number in homes)
    return bool(
        placed_homes == stack["homes"] and len(state.pieces) - placed_homes == stack["others"]
    )


def micro_problem(state: State, number: int) -> str | None:
    """■3 micro: one stack holds so many home pieces and so many others."""
    if state.variant != "micro":
        return None
    key = data.deck_key(state.variant, len(state.players))
    stack = data.table()["map"]["micro_stack"][key]
    homes = data.table()["map"]["home_pieces"]
    is_home = number in homes
    placed = sum(1 for p in state.pieces if (p.number in homes) == is_home)
    most = stack["homes" if is_home else "others"]
    if placed >= most:
        if is_home:
            return _("the stack holds {most} home pieces").format(most=most)
        return _("the stack holds {most} other pieces").format(most=most)
    return None


def capital_problem(state: State, hex_: str) -> str | None:
    """■3: a capital overlay goes on a basic city (the ○ circle) already placed."""
    cell = board(state).cells.get(hex_)
    if cell is None:
        return _("{hex} is not on the map yet").format(hex=hex_)
    if cell.terrain != "city" or cell.label:
        return _("{hex} is not a basic city ({terrain})").format(
            hex=hex_, terrain=terrain_name(cell.label or cell.terrain)
        )
    return None


def capital_possible(state: State) -> bool:
    return any(capital_problem(state, h) is None for h in board(state).cells)


# What lies on a hex, in the rules file's words (■2).
TERRAIN_NAMES = {
    "plain": N_("blank hex"),
    "water": N_("water"),
    "mountain": N_("mountain"),
    "border": N_("border"),
    "destination": N_("distant destination"),
    "city": N_("basic city"),
    "home": N_("home"),
    "capital": N_("capital"),
    "mine": N_("mine"),
    "port": N_("port"),
}


def terrain_name(terrain: str) -> str:
    return _(TERRAIN_NAMES[terrain]) if terrain in TERRAIN_NAMES else terrain


# --- the picture ---------------------------------------------------------------------------
CELL = 7
MARKS = {
    "plain": ".",
    "water": "~~~",
    "mountain": "^40",
    "border": "###",
    "destination": "[dst]",
    "city": "( )",
}


def _content(state: State, cell: Cell) -> str:
    laid = state.tiles.get(cell.hex)
    if laid:
        return laid[0]
    if cell.home:
        code = next(k for k, v in home_codes().items() if v == cell.home)
        return f"({code})"
    if cell.label == "capital":
        return "(*)"
    if cell.terrain == "home":
        return "( )"
    return MARKS.get(cell.terrain, "?")


def picture(state: State) -> str:
    """The map as text: each hex shows its name, its content and the station tokens."""
    b = board(state)
    if not b.cells:
        return ""
    tokens: dict[str, list[str]] = {}
    for co in state.companies.values():
        for hub in co.hubs:
            tokens.setdefault(hub.split(".")[0], []).append(co.name[:2])
    grid_cells: dict[tuple[int, int], list[str]] = {}
    for name, cell in b.cells.items():
        x, y = parse(name, LAYOUT) or (0, 0)
        grid_cells[(x, y)] = [name, _content(state, cell), "".join(tokens.get(name, []))]
    min_x = min(x for x, _y in grid_cells)
    min_y = min(y for _x, y in grid_cells)
    width = (max(x for x, _y in grid_cells) - min_x + 1) * CELL + CELL
    height = (max(y for _x, y in grid_cells) - min_y + 1) * 2 + 3
    rows = [[" "] * width for _row in range(height)]
    for (x, y), lines in grid_cells.items():
        col, row = (x - min_x) * CELL, (y - min_y) * 2
        for k, text in enumerate(lines):
            for j, ch in enumerate(text[: CELL - 1]):
                rows[row + k][col + j] = ch
    text = "\n".join("".join(r).rstrip() for r in rows).rstrip("\n")
    legend = _(
        "legend: . plain, ~~~ water, ^40 mountain, ### border, [dst] destination, "
        "( ) city, (*) capital, (EA) a minor's home, TILE number; EA.. = stations"
    )
    laid = [
        (h, tile(name, _("hex {hex}").format(hex=h)), rot)
        for h, (name, rot) in sorted(state.tiles.items())
    ]
    return "\n".join(line for line in (text, legend, compass.laid_legend(laid, LAYOUT)) if line)


# --- the setup moves ----------------------------------------------------------------------
def drawer(state: State) -> str:
    """■3: the first player draws and places, then clockwise."""
    return state.players[state.map_draws % len(state.players)]


def place_piece(
    state: State,
    number: int,
    first: str,
    rot: int,
    judge: Judge,
    events: list[Event],
    say_next: bool = True,
) -> None:
    if state.columns:
        raise RuleError(
            _("the map is built before the charters are laid out"), R_MAP, computable=False
        )
    if number not in pieces_left(state):
        raise RuleError(
            _("no piece {number} is left to place").format(number=number),
            R_MAP,
            _("left: {pieces}").format(pieces=", ".join(map(str, sorted(pieces_left(state))))),
            computable=False,
        )
    problem = micro_problem(state, number) or placement_problem(state, number, first, rot)
    if problem:
        judge.broken(RuleError(problem, R_MAP, _("another hex or rotation")))
    where = spots(first, rot)
    judge.fact(
        where is not None and not any(h in board(state).cells for h in where),
        _("the piece cannot lie there at all"),
        R_MAP,
    )
    state.pieces.append(Piece(number, first, rot))
    state.map_state = "building"
    state.map_draws += 1
    assert where is not None
    events.append(
        Event(
            _("piece {number} on {hexes} (h1, h2, h3), rotation {rot}").format(
                number=number, hexes=", ".join(where), rot=rot
            )
        )
    )
    _maybe_done(state, events, say_next)


def place_capital(
    state: State, hex_: str, judge: Judge, events: list[Event], say_next: bool = True
) -> None:
    if state.columns:
        raise RuleError(
            _("the map is built before the charters are laid out"), R_MAP, computable=False
        )
    key = data.deck_key(state.variant, len(state.players))
    if len(state.capitals) >= data.table()["map"]["capitals"][key]:
        raise RuleError(_("every capital project is placed"), R_MAP, computable=False)
    state.map_state = "building"
    state.map_draws += 1
    if not hex_:
        judge.rule(
            not capital_possible(state),
            _("a basic city is on the map: the capital goes on one"),
            R_MAP,
            "capital HEX",
        )
        events.append(
            Event(
                _(
                    "no basic city yet: the capital project goes to the bottom of "
                    "the stack; draw the next piece (■3)"
                )
            )
        )
        return
    problem = capital_problem(state, hex_)
    if problem:
        judge.broken(
            RuleError(
                problem,
                R_MAP,
                _("capital HEX (a basic city on the map), or capital none when there is none"),
            )
        )
    state.capitals.append(hex_)
    events.append(
        Event(_("capital overlay on {hex}; the project leaves the game (■3)").format(hex=hex_))
    )
    _maybe_done(state, events, say_next)


def _maybe_done(state: State, events: list[Event], say_next: bool = True) -> None:
    if not map_complete(state):
        if not say_next:
            return
        left = pieces_left(state) if state.variant != "micro" else {}
        events.append(
            Event(
                _("{player} draws next").format(player=drawer(state))
                + (_pieces_left(sum(left.values())) if left else "")
            )
        )
        return
    state.map_state = "done"
    b = board(state)
    events.append(
        Event(
            _("the map is complete")
            + (
                _("; put blank hexes on {hexes} (around the homes, ■3)").format(
                    hexes=", ".join(b.blanks)
                )
                if b.blanks
                else ""
            )
        )
    )
    events.append(Event(_("now lay out the charters (charters ...)")))


def placements(state: State, number: int, most: int = 4) -> list[tuple[str, int]]:
    """A few places where piece `number` may go now (completion candidates)."""
    cells = board(state).cells
    if not cells:
        return [(data.table()["map"]["first"], 0)]
    found: list[tuple[str, int]] = []
    ring = {n for h in cells for e in range(6) if (n := neighbour(h, e, LAYOUT))}
    # h1 may lie two hexes out (a border hex pointing away from the map).
    near = sorted(
        {n for h in ring for e in range(6) if (n := neighbour(h, e, LAYOUT)) and n not in cells}
        | (ring - set(cells))
    )
    for hex_ in near:
        for rot in range(6):
            if placement_problem(state, number, hex_, rot) is None:
                found.append((hex_, rot))
                if len(found) >= most:
                    return found
    return found


def _pieces_left(left: int) -> str:
    return ngettext(" ({left} piece left)", " ({left} pieces left)", left).format(left=left)
