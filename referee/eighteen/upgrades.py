"""What the 18xx family says of a tile laid on a hex: the supply of each design (the counts of
tables/tiles.toml, by the game whose box it is), and what may replace what is on a hex (the
upgrade rules as 18xx.games writes them, Engine::Tile#upgrades_to? and the tracker's
old-paths check): the next colour, the same label, the same towns, the same cities unless
labelled, every old path kept as it lies.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from referee.core.datafiles import load_table
from referee.eighteen.tiles import End, TileSpec
from referee.i18n import _, ngettext, pgettext

Paths = tuple[tuple[End, End], ...]

# The colours of the family in upgrade order; a printed hex without track is white.
ORDER = ("white", "yellow", "green", "brown", "gray")


@cache
def _counts() -> dict[str, dict[str, int]]:
    tiles = load_table("tiles")["tiles"]
    return {n: {str(g): int(c) for g, c in t.get("counts", {}).items()} for n, t in tiles.items()}


def count(name: str, game: str) -> int:
    """Tiles of design `name` in `game`'s box (tables/tiles.toml counts); 0 when it has none."""
    return _counts().get(name, {}).get(game, 0)


def left(name: str, game: str, on_map: Iterable[str]) -> int:
    """Tiles of `name` still in the supply, those on the map (`on_map`: the names laid) out;
    a tile replaced by an upgrade goes back to the supply, so it is on the map no more."""
    return count(name, game) - sum(1 for t in on_map if t == name)


def colour_word(name: str) -> str:
    """A colour a title names (its tiles', its market zones'), in words; one the catalog does
    not know (a hex code, a rare name) as the description writes it."""
    words = {
        "yellow": pgettext("18xx", "yellow"),
        "green": pgettext("18xx", "green"),
        "brown": pgettext("18xx", "brown"),
        "gray": pgettext("18xx", "gray"),
        "grey": pgettext("18xx", "gray"),
        "red": pgettext("18xx", "red"),
        "orange": pgettext("18xx", "orange"),
        "black": pgettext("18xx", "black"),
        "gold": pgettext("18xx", "gold"),
        "blue": pgettext("18xx", "blue"),
        "white": pgettext("18xx", "white"),
    }
    return words.get(name.lower(), name)


def _next_colour(colour: str) -> str:
    """The colour that replaces `colour`; "" after gray, or for a colour of no upgrade."""
    at = ORDER.index(colour) if colour in ORDER else len(ORDER) - 1
    return ORDER[at + 1] if at + 1 < len(ORDER) else ""


def _kinds(tile: TileSpec, kind: str) -> int:
    return sum(1 for n in tile.nodes if n.kind == kind)


def _same(a: End, b: End, old: TileSpec, new: TileSpec) -> bool:
    """Ends alike: the same edge, or a node of the same kind (a city for a city)."""
    if a[0] != b[0]:
        return False
    if a[0] == "e":
        return a[1] == b[1]
    return old.nodes[a[1]].kind == new.nodes[b[1]].kind


def _kept(path: tuple[End, End], paths: Paths, old: TileSpec, new: TileSpec) -> bool:
    a, b = path
    return any(
        (_same(a, x, old, new) and _same(b, y, old, new))
        or (_same(a, y, old, new) and _same(b, x, old, new))
        for x, y in paths
    )


