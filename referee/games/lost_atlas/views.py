"""What players ask to see at the table: the stock market, the trains, the companies.

Views, not moves: each is a pure function of the state returning text for the terminal.
"""

from __future__ import annotations

from collections.abc import Callable

from tabulate import tabulate

from referee.games.lost_atlas import data, ledger, trains
from referee.games.lost_atlas.data import INF, POOL, TREASURY
from referee.games.lost_atlas.render import COMPANY_HEAD, company_row
from referee.games.lost_atlas.state import State


def _train_name(kind: str) -> str:
    return "∞" if kind == INF else kind


def market(s: State) -> str:
    """The stock track with every company's marker (top of a space first, ■11)."""
    spaces = data.spaces()
    on: dict[int, list[str]] = {}
    for name in s.order():  # operating order: higher price first, then higher on the space
        on.setdefault(s.companies[name].price, []).append(name)
    track = " ".join(f"[{v}]" if v in on else str(v) for v in spaces)
    lines = [f"stock track ([ ] = a marker; {data.table()['market']['closed']} closes): {track}"]
    if not on:
        lines.append("no company on the track yet")
    for price in sorted(on, reverse=True):
        lines.append(
            f"  {price:>3}: "
            + ", ".join(on[price])
            + ("  (top first)" if len(on[price]) > 1 else "")
        )
    low, high = data.par_range(s.level)
    lines.append(f"starting values now ({s.colour}): {low} to {high} (■7)")
    lines.append(
        "a dividend moves the marker: revenue at least the price one space right, twice the "
        "price two; withheld or 0 one left (■16, ■17)"
    )
    return "\n".join(lines)


def roster(s: State) -> str:
    """The trains: the phase, the deck in order, what the next train brings and what rusts."""
    table = data.table()["trains"]
    lines = [
        f"phase {s.colour} (last train taken: {s.level if s.level < 7 else '7/∞'});"
        f" train limit: minors {data.limit(s.level, False)}, majors {data.limit(s.level, True)}"
    ]
    rows: list[list[object]] = []
    for kind in table["order"]:
        left = s.deck.get(kind, 0)
        if kind == "7" and left:
            rows.append(
                ["7 / ∞", "unlimited", f"{data.train_price('7')} / {data.train_price(INF)}"]
            )
        elif left:
            rows.append([kind, left, data.train_price(kind)])
    lines.append(tabulate(rows, ["deck", "left", "price"]) if rows else "the deck is empty")
    top = trains.deck_top(s)
    if top is not None:
        level = data.train_level(top)
        brings = []
        colour = data.phase_colour(level)
        if colour != s.colour:
            brings.append(f"phase {colour}")
        minor, major = data.limit(level, False), data.limit(level, True)
        if (minor, major) != (data.limit(s.level, False), data.limit(s.level, True)):
            brings.append(f"limits minors {minor}, majors {major}")
        rusted = table["rusts"].get(top)
        if rusted and rusted not in s.rusted_log:
            brings.append(f"the {rusted}-trains rust")
        lines.append(
            f"next: a {top}-train for {data.train_price(top)}"
            + (": " + "; ".join(brings) if brings else ": no change")
        )
    rust = [f"the first {k} rusts the {v}s" for k, v in table["rusts"].items()]
    done = [f"{v}s rusted" for v in s.rusted_log]
    lines.append("rusting (■18): " + "; ".join(rust) + (f" ({', '.join(done)})" if done else ""))
    pool = " ".join(_train_name(t.kind) for t in s.pool_trains) or "none"
    lines.append(f"pool trains: {pool}")
    owned = [
        f"{n} {' '.join(_train_name(t.kind) + ('(rusted)' if t.rusted else '') for t in c.trains)}"
        for n, c in s.companies.items()
        if c.trains
    ]
    lines.append("companies' trains: " + ("; ".join(owned) or "none"))
    return "\n".join(lines)


def companies(s: State) -> str:
    """Per company: president, treasury, trains, stations, last revenues; per player:
    holdings, shares against the 60% limit (■4), cash and worth."""
    order = s.order()
    rows = []
    for name in order:
        c = s.companies[name]
        revenues = " ".join(map(str, c.revenues[-3:])) or "-"
        rows.append([*company_row(s, name), revenues, c.held(TREASURY) or "", c.held(POOL) or ""])
    head = [*COMPANY_HEAD, "last revenues", "in treasury", "in pool"]
    out = [tabulate(rows, head) if rows else "no company is open yet"]
    prows = []
    for p in s.players:
        held = [
            f"{n} {c.held(p)}/{ledger.player_limit(c)}" + ("P" if c.president == p else "")
            for n in order
            if (c := s.companies[n]).held(p)
        ]
        prows.append(
            [p, ", ".join(held) or "-", s.cash[p], ledger.value(s, p), "bankrupt" * (p in s.out)]
        )
    out.append(
        tabulate(prows, ["player", "shares (held/limit, P = president)", "cash", "worth", ""])
    )
    return "\n\n".join(out)


# The frame's views (referee/shell/commands.py) that Lost Atlas draws.
VIEWS: dict[str, Callable[[State], str]] = {
    "market": market,
    "trains": roster,
    "companies": companies,
}
