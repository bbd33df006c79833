"""Status, toolbar and snapshot of a Lost Atlas game."""

from __future__ import annotations

from typing import Any

from referee.core import fit
from referee.games.lost_atlas import atlas, data, ledger, trains
from referee.games.lost_atlas.commands import colour_name as colour_name
from referee.games.lost_atlas.data import POOL, TREASURY
from referee.games.lost_atlas.state import State, Train
from referee.i18n import N_, _, ngettext, pgettext

ROUND_NAMES = {
    "setup": N_("setup"),
    "stock": N_("stock round"),
    "merger": N_("merger round"),
    "over": N_("game over"),
}


def round_name(s: State) -> str:
    """The round in English, as the snapshot keeps it."""
    if s.round == "operating" and s.orr:
        return f"operating round {s.orr.number}"
    return ROUND_NAMES.get(s.round, s.round)


def round_label(s: State) -> str:
    """The round in the language in force."""
    if s.round == "operating" and s.orr:
        return _("operating round {number}").format(number=s.orr.number)
    return _(ROUND_NAMES[s.round]) if s.round in ROUND_NAMES else s.round


def train_list(ts: list[Train]) -> str:
    return " ".join(t.kind + (_("(rusted)") if t.rusted else "") for t in ts) or "-"


COMPANY_HEAD = (
    N_("company"),
    N_("kind"),
    N_("president"),
    N_("price"),
    N_("treasury"),
    N_("trains"),
    N_("limit"),
    N_("stations"),
    N_("tokens left"),
)


def company_head() -> list[str]:
    return [_(h) for h in COMPANY_HEAD]


def company_row(s: State, name: str) -> list[object]:
    """One company as every table of companies shows it (the columns of COMPANY_HEAD)."""
    c = s.companies[name]
    return [
        name,
        _("major") if c.major else _("minor"),
        c.president,
        c.price,
        c.cash,
        train_list(c.trains),
        trains.company_limit(s, c),
        ", ".join(data.hub_name(h) for h in c.hubs) or "-",
        len(c.spare_tokens),
    ]


def status(s: State) -> str:
    cycles = data.table()["setup"]["cycles"][s.variant]
    head = _(
        "{variant} game · cycle {cycle}/{cycles} · {round} · phase {colour} "
        "(last train {level}) · priority {priority}"
    ).format(
        variant=data.variant_name(s.variant),
        cycle=s.cycle,
        cycles=cycles,
        round=round_label(s),
        colour=colour_name(s.colour),
        level=s.level if s.level < 7 else "7/∞",
        priority=s.priority,
    )
    lines = [head]
    order = s.order()
    if order:
        rows = [[i, *company_row(s, n)] for i, n in enumerate(order, 1)]
        columns = ["#", _("company (operating order)"), *company_head()[1:]]
        lines.append(fit.table(rows, columns))
        holders = [p for p in s.players] + [TREASURY, POOL]
        share_rows = [[n, *[s.companies[n].held(h) or "" for h in holders]] for n in order]
        shown = [
            *s.players,
            pgettext("lost-atlas", "treasury"),
            pgettext("lost-atlas", "pool"),
        ]  # TREASURY, POOL
        lines.append(fit.table(share_rows, [_("shares"), *shown]))
    prow = [
        [p, s.cash[p], ledger.value(s, p), _("bankrupt") if p in s.out else ""] for p in s.players
    ]
    lines.append(fit.table(prow, [_("player"), pgettext("lost-atlas", "cash"), _("worth"), ""]))
    deck = ", ".join(f"{k}x{'∞' if n < 0 else n}" for k, n in s.deck.items() if n) or _("empty")
    lines.append(
        _("train deck: {deck}; top: {top}; {rust}").format(
            deck=deck, top=trains.deck_top(s) or "-", rust=next_rust(s)
        )
    )
    lines.append(_("pool trains: {trains}").format(trains=train_list(s.pool_trains)))
    if s.destinations:
        i = data.COLOURS.index(s.colour)
        lines.append(
            _("distant destinations: {values} (now {now})").format(
                values="/".join(map(str, s.destinations)), now=s.destinations[i]
            )
        )
    if s.round in ("setup", "stock") and s.columns:
        lines.append(
            _("charters (top first): {columns}").format(
                columns=" / ".join(", ".join(c) for c in s.columns)
            )
        )
    if s.map_state != "none":
        lines.append(atlas.picture(s))
        if s.map_state == "building":
            left = atlas.pieces_left(s)
            lines.append(
                ngettext(
                    "map building: {pieces} piece placed, capitals on {capitals}",
                    "map building: {pieces} pieces placed, capitals on {capitals}",
                    len(s.pieces),
                ).format(pieces=len(s.pieces), capitals=", ".join(s.capitals) or _("none yet"))
                + (
                    _("; left: {left}").format(left=", ".join(map(str, sorted(left))))
                    if s.variant != "micro"
                    else ""
                )
            )
        elif atlas.board(s).blanks:
            lines.append(
                _("blank hexes (■3): {hexes}").format(hexes=", ".join(atlas.board(s).blanks))
            )
    elif s.hexes:
        lines.append(
            _("track: {hexes}").format(
                hexes=", ".join(f"{h} {colour_name(c)}" for h, c in sorted(s.hexes.items()))
            )
        )
    lines.append(_("bank: {bank}").format(bank=s.bank))
    return "\n".join(lines)


