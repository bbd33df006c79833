"""Railroad Rivals: the city tiles as laid, prices, the draft row; hidden city tiles as counts."""

from __future__ import annotations

from typing import Any

from referee.core.gamespec import Played
from referee.core.html import esc, items, table
from referee.games.railroad_rivals.names import cube
from referee.games.railroad_rivals.state import State
from referee.i18n import _, in_game

CELL = 120  # one city tile, in SVG units


def prices(game: Any, state: State) -> dict[str, int]:
    return dict(game.snapshot(state)["prices"])


# The sides of a city tile in the game's order (north, east, south, west): the step to the
# neighbour on that side.
SIDES = ((0, -1), (1, 0), (0, 1), (-1, 0))
INSET = 13  # a railroad printed on a side, drawn this far inside the tile
CHAR = {"city": 0.6 * 19, "small": 0.58 * 15, "edge": 0.66 * 17}  # a letter's width by class


def _text(cls: str, x: float, y: float, text: str, room: float, turn: int = 0) -> str:
    """A word of a tile, squeezed to `room` when it would be wider (a long city name)."""
    fit = ""
    if CHAR[cls] * len(text) > room:
        fit = f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"'
    rotate = f' transform="rotate({turn} {x:.0f} {y:.0f})"' if turn else ""
    return (
        f'<text class="{cls}" x="{x:.0f}" y="{y:.0f}" text-anchor="middle" '
        f'dominant-baseline="central"{fit}{rotate}>{esc(text)}</text>'
    )


def _linked(cities: list[dict[str, Any]]) -> set[tuple[int, int, int]]:
    """(x, y, side) of each side whose railroad meets the same railroad on the neighbour's
    facing side: one link, drawn once across the shared edge."""
    at = {(c["x"], c["y"]): c for c in cities}
    out = set()
    for c in cities:
        for side, (dx, dy) in enumerate(SIDES):
            other = at.get((c["x"] + dx, c["y"] + dy))
            edge = c["edges"][side]
            if other and edge not in ("", "-") and other["edges"][(side + 2) % 4] == edge:
                out.add((c["x"], c["y"], side))
    return out


def _sides(c: dict[str, Any], linked: set[tuple[int, int, int]]) -> list[str]:
    """The railroads on the tile's sides: one badge on the shared edge for a link (from the
    tile west or north of it), else the name just inside the side, turned along it."""
    out = []
    half = CELL / 2
    for side, edge in enumerate(c["edges"]):
        if not edge or edge == "-":
            continue
        if (c["x"], c["y"], side) in linked:
            if side in (1, 2):  # east and south: the shared edge's own badge
                bx, by = (CELL, half) if side == 1 else (half, CELL)
                out.append(
                    f'<rect class="link" x="{bx - 20}" y="{by - 12}" width="40" height="24" '
                    'rx="5"/>' + _text("edge", bx, by, edge, 36)
                )
            continue
        x, y = ((half, INSET), (CELL - INSET, half), (half, CELL - INSET), (INSET, half))[side]
        turn = (0, 90, 0, -90)[side]
        out.append(_text("edge", x, y, edge, CELL - 4 * INSET, turn))
    return out


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
    linked = _linked(cities)
    room = CELL - 4 * INSET - 4  # between the railroads turned along the east and west sides
    badges = []
    for c in cities:
        x, y = (c["x"] - left) * CELL, (c["y"] - top) * CELL
        out.append(
            f'<g transform="translate({x},{y})"><rect x="2" y="2" width="{CELL - 4}" '
            f'height="{CELL - 4}" rx="6" fill="#efe6cf" stroke="#6b5a3a"/>'
        )
        out.append(_text("city", CELL / 2, CELL / 2 - 18, c["name"], room))
        cubes = " ".join(
            _("{n} {colour}").format(n=n, colour=cube(k)) for k, n in c["cubes"].items() if n
        )
        out.append(_text("small", CELL / 2, CELL / 2 + 2, cubes or _("no cargo"), room))
        for row, key in enumerate(k for k in ("hotel", "tower") if c[k]):
            said = f"{_(key)} {c[key]}"
            out.append(_text("small", CELL / 2, CELL / 2 + 19 + 15 * row, said, room))
        out.append("</g>")
        # Badges across a shared edge go on top of both tiles.
        badges += [f'<g transform="translate({x},{y})">{b}</g>' for b in _sides(c, linked)]
    out += badges
    out.append("</svg>")
    return f'<div class="map tiles">{"".join(out)}</div>'


def _players(session: Played, snap: dict[str, Any]) -> str:
    """Each player's track score, stock value and total: the total is the page's standings,
    the track is what the toolbar calls the scores."""
    worth = {s.player: s for s in session.game.standings(session.state)}
    game = session.game.name
    rows = [
        [
            esc(p),
            snap["scores"][p],
            esc(" ".join(snap["stocks"][p]) or "-"),
            worth[p].details.get("stock value", 0),
            worth[p].score,
            snap["hidden_city_tiles"][p],  # in the hand, not shown to others: a count
        ]
        for p in snap["order"]
    ]
    headers = [
        _("player"),
        in_game(game, "track"),
        _("stocks"),
        in_game(game, "stock value"),
        _("total"),
        _("city tiles in hand"),
    ]
    said = _(
        "total = track + stock value: the scoring track (the toolbar's scores) plus each "
        "stock tile at its railroad's price"
    )
    return table(headers, rows, True) + f"<p>{esc(said)}</p>"


def panels(session: Played, state: State) -> list[tuple[str, str]]:
    snap = session.game.snapshot(state)
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
    prices = table([_("railroad"), _("price")], list(snap["prices"].items()))
    built = [_("between"), _("railroad"), _("built by")]
    return [
        (_("Players (turn order)"), _players(session, snap)),
        (_("Railroad prices"), prices),
        (_("City tiles"), _map(snap)),
        (_("Draft"), items(draft)),
        (
            _("Links"),
            table(built, links, True) if links else "<p>" + esc(_("none yet")) + "</p>",
        ),
    ]


def ending(session: Played, state: State) -> list[str]:
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


def holdings(session: Played, state: State, player: str) -> list[tuple[str, str]]:
    """What `player` holds, for their seat: score, stocks, city tiles in hand (as a count)."""
    snap = session.game.snapshot(state)
    stocks = snap["stocks"][player]
    counted = ", ".join(f"{stocks.count(r)} {r}" for r in dict.fromkeys(stocks))
    return [
        (_("score"), str(snap["scores"].get(player, 0))),
        (_("stocks"), counted or "-"),
        (_("city tiles in hand"), str(snap["hidden_city_tiles"][player])),
    ]
