"""What a described title's game shows: the status, the toolbar, the snapshot, a player's worth."""

from __future__ import annotations

from typing import Any

from referee.core.columns import simple_table
from referee.games.titled.operating import available
from referee.games.titled.state import CLOSED, IPO, POOL, State
from referee.i18n import _, pgettext


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
