"""Railroad Rivals: the city tiles as laid, prices, the draft row; hidden city tiles as counts."""

from __future__ import annotations

from typing import Any

from referee.games.railroad_rivals.names import cube
from referee.games.railroad_rivals.state import State
from referee.i18n import _
from referee.session import Session
from referee.web.html import esc, items, table

CELL = 120  # one city tile, in SVG units


def prices(game: Any, state: State) -> dict[str, int]:
    return dict(game.snapshot(state)["prices"])


def _map(snap: dict[str, Any]) -> str:
    cities = snap["cities"]
    if not cities:
        return "<p>" + esc(_("no city tiles yet")) + "</p>"
    xs = [c["x"] for c in cities]
    ys = [c["y"] for c in cities]
    left, top = min(xs), min(ys)
    width = (max(xs) - left + 1) * CELL
    height = (max(ys) - top + 1) * CELL
    label = esc(_("city tiles"))
    out = [f'<svg viewBox="-4 -4 {width + 8} {height + 8}" role="img" aria-label="{label}">']
    # Sides in the game's order: north, east, south, west (the railroads printed on each edge).
    sides = [(CELL / 2, 20), (CELL - 14, CELL / 2 + 6), (CELL / 2, CELL - 8), (14, CELL / 2 + 6)]
    for c in cities:
        x, y = (c["x"] - left) * CELL, (c["y"] - top) * CELL
        out.append(
            f'<g transform="translate({x},{y})"><rect x="2" y="2" width="{CELL - 4}" '
            f'height="{CELL - 4}" rx="6" fill="#efe6cf" stroke="#6b5a3a"/>'
            f'<text class="city" x="{CELL / 2}" y="{CELL / 2 - 8}" text-anchor="middle">'
            f"{esc(c['name'])}</text>"
        )
        cubes = " ".join(
            _("{n} {colour}").format(n=n, colour=cube(k)) for k, n in c["cubes"].items() if n
        )
        cubes = cubes or _("no cargo")
        out.append(
            f'<text class="small" x="{CELL / 2}" y="{CELL / 2 + 12}" text-anchor="middle">'
            f"{esc(cubes)}</text>"
        )
        for row, key in enumerate(k for k in ("hotel", "tower") if c[k]):
            out.append(
                f'<text class="small" x="{CELL / 2}" y="{CELL / 2 + 30 + 16 * row}" '
                f'text-anchor="middle">{esc(_(key))} {esc(c[key])}</text>'
            )
        for (sx, sy), edge in zip(sides, c["edges"], strict=True):
            if edge and edge != "-":
                out.append(
                    f'<text class="edge" x="{sx}" y="{sy}" text-anchor="middle">{esc(edge)}</text>'
                )
        out.append("</g>")
    out.append("</svg>")
    return f'<div class="map tiles">{"".join(out)}</div>'


def panels(session: Session, state: State) -> list[tuple[str, str]]:
    snap = session.game.snapshot(state)
    players = [
        [
            esc(p),
            snap["scores"][p],
            esc(" ".join(snap["stocks"][p]) or "-"),
            snap["hidden_city_tiles"][p],  # in the hand, not shown to others: a count
        ]
        for p in snap["order"]
    ]
    links = [
        [esc(" – ".join(link["between"])), esc(link["railroad"]), esc(link["owner"])]
        for link in snap["links"]
    ]
    draft = [
        _("draft row: {tiles}").format(tiles=" ".join(snap["display"]) or _("empty")),
        _("city tiles face down: {cities}; stock tiles face down: {stocks}").format(
            cities=snap["city_pile"], stocks=snap["stock_pile"]
        ),
        _("cubes in the bag: {n}").format(n=sum(snap["bag"].values())),
    ]
    if snap["set_aside"]:
        draft.append(_("set aside: {tiles}").format(tiles=" ".join(snap["set_aside"])))
    headers = [_("player"), _("track"), _("stocks"), _("city tiles in hand")]
    prices = table([_("railroad"), _("price")], list(snap["prices"].items()))
    built = [_("between"), _("railroad"), _("built by")]
    return [
        (_("Players (turn order)"), table(headers, players, True)),
        (_("Railroad prices"), prices),
        (_("City tiles"), _map(snap)),
        (_("Draft"), items(draft)),
        (
            _("Links"),
            table(built, links, True) if links else "<p>" + esc(_("none yet")) + "</p>",
        ),
    ]


def ending(session: Session, state: State) -> list[str]:
    snap = session.game.snapshot(state)
    fewest = min(snap["hidden_city_tiles"].values(), default=0)
    lines = [
        _(
            "a player laying their last city tile ends the game after that turn: "
            "the fewest in a hand is {fewest}"
        ).format(fewest=fewest)
    ]
    if snap["ending"]:
        lines.append(_("the end is reached: this turn is the last"))
    return lines
