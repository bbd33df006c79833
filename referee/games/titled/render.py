"""What a described title's game shows in the terminal: the status, the toolbar, the snapshot,
a player's worth, and the views players ask for (`market`, `trains`, `companies`), all pure
functions of the state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.core import fit
from referee.core.columns import simple_table
from referee.eighteen.upgrades import colour_word as colour
from referee.games.titled.common import order
from referee.games.titled.operating import available, phase
from referee.games.titled.state import CLOSED, IPO, POOL, State
from referee.i18n import N_, _, ngettext, pgettext


def value(state: State, player: str) -> int:
    """Cash, shares at their market price and privates at face value (as 18xx.games counts)."""
    worth = state.cash[player]
    for abbr, corp in state.corps.items():
        if corp.started and corp.percent(player):
            unit = state.title.company(abbr).unit
            worth += corp.percent(player) // unit * state.space(corp).price
    for p in state.title.privates:
        if state.privates.get(p.abbr) == player:
            worth += p.cost
    return worth


def _where(state: State) -> str:
    if state.round == "auction":
        return _("private auction")
    if state.round == "stock":
        return _("stock round {number}").format(number=state.stock_round)
    if state.round == "operating":
        return _("operating round {number} of {count}").format(
            number=f"{state.stock_round}.{state.or_number}", count=state.set_size
        )
    return _("game over")


def status(state: State) -> str:
    title, money = state.title, state.title.money
    head = _("{title} — {where} — phase {phase} — bank {cash}").format(
        title=title.name, where=_where(state), phase=state.phase, cash=money(state.bank)
    )
    players = [
        [p, money(state.cash[p]), _holdings(state, p), money(value(state, p))]
        for p in state.players
    ]
    companies = []
    for c in title.companies:
        corp = state.corps[c.abbr]
        if not corp.started:
            continue
        companies.append(
            [
                c.abbr,
                corp.president,
                state.space(corp).price,
                money(corp.cash),
                " ".join(corp.trains) or "-",
                f"{corp.percent(IPO)}/{corp.percent(POOL)}",
                _("yes") if corp.floated else pgettext("18xx", "no"),
            ]
        )
    parts = [
        head,
        simple_table(players, [_("player"), pgettext("18xx", "cash"), _("holdings"), _("worth")]),
    ]
    if companies:
        headers = [
            _("company"),
            _("president"),
            pgettext("18xx", "price"),
            pgettext("18xx company", "cash"),
            _("trains"),
            _("ipo/pool %"),
            _("floated"),
        ]
        parts.append(simple_table(companies, headers))
    left = [f"{t.name}x{'∞' if n < 0 else n}" for t in title.trains if (n := state.depot[t.name])]
    parts.append(
        "\n".join(
            [
                _("for sale now: {trains}").format(trains=for_sale(state)),
                _("in the bank's supply: {trains}").format(trains=" ".join(left) or _("none")),
            ]
        )
    )
    return "\n\n".join(parts)


def for_sale(state: State) -> str:
    """The trains a company may buy from the bank now, with their prices (`3 $180`)."""
    money = state.title.money
    sold = [f"{name} {money(state.title.train(name).price)}" for name in available(state)]
    return ", ".join(sold) or _("nothing")


def _holdings(state: State, player: str) -> str:
    shares = [
        f"{abbr} {corp.percent(player)}%{'*' if corp.president == player else ''}"
        for abbr, corp in state.corps.items()
        if corp.percent(player)
    ]
    privates = [p for p, owner in state.privates.items() if owner == player]
    return ", ".join([*shares, *privates]) or "-"


def toolbar_parts(state: State) -> list[str]:
    """What a table reads at a glance: the round (and the company operating, with its
    treasury and trains), the players' cash, the bank, the phase, the share prices."""
    money = state.title.money
    cash = ", ".join(f"{p} {money(state.cash[p])}" for p in state.players)
    started = [c for c in state.corps.values() if c.started]
    prices = ", ".join(f"{c.abbr} {state.space(c).price}" for c in started)
    return [
        _where(state) + _operating(state),
        _("cash {cash}").format(cash=cash),
        _("bank {cash}").format(cash=money(state.bank)),
        _("phase {phase}").format(phase=state.phase),
        _("prices {prices}").format(prices=prices) if prices else "",
    ]


def _operating(state: State) -> str:
    if state.round != "operating" or not state.order:
        return ""
    corp = state.corps[state.order[state.operating]]
    return _(": {company} operates, treasury {cash}, trains {trains}").format(
        company=corp.abbr,
        cash=state.title.money(corp.cash),
        trains=" ".join(corp.trains) or _("none"),
    )


def snapshot(state: State) -> dict[str, Any]:
    return {
        "title": state.title.name,
        "round": state.round,
        "stock_round": state.stock_round,
        "operating_round": state.or_number,
        "phase": state.phase,
        "bank": state.bank,
        "players": {
            p: {
                "cash": state.cash[p],
                "shares": {a: c.percent(p) for a, c in state.corps.items() if c.percent(p)},
                "privates": [x for x, owner in state.privates.items() if owner == p],
            }
            for p in state.players
        },
        "companies": {
            a: {
                "president": c.president,
                "par": c.par,
                "price": state.space(c).price if c.started else 0,
                "cash": c.cash,
                "trains": list(c.trains),
                "stations": c.stations,
                "floated": c.floated,
                "held": dict(c.held),
            }
            for a, c in state.corps.items()
        },
        "privates": {p: owner or "bank" for p, owner in state.privates.items() if owner != CLOSED}
        | {p: "closed" for p, owner in state.privates.items() if owner == CLOSED},
        "trains_for_sale": {name: ("unlimited" if n < 0 else n) for name, n in state.depot.items()},
        "open_market": list(state.open_market),
        "tiles": {h: f"{t} rotation {r}" for h, (t, r) in state.tiles.items()},
        "stations": [f"{a} {h} city {c}" for h, c, a in state.stations],
    }


