"""Track as the table sees it: the sides a tile's track joins, named by compass direction.

A laid tile is described by its groups: each path between two sides (`N-S`), and each city or
town with the sides its track leaves by (`N-SE city`). Sides follow the map's orientation
(referee.eighteen.hexes): on a flat map edge 0 is S, on a pointy map SW, clockwise from there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from referee.core.engine import UsageError
from referee.eighteen.tiles import TileSpec
from referee.i18n import _

SIDES = {
    "flat": ("S", "SW", "NW", "N", "NE", "SE"),
    "pointy": ("SW", "W", "NW", "NE", "E", "SE"),
}
SIDES["flat_rows"] = SIDES["flat"]
# The order sides are written in: clockwise from the north.
_WRITTEN = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
NODE_WORDS = ("city", "town")


@dataclass(frozen=True)
class Group:
    """A path between two sides (kind ""), or a city or town and the sides it joins. A typed
    group may leave `kind` out (None): it then matches a path or a node alike."""

    sides: frozenset[int]
    kind: str | None = ""

    def text(self, layout: str) -> str:
        names = sorted((SIDES[layout][e] for e in self.sides), key=_WRITTEN.index)
        return "-".join(names) + (f" {self.kind}" if self.kind else "")


Track = tuple[Group, ...]


def describe(spec: TileSpec, rotation: int) -> Track:
    """The groups of a tile turned `rotation`: paths between sides first, then the nodes in
    order (a node joined to no side, like a mine linked to its city, says nothing)."""
    paths = spec.rotated_paths(rotation)
    groups = [Group(frozenset((a[1], b[1]))) for a, b in paths if a[0] == "e" and b[0] == "e"]
    for index, node in enumerate(spec.nodes):
        sides = frozenset(
            end[1] for path in paths if ("n", index) in path for end in path if end[0] == "e"
        )
        if sides and node.kind in NODE_WORDS:
            groups.append(Group(sides, node.kind))
    return tuple(groups)


def text(track: Track, layout: str) -> str:
    """Paths, then cities and towns; each from its side nearest north, clockwise."""
    said = [(g.kind or "", g.text(layout)) for g in track]
    return " ".join(
        t for _, t in sorted(said, key=lambda k: (k[0], _WRITTEN.index(k[1].split("-")[0])))
    )


def laid_legend(laid: Sequence[tuple[str, TileSpec, int]], layout: str) -> str:
    """Under a map picture: each tile laid (hex, tile, rotation) with its track by compass,
    as the table types it (`M25 9 N-S`)."""
    items = [f"{h} {spec.name} {text(describe(spec, rot), layout)}" for h, spec, rot in laid]
    return _("tiles: {items}").format(items="; ".join(items)) if items else ""


def is_sides(word: str) -> bool:
    """Whether `word` reads as sides joined by hyphens (`N-SE`), whatever the layout."""
    parts = word.upper().split("-")
    return len(parts) >= 2 and all(p in _WRITTEN for p in parts)


def parse_group(word: str, layout: str) -> Group:
    names = SIDES[layout]
    parts = word.upper().split("-")
    wrong = [p for p in parts if p not in names]
    if wrong:
        raise UsageError(
            _("'{wrong}' is not a side of a hex on this map").format(wrong=wrong[0]),
            _("sides {sides}").format(sides=", ".join(names)),
        )
    sides = frozenset(names.index(p) for p in parts)
    if len(sides) != len(parts):
        raise UsageError(_("'{word}' names a side twice").format(word=word), _("e.g. N-S"))
    return Group(sides, None)


def parse_track(words: Sequence[str], layout: str) -> Track:
    """`N-S NE-SW`, `N-SE city`: groups of sides, each maybe followed by city or town."""
    groups: list[Group] = []
    for word in words:
        low = word.lower()
        if low in NODE_WORDS:
            if not groups or groups[-1].kind is not None:
                raise UsageError(
                    _("'{low}' follows the sides it joins").format(low=low),
                    _("e.g. N-SE {low}").format(low=low),
                )
            groups[-1] = Group(groups[-1].sides, low)
        else:
            groups.append(parse_group(word, layout))
    for group in groups:
        if group.kind is None and len(group.sides) != 2:
            raise UsageError(
                _("track between sides joins two of them; more meet at a city or town"),
                "e.g. N-S NE-SW, or N-S-SE city",
            )
    return tuple(groups)


def fits(typed: Track, track: Track, *, part: bool = False) -> bool:
    """Whether the track typed is this track: the same groups of sides, and the same kind
    wherever the table said city or town. With `part`, the typed groups need only be among
    the tile's (an upgrade named by its new track alone)."""
    want, have_sides = Counter(g.sides for g in typed), Counter(g.sides for g in track)
    if (want - have_sides) if part else (want != have_sides):
        return False
    for g in typed:
        if g.kind is None:
            continue
        wanted = sum(1 for t in typed if t.sides == g.sides and t.kind == g.kind)
        have = sum(1 for t in track if t.sides == g.sides and t.kind == g.kind)
        if have < wanted:
            return False
    return True
