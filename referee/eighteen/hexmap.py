"""A hex map as SVG, flat-topped or pointy-topped, in `referee.eighteen.hexes` coordinates.

The caller says what lies on each hex (fill, track paths, nodes, labels); this module only
does the geometry: edge e of a flat hex faces 90 + 60·e degrees (edge 0 at the bottom,
clockwise), of a pointy hex 30 degrees further (edge 0 lower left), as in
`referee.eighteen.hexes`. Beside the maps it draws, below the games whose pages draw it
(tests/test_layers.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from referee.core.html import esc
from referee.eighteen.hexes import parse
from referee.i18n import _

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


# The map's words, in SVG units (a hex is 2R = 80 across): drawn no smaller than SCALE px per
# unit, a phone pans across the map rather than shrinking its words out of reach.
LABEL_FONT, NAME_FONT, STATION_FONT, TIGHT_FONT = 15.0, 11.0, 12.0, 10.0
SCALE = 0.8
TRACK_CLEARANCE = 4.0  # half the track's width (3) and a margin
CITY_R, TOWN_R = R * 0.26, R * 0.12

Box = tuple[float, float, float, float]  # centre x, centre y, half width, half height


def _quad(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    """A point of the curve from a to b bent through the hex's centre (edge to edge)."""
    return (1 - t) ** 2 * a[0] + t**2 * b[0], (1 - t) ** 2 * a[1] + t**2 * b[1]


def track_points(h: Hex, layout: str) -> list[tuple[float, float]]:
    """Points along every track of the hex, close enough to stand for the track."""
    count = len(h.nodes)
    out = []
    for a, b in h.paths:
        pa, pb = _end(a, count, layout), _end(b, count, layout)
        curved = a[0] == "e" and b[0] == "e"
        for i in range(17):
            t = i / 16
            if curved:
                out.append(_quad(pa, pb, t))
            else:
                out.append((pa[0] + (pb[0] - pa[0]) * t, pa[1] + (pb[1] - pa[1]) * t))
    return out


def _clearance(box: Box, x: float, y: float) -> float:
    cx, cy, w, h = box
    return math.hypot(max(abs(x - cx) - w, 0.0), max(abs(y - cy) - h, 0.0))


def _spots(layout: str) -> list[tuple[float, float]]:
    """Where a word may sit in a hex: the bottom and top middles, then towards each corner,
    then near each corner and each side."""
    turn = _turn(layout)

    def at(radius: float, degrees: float) -> tuple[float, float]:
        a = math.radians(degrees + turn)
        return radius * math.cos(a), radius * math.sin(a)

    order = (1, 2, 0, 3, 5, 4)
    return [
        (0.0, H - 10),
        (0.0, -H + 10),
        *(at(R * 0.55, 60 * k) for k in order),
        *(at(R * 0.68, 60 * k) for k in order),
        *(at(H * 0.72, 60 * k + 30) for k in order),
        *(at(R * 0.78, 60 * k) for k in order),
    ]


def _box(x: float, y: float, text: str, font: float) -> Box:
    return x, y, 0.31 * font * len(text) + 1, font / 2


def _blocked(box: Box, h: Hex, layout: str, taken: list[Box]) -> float:
    """How far the word's box stays from the hex's track, cities and words already placed
    (negative: it touches one of them)."""
    far = min(
        (_clearance(box, x, y) - TRACK_CLEARANCE for x, y in track_points(h, layout)),
        default=R,
    )
    for i, kind in enumerate(h.nodes):
        nx, ny = _node(i, len(h.nodes))
        far = min(far, _clearance(box, nx, ny) - (CITY_R if kind == "city" else TOWN_R) - 1)
    for cx, cy, w, hh in taken:
        far = min(far, max(abs(box[0] - cx) - box[2] - w, abs(box[1] - cy) - box[3] - hh))
    return far


def place(h: Hex, text: str, font: float, layout: str, taken: list[Box]) -> Box:
    """The box of a word in the hex: the first spot clear of track, cities and `taken`, else
    the clearest one."""
    boxes = [_box(x, y, text, font) for x, y in _spots(layout)]
    clear = [b for b in boxes if _blocked(b, h, layout, taken) >= 0]
    return clear[0] if clear else max(boxes, key=lambda b: _blocked(b, h, layout, taken))


def _placed(h: Hex, text: str, font: float, layout: str, taken: list[Box]) -> tuple[Box, float]:
    """The word's box and size: its own size where it finds room, else the tight size."""
    box = place(h, text, font, layout, taken)
    if _blocked(box, h, layout, taken) >= 0:
        return box, font
    return place(h, text, TIGHT_FONT, layout, taken), TIGHT_FONT


def _words(h: Hex, layout: str) -> list[str]:
    """The hex's label and name, each where no track runs (a name finding no room is left
    out: the tile number matters more)."""
    out = []
    taken: list[Box] = []
    for text, cls, font in ((h.label, "label", LABEL_FONT), (h.name, "hexname", NAME_FONT)):
        if not text:
            continue
        box, size = _placed(h, text, font, layout, taken)
        if _blocked(box, h, layout, taken) < 0 and cls == "hexname":
            continue
        taken.append(box)
        tight = " tight" if size != font else ""
        out.append(
            f'<text class="{cls}{tight}" x="{box[0]:.1f}" y="{box[1] + size * 0.35:.1f}" '
            f'text-anchor="middle">{esc(text)}</text>'
        )
    return out


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
    label = esc(_("the map"))
    out = [
        f'<svg viewBox="{left:.0f} {top:.0f} {width:.0f} {height:.0f}" role="img" '
        f'aria-label="{label}" style="min-width:{width * SCALE:.0f}px">'
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
                    f'<circle cx="{nx:.1f}" cy="{ny:.1f}" r="{CITY_R:.1f}" fill="#fff" '
                    'stroke="#111" stroke-width="2"/>'
                )
                labels = h.tokens.get(i, [])
                if labels:
                    out.append(
                        f'<text class="station" x="{nx:.1f}" y="{ny + STATION_FONT * 0.35:.1f}" '
                        f'text-anchor="middle">{esc("/".join(labels))}</text>'
                    )
            elif kind == "town":
                out.append(f'<circle cx="{nx:.1f}" cy="{ny:.1f}" r="{TOWN_R:.1f}" fill="#111"/>')
        out.append("</g>")
    # The words after every hex: a word wider than its hex is never hidden by a neighbour.
    for h in hexes:
        cx, cy = centres[h.name]
        out.append(f'<g class="words" transform="translate({cx:.1f},{cy:.1f})">')
        out += _words(h, layout)
        out.append("</g>")
    out.append("</svg>")
    # The pan box: a phone drags the map sideways and pinches it larger.
    return f'<div class="map"><div class="pan">{"".join(out)}</div></div>'
