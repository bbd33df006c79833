"""Express 01: the cards on the table, the players' displays, deck sizes; hands as counts."""

from __future__ import annotations

from typing import Any

from referee.games.express01.sections import LIMITS
from referee.games.express01.state import DECKS, State
from referee.session import Session
from referee.web.html import esc, swatch, table


def prices(game: Any, state: State) -> dict[str, int]:
    return {}


def panels(session: Session, state: State) -> list[tuple[str, str]]:
    players = []
    for p in state.in_order():
        shares = ", ".join(f"{n} {swatch(c)}" for c, n in state.shares[p].items() if n)
        players.append(
            [
                esc(p),
                state.positions.get(p, "-"),
                "the train has left" if p in state.moved else "to play",
                state.hand_size(p),  # hands are secret: the table sees how many cards
                shares or "-",
                esc(" ".join(map(str, state.bases[p])) or "-"),
                "black loco" if state.loco == p else "",
            ]
        )
    headers = ["player", "position", "card", "cards in hand", "shares", "base cards", ""]
    companies = [[swatch(c), state.shares_of(c), state.stations(c)] for c in state.companies]
    board = [
        [
            s["card"],
            s["stage"] or "base",
            esc(s["type"]),
            swatch(s["company"]) if s["company"] else "-",
            f"+{s['bonus']}" if s["bonus"] else "",
            esc(" ".join(map(str, s["exits"])) or "-"),
        ]
        for s in session.game.snapshot(state)["board"]
    ]
    decks = [[esc(d), state.decks[d]] for d in DECKS]
    return [
        ("Players", table(headers, players, raw=True)),
        ("Companies", table(["company", "shares out", "stations"], companies, raw=True)),
        (
            "Cards on the table",
            table(["card", "stage", "type", "station", "bonus", "track to"], board, raw=True)
            if board
            else "<p>only the printed base cards</p>",
        ),
        ("Decks (cards left, face down)", table(["deck", "cards"], decks, raw=True)),
    ]


def ending(session: Session, state: State) -> list[str]:
    bases, decks = LIMITS[state.variant]
    lines = [
        f"{bases} base cards replaced ends the game: {state.replaced()} of {bases} replaced",
        f"{decks} empty decks end the game: {len(state.empty_decks())} of {decks} empty"
        + (f" ({' '.join(state.empty_decks())})" if state.empty_decks() else ""),
    ]
    if state.end_triggered:
        lines.append("the end is reached: this round is the last")
    return lines
