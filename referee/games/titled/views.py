"""What players ask to see (`market`, `trains`, `companies`): pure functions of the state."""

from __future__ import annotations

from collections.abc import Callable

from referee.core import fit
from referee.core.columns import simple_table
from referee.eighteen.upgrades import colour_word as colour
from referee.games.titled.operating import phase
from referee.games.titled.rules import order
from referee.games.titled.state import CLOSED, IPO, POOL, State
from referee.games.titled.view import for_sale, status
from referee.i18n import N_, _, ngettext, pgettext

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