def upgrade_problem(
    old: TileSpec,
    old_paths: Paths,
    new: TileSpec,
    rotation: int,
    label: str | None = None,
    special: bool = False,
) -> str | None:
    """Why `new` turned `rotation` may not replace `old` (its paths `old_paths` as they lie on
    the map), or None. Printed content of no colour counts as white. `label`: the label the
    hex wants of the new tile when it is not the old one's (a future label, `wanted_label`).
    `special`: a private's special tile, which need only be the next colour and keep the old
    track (18xx.games' lays by a private: its label, towns and cities are not compared)."""
    if old.permanent:
        return _("tile {name} is never replaced").format(name=old.name)
    colour = old.color or "white"
    wanted = _next_colour(colour)
    if new.color != wanted:
        return (
            _("a {colour} tile replaces {old}, not a {new} one").format(
                colour=colour_word(wanted), old=colour_word(colour), new=colour_word(new.color)
            )
            if wanted
            else _("no tile replaces {old}").format(old=colour_word(colour))
        )
    if special:
        return _lost_track(old, old_paths, new, rotation)
    want = old.label if label is None else label
    if new.label != want:
        return _label_problem(want, new)
    towns, cities = _kinds(old, "town"), _kinds(old, "city")
    if _kinds(new, "town") != towns:
        return ngettext(
            "tile {name} has {new} town; the hex has {old}",
            "tile {name} has {new} towns; the hex has {old}",
            _kinds(new, "town"),
        ).format(name=new.name, new=_kinds(new, "town"), old=towns)
    # A labelled city may merge or split (it keeps its label); a white OO hex takes two cities.
    may_merge = bool(old.label) and not (colour == "white" and old.label == "OO")
    if not may_merge and _kinds(new, "city") != cities:
        return ngettext(
            "tile {name} has {new} city; the hex has {old}",
            "tile {name} has {new} cities; the hex has {old}",
            _kinds(new, "city"),
        ).format(name=new.name, new=_kinds(new, "city"), old=cities)
    lost = _lost_track(old, old_paths, new, rotation)
    if lost:
        return lost
    new_paths = new.rotated_paths(rotation)
    # Each city or town of the new tile takes track of an old one, but for those it adds.
    before, after = _stop_edges(old, old_paths), _stop_edges(new, new_paths)
    added = max(0, len(after) - len(before))
    if sum(1 for a in after if not any(a & b for b in before)) > added:
        return _(
            "tile {name} rotation {rotation}: a city or town of it takes none of the old track"
        ).format(name=new.name, rotation=rotation)
    return None


def _lost_track(old: TileSpec, old_paths: Paths, new: TileSpec, rotation: int) -> str | None:
    """Why `new` turned `rotation` does not keep every old path, or None."""
    new_paths = new.rotated_paths(rotation)
    lost = [p for p in old_paths if not _kept(p, new_paths, old, new)]
    if lost:
        return _("tile {name} rotation {rotation} loses the track {track}").format(
            name=new.name, rotation=rotation, track=", ".join(_said(p, old) for p in lost)
        )
    return None


def wanted_label(new: TileSpec, *before: TileSpec) -> str | None:
    """The label a hex wants of `new` from the future labels of what it held (the printed
    hex, the tile replaced) for `new`'s colour; None: the replaced tile's own label."""
    for held in before:
        if held.future_label is not None and held.future_label[1] == new.color:
            return held.future_label[0]
    return None


def _stop_edges(tile: TileSpec, paths: Paths) -> list[frozenset[int]]:
    """The edges each city or town with track reaches directly (18xx.games city_town_edges)."""
    return list(node_edges(tile, paths, ("city", "town")).values())


def node_edges(
    tile: TileSpec, paths: Paths, kinds: tuple[str, ...] = ("city",)
) -> dict[int, frozenset[int]]:
    """Node index -> the edges it reaches directly, for the nodes of `kinds` with track."""
    edges: dict[int, set[int]] = {}
    for a, b in paths:
        for node, edge in ((a, b), (b, a)):
            if node[0] == "n" and tile.nodes[node[1]].kind in kinds and edge[0] == "e":
                edges.setdefault(node[1], set()).add(edge[1])
    return {node: frozenset(e) for node, e in edges.items()}


def _label_problem(label: str, new: TileSpec) -> str:
    if not new.label:
        return _("the hex is labelled {label}; tile {name} has no label").format(
            label=label, name=new.name
        )
    if not label:
        return _("tile {name} is labelled {new}; the hex has no label").format(
            name=new.name, new=new.label
        )
    return _("tile {name} is labelled {new}; the hex is labelled {label}").format(
        name=new.name, new=new.label, label=label
    )


def _said(path: tuple[End, End], tile: TileSpec) -> str:
    """A path as its ends: `edge 3 - city`, `edge 0 - edge 3`."""

    def end(e: End) -> str:
        if e[0] == "e":
            return _("edge {edge}").format(edge=e[1])
        kind = tile.nodes[e[1]].kind
        return {"city": pgettext("18xx", "city"), "town": pgettext("18xx", "town")}.get(kind, kind)

    return f"{end(path[0])}-{end(path[1])}"
