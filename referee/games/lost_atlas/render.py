"""Status, toolbar and snapshot of a Lost Atlas game."""

from __future__ import annotations

from typing import Any

from tabulate import tabulate

from referee.games.lost_atlas import atlas, data, ledger, trains
from referee.games.lost_atlas.data import POOL, TREASURY
from referee.games.lost_atlas.state import State, Train

ROUND_NAMES = {
    "setup": "setup",
    "stock": "stock round",
    "merger": "merger round",
    "over": "game over",
}


def round_name(s: State) -> str:
    if s.round == "operating" and s.orr:
        return f"operating round {s.orr.number}"
    return ROUND_NAMES.get(s.round, s.round)


def _train_list(ts: list[Train]) -> str:
    return " ".join(t.kind + ("(rusted)" if t.rusted else "") for t in ts) or "-"


def status(s: State) -> str:
    cycles = data.table()["setup"]["cycles"][s.variant]
    head = (
        f"{s.variant} game · cycle {s.cycle}/{cycles} · {round_name(s)} · phase {s.colour} "
        f"(last train {s.level if s.level < 7 else '7/∞'}) · priority {s.priority}"
    )
    lines = [head]
    order = s.order()
    if order:
        rows = []
        for i, n in enumerate(order, 1):
            c = s.companies[n]
            rows.append(
                [
                    i,
                    n,
                    "major" if c.major else "minor",
                    c.price,
                    c.president,
                    c.cash,
                    _train_list(c.trains),
                    f"{trains.company_limit(s, c)}",
                    ", ".join(c.hubs),
                    len(c.spare_tokens),
                ]
            )
        lines.append(
            tabulate(
                rows,
                [
                    "#",
                    "company (operating order)",
                    "kind",
                    "price",
                    "president",
                    "cash",
                    "trains",
                    "limit",
                    "stations",
                    "tokens left",
                ],
            )
        )
        holders = [p for p in s.players] + [TREASURY, POOL]
        share_rows = [[n, *[s.companies[n].held(h) or "" for h in holders]] for n in order]
        lines.append(tabulate(share_rows, ["shares", *holders]))
    prow = [[p, s.cash[p], ledger.value(s, p), "bankrupt" if p in s.out else ""] for p in s.players]
    lines.append(tabulate(prow, ["player", "cash", "worth", ""]))
    deck = ", ".join(f"{k}x{'∞' if n < 0 else n}" for k, n in s.deck.items() if n) or "empty"
    lines.append(f"train deck: {deck}; top: {trains.deck_top(s) or '-'}; {next_rust(s)}")
    lines.append(f"pool trains: {_train_list(s.pool_trains)}")
    if s.destinations:
        i = data.COLOURS.index(s.colour)
        lines.append(
            f"distant destinations: {'/'.join(map(str, s.destinations))} (now {s.destinations[i]})"
        )
    if s.round in ("setup", "stock") and s.columns:
        lines.append("charters (top first): " + " / ".join(", ".join(c) for c in s.columns))
    if s.map_state != "none":
        lines.append(atlas.picture(s))
        if s.map_state == "building":
            left = atlas.pieces_left(s)
            lines.append(
                f"map building: {len(s.pieces)} pieces placed, capitals on "
                f"{', '.join(s.capitals) or 'none yet'}"
                + (f"; left: {', '.join(map(str, sorted(left)))}" if s.variant != "micro" else "")
            )
        elif atlas.board(s).blanks:
            lines.append("blank hexes (■3): " + ", ".join(atlas.board(s).blanks))
    elif s.hexes:
        lines.append("track: " + ", ".join(f"{h} {c}" for h, c in sorted(s.hexes.items())))
    lines.append(f"bank: {s.bank}")
    return "\n".join(lines)


def next_rust(s: State) -> str:
    """What rusts next, in words: the first train of which kind rusts which trains."""
    rusts = data.table()["trains"]["rusts"]
    return next(
        (
            f"the first {k} rusts the {v}s"
            for k, v in rusts.items()
            if int(k) > s.level and v not in s.rusted_log
        ),
        "nothing left to rust",
    )


def toolbar(s: State) -> str:
    cash = " ".join(f"{p} {s.cash[p]}" for p in s.active_players)
    prices = " ".join(f"{n[:4]} {s.companies[n].price}" for n in s.order())
    return f"C{s.cycle} {round_name(s)} · {cash}" + (f" · {prices}" if prices else "")


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
            }
            for n, c in s.companies.items()
        },
        "order": s.order(),
    }