def next_rust(s: State) -> str:
    """What rusts next, in words: the first train of which kind rusts which trains."""
    rusts = data.table()["trains"]["rusts"]
    return next(
        (
            _("the first {new} rusts the {old}s").format(new=k, old=v)
            for k, v in rusts.items()
            if int(k) > s.level and v not in s.rusted_log
        ),
        _("nothing left to rust"),
    )


def toolbar_parts(s: State) -> list[str]:
    """What a table reads at a glance, in words: where the game is (the company operating,
    with its treasury and trains), the phase, who has what, the prices."""
    cycles = data.table()["setup"]["cycles"][s.variant]
    where = _("cycle {cycle} of {cycles}, {round}").format(
        cycle=s.cycle, cycles=cycles, round=round_label(s)
    )
    if s.round == "operating" and s.orr and s.orr.current:
        co = s.companies[s.orr.current]
        where += _(": {company} operates, treasury {cash}, trains {trains}").format(
            company=co.name,
            cash=co.cash,
            trains=" ".join(t.kind for t in co.trains) or _("none"),
        )
    prices = ", ".join(f"{n} {s.companies[n].price}" for n in s.order())
    return [
        where,
        _("phase {colour}").format(colour=colour_name(s.colour)),
        _("cash {cash}").format(cash=", ".join(f"{p} {s.cash[p]}" for p in s.active_players)),
        _("prices {prices}").format(prices=prices) if prices else "",
    ]


def snapshot(s: State) -> dict[str, Any]:
    return {
        "variant": s.variant,
        "cycle": s.cycle,
        "round": round_name(s),
        "phase": s.colour,
        "level": s.level,
        "priority": s.priority,
        "cash": dict(s.cash),
        "bank": s.bank,
        "out": list(s.out),
        "deck": {k: v for k, v in s.deck.items()},
        "pool_trains": [t.kind for t in s.pool_trains],
        "destinations": list(s.destinations),
        "charters": [list(c) for c in s.columns],
        "track": dict(s.hexes),
        "map": {
            "state": s.map_state,
            "pieces": [[p.number, p.hex, p.rot] for p in s.pieces],
            "capitals": list(s.capitals),
            "tiles": {h: [t, r] for h, (t, r) in s.tiles.items()},
        },
        "discard": list(s.discard),
        "closed": list(s.closed),
        "companies": {
            n: {
                "kind": "major" if c.major else "minor",
                "president": c.president,
                "price": c.price,
                "cash": c.cash,
                "shares": dict(c.shares),
                "trains": [t.kind + ("r" if t.rusted else "") for t in c.trains],
                "stations": list(c.hubs),
                "tokens_left": list(c.spare_tokens),
                "suburbs": list(c.suburbs),
                "revenues": list(c.revenues),
            }
            for n, c in s.companies.items()
        },
        "order": s.order(),
    }
