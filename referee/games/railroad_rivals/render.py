"""What the table sees: whose move it is, the status tables, the grid, the toolbar, snapshots."""

from __future__ import annotations

from typing import Any

from referee.core import fit
from referee.core.engine import Standing
from referee.i18n import _, pad, pgettext, width

from .board import fmt_pos, link_between, neighbour, open_positions
from .delivery import price_text
from .names import cube
from .phases import actor_of, phase_text
from .state import (
    City,
    State,
)


def _short_cubes(state: State, city: City) -> str:
    return " ".join(
        f"{cube(c)[0]}{k}" for c, k in zip(state.colours(), city.cubes, strict=True) if k
    )


def status(state: State, standings: list[Standing]) -> str:
    out: list[str] = []
    flags = [
        x
        for x, on in (
            (_("hotels and water towers"), state.hotels),
            (_("dropback bid"), state.dropback),
        )
        if on
    ]
    title = _("Railroad Rivals, {n} players").format(n=state.n)
    out.append(title + "".join(", " + f for f in flags))
    actor = actor_of(state)
    out.append(phase_text(state) + (_("; {player} to move").format(player=actor) if actor else ""))
    out.append("")
    seat = {p: i + 1 for i, p in enumerate(state.order)}
    rows = []
    for s in sorted(standings, key=lambda s: seat.get(s.player, 0)):
        p = s.player
        row = [
            seat.get(p, "-"),
            p,
            state.scores.get(p, 0),
            " ".join(state.stocks[p]) or "-",
            s.details["stock value"],
            s.score,
            _hand(state, p),
        ]
        if state.hotels:
            row += [_placed(state, p, "hotel"), _placed(state, p, "tower")]
        rows.append(row)
    head = ["#", _("player"), _("score"), _("stock tiles"), _("stock value"), _("total")]
    head.append(_("city tiles (drafted)"))
    if state.hotels:
        head += [_("hotel"), _("tower")]
    out.append(fit.table(rows, head, keep=2))
    if state.railroads:
        out.append("")
        holders = {r: sum(s.count(r) for s in state.stocks.values()) for r in state.railroads}
        out.append(
            fit.table(
                [[r, price_text(state.prices.get(r, 0)), holders[r]] for r in state.railroads],
                [_("railroad"), _("price"), _("stock tiles held")],
            )
        )
    out.append("")
    bag = ", ".join(
        _("{n} {colour}").format(n=k, colour=cube(c))
        for c, k in zip(state.colours(), state.bag, strict=True)
    )
    out.append(
        _("bag: {bag}; face down: {cities} city, {stocks} stock tiles").format(
            bag=bag, cities=state.city_pile, stocks=state.stock_pile
        )
        + (_("; city tiles have run short") if state.shortage else "")
    )
    if state.display_cities or state.display_stocks:
        shown = [*state.display_cities, *state.display_stocks]
        out.append(_("on display: {tiles}").format(tiles=", ".join(shown)))
    if state.cities:
        out.append("")
        rows = [
            [c.name, fmt_pos(c.pos), c.cargo, _short_cubes(state, c) or "-"]
            + ([c.hotel or "-", c.tower or "-"] if state.hotels else [])
            for c in state.cities.values()
        ]
        head = [_("city"), _("at"), _("cargo"), pgettext("railroad-rivals", "cubes")]
        head += [_("hotel"), _("tower")] if state.hotels else []
        out.append(fit.table(rows, head))
    if state.links:
        out.append("")
        rows = [
            [link.railroad, f"{state.grid[link.a]} - {state.grid[link.b]}", link.owner]
            for link in state.links
        ]
        out.append(fit.table(rows, [_("link"), _("between"), _("owner")]))
    if state.cities:
        out.append("")
        out.append(draw_grid(state))
    return "\n".join(out)


def _hand(state: State, player: str) -> str:
    """How many city tiles a player holds, naming those drafted in view: `3 (Denver)`."""
    known = state.known.get(player, ())
    return f"{state.hands[player]} ({', '.join(known)})" if known else str(state.hands[player])


def _placed(state: State, player: str, kind: str) -> str:
    for c in state.cities.values():
        if getattr(c, kind) == player:
            return c.name
    return _("in hand")


CELL = 19  # inside width of a drawn tile


