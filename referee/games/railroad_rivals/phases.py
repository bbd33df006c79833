"""Where a game of Railroad Rivals stands: whose move it is and what the table is to do, in
words. Read by the rules (to judge a move) and by the renderer (to show it)."""

from __future__ import annotations

from .state import (
    BID,
    CUBES,
    DELIVER,
    DRAFT,
    ORDER,
    OVER,
    PLACE,
    REVEAL,
    START,
    START_CUBES,
    State,
)


def actor_of(state: State) -> str | None:
    phase = state.phase
    if phase == OVER:
        return None
    if phase in (START, START_CUBES, ORDER):
        return state.players[0]
    if phase == REVEAL:
        return state.order[0]
    if phase == BID:
        return tuple(reversed(state.order))[state.step]
    return state.order[min(state.step, state.n - 1)]


def phase_text(state: State) -> str:
    t = f"turn {state.turn}"
    if state.ending and state.phase not in (START, START_CUBES, ORDER, OVER):
        t += " (last)"
    phase = state.phase
    if phase == START:
        return "setup: enter the start city drawn (start CITY N E S W CARGO)"
    if phase in (START_CUBES, CUBES):
        where = "setup" if phase == START_CUBES else t
        return f"{where}: draw {state.pending_cubes} cubes for {state.pending_city}"
    if phase == ORDER:
        return "setup: enter the turn order of the character cards (order NAME ...)"
    if phase == REVEAL:
        c, s = expected_reveal(state)
        return f"{t}: reveal {c} city and {s} stock tiles"
    if phase == BID:
        high = f"high {state.high} by {state.high_bidder}" if state.high_bidder else "no bid yet"
        return f"{t}: turn-order bid ({high})"
    if phase == DRAFT:
        kinds = " or ".join(allowed_kinds(state, actor_of(state) or ""))
        return f"{t}: draft pick {state.draft_round}, take a {kinds} tile"
    if phase == PLACE:
        return f"{t}: place a city tile"
    if phase == DELIVER:
        return f"{t}: deliveries"
    return "game over"


def expected_reveal(state: State) -> tuple[int, int]:
    """City and stock tiles to reveal: the player count each, or twice as many stock tiles
    once the city tiles ran short (§都市タイルの不足); never more than are face down."""
    if state.shortage:
        return 0, min(2 * state.n, state.stock_pile)
    return state.n, min(state.n, state.stock_pile)


def allowed_kinds(state: State, player: str) -> tuple[str, ...]:
    """§タイルのドラフト: any tile first, then the other kind; §都市タイルの不足: stock twice."""
    if state.shortage:
        return ("stock",)
    first = state.first_pick.get(player)
    if state.draft_round == 1 or first is None:
        return ("city", "stock")
    return ("stock",) if first == "city" else ("city",)
