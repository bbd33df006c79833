"""Text for the table (status, toolbar, what to do next) and the plain-data snapshot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabulate import tabulate

from referee.engine import Options, Standing
from referee.games.union_station import track
from referee.games.union_station.railroads import (
    COLOURS,
    LAST_DIVIDEND,
    LAST_SELLING_DIVIDEND,
    RAILROADS,
    USC_SPACES,
    USC_SPECIAL,
)
from referee.games.union_station.state import AUCTION, OVER, SETUP, State


def _offer_text(state: State) -> str:
    slots = "  ".join(f"+{i + 1} {c or '-'}" for i, c in enumerate(state.offer))
    top = state.top or ("(empty)" if state.deck_size() == 0 else "(to reveal)")
    return f"{slots}   deck top {top}, {sum(state.deck)} face down"


def _next_gold(state: State, price: int) -> str:
    golds = [g for g in state.board.gold if g > price]
    return str(golds[0]) if golds else "-"


def players_table(state: State, options: Options, standings: Sequence[Standing]) -> str:
    """Per player: cash, shares of each railroad, their value and the total."""
    totals = {s.player: s.score for s in standings}
    rows = []
    for seat in state.seats:
        mark = "*" if options.actor == seat.name else ""
        value = totals[seat.name] - seat.cash
        shares = [n or "" for n in seat.shares]
        rows.append([mark + seat.name, seat.cash, *shares, value, totals[seat.name]])
    return tabulate(rows, ["player", "cash", *COLOURS, "shares $", "total"], disable_numparse=True)


def railroads_table(state: State) -> str:
    """Per railroad: price, next gold square, shares held, USC space, discs, destination."""
    roads = []
    for r in RAILROADS:
        road = state.road(r.colour)
        why = track.why_cannot_lay(state, r.colour)
        can = "arrived" if road.arrived else ("blocked" if why else "can lay")
        roads.append(
            [
                f"{r.colour} ({r.name})",
                road.price or "-",
                _next_gold(state, road.price),
                state.held(r.colour),
                f"{road.usc}/{USC_SPACES}",
                road.discs,
                f"{r.destination}: {can}",
            ]
        )
    return tabulate(
        roads,
        ["railroad", "price", "next gold", "held", "USC", "discs", "destination"],
        disable_numparse=True,
    )


def market(state: State) -> str:
    """The price track: the railroads by price, each with its next gold square (配当)."""
    priced = sorted(
        (r.colour for r in RAILROADS if state.road(r.colour).price),
        key=lambda c: -state.road(c).price,
    )
    rows = [[c, state.road(c).price, _next_gold(state, state.road(c).price)] for c in priced]
    if not rows:
        return "no railroad has a price yet: the first auction sets them"
    table = tabulate(rows, ["railroad", "price", "next gold"], disable_numparse=True)
    return f"{table}\ndividends paid: {state.dividends} of {LAST_DIVIDEND}"


def status(state: State, options: Options, standings: Sequence[Standing]) -> str:
    players = players_table(state, options, standings)
    railroads = railroads_table(state)
    lines = [f"Union Station — {options.phase}", players, "", railroads, ""]
    if state.board.note:
        lines.insert(1, f"board: {state.board.note}")
    if state.phase == SETUP:
        lines.append(f"auction order: {' '.join(state.lots) or '(to reveal)'}")
    elif state.phase == AUCTION and state.auction is not None:
        a = state.auction
        lead = f"{a.high} by {state.players[a.leader]}" if a.leader >= 0 else "none"
        passed = ", ".join(state.players[p] for p in sorted(a.passed)) or "nobody"
        lines.append(
            f"auction {len(state.acquired) + 1} of 5: {a.colour}; high bid {lead}; passed: {passed}"
        )
        lines.append(f"auction order: {' '.join(state.lots)}")
    lines.append(f"offer: {_offer_text(state)}")
    lines.append(_usc_text(state))
    no_selling = ", reached" if state.dividends >= LAST_SELLING_DIVIDEND else ""
    lines.append(
        f"dividends paid: {state.dividends} of {LAST_DIVIDEND}"
        f" (selling ends at {LAST_SELLING_DIVIDEND}{no_selling})"
    )
    can_lay = [c for c in COLOURS if not track.why_cannot_lay(state, c)]
    unbought = state.deck_size() + sum(1 for c in state.offer if c)
    lines.append(
        f"end: {unbought} shares unbought; "
        f"{LAST_DIVIDEND - state.dividends} dividends to the 20th; "
        f"can lay track: {' '.join(can_lay) or 'no railroad'}"
    )
    if state.phase == OVER:
        lines.append(f"GAME OVER: {state.ended}")
        final = [
            [
                s.place,
                s.player,
                s.details["cash"],
                s.details["shares"],
                s.details["share value"],
                s.score,
            ]
            for s in standings
        ]
        lines.append(
            tabulate(
                final,
                ["place", "player", "cash", "shares", "share value", "total"],
                disable_numparse=True,
            )
        )
    else:
        lines.append(f"to move: {options.actor} ({', '.join(options.verbs)})")
    return "\n".join(lines)


def _usc_text(state: State) -> str:
    """The Union Station Company specials paid, and which railroads hold up the next one."""
    lowest = min(r.usc for r in state.roads)
    paid = " ".join(f"${a}{' paid' if i < lowest - 1 else ''}" for i, a in enumerate(USC_SPECIAL))
    text = f"Union Station Company specials: {paid}"
    if lowest < USC_SPACES:
        waiting = [c for c in COLOURS if state.road(c).usc == lowest]
        verb = "is" if len(waiting) == 1 else "are each"
        again = " again" if lowest > 1 else ""  # the discs start at 1: no buy has moved them
        text += f"; ${USC_SPECIAL[lowest - 1]} once {' and '.join(waiting)} {verb} bought{again}"
    return text


def toolbar(state: State) -> str:
    """In words a table reads at a glance: cash, the share prices set so far, the dividends."""
    cash = ", ".join(f"{s.name} ${s.cash}" for s in state.seats)
    priced = [f"{c} {state.road(c).price}" for c in COLOURS if state.road(c).price]
    prices = f"share prices {', '.join(priced)}" if priced else "no share auctioned yet"
    return f"cash {cash} | {prices} | dividends {state.dividends} of {LAST_DIVIDEND}"


def snapshot(state: State) -> dict[str, Any]:
    a = state.auction
    return {
        "phase": state.phase,
        "ended": state.ended,
        "turn": state.players[state.turn],
        "first": state.players[state.first],
        "dividends": state.dividends,
        "players": [
            {"name": s.name, "cash": s.cash, "shares": dict(zip(COLOURS, s.shares, strict=True))}
            for s in state.seats
        ],
        "railroads": {
            c: {
                "price": r.price,
                "usc": r.usc,
                "discs": r.discs,
                "arrived": r.arrived,
                "declared_blocked": r.declared_blocked,
                "held": state.held(c),
            }
            for c, r in zip(COLOURS, state.roads, strict=True)
        },
        "offer": list(state.offer),
        "top": state.top,
        "deck": dict(zip(COLOURS, state.deck, strict=True)),
        "lots": list(state.lots),
        "acquired": [[c, state.players[p]] for c, p in state.acquired],
        "auction": {}
        if a is None
        else {
            "colour": a.colour,
            "auctioneer": state.players[a.auctioneer],
            "bidder": state.players[a.bidder],
            "high": a.high,
            "leader": state.players[a.leader] if a.leader >= 0 else "",
            "passed": [state.players[p] for p in sorted(a.passed)],
        },
        "track": [{"colour": d.colour, "kind": d.kind, "hex": d.hex} for d in state.track],
    }
