"""The order of rounds (rules ■3, ■6, ■10, ■11, ■22-■25): the one place that decides it.

The setup, then each cycle a stock round, two operating rounds and, from the green phase, a
merger round; after the last cycle the game is over. The round modules play the moves of their
own round and say when it is over; this module picks the round that follows.
"""

from __future__ import annotations

from referee.engine import Event, RuleError
from referee.games.lost_atlas import atlas, data, merger, operating, stock, trains
from referee.games.lost_atlas.commands import Charters, Destinations, Named, PlacePiece
from referee.games.lost_atlas.state import State
from referee.rules_kit import Judge


def play(state: State, move: object, judge: Judge, events: list[Event]) -> None:
    """One move, in whatever round the game is; then the next round if that one is over."""
    if state.round == "over":
        raise RuleError("the game is over", "■25 ゲームの終了", computable=False)
    if state.round == "setup":
        over = _setup_move(state, move, judge, events)
    elif state.discard:
        trains.discard(state, move, judge, events)
        over = merger.resume(state, events)
    elif state.round == "stock":
        over = stock.sr_move(state, move, judge, events)
    elif state.round == "operating":
        over = operating.or_move(state, move, judge, events)
    else:
        over = merger.mr_move(state, move, judge, events)
    while over:  # a round may be over as soon as it starts (no company, no merger possible)
        over = _next_round(state, events)


def _setup_move(state: State, move: object, judge: Judge, events: list[Event]) -> bool:
    """Rules ■3: the map (when entered), the charters and the destination card."""
    if isinstance(move, PlacePiece):
        judge.turn(move.actor, atlas.drawer(state), atlas.R_MAP)
        atlas.place_piece(state, move.number, move.hex, move.rot, judge, events)
        return False
    if isinstance(move, Named) and move.verb == "capital":
        judge.turn(move.actor, atlas.drawer(state), atlas.R_MAP)
        atlas.place_capital(state, move.where, judge, events)
        return False
    if isinstance(move, Charters):
        return stock.set_charters(state, move, judge, events)
    if isinstance(move, Destinations):
        return stock.set_destinations(state, move, events)
    missing = (
        "place N HEX ROT"
        if state.map_state == "building"
        else "charters ..."
        if not state.columns
        else "destinations Y/G/P/G"
    )
    raise RuleError("the setup is not finished", stock.R_SETUP, missing)


def _next_round(state: State, events: list[Event]) -> bool:
    """The round `state.round` is over: start the next; True when that one is over at once."""
    if state.round == "setup":
        stock.start_stock_round(state, events)
        return False
    if state.round == "stock":
        if state.cycle == 1 and not state.companies:
            _charters_again(state, events)
            return False
        return operating.start_operating_round(state, 1, events)
    if state.round == "operating":
        number = operating.close_operating_round(state)
        if number == 1:
            return operating.start_operating_round(state, 2, events)
        if state.colour != "yellow":  # ■22: merger rounds from the green phase on
            return merger.start_merger_round(state, events)
    _end_cycle(state, events)
    return False


def _charters_again(state: State, events: list[Event]) -> None:
    """■10: nobody founded a minor in cycle 1: the charters are shuffled, the round replayed."""
    state.round = "setup"
    state.columns = []
    events.append(
        Event(
            "no minor founded: shuffle the charters, lay them out again "
            "(charters ...), and the stock round is played again"
        )
    )


def _end_cycle(state: State, events: list[Event]) -> None:
    """■23-■25: the export, then the next cycle's stock round, or the end of the game."""
    last = data.table()["setup"]["cycles"][state.variant]
    if state.cycle >= last:
        state.round = "over"
        events.append(
            Event(
                f"the game ends after cycle {state.cycle}: shares are cashed at their price (■25)"
            )
        )
        return
    if data.table()["setup"]["exports"][state.variant]:
        trains.export(state, events)
    state.cycle += 1
    if state.priority in state.out:
        state.priority = state.after(state.priority)
    stock.start_stock_round(state, events)
