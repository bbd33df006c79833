"""The order of rounds (rules ■3, ■6, ■10, ■11, ■22-■25): the one place that decides it.

The setup, then each cycle a stock round, two operating rounds and, from the green phase, a
merger round; after the last cycle the game is over. The round modules play the moves of their
own round (each finds a move's handler by its class) and say when their round is over
(`stock.over`, `operating.over`, `merger.over`); this module picks the round that follows.
"""

from __future__ import annotations

from referee.core.engine import Event, RuleError
from referee.core.rules_kit import Handlers, Judge
from referee.games.lost_atlas import atlas, data, merger, operating, sections, stock, trains
from referee.games.lost_atlas.commands import (
    Capital,
    Charters,
    Destinations,
    MapLine,
    PlacePiece,
)
from referee.games.lost_atlas.dispatch import carry_out
from referee.games.lost_atlas.state import State
from referee.i18n import _


def play(state: State, move: object, judge: Judge) -> list[Event]:
    """One move on the draft `state`, in whatever round the game is; then the next round if
    that one is over. The events, in order."""
    if state.round == "over":
        raise RuleError(_("the game is over"), "■25 ゲームの終了", computable=False)
    if state.round == "setup":
        _state, events = carry_out(SETUP, state, move, judge, _setup_refusal(state))
    elif state.discard:
        events = []
        trains.discard(state, move, judge, events)
        merger.resume(state, events)
    elif state.round == "stock":
        _state, events = stock.sr_move(state, move, judge)
    elif state.round == "operating":
        _state, events = operating.or_move(state, move, judge)
    else:
        _state, events = merger.mr_move(state, move, judge)
    while _over(state):  # a round may be over as soon as it starts (no company, no merger)
        _next_round(state, events)
    return events


def _over(state: State) -> bool:
    """The round the game is in has ended (each round module says when its own has)."""
    if state.round == "setup":
        return stock.setup_done(state)
    if state.round == "stock":
        return stock.over(state)
    if state.round == "operating":
        return operating.over(state)
    return state.round == "merger" and merger.over(state)


def _place(state: State, move: PlacePiece, judge: Judge) -> tuple[State, list[Event]]:
    judge.turn(move.actor, atlas.drawer(state), sections.R_MAP)
    events: list[Event] = []
    atlas.place_piece(state, move.number, move.hex, move.rot, judge, events)
    return state, events


def _capital(state: State, move: Capital, judge: Judge) -> tuple[State, list[Event]]:
    judge.turn(move.actor, atlas.drawer(state), sections.R_MAP)
    events: list[Event] = []
    atlas.place_capital(state, move.where, judge, events)
    return state, events


def _map_line(state: State, move: MapLine, judge: Judge) -> tuple[State, list[Event]]:
    """■3 in few lines: each piece or capital as its own line would be, in the order drawn
    (the drawer turns with each; the line is the first drawer's); the drawing to confirm."""
    judge.turn(move.actor, atlas.drawer(state), sections.R_MAP)
    events: list[Event] = []
    for number, item in enumerate(move.items, start=1):
        last = number == len(move.items)  # who draws next is said once, after the line
        try:
            if isinstance(item, PlacePiece):
                atlas.place_piece(state, item.number, item.hex, item.rot, judge, events, last)
            else:
                atlas.place_capital(state, item.where, judge, events, last)
        except RuleError as error:
            what = (
                _("capital")
                if isinstance(item, Capital)
                else _("piece {number}").format(number=item.number)
            )
            raise RuleError(
                _("item {number} ({what}): {reason}").format(
                    number=number, what=what, reason=error.reason
                ),
                error.rule,
                error.legal,
                computable=error.computable,
            ) from error
    said = _("the map as entered (undo takes this line back):")
    events.append(Event(said + "\n" + atlas.picture(state)))
    return state, events


# Rules ■3: the map (when entered), the charters and the destination card.
SETUP: Handlers[State] = Handlers(
    "setup",
    {
        PlacePiece: _place,
        Capital: _capital,
        MapLine: _map_line,
        Charters: stock.set_charters,
        Destinations: stock.set_destinations,
    },
)


def _setup_refusal(state: State) -> RuleError:
    missing = (
        "place N HEX ROT"
        if state.map_state == "building"
        else "charters ..."
        if not state.columns
        else "destinations Y/G/P/G"
    )
    return RuleError(_("the setup is not finished"), sections.R_SETUP, missing)


def _next_round(state: State, events: list[Event]) -> None:
    """The round `state.round` is over: start the next."""
    if state.round == "setup":
        stock.start_stock_round(state, events)
    elif state.round == "stock":
        if state.cycle == 1 and not state.companies:
            _charters_again(state, events)
        else:
            operating.start_operating_round(state, 1, events)
    elif state.round == "operating":
        if operating.close_operating_round(state) == 1:
            operating.start_operating_round(state, 2, events)
        elif state.colour != "yellow":  # ■22: merger rounds from the green phase on
            merger.start_merger_round(state, events)
        else:
            _end_cycle(state, events)
    else:
        _end_cycle(state, events)


def _charters_again(state: State, events: list[Event]) -> None:
    """■10: nobody founded a minor in cycle 1: the charters are shuffled, the round replayed."""
    state.round = "setup"
    state.columns = []
    said = _(
        "no minor founded: shuffle the charters, lay them out again "
        "(charters ...), and the stock round is played again"
    )
    events.append(Event(said))


def _end_cycle(state: State, events: list[Event]) -> None:
    """■23-■25: the export, then the next cycle's stock round, or the end of the game."""
    last = data.table()["setup"]["cycles"][state.variant]
    if state.cycle >= last:
        state.round = "over"
        said = _("the game ends after cycle {cycle}: shares are cashed at their price (■25)")
        events.append(Event(said.format(cycle=state.cycle)))
        return
    if data.table()["setup"]["exports"][state.variant]:
        trains.export(state, events)
    state.cycle += 1
    if state.priority in state.out:
        state.priority = state.after(state.priority)
    stock.start_stock_round(state, events)