# The words of the title's market (title.MOVE_EVENTS, ZONE_MEANINGS) as shown.
MOVE_EVENTS = {
    "pay": N_("pay"),
    "half": N_("half"),
    "withhold": N_("withhold"),
    "sold": N_("sold"),
    "sold_out": N_("sold out"),
}

ZONE_MEANINGS = {
    "par": N_("par"),
    "no_certificate_limit": N_("no certificate limit"),
    "no_holding_limit": N_("no holding limit"),
    "multiple_buy": N_("multiple buy"),
    "closes": N_("closes"),
    "ends_game": N_("ends the game"),
}


def _direction(direction: str) -> str:
    words = {
        "up": pgettext("18xx", "up"),
        "down": pgettext("18xx", "down"),
        "left": pgettext("18xx", "left"),
        "right": pgettext("18xx", "right"),
    }
    return words[direction]


def market(state: State) -> str:
    """Each row of the market with the companies on it (in operating order on a space)."""
    title = state.title
    on: dict[tuple[int, int], list[str]] = {}
    started = [a for a, c in state.corps.items() if c.started]
    for abbr in sorted(started, key=lambda a: (a not in state.order, state.corps[a].arrival)):
        corp = state.corps[abbr]
        on.setdefault((corp.row, corp.column), []).append(abbr)
    columns = max(len(row) for row in title.market.rows)
    grid = []
    for r, row in enumerate(title.market.rows):
        cells = [str(r + 1)]
        for c, space in enumerate(row):
            if space is None:
                cells.append(".")
                continue
            marks = on.get((r, c))
            cells.append(f"{space.price}{space.zones}" + (f"[{'/'.join(marks)}]" if marks else ""))
        grid.append(cells + [""] * (columns + 1 - len(cells)))
    # Rows and columns numbered; a market wider than the screen goes on in a second panel.
    headers = ["", *(str(c + 1) for c in range(columns))]
    right = ["right"] * (columns + 1)
    lines = [fit.table(grid, headers, sparse=True, disable_numparse=True, colalign=right)]
    moves = ", ".join(
        f"{_(MOVE_EVENTS[e])} {_direction(d)}" for e, d in title.market.moves.items() if d != "none"
    )
    zones = "; ".join(
        f"{z.letter} {colour(z.colour)}: {', '.join(_(ZONE_MEANINGS[m]) for m in sorted(z.means))}"
        for z in title.market.zones.values()
    )
    lines += [
        _("moves: {moves}").format(moves=moves),
        _("zones: {zones}").format(zones=zones),
        _("operating order now: {companies}").format(
            companies=", ".join(order(state)) or _("no company floated")
        ),
    ]
    return "\n".join(lines)


def trains(state: State) -> str:
    title = state.title
    now = phase(state)
    rows = []
    for t in title.trains:
        left = state.depot[t.name]
        rows.append(
            [
                t.name,
                _("unlimited") if t.distance is None else t.distance,
                title.money(t.price),
                _("unlimited") if left < 0 else left,
                t.rusts_on or "-",
                next((p.name for p in title.phases if p.on == t.name), "-"),
            ]
        )
    headers = [
        _("train"),
        _("distance"),
        pgettext("train", "price"),
        _("left"),
        _("rusts on"),
        _("phase"),
    ]
    table = simple_table(rows, headers)
    owned = ", ".join(
        f"{a} {' '.join(c.trains) or '-'}" for a, c in state.corps.items() if c.floated
    )
    return "\n".join(
        [
            ngettext(
                "phase {phase}: tiles {tiles}; train limit {limit}; {n} operating round a set",
                "phase {phase}: tiles {tiles}; train limit {limit}; {n} operating rounds a set",
                now.operating_rounds,
            ).format(
                phase=now.name,
                tiles=", ".join(map(colour, now.tiles)),
                limit=now.train_limit,
                n=now.operating_rounds,
            ),
            table,
            _("for sale now: {trains}").format(trains=for_sale(state)),
            _("given back (open market): {trains}").format(
                trains=", ".join(state.open_market) or _("none")
            ),
            _("companies: {companies}").format(companies=owned or _("none floated")),
        ]
    )


def companies(state: State) -> str:
    privates = [
        _("{private} ({name}): {owner}").format(
            private=p.abbr, name=p.name, owner=owner or _("unsold")
        )
        for p in state.title.privates
        if (owner := state.privates.get(p.abbr, CLOSED)) != CLOSED
    ]
    shares = [
        _("{company}: initial offering {ipo}%, pool {pool}%").format(
            company=a, ipo=c.percent(IPO), pool=c.percent(POOL)
        )
        for a, c in state.corps.items()
        if c.started
    ]
    said = _("privates: {privates}").format(privates="; ".join(privates) or _("none"))
    return "\n".join([status(state), "", *shares, said])


VIEWS: dict[str, Callable[[State], str]] = {
    "market": market,
    "trains": trains,
    "companies": companies,
}
