"""Status, toolbar and snapshot of an Express 01 game."""

from __future__ import annotations

from typing import Any

from tabulate import tabulate

from referee.games.express01 import flow, scoring
from referee.games.express01.sections import LIMITS
from referee.games.express01.state import DECKS, STAGE_COLOUR, State


def _face(state: State, player: str) -> str:
    return "the train has left" if player in state.moved else "locomotive"


def _held(state: State, player: str) -> str:
    """The hand by deck, in deck order (r3*4 th1), so the table knows what can pay."""
    hand = state.hands[player]
    cards = [f"{d}*{hand[d]}" if hand[d] > 1 else d for d in DECKS if hand.get(d)]
    return " ".join(cards) or "-"


def _next(state: State) -> str:
    turn = state.turn
    assert turn is not None
    done = " then ".join(turn.steps) or "nothing yet"
    verbs = [v for v, half in flow.HALF.items() if flow.may(turn, half)]
    free = "; the next route card is already paid for" if turn.free_route else ""
    return f"{turn.player}'s turn: {done}{free}; next: {', '.join([*verbs, 'done'])}"


def players_table(state: State) -> str:
    """Per player, in position order: card, hand, shares, base cards, black loco, capital."""
    rows = []
    for p in state.in_order():
        cap = scoring.capital(state, p)
        shares = " ".join(f"{c} {n}" for c, n in sorted(state.shares[p].items())) or "-"
        bases = (
            " ".join(f"{b}{'s' if b in state.station_bases else 'r'}" for b in state.bases[p])
            or "-"
        )
        rows.append(
            [
                state.positions.get(p, "-"),
                _face(state, p),
                p,
                state.hand_size(p),
                _held(state, p),
                shares,
                bases,
                "yes" if state.loco == p else "",
                cap.total,
            ]
        )
    headers = ["pos", "card", "player", "hand", "hand cards", "shares", "base cards"]
    return tabulate(rows, [*headers, "black loco", "capital"])


def companies_table(state: State) -> str:
    """Per company: its stations, the cards they are on, its shares out and its price."""
    crows = []
    for c in state.companies:
        stations = [s.number for s in state.board if s.station and s.company == c]
        crows.append(
            [
                c,
                len(stations),
                " ".join(map(str, stations)) or "-",
                state.shares_of(c),
                len(stations),
            ]
        )
    return tabulate(crows, ["company", "stations", "on cards", "shares out", "price"])


def companies(state: State) -> str:
    return f"{players_table(state)}\n\n{companies_table(state)}"


def status(state: State) -> str:
    parts = [f"Express 01 ({state.variant}), round {state.round}"]
    if state.over:
        parts[0] += ": game over"
    parts += [players_table(state), companies_table(state)]
    laid = [s for s in state.board if s.stage]
    if laid:
        brows = [
            [
                s.number,
                STAGE_COLOUR[s.stage],
                s.kind,
                s.company or "-",
                f"+{s.bonus}" if s.bonus else "",
                " ".join(map(str, sorted(s.exits))),
            ]
            for s in laid
        ]
        parts.append(tabulate(brows, ["card", "stage", "type", "station", "bonus", "track to"]))
    parts.append("decks: " + "  ".join(f"{d} {state.decks[d]}" for d in DECKS))
    base_limit, deck_limit = LIMITS[state.variant]
    empty = state.empty_decks()
    end = (
        f"end: {state.replaced()}/{base_limit} base cards replaced, "
        f"{len(empty)}/{deck_limit} decks empty"
    )
    if state.end_triggered:
        end += " -- reached: this round is the last"
    parts.append(end)
    if state.payout:
        parts.append(
            f"bonus payment of {state.payout_company}: to take, in turn: " + " ".join(state.payout)
        )
    elif state.turn:
        parts.append(_next(state))
    return "\n\n".join(parts)


def toolbar(state: State) -> str:
    """In words a table reads at a glance: each player's cards in hand and capital."""
    players = ", ".join(
        f"{p} {state.hand_size(p)} cards, capital {scoring.capital(state, p).total}"
        for p in state.in_order()
    )
    bases, decks = LIMITS[state.variant]
    loco = f" | black loco: {state.loco}" if state.loco else ""
    when = f"round {state.round}" if state.round else "setup: the turn order"
    return (
        f"{when} | {players}{loco} | {state.replaced()} of {bases} base cards "
        f"replaced, {len(state.empty_decks())} of {decks} decks empty"
    )


def snapshot(state: State) -> dict[str, Any]:
    return {
        "variant": state.variant,
        "round": state.round,
        "over": state.over,
        "end_triggered": state.end_triggered,
        "turns_taken": state.turns_taken,
        "turn": state.turn.player if state.turn else "",
        "steps": list(state.turn.steps) if state.turn else [],
        "free_route": bool(state.turn and state.turn.free_route),
        "black_loco": state.loco,
        "positions": dict(state.positions),
        "moved": sorted(state.moved),
        "decks": dict(state.decks),
        "hands": {p: {d: n for d, n in h.items() if n} for p, h in state.hands.items()},
        "shares": {p: dict(s) for p, s in state.shares.items()},
        "bases": {p: list(b) for p, b in state.bases.items()},
        "board": [
            {
                "card": s.number,
                "stage": s.stage,
                "type": s.kind,
                "company": s.company,
                "bonus": s.bonus,
                "exits": sorted(s.exits),
            }
            for s in state.board
            if s.stage
        ],
        "payout": list(state.payout),
        "capital": {p: scoring.capital(state, p).total for p in state.players},
    }
