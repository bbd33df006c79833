"""What players ask to see (`market`, `trains`, `companies`): pure functions of the state."""

from __future__ import annotations

from collections.abc import Callable

from referee.columns import simple_table
from referee.games.titled.operating import available, order, phase
from referee.games.titled.state import CLOSED, IPO, POOL, State
from referee.games.titled.view import status


def market(state: State) -> str:
    """Each row of the market with the companies on it (in operating order on a space)."""
    title = state.title
    on: dict[tuple[int, int], list[str]] = {}
    started = [a for a, c in state.corps.items() if c.started]
    for abbr in sorted(started, key=lambda a: (a not in state.order, state.corps[a].arrival)):
        corp = state.corps[abbr]
        on.setdefault((corp.row, corp.column), []).append(abbr)
    lines = []
    for r, row in enumerate(title.market.rows):
        cells = []
        for c, space in enumerate(row):
            if space is None:
                cells.append("  .")
                continue
            marks = on.get((r, c))
            cells.append(f"{space.price}{space.zones}" + (f"[{'/'.join(marks)}]" if marks else ""))
        lines.append(" ".join(cells))
    moves = ", ".join(f"{e} {d}" for e, d in title.market.moves.items() if d != "none")
    zones = "; ".join(
        f"{z.letter} {z.colour}: {', '.join(sorted(z.means))}" for z in title.market.zones.values()
    )
    lines += [f"moves: {moves}", f"zones: {zones}"]
    lines.append("operating order now: " + (", ".join(order(state)) or "no company floated"))
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
                "unlimited" if t.distance is None else t.distance,
                title.money(t.price),
                "unlimited" if left < 0 else left,
                t.rusts_on or "-",
                next((p.name for p in title.phases if p.on == t.name), "-"),
            ]
        )
    table = simple_table(rows, ["train", "distance", "price", "left", "rusts on", "phase"])
    owned = ", ".join(
        f"{a} {' '.join(c.trains) or '-'}" for a, c in state.corps.items() if c.floated
    )
    return "\n".join(
        [
            f"phase {now.name}: tiles {', '.join(now.tiles)}; train limit {now.train_limit}; "
            f"{now.operating_rounds} operating round(s) a set",
            table,
            f"for sale now: {', '.join(available(state)) or 'nothing'}",
            f"given back (open market): {', '.join(state.open_market) or 'none'}",
            f"companies: {owned or 'none floated'}",
        ]
    )


def companies(state: State) -> str:
    privates = [
        f"{p.abbr} ({p.name}): {owner or 'unsold'}"
        for p in state.title.privates
        if (owner := state.privates.get(p.abbr, CLOSED)) != CLOSED
    ]
    shares = [
        f"{a}: initial offering {c.percent(IPO)}%, pool {c.percent(POOL)}%"
        for a, c in state.corps.items()
        if c.started
    ]
    return "\n".join([status(state), "", *shares, "privates: " + ("; ".join(privates) or "none")])


VIEWS: dict[str, Callable[[State], str]] = {
    "market": market,
    "trains": trains,
    "companies": companies,
}
