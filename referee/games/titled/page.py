"""A described 18xx title: the stock market, the companies, who holds what, trains and phase,
the private companies, the bank and the end, from the game's own state.

Everything in an 18xx game lies open on the table (bids, cash, certificates, trains), so the
page shows the whole state; it adds nothing the state does not hold.
"""

from __future__ import annotations

from typing import Any

from referee.core.engine import UsageError
from referee.core.gamespec import Played, standing_details
from referee.core.html import esc, items, table
from referee.eighteen.hexmap import TILE, Hex, svg
from referee.eighteen.upgrades import colour_word as colour
from referee.games.titled import routes
from referee.games.titled.operating import available
from referee.games.titled.render import ZONE_MEANINGS, value
from referee.games.titled.state import CLOSED, IPO, POOL, State
from referee.games.titled.title import TIMING_WORDS
from referee.i18n import _, ngettext, pgettext


def prices(game: Any, state: State) -> dict[str, int]:
    return {a: state.space(c).price for a, c in state.corps.items() if c.started}


# The market drawn as a grid (SVG units): one space, and what a zone's colour looks like.
CELL_W, CELL_H = 58, 44
ZONE_FILL = {**TILE, "orange": "#f5b971", "": "#f4f1e6"}


def _standing(state: State) -> dict[tuple[int, int], list[str]]:
    """The companies on each space of the market, the first arrived first."""
    at: dict[tuple[int, int], list[str]] = {}
    for abbr, corp in sorted(state.corps.items(), key=lambda kv: kv[1].arrival):
        if corp.started:
            at.setdefault((corp.row, corp.column), []).append(abbr)
    return at


def _fill(state: State, space: Any) -> str:
    zones = state.title.market.zones
    colours = [zones[z].colour for z in space.zones]
    return ZONE_FILL.get(colours[0] if colours else "", ZONE_FILL[""])


def _grid(state: State, at: dict[tuple[int, int], list[str]]) -> str:
    """The whole market, every space with its price and the companies on it."""
    rows = state.title.market.rows
    width = max(len(r) for r in rows) * CELL_W
    label = esc(_("Stock market"))
    out = [
        f'<svg viewBox="-1 -1 {width + 2} {len(rows) * CELL_H + 2}" role="img" '
        f'aria-label="{label}" style="min-width:{width * 0.75:.0f}px">'
    ]
    for row in rows:
        for space in row:
            if space is None:
                continue
            x, y = space.column * CELL_W, space.row * CELL_H
            here = at.get((space.row, space.column), [])
            stroke = ' stroke="#1d5fa8" stroke-width="4"' if here else ' stroke="#777"'
            out.append(
                f'<rect x="{x}" y="{y}" width="{CELL_W}" height="{CELL_H}" '
                f'fill="{_fill(state, space)}"{stroke}/>'
                f'<text class="price" x="{x + CELL_W / 2}" y="{y + 17}" '
                f'text-anchor="middle">{space.price}</text>'
            )
            if here:
                out.append(
                    f'<text class="corp" x="{x + CELL_W / 2}" y="{y + 36}" '
                    f'text-anchor="middle">{esc(" ".join(here))}</text>'
                )
    out.append("</svg>")
    return f'<div class="pan market-grid">{"".join(out)}</div>'


def _near(state: State, at: dict[tuple[int, int], list[str]]) -> str:
    """Each occupied space with the spaces around it (a row up and down, two columns either
    side): where each company stands and where it goes next, readable on a phone."""
    rows = state.title.market.rows

    def cell(r: int, c: int, here: tuple[int, int]) -> str:
        space = rows[r][c] if 0 <= r < len(rows) and 0 <= c < len(rows[r]) else None
        if space is None:
            return '<span class="off"></span>'
        names = " ".join(at.get((r, c), [])) if (r, c) == here else ""
        mark = ' class="here"' if names else ""
        return (
            f'<span{mark} style="background:{_fill(state, space)}">{space.price}'
            + (f"<b>{esc(names)}</b>" if names else "")
            + "</span>"
        )

    blocks = []
    for (r, c), names in sorted(
        at.items(), key=lambda kv: -state.space(state.corps[kv[1][0]]).price
    ):
        cells = "".join(
            cell(rr, cc, (r, c)) for rr in (r - 1, r, r + 1) for cc in range(c - 2, c + 3)
        )
        blocks.append(f'<div class="near"><h3>{esc(" ".join(names))}</h3><div>{cells}</div></div>')
    return f'<div class="nears">{"".join(blocks)}</div>'


def _zones(state: State) -> str:
    zones = state.title.market.zones.values()
    said = [
        f"{esc(colour(z.colour))}: {esc(', '.join(_(ZONE_MEANINGS[m]) for m in sorted(z.means)))}"
        for z in zones
    ]
    return "<p>" + "; ".join(said) + "</p>"


def _market(state: State) -> str:
    at = _standing(state)
    note = esc(_("on one space, the company listed first arrived first and operates first"))
    near = _near(state, at) if at else ""
    return f'<div class="market">{near}{_grid(state, at)}</div>{_zones(state)}<p>{note}</p>'


