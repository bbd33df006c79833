"""Union Station: the value track with its gold squares, the offer row, the USC track."""

from __future__ import annotations

from typing import Any

from referee.games.union_station import track
from referee.games.union_station.railroads import (
    COLOURS,
    LAST_DIVIDEND,
    LAST_SELLING_DIVIDEND,
    RAILROADS,
    USC_SPACES,
)
from referee.games.union_station.state import State
from referee.session import Session
from referee.web.html import esc, items, swatch, table


def prices(game: Any, state: State) -> dict[str, int]:
    return {c: state.road(c).price for c in COLOURS if state.road(c).price}


def _value_track(state: State) -> str:
    board = state.board
    at: dict[int, list[str]] = {}
    for c in COLOURS:
        price = state.road(c).price
        if price:
            at.setdefault(price, []).append(c)
    cells = []
    for value in range(board.low, board.top + 1):
        gold = " gold" if value in board.gold else ""
        here = "".join(f"<div>{swatch(c)}</div>" for c in at.get(value, []))
        cells.append(f'<div class="sq{gold}"><b>{value}</b>{here}</div>')
    legend = "gold squares (dividend): " + (", ".join(map(str, board.gold)) or "none")
    return f'<div class="track">{"".join(cells)}</div><p>{esc(legend)}</p>'


def _railroads(state: State) -> str:
    rows = []
    for r in RAILROADS:
        road = state.road(r.colour)
        golds = [g for g in state.board.gold if g > road.price]
        if road.arrived:
            can = "arrived"
        else:
            can = "blocked" if track.why_cannot_lay(state, r.colour) else "can lay"
        rows.append(
            [
                f"{swatch(r.colour)} ({esc(r.name)})",
                road.price or "-",
                golds[0] if golds else "-",
                state.held(r.colour),
                road.discs,
                f"{esc(r.destination)}: {can}",
            ]
        )
    headers = ["railroad", "price", "next gold", "shares held", "discs", "destination"]
    return table(headers, rows, raw=True)


def _offer(state: State) -> str:
    slots = [f"+{i + 1}: {swatch(c) if c else '-'}" for i, c in enumerate(state.offer)]
    # The offer deck is face down: the table sees how many cards, not which.
    top = f"top card: {swatch(state.top)}" if state.top else "top card not turned up"
    return items([*slots, f"{top}; {sum(state.deck)} cards face down"], raw=True)


def _usc(state: State) -> str:
    rows = []
    for c in COLOURS:
        usc = state.road(c).usc
        spaces = "".join(
            f'<span class="dot{" on" if n <= usc else ""}">{n}</span>'
            for n in range(1, USC_SPACES + 1)
        )
        rows.append([swatch(c), spaces, f"{usc}/{USC_SPACES}"])
    return table(["railroad", "Union Station Company track", "space"], rows, raw=True)


def panels(session: Session, state: State) -> list[tuple[str, str]]:
    lots = ""
    if state.lots and state.phase == "setup":
        lots = "<p>auction order: " + ", ".join(swatch(c) for c in state.lots) + "</p>"
    return [
        ("Value track", _value_track(state)),
        ("Railroads", _railroads(state)),
        ("Offer row", _offer(state) + lots),
        ("Union Station Company", _usc(state)),
        (
            "Dividends",
            f'<p class="big">{state.dividends} of {LAST_DIVIDEND} paid</p>'
            f"<p>no selling once the {LAST_SELLING_DIVIDEND}th is paid</p>",
        ),
    ]


def ending(session: Session, state: State) -> list[str]:
    blocked = [c for c in COLOURS if track.why_cannot_lay(state, c)]
    return [
        f"the {LAST_DIVIDEND}th dividend ends the game: {state.dividends} paid, "
        f"{LAST_DIVIDEND - state.dividends} to go",
        f"every share bought ends it: {state.deck_size() + sum(1 for c in state.offer if c)} "
        "shares left in the offer row and deck",
        f"no railroad able to lay track ends it: {len(COLOURS) - len(blocked)} of "
        f"{len(COLOURS)} can still lay",
    ]
