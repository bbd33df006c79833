"""A tile laid where the title names a map: the colours the phase allows (the title's
[[phases]] `tiles`), the supply of each design (its count for the map's box in
tables/tiles.toml, a replaced tile going back), and what may replace what is on the hex,
printed or laid (18xx upgrades: referee.eighteen.upgrades). Whether the new track joins the
company's and what the terrain costs stay the table's to say (trusted).
"""

from __future__ import annotations

from referee.core.engine import Event
from referee.core.rules_kit import Judge
from referee.eighteen.maps import load_map
from referee.eighteen.tiles import TileSpec, catalogue
from referee.eighteen.upgrades import (
    colour_word,
    count,
    left,
    node_edges,
    upgrade_problem,
    wanted_label,
)
from referee.games.titled.common import SUPPLY, UPGRADES, key
from referee.games.titled.moves import Lay
from referee.games.titled.state import State
from referee.i18n import _


def check(
    state: State, move: Lay, old: tuple[str, int] | None, colours: tuple[str, ...], judge: Judge
) -> list[Event]:
    """The rules of the tile `move` laid (already in state.tiles) over `old` (the laid tile it
    replaces, if any) while the phase allows `colours`; what the lay says of the supply. A
    tile or hex the map check refused is not judged again."""
    map_name = state.title.map
    new = catalogue().get(move.tile)
    hexes = load_map(map_name).hexes
    if new is None or move.hex not in hexes:
        return []
    judge.rule(
        new.color in colours,
        _("{colour} tiles are not laid in phase {phase}").format(
            colour=colour_word(new.color), phase=state.phase
        ),
        key(state, f"phases.{state.phase}.tiles"),
        ", ".join(map(colour_word, colours)),
    )
    laid = [t for t, _r in state.tiles.values()]
    in_box = count(move.tile, map_name)
    judge.rule(
        left(move.tile, map_name, laid) >= 0,
        _("no tile {tile} is left: {map} has {count}").format(
            tile=move.tile, map=map_name, count=in_box
        )
        if in_box
        else _("{map} has no tile {tile}").format(map=map_name, tile=move.tile),
        SUPPLY,
        _("a tile replaced by an upgrade goes back to the supply") if in_box else "",
    )
    before: TileSpec | None = catalogue().get(old[0]) if old else hexes[move.hex].printed
    if before is not None:
        paths = before.rotated_paths(old[1]) if old else before.paths
        label = wanted_label(new, hexes[move.hex].printed, before)
        problem = upgrade_problem(before, paths, new, move.rotation, label, _special(state, move))
        what = _("tile {name}").format(name=old[0]) if old else _("the printed hex")
        judge.rule(
            problem is None,
            _("tile {tile} on {hex} ({what}): {problem}").format(
                tile=move.tile, hex=move.hex, what=what, problem=problem
            ),
            UPGRADES,
            _("the next colour, the same label, towns and cities, every old path kept"),
        )
    if old:
        return [Event(_("tile {tile} goes back to the supply").format(tile=old[0]))]
    return []


def _special(state: State, move: Lay) -> bool:
    """Whether the lay is a private's special tile (its extra_lay's special_tile)."""
    found = [p for p in state.title.privates if p.abbr == move.private]
    extra = found[0].extra_lay if found else None
    return extra is not None and extra.special_tile


def move_stations(state: State, hex_name: str, old: tuple[str, int] | None) -> list[Event]:
    """The stations on a hex whose tile was just replaced (state.tiles holds the new one) go
    to the city of the new tile that holds their old city's track (18xx upgrades: a station
    stays with its city). A city with no track, or whose track no new city holds, keeps its
    number."""
    hexes = load_map(state.title.map).hexes
    if hex_name not in hexes:
        return []
    new_laid = state.tiles[hex_name]
    new = catalogue().get(new_laid[0])
    before = catalogue().get(old[0]) if old else hexes[hex_name].printed
    if new is None or before is None:
        return []
    was = node_edges(before, before.rotated_paths(old[1]) if old else before.paths)
    now = node_edges(new, new.rotated_paths(new_laid[1]))
    events = []
    for index, (where, city, company) in enumerate(state.stations):
        edges = was.get(city)
        if where != hex_name or not edges:
            continue
        to = max(now, key=lambda n: len(now[n] & edges), default=city)
        if to != city and now[to] & edges:
            state.stations[index] = (where, to, company)
            said = _("{company}'s station on {hex} moves with its city: city {old} -> {new}")
            events.append(Event(said.format(company=company, hex=where, old=city, new=to)))
    return events