def draw_grid(state: State) -> str:
    """The city grid with coordinates: each tile shows its edges (with the link's owner),
    its name and position, its cubes, and its hotel (H) and water tower (T)."""
    spots = set(state.grid) | set(open_positions(state))
    xs = list(range(min(x for x, _y in spots), max(x for x, _y in spots) + 1))
    # As many columns as fit the screen; a wider grid goes on below, its y labels repeated.
    across = max(1, (fit.WIDTH - 4) // (CELL + 2))
    return "\n\n".join(
        _grid_part(state, spots, xs[i : i + across]) for i in range(0, len(xs), across)
    )


def _grid_part(state: State, spots: set[tuple[int, int]], xs: list[int]) -> str:
    """The grid's columns `xs`: its rows with a spot or a city there."""
    ys = range(min(y for _x, y in spots), max(y for _x, y in spots) + 1)
    lines = [("    " + "".join(f"x={x}".center(CELL + 2) for x in xs)).rstrip()]
    for y in ys:
        if not any((x, y) in spots for x in xs):
            continue
        rows = [""] * 5
        for x in xs:
            cell = _cell(state, (x, y), (x, y) in spots)
            rows = [r + c for r, c in zip(rows, cell, strict=True)]
        for i, r in enumerate(rows):
            label = f"y={y}" if i == 2 else ""
            lines.append(f"{label:>4}{r}".rstrip())
    return "\n".join(lines)


def _edge(state: State, city: City, side: int) -> str:
    name = city.edges[side] or "-"
    i = link_between(state, city.pos, neighbour(city.pos, side))
    return f"{name}={clip(state.links[i].owner, 4)}" if i is not None else name


def _cell(state: State, pos: tuple[int, int], open_spot: bool) -> list[str]:
    blank = " " * (CELL + 2)
    name = state.grid.get(pos)
    if name is None:
        middle = f"({fmt_pos(pos)})".center(CELL + 2) if open_spot else blank
        return [blank, blank, middle, blank, blank]
    city = state.cities[name]
    marks = " ".join(
        m
        for m in (
            f"H:{clip(city.hotel, 3)}" if city.hotel else "",
            f"T:{clip(city.tower, 3)}" if city.tower else "",
        )
        if m
    )
    west, east = _edge(state, city, 3), _edge(state, city, 1)
    inside = [
        center(f"{clip(name, CELL - 1 - len(fmt_pos(pos)))} {fmt_pos(pos)}", CELL),
        pad(west, CELL // 2) + " " * max(0, CELL - CELL // 2 - width(east)) + east,
        center(f"{_short_cubes(state, city)} {marks}".strip(), CELL),
    ]
    return [
        "+" + center(f" {_edge(state, city, 0)} ", CELL, "-") + "+",
        *[f"|{pad(clip(t, CELL), CELL)}|" for t in inside],
        "+" + center(f" {_edge(state, city, 2)} ", CELL, "-") + "+",
    ]


def clip(text: str, columns: int) -> str:
    """The longest start of `text` that takes at most `columns` terminal columns (a Japanese
    character takes two), so that a player's or a city's name keeps the grid in line."""
    while width(text) > columns:
        text = text[:-1]
    return text


def center(text: str, columns: int, fill: str = " ") -> str:
    """`text` centred in `columns` terminal columns, as str.center does (more fill on the
    right when the fill is odd)."""
    room = max(0, columns - width(text))
    left = room // 2 + (room & columns & 1)
    return fill * left + text + fill * (room - left)


def toolbar_parts(state: State) -> list[str]:
    """Scores and stock prices (the prompt already says the phase and who acts)."""
    if not state.order:
        return [_("setup: no scores until the order of play is set")]
    scores = ", ".join(f"{p} {state.scores[p]}" for p in state.order)
    prices = ", ".join(f"{r} {v}" for r, v in state.prices.items() if v)
    return [
        _("scores {scores}").format(scores=scores),
        _("stock prices {prices}").format(prices=prices) if prices else "",
    ]


def market(state: State) -> str:
    """Each railroad's stock price, highest first, and who holds its stock tiles."""
    names = sorted(
        {
            *(r for r, v in state.prices.items() if v),
            *(r for p in state.order for r in state.stocks[p]),
        },
        key=lambda r: (-state.prices.get(r, 0), r),
    )
    if not names:
        return _("no railroad has a stock price yet")
    rows = []
    for r in names:
        held = [f"{p} {state.stocks[p].count(r)}" for p in state.order if r in state.stocks[p]]
        rows.append([r, price_text(state.prices.get(r, 0)), ", ".join(held) or "-"])
    headers = [_("railroad"), _("price"), _("stock tiles held")]
    return fit.table(rows, headers, disable_numparse=True)


def snapshot(state: State) -> dict[str, Any]:
    return {
        "phase": state.phase,
        "turn": state.turn,
        "order": list(state.order),
        "scores": dict(state.scores),
        "hidden_city_tiles": dict(state.hands),
        "drafted_city_tiles": {p: list(k) for p, k in state.known.items()},
        "set_aside": list(state.set_aside),
        "stocks": {p: list(s) for p, s in state.stocks.items()},
        "prices": dict(state.prices),
        "railroads": list(state.railroads),
        "bag": dict(zip(state.colours(), state.bag, strict=True)),
        "city_pile": state.city_pile,
        "stock_pile": state.stock_pile,
        "shortage": state.shortage,
        "display": [*state.display_cities, *state.display_stocks],
        "ending": state.ending,
        "cities": [
            {
                "name": c.name,
                "x": c.pos[0],
                "y": c.pos[1],
                "edges": [e or "-" for e in c.edges],
                "cargo": c.cargo,
                "cubes": dict(zip(state.colours(), c.cubes, strict=False)),
                "hotel": c.hotel,
                "tower": c.tower,
            }
            for c in state.cities.values()
        ],
        "links": [
            {
                "between": [state.grid[x.a], state.grid[x.b]],
                "railroad": x.railroad,
                "owner": x.owner,
            }
            for x in state.links
        ],
        "delivered_this_turn": dict(state.delivered),
    }
