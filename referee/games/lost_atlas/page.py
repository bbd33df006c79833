"""Lost Atlas: the map, the stock market, trains and phases, the bank, the companies and their
revenue history (an 18xx "spreadsheet"), from the game's own state and render functions."""

from __future__ import annotations

from typing import Any

from referee.core.gamespec import Played
from referee.core.html import esc, items, swatch, table
from referee.eighteen.hexmap import TILE, Hex, svg
from referee.games.lost_atlas import atlas, data, ledger, routes, trains
from referee.games.lost_atlas.commands import colour_name
from referee.games.lost_atlas.data import POOL, TREASURY
from referee.games.lost_atlas.render import company_head, company_row, next_rust, round_label
from referee.games.lost_atlas.state import State
from referee.i18n import _, pgettext

TERRAIN = {
    "plain": "#dfe9c8",
    "mountain": "#cdb892",
    "water": "#a9cdea",
    "city": "#dfe9c8",
    "home": "#dfe9c8",
    "border": "#8f8f8f",
    "destination": "#e58a7a",
}


def prices(game: Any, state: State) -> dict[str, int]:
    return {n: c.price for n, c in state.companies.items()}


def _map(state: State) -> str:
    if state.map_state == "none":
        if not state.hexes:
            return "<p>" + esc(_("no map entered; no track yet")) + "</p>"
        rows = [[esc(h), swatch(c, colour_name(c))] for h, c in sorted(state.hexes.items())]
        return (
            "<p>"
            + esc(_("no map entered: the track as typed"))
            + "</p>"
            + table([pgettext("lost-atlas", "hex"), _("tile")], rows, True)
        )
    cells = atlas.board(state).cells
    stations: dict[tuple[str, int], list[str]] = {}
    for co in state.companies.values():
        for hub in co.hubs:
            stations.setdefault(routes.hub_spot(hub), []).append(co.name[:2])
    hexes = []
    for name, cell in cells.items():
        spec, paths = routes.content(state, name)
        laid = state.tiles.get(name)
        fill = (
            TILE.get(spec.color, TERRAIN.get(cell.terrain, "#dfe9c8"))
            if laid
            else (TERRAIN.get(cell.terrain, "#dfe9c8"))
        )
        if laid:
            label = f"#{laid[0]}"
        elif cell.cost:
            label = f"▲{cell.cost}"
        else:
            label = cell.home[:2] or (atlas.terrain_name(cell.label) if cell.label else "")
        tokens = {i: stations[(name, i)] for i in range(len(spec.nodes)) if (name, i) in stations}
        hexes.append(Hex(name, fill, paths, [n.kind for n in spec.nodes], tokens, label))
    legend = _(
        "stations: the first two letters of the company; ▲ mountain cost; "
        "#tile number; hex colour = tile colour (yellow, green, brown, gray)"
    )
    return svg(hexes) + "<p>" + esc(legend) + "</p>"


def _market(state: State) -> str:
    at: dict[int, list[str]] = {}
    for name in sorted(state.companies, key=lambda n: state.companies[n].arrival):
        at.setdefault(state.companies[name].price, []).append(name)
    cells = "".join(
        f'<div class="sq{" here" if value in at else ""}"><b>{value}</b>'
        + "".join(f"<div>{esc(n)}</div>" for n in at.get(value, []))
        + "</div>"
        for value in data.spaces()
    )
    top = esc(_("on one space, the company listed first is on top"))
    return f'<div class="track">{cells}</div><p>{top}</p>'


def _trains(state: State) -> str:
    deck = ", ".join(f"{k} ×{'∞' if n < 0 else n}" for k, n in state.deck.items() if n) or _(
        "empty"
    )
    pool = " ".join(t.kind for t in state.pool_trains) or _("none")
    lines = [
        _("phase: {colour} (last train bought: {level})").format(
            colour=colour_name(state.colour), level=state.level if state.level < 7 else "7/∞"
        ),
        _("next train to buy: {train}").format(train=trains.deck_top(state) or _("none")),
        _("trains left: {deck}").format(deck=deck),
        _("what rusts next: {rust}").format(rust=next_rust(state)),
        _("trains in the bank pool: {trains}").format(trains=pool),
    ]
    if state.rusted_log:
        lines.append(_("rusted so far: {trains}").format(trains=", ".join(state.rusted_log)))
    if state.destinations:
        i = data.COLOURS.index(state.colour)
        lines.append(
            _("distant destinations: {values} (now {now})").format(
                values="/".join(map(str, state.destinations)), now=state.destinations[i]
            )
        )
    return swatch(state.colour, colour_name(state.colour)) + items(lines)