def _companies(state: State) -> str:
    money = state.title.money
    rows = []
    for c in state.title.companies:
        corp = state.corps[c.abbr]
        if not corp.started:
            continue
        rows.append(
            [
                f"{c.abbr} ({c.name})",
                corp.president,
                state.space(corp).price,
                money(corp.cash),
                " ".join(corp.trains) or "-",
                f"{corp.stations}/{len(c.tokens)}",
                _("yes") if corp.floated else _("no"),
            ]
        )
    if not rows:
        return "<p>" + esc(_("no company started yet")) + "</p>"
    headers = [
        _("company"),
        _("president"),
        _("price"),
        pgettext("18xx company", "cash"),
        _("trains"),
    ]
    return table([*headers, _("stations"), _("floated")], rows)


def _shares(state: State) -> str:
    holders = [*state.players, IPO, POOL]
    rows = [
        [abbr, *[f"{corp.percent(h)}%" if corp.percent(h) else "" for h in holders]]
        for abbr, corp in state.corps.items()
        if corp.started
    ]
    if not rows:
        return "<p>" + esc(_("no shares yet")) + "</p>"
    return table([_("company"), *state.players, _("initial offering"), _("pool")], rows)


def _trains(state: State) -> str:
    phase = next(p for p in state.title.phases if p.name == state.phase)
    left = [f"{t.name} ×{'∞' if (n := state.depot[t.name]) < 0 else n}" for t in state.title.trains]
    lines = [
        _(
            "phase {phase}: tiles {tiles}, train limit {limit}, {rounds} operating rounds a set"
        ).format(
            phase=phase.name,
            tiles=", ".join(phase.tiles),
            limit=phase.train_limit,
            rounds=phase.operating_rounds,
        ),
        _("the bank sells now: {trains}").format(trains=", ".join(available(state)) or "-"),
        _("trains left: {trains}").format(trains=", ".join(left)),
        _("trains given back: {trains}").format(trains=" ".join(state.open_market) or "-"),
    ]
    return items(lines)


def _privates(state: State) -> str:
    money = state.title.money
    rows = []
    for p in state.title.privates:
        if p.abbr not in state.privates:
            continue
        owner = state.privates[p.abbr]
        shown = _("closed") if owner == CLOSED else owner or _("for sale")
        rows.append([f"{p.abbr} ({p.name})", money(p.cost), money(p.revenue), shown])
    if not rows:
        return "<p>" + esc(_("no private companies")) + "</p>"
    return table([_("private"), _("cost"), _("revenue"), _("owner")], rows)


def _map(state: State) -> str:
    """The title's map with the tiles laid and every station (a title without a map: none)."""
    try:
        position = routes.position(state)
    except UsageError:  # forced past the map's checks: the list of what was laid instead
        rows = [[h, t, str(r)] for h, (t, r) in sorted(state.tiles.items())]
        return (
            "<p>"
            + esc(_("the track as typed"))
            + "</p>"
            + table([pgettext("18xx", "hex"), _("tile"), _("rotation")], rows)
        )
    stations: dict[tuple[str, int], list[str]] = {}
    for hex_, city, abbr in state.stations:
        stations.setdefault((hex_, city), []).append(abbr)
    hexes = []
    for name, printed in position.map.hexes.items():
        spec, paths = position.content(name)
        laid = state.tiles.get(name)
        label = f"#{laid[0]}" if laid else spec.label or printed.printed.label
        tokens = {i: stations[(name, i)] for i in range(len(spec.nodes)) if (name, i) in stations}
        fill = TILE.get(spec.color, TILE["white"])
        hexes.append(Hex(name, fill, paths, [n.kind for n in spec.nodes], tokens, label))
    legend = _("stations: the company; #tile number; hex colour = tile colour")
    return svg(hexes, position.map.layout) + "<p>" + esc(legend) + "</p>"


def panels(session: Played, state: State) -> list[tuple[str, str]]:
    money = state.title.money
    players = [[p, money(state.cash[p]), money(value(state, p))] for p in state.players]
    bank = esc(_("bank: {bank}").format(bank=money(state.bank)))
    mapped = [(_("Map"), _map(state))] if state.title.map else []
    return [
        *mapped,
        (_("Stock market"), _market(state)),
        (_("Companies"), _companies(state)),
        (_("Shares"), _shares(state)),
        (_("Trains and phase"), _trains(state)),
        (_("Private companies"), _privates(state)),
        (
            _("Bank and players"),
            f'<p class="big">{bank}</p>' + table([_("player"), _("cash"), _("worth")], players),
        ),
    ]


def ending(session: Played, state: State) -> list[str]:
    end = state.title.end
    if state.round == "over":
        return [_("the game is over")]
    lines = []
    if end.bank_broken != "never":
        lines.append(
            _("the bank breaks at 0 ({timing}): {bank} left").format(
                timing=_(TIMING_WORDS[end.bank_broken]), bank=state.title.money(state.bank)
            )
        )
    if end.bankruptcy != "never":
        lines.append(
            _("a bankruptcy ends the game ({timing})").format(
                timing=_(TIMING_WORDS[end.bankruptcy])
            )
        )
    if end.market_top != "never":
        lines.append(
            _("a price at the market's end ends it ({timing})").format(
                timing=_(TIMING_WORDS[end.market_top])
            )
        )
    if end.sets:
        lines.append(
            ngettext(
                "after {sets} set of operating rounds: {done} done",
                "after {sets} sets of operating rounds: {done} done",
                end.sets,
            ).format(sets=end.sets, done=state.sets_done)
        )
    if state.last_set:
        lines.append(_("this is the last set of operating rounds"))
    return lines


def holdings(session: Played, state: State, player: str) -> list[tuple[str, str]]:
    """What `player` holds, for their seat: their row of the standings (cash, shares, ...)."""
    return standing_details(session.game, state, player)
