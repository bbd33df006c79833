"""A hex map as SVG, flat-topped or pointy-topped, in `referee.eighteen.hexes` coordinates.

The caller says what lies on each hex (fill, track paths, nodes, labels); this module only
does the geometry: edge e of a flat hex faces 90 + 60·e degrees (edge 0 at the bottom,
clockwise), of a pointy hex 30 degrees further (edge 0 lower left), as in
`referee.eighteen.hexes`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from referee.eighteen.hexes import parse
from referee.web.html import esc

# The colours of tiles (and of what a map prints in those colours), by the tile's colour.
TILE = {
    "white": "#f4f1e6",
    "yellow": "#f3d65a",
    "green": "#7cc47f",
    "brown": "#c49a6c",
    "purple": "#b58ed6",
    "gray": "#b9b9b9",
    "grey": "#b9b9b9",
    "red": "#e58a7a",
    "blue": "#a9cdea",
}
R = 40.0  # hex radius (centre to corner)
H = R * math.sqrt(3) / 2  # centre to the middle of a side


@dataclass
class Hex:
    name: str
    fill: str
    paths: Sequence[tuple[tuple[str, int], tuple[str, int]]] = ()
    nodes: Sequence[str] = ()  # kind of each node: city, town, offboard, junction
    tokens: dict[int, list[str]] = field(default_factory=dict)  # node -> station labels
    label: str = ""  # tile number, terrain cost, home ...


def _centre(name: str, layout: str) -> tuple[float, float]:
    x, y = parse(name, layout) or (0, 0)
    if layout == "pointy":  # doubled columns: a step of 2 is one hex across
        return x * H, y * 1.5 * R
    return x * 1.5 * R, y * H


def _turn(layout: str) -> int:
    return 30 if layout == "pointy" else 0


def _edge(e: int, layout: str) -> tuple[float, float]:
    a = math.radians(90 + 60 * e + _turn(layout))
    return H * math.cos(a), H * math.sin(a)


def _node(i: int, count: int) -> tuple[float, float]:
    if count <= 1:
        return 0.0, 0.0
    return (i - (count - 1) / 2) * R * 0.55, 0.0


def _end(end: tuple[str, int], count: int, layout: str) -> tuple[float, float]:
    return _edge(end[1], layout) if end[0] == "e" else _node(end[1], count)


def svg(hexes: Sequence[Hex], layout: str = "flat") -> str:
    if not hexes:
        return ""
    centres = {h.name: _centre(h.name, layout) for h in hexes}
    xs = [c[0] for c in centres.values()]
    ys = [c[1] for c in centres.values()]
    left, top = min(xs) - R - 2, min(ys) - R - 2
    width, height = max(xs) - min(xs) + 2 * R + 4, max(ys) - min(ys) + 2 * R + 4
    turn = _turn(layout)
    corners = " ".join(
        f"{R * math.cos(math.radians(60 * k + turn)):.1f},"
        f"{R * math.sin(math.radians(60 * k + turn)):.1f}"
        for k in range(6)
    )
    out = [
        f'<svg viewBox="{left:.0f} {top:.0f} {width:.0f} {height:.0f}" role="img" '
        'aria-label="the map">'
    ]
    for h in hexes:
        cx, cy = centres[h.name]
        out.append(f'<g transform="translate({cx:.1f},{cy:.1f})">')
        out.append(f'<polygon points="{corners}" fill="{h.fill}" stroke="#555" stroke-width="1"/>')
        count = len(h.nodes)
        for a, b in h.paths:
            (ax, ay), (bx, by) = _end(a, count, layout), _end(b, count, layout)
            if a[0] == "e" and b[0] == "e":
                d = f"M{ax:.1f},{ay:.1f} Q0,0 {bx:.1f},{by:.1f}"
            else:
                d = f"M{ax:.1f},{ay:.1f} L{bx:.1f},{by:.1f}"
            out.append(f'<path d="{d}" stroke="#111" stroke-width="6" fill="none"/>')
        for i, kind in enumerate(h.nodes):
            nx, ny = _node(i, count)
            if kind == "city":
                out.append(
                    f'<circle cx="{nx:.1f}" cy="{ny:.1f}" r="{R * 0.26:.1f}" fill="#fff" '
                    'stroke="#111" stroke-width="2"/>'
                )
                labels = h.tokens.get(i, [])
                if labels:
                    out.append(
                        f'<text class="station" x="{nx:.1f}" y="{ny + 3.5:.1f}" '
                        f'text-anchor="middle" fill="#111">{esc("/".join(labels))}</text>'
                    )
            elif kind == "town":
                out.append(f'<circle cx="{nx:.1f}" cy="{ny:.1f}" r="{R * 0.12:.1f}" fill="#111"/>')
        out.append(
            f'<text class="hexname" x="0" y="{-H + 11:.1f}" text-anchor="middle">'
            f"{esc(h.name)}</text>"
        )
        if h.label:
            out.append(
                f'<text class="label" x="0" y="{H - 5:.1f}" text-anchor="middle">'
                f"{esc(h.label)}</text>"
            )
        out.append("</g>")
    out.append("</svg>")
    return f'<div class="map">{"".join(out)}</div>'