def revenue_history(session: Played) -> dict[str, list[tuple[str, int]]]:
    """Each company's runs: (cycle.OR, revenue), found where a run first shows in the states."""
    runs: dict[str, list[tuple[str, int]]] = {}
    seen: set[tuple[int, int, str]] = set()
    for s in session.states:
        orr = s.orr
        if orr is None or orr.revenue is None or not orr.current:
            continue
        key = (s.cycle, orr.number, orr.current)
        if key in seen:
            continue
        seen.add(key)
        runs.setdefault(orr.current, []).append((f"{s.cycle}.{orr.number}", orr.revenue))
    return runs


def _companies(session: Played, state: State) -> str:
    rows = [[i, *company_row(state, n)] for i, n in enumerate(state.order(), 1)]
    if not rows:
        return "<p>" + esc(_("no company open yet")) + "</p>"
    return table(["#", *company_head()], rows)


def _shares(state: State) -> str:
    holders = [*state.players, TREASURY, POOL]
    rows = [[n, *[state.companies[n].held(h) or "" for h in holders]] for n in state.order()]
    if not rows:
        return "<p>" + esc(_("no shares yet")) + "</p>"
    return table(
        [
            _("company"),
            *state.players,
            pgettext("lost-atlas", "treasury"),
            pgettext("lost-atlas", "pool"),
        ],
        rows,
    )


def _spreadsheet(session: Played, state: State) -> str:
    runs = revenue_history(session)
    columns = sorted(
        {label for r in runs.values() for label, _revenue in r},
        key=lambda t: tuple(map(int, t.split("."))),
    )
    if not columns:
        return "<p>" + esc(_("no company has run yet")) + "</p>"
    rows = []
    for name in [*state.order(), *[n for n in runs if n not in state.companies]]:
        got = dict(runs.get(name, []))
        rows.append([name, *[got.get(col, "") for col in columns]])
    return table([_("company"), *[_("OR {number}").format(number=c) for c in columns]], rows)


def panels(session: Played, state: State) -> list[tuple[str, str]]:
    players = [
        [p, state.cash[p], ledger.value(state, p), _("bankrupt") if p in state.out else ""]
        for p in state.players
    ]
    bank = esc(_("bank: {bank}").format(bank=state.bank))
    priority = esc(_("priority deal: {player}").format(player=state.priority))
    parts = [
        (_("Map"), _map(state)),
        (_("Stock market"), _market(state)),
        (_("Companies (operating order)"), _companies(session, state)),
        (_("Shares"), _shares(state)),
        (_("Revenue history"), _spreadsheet(session, state)),
        (_("Trains and phase"), _trains(state)),
        (
            _("Bank and players"),
            f'<p class="big">{bank}</p>'
            + table([_("player"), pgettext("lost-atlas", "cash"), _("worth"), ""], players)
            + (f"<p>{priority}</p>" if state.priority else ""),
        ),
    ]
    if state.round in ("setup", "stock") and state.columns:
        charters = items(", ".join(c) for c in state.columns)
        parts.append((_("Charters (top of each column first)"), charters))
    return parts


def ending(session: Played, state: State) -> list[str]:
    cycles = data.table()["setup"]["cycles"][state.variant]
    lines = [
        _(
            "the game ends after cycle {cycles} (■25): now cycle {cycle}, "
            "{round}; {more} more cycles after this one"
        ).format(
            cycles=cycles, cycle=state.cycle, round=round_label(state), more=cycles - state.cycle
        ),
    ]
    if state.out:
        lines.append(_("bankrupt: {players}").format(players=", ".join(state.out)))
    return lines


def holdings(session: Played, state: State, player: str) -> list[tuple[str, str]]:
    """What `player` holds, for their seat: cash, worth, shares and presidencies."""
    shares = [
        f"{n} {name}" + (" (" + _("president") + ")" if c.president == player else "")
        for name, c in state.companies.items()
        if (n := c.shares.get(player, 0))
    ]
    return [
        (pgettext("lost-atlas", "cash"), str(state.cash[player])),
        (_("worth"), str(ledger.value(state, player))),
        (_("shares"), ", ".join(shares) or "-"),
    ]
