"""Where a game of Railroad Rivals stands: whose move it is and what the table is to do, in
words. Read by the rules (to judge a move) and by the renderer (to show it)."""

from __future__ import annotations

from referee.i18n import N_, _, ngettext

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
    t = _("turn {turn}").format(turn=state.turn)
    if state.ending and state.phase not in (START, START_CUBES, ORDER, OVER):
        t += _(" (last)")
    phase = state.phase
    if phase == START:
        return _("setup: enter the start city drawn (start CITY N E S W CARGO)")
    if phase in (START_CUBES, CUBES):
        where = _("setup") if phase == START_CUBES else t
        return ngettext(
            "{when}: draw {n} cube for {city}",
            "{when}: draw {n} cubes for {city}",
            state.pending_cubes,
        ).format(when=where, n=state.pending_cubes, city=state.pending_city)
    if phase == ORDER:
        return _("setup: enter the turn order of the character cards (order NAME ...)")
    if phase == REVEAL:
        c, s = expected_reveal(state)
        return _("{when}: reveal {cities} city and {stocks} stock tiles").format(
            when=t, cities=c, stocks=s
        )
    if phase == BID:
        high = (
            _("high {bid} by {player}").format(bid=state.high, player=state.high_bidder)
            if state.high_bidder
            else _("no bid yet")
        )
        return _("{when}: turn-order bid ({high})").format(when=t, high=high)
    if phase == DRAFT:
        kinds = kinds_text(allowed_kinds(state, actor_of(state) or ""))
        return _("{when}: draft pick {pick}, take a {kinds} tile").format(
            when=t, pick=state.draft_round, kinds=kinds
        )
    if phase == PLACE:
        return _("{when}: place a city tile").format(when=t)
    if phase == DELIVER:
        return _("{when}: deliveries").format(when=t)
    return _("game over")


KIND_NAMES = {"city": N_("city"), "stock": N_("stock")}


def kinds_text(kinds: tuple[str, ...]) -> str:
    """`city or stock`: the kinds of tile, as the table reads them."""
    return _(" or ").join(_(KIND_NAMES[k]) for k in kinds)


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
