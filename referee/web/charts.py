"""Charts of the game so far (pygal, SVG): each player's score and each company's price.

Computed from `session.states` (the state after every move). The points of a state are kept
by the state's identity, so a new move costs one state's standings, not the whole game's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from referee.core.html import SWATCHES
from referee.i18n import _
from referee.play.session import Session

SCRIPT = re.compile(r"<script\b.*?</script>", re.S)
MAX_POINTS = 150  # a long game is sampled down to this many points per line

Prices = Callable[[Any, Any], dict[str, int]]
Point = tuple[dict[str, int], dict[str, int]]  # scores, prices


class History:
    """Scores and prices after every move, recomputed only for states not seen before."""

    def __init__(self) -> None:
        # Each point keeps its state: compared by identity, a state undone and freed can
        # never be taken for the new one that happens to reuse its memory.
        self._points: list[tuple[Any, dict[str, int], dict[str, int]]] = []

    def update(self, session: Session, prices: Prices) -> list[Point]:
        states = session.states
        kept = 0
        while (
            kept < len(self._points)
            and kept < len(states)
            and self._points[kept][0] is states[kept]
        ):
            kept += 1
        del self._points[kept:]
        game = session.game
        for state in states[kept:]:
            scores = {s.player: s.score for s in game.standings(state)}
            self._points.append((state, scores, prices(game, state)))
        return [(scores, price) for _, scores, price in self._points]


def _sample(count: int) -> list[int]:
    if count <= MAX_POINTS:
        return list(range(count))
    step = (count - 1) / (MAX_POINTS - 1)
    return sorted({round(i * step) for i in range(MAX_POINTS)})


# Lines for series that are not railroad colours (players, named companies).
PALETTE = ("#d9534f", "#3c7dd9", "#2f9e5a", "#c58717", "#8e5fc2", "#1fa3a3", "#c25f9a", "#7a7a2a")
# Railroad colours as lines readable on a light and a dark card alike (3:1 at least, as
# WCAG asks of a graphic): the swatches' white, yellow and orange vanish on a light card,
# their black, blue, purple and brown on a dark one, so each is moved to the nearest
# lightness that reads on both. White becomes a grey, told apart from gray by its dashes.
LINES = {
    **SWATCHES,
    "black": "#6e6e6e",
    "white": "#939393",
    "blue": "#3568d0",
    "orange": "#dc790f",
    "yellow": "#b1900a",
    "purple": "#8458b4",
    "brown": "#97622f",
}
DASHES = {"white": "7,7"}
CARDS = ("#ffffff", "#1f2226")  # the page's --card, light and dark (static/page.css)


def _colour(name: str, index: int) -> str:
    return LINES.get(name.lower(), PALETTE[index % len(PALETTE)])


# Steps of a value axis: whole numbers only, about six labels.
STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000)
WIDEST, THINNEST = 8.0, 2.5  # line widths in px: the first line drawn widest


def y_labels(series: Mapping[str, Sequence[int | None]]) -> list[int]:
    """Whole-number labels spanning the values (a score axis never reads 7.8, 7.6)."""
    values = [v for line in series.values() for v in line if v is not None]
    low, high = min(values, default=0), max(values, default=0)
    step = next((s for s in STEPS if (high - low) / s <= 6), STEPS[-1])
    start, stop = (low // step) * step, -(-high // step) * step
    return list(range(start, max(stop, start + step) + 1, step))


def widths(count: int) -> list[float]:
    """Each line's width: later lines thinner and drawn on top, so lines with equal values
    show as a stripe inside a wider one instead of hiding each other."""
    if count <= 1:
        return [3.0] * count
    step = min(1.5, (WIDEST - THINNEST) / (count - 1))
    return [THINNEST + step * (count - 1 - i) for i in range(count)]


def line_chart(title: str, series: Mapping[str, Sequence[int | None]], y_title: str) -> str:
    """One SVG line chart, x = moves played; the page's own stylesheet sets the colours."""
    # pygal takes a while to load: only where a chart is drawn (the page's worker thread).
    import pygal  # type: ignore[import-untyped]
    from pygal.style import Style  # type: ignore[import-untyped]

    count = max((len(v) for v in series.values()), default=0)
    picks = _sample(count)
    style = Style(
        background="transparent",
        plot_background="transparent",
        foreground="#888888",
        foreground_strong="#888888",
        foreground_subtle="#88888855",
        font_family="system-ui, sans-serif",
        label_font_size=15,
        major_label_font_size=15,
        legend_font_size=17,
        title_font_size=18,
        colors=tuple(_colour(name, i) for i, name in enumerate(series)),
    )
    chart = pygal.Line(
        js=[],  # no script from the internet; the page has its own
        disable_xml_declaration=True,
        show_dots=False,
        width=520,  # drawn small so that its words stay readable on a 360 px phone
        height=400,
        title=title,
        x_title=_("moves"),
        y_title=y_title,
        style=style,
        legend_at_bottom=True,
        truncate_legend=-1,
        x_labels_major_every=max(1, len(picks) // 5),
        show_minor_x_labels=False,
        truncate_label=-1,
        include_x_axis=False,
    )
    chart.x_labels = [str(i) for i in picks]
    chart.y_labels = y_labels(series)
    for (name, values), width in zip(series.items(), widths(len(series)), strict=True):
        # a colour or a railroad named in the catalog (青, 緑, ...) reads as the table reads it
        points = [values[i] if i < len(values) else None for i in picks]
        stroke: dict[str, object] = {"width": width, "linecap": "round"}
        if name.lower() in DASHES:
            stroke["dasharray"] = DASHES[name.lower()]
        chart.add(_(name), points, stroke_style=stroke)
    # pygal writes its settings for its tooltip script into the SVG; the page has no use for
    # them (its security policy would refuse an inline script anyway).
    return SCRIPT.sub("", chart.render(is_unicode=True))


def charts(session: Session, history: History, prices: Prices) -> list[tuple[str, str]]:
    """(title, svg) for the scores over the game and, where the game has prices, the prices."""
    points = history.update(session, prices)
    out: list[tuple[str, str]] = []
    players = {p: [scores.get(p) for scores, _price in points] for p in session.players}
    out.append(
        (
            _("Scores over the game"),
            line_chart(_("Score (worth) after each move"), players, ""),
        )
    )
    companies: dict[str, list[int | None]] = {}
    for _scores, price in points:
        for name in price:
            companies.setdefault(name, [])
    for name in companies:
        companies[name] = [price.get(name) for _, price in points]
    if companies:
        out.append(
            (_("Prices over the game"), line_chart(_("Price after each move"), companies, ""))
        )
    return out
