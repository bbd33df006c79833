"""Track tiles: the catalogue in tables/tiles.toml, rotation and validation."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from referee.core.datafiles import load_table
from referee.core.engine import UsageError
from referee.eighteen.hexes import rotate
from referee.i18n import _

NODE_KINDS = ("city", "town", "offboard", "junction")
# An end of a path: ("e", edge) or ("n", node index).
End = tuple[str, int]


@dataclass(frozen=True)
class NodeSpec:
    kind: str
    revenue: int | tuple[tuple[str, int], ...]  # fixed, or (phase colour, value) pairs
    slots: int = 0
    group: str = ""  # off-board areas that count as one destination

    def value(self, colour: str, diesel: bool = False) -> int:
        if isinstance(self.revenue, int):
            return self.revenue
        table = dict(self.revenue)
        if diesel and "diesel" in table:
            return table["diesel"]
        for key in _colour_aliases(colour):
            if key in table:
                return table[key]
        # The newest printed colour not after the phase (e.g. yellow when the phase is green).
        order = ["yellow", "green", "brown", "gray"]
        wanted = order.index(_canonical(colour)) if _canonical(colour) in order else 3
        best = 0
        for i, key in enumerate(order):
            if i <= wanted and key in table:
                best = table[key]
        return best


def _canonical(colour: str) -> str:
    return {"purple": "brown", "grey": "gray"}.get(colour, colour)


def _colour_aliases(colour: str) -> tuple[str, ...]:
    same = {"purple": ("purple", "brown"), "brown": ("brown", "purple"), "grey": ("gray",)}
    return same.get(colour, (colour,))


@dataclass(frozen=True)
class TileSpec:
    """A tile definition (or the printed content of a map hex) in the unrotated frame."""

    name: str
    color: str
    label: str
    nodes: tuple[NodeSpec, ...]
    paths: tuple[tuple[End, End], ...]
    # The label the hex takes from a tile of that colour on: (label, colour), or None (18TN's
    # Nashville, white, wants an N tile in green; its N tile a P tile in brown).
    future_label: tuple[str, str] | None = None
    permanent: bool = False  # never replaced by an upgrade (18AL's Lumber Terminal, 445)

    def exits(self, rotation: int = 0) -> frozenset[int]:
        return frozenset(rotate(e[1], rotation) for path in self.paths for e in path if e[0] == "e")

    def rotated_paths(self, rotation: int) -> tuple[tuple[End, End], ...]:
        def turn(end: End) -> End:
            return ("e", rotate(end[1], rotation)) if end[0] == "e" else end

        return tuple((turn(a), turn(b)) for a, b in self.paths)


def _parse_end(text: Any, nodes: int, where: str) -> End:
    if isinstance(text, str) and len(text) >= 2 and text[0] in "en" and text[1:].isdigit():
        kind, number = text[0], int(text[1:])
        if (kind == "e" and number < 6) or (kind == "n" and number < nodes):
            return (kind, number)
    raise UsageError(
        _("{where}: bad path end {text!r} (edges e0-e5, nodes n0-n{last})").format(
            where=where, text=text, last=max(nodes - 1, 0)
        )
    )


def parse_node(raw: Any, where: str) -> NodeSpec:
    if not isinstance(raw, dict) or raw.get("kind") not in NODE_KINDS:
        raise UsageError(
            _("{where}: node kind must be one of {items}").format(
                where=where, items=", ".join(NODE_KINDS)
            )
        )
    revenue = raw.get("revenue", 0)
    if isinstance(revenue, dict):
        if not all(isinstance(v, int) for v in revenue.values()):
            raise UsageError(
                _("{where}: revenue by phase must be whole numbers").format(where=where)
            )
        revenue = tuple(sorted(revenue.items()))
    elif not isinstance(revenue, int):
        raise UsageError(
            _("{where}: revenue must be a number or a table of phase colour = value").format(
                where=where
            )
        )
    slots = raw.get("slots", 0)
    if not isinstance(slots, int) or slots < 0 or (raw["kind"] == "city" and slots < 1):
        raise UsageError(_("{where}: a city needs at least one token slot").format(where=where))
    groups = raw.get("groups") or [""]
    return NodeSpec(raw["kind"], revenue, slots, str(groups[0]))


def parse_tile(name: str, raw: dict[str, Any], where: str) -> TileSpec:
    """Validate one tile (or hex content) table; errors name `where` (e.g. 'tile 15', 'hex G8')."""
    if not isinstance(raw, dict):
        raise UsageError(_("{where}: must be a table").format(where=where))
    raw_nodes = raw.get("nodes", [])
    nodes = tuple(
        parse_node(n, _("{where} node {i}").format(where=where, i=i))
        for i, n in enumerate(raw_nodes)
    )
    paths: list[tuple[End, End]] = []
    for item in raw.get("paths", []):
        if not isinstance(item, list) or len(item) != 2:
            raise UsageError(_("{where}: each path joins exactly two ends").format(where=where))
        a, b = (_parse_end(t, len(nodes), where) for t in item)
        if a == b:
            raise UsageError(
                _("{where}: a path cannot join {item} to itself").format(where=where, item=item[0])
            )
        paths.append((a, b))
    used = {end[1] for path in paths for end in path if end[0] == "n"}
    for i, node in enumerate(nodes):
        if node.kind == "junction" and i not in used:
            raise UsageError(_("{where}: junction n{i} has no track").format(where=where, i=i))
    return TileSpec(
        name,
        str(raw.get("color", "")),
        str(raw.get("label") or ""),
        nodes,
        tuple(paths),
        _future_label(raw.get("future_label"), where),
        bool(raw.get("permanent", False)),
    )


def _future_label(raw: Any, where: str) -> tuple[str, str] | None:
    """`future_label = { label = "P", color = "brown" }`, or None when not given."""
    if raw is None:
        return None
    if not (isinstance(raw, dict) and all(isinstance(raw.get(k), str) for k in ("label", "color"))):
        raise UsageError(
            _('{where}: future_label must be {{ label = "P", color = "brown" }}').format(
                where=where
            )
        )
    return (raw["label"], raw["color"])


@cache
def catalogue() -> dict[str, TileSpec]:
    """Every tile of tables/tiles.toml, validated."""
    data = load_table("tiles")
    return {
        name: parse_tile(name, raw, _("tile {name}").format(name=name))
        for name, raw in data["tiles"].items()
    }


def tile(name: str, where: str) -> TileSpec:
    found = catalogue().get(name)
    if found is None:
        raise UsageError(_("{where}: unknown tile '{name}'").format(where=where, name=name))
    return found
