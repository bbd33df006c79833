"""A hex map as SVG: flat-topped hexes in `referee.eighteen.hexes` coordinates.

The caller says what lies on each hex (fill, track paths, nodes, labels); this module only
does the geometry: edge e of a flat hex faces 90 + 60·e degrees (edge 0 at the bottom,
clockwise), as in `referee.eighteen.hexes`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from referee.eighteen.hexes import parse
from referee.web.html import esc

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


def _centre(name: str) -> tuple[float, float]:
    x, y = parse(name, "flat") or (0, 0)
    return x * 1.5 * R, y * H


def _edge(e: int) -> tuple[float, float]:
    a = math.radians(90 + 60 * e)
    return H * math.cos(a), H * math.sin(a)


def _node(i: int, count: int) -> tuple[float, float]:
    if count <= 1:
        return 0.0, 0.0
    return (i - (count - 1) / 2) * R * 0.55, 0.0


def _end(end: tuple[str, int], count: int) -> tuple[float, float]:
    return _edge(end[1]) if end[0] == "e" else _node(end[1], count)


def svg(hexes: Sequence[Hex]) -> str:
    if not hexes:
        return ""
    centres = {h.name: _centre(h.name) for h in hexes}
    xs = [c[0] for c in centres.values()]
    ys = [c[1] for c in centres.values()]
    left, top = min(xs) - R - 2, min(ys) - H - 2
    width, height = max(xs) - min(xs) + 2 * R + 4, max(ys) - min(ys) + 2 * H + 4
    corners = " ".join(
        f"{R * math.cos(math.radians(60 * k)):.1f},{R * math.sin(math.radians(60 * k)):.1f}"
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
            (ax, ay), (bx, by) = _end(a, count), _end(b, count)
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
