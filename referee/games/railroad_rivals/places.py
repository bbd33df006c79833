"""Moves typed before their place in the turn order came (`as NAME`; the frame decides what it
means, referee/play/session.py): in the draft, the placement and the deliveries every player has
one step of each pass in turn order (§タイルのドラフト, §都市タイルの配置, §貨物の配送), and
a player may take theirs early, once; their place is then skipped when it comes."""

from __future__ import annotations

from dataclasses import replace

from referee.core.engine import Event
from referee.i18n import _

from .state import CUBES, DELIVER, DRAFT, PLACE, State

STEPPED = (DRAFT, PLACE, DELIVER)  # one step each, in turn order


def seat(state: State, player: str, again: bool = False) -> State | None:
    """The state with `player` at their own step of this pass, the current step held; None
    when their step has passed or been taken early (a second one, unless `again`), or the
    phase has no steps (the bid goes round as the bids go)."""
    if state.phase not in STEPPED or state.held >= 0:
        return None
    place = state.order.index(player)
    if not again and (place <= state.step or player in state.early):
        return None
    return replace(state, step=place, seated=place, held=state.step)


def unseat(state: State, player: str) -> tuple[State, bool]:
    """After the move: the held step back (done when the move ended the player's step, see
    `give_back`); a move that did not (a hotel, a water tower) leaves their step to come."""
    if state.held < 0:
        return state, True
    if state.phase == CUBES:  # the cubes of the city placed early are drawn first
        return state, False
    return replace(state, step=state.held, seated=-1, held=-1), False


def give_back(state: State) -> tuple[State, list[Event]] | None:
    """The step held while another player took theirs early, once that step is done."""
    if state.held < 0 or state.phase not in STEPPED or state.step == state.seated:
        return None
    early = (*state.early, state.order[state.seated])
    said = _("{player} still to move").format(player=state.order[state.held])
    return replace(state, step=state.held, seated=-1, held=-1, early=early), [Event(said)]


def skip_early(state: State) -> tuple[State, list[Event]] | None:
    """The current step is of a player who took it early: it is skipped, said so."""
    if state.phase not in STEPPED or state.step >= state.n:
        return None
    player = state.order[state.step]
    if player not in state.early:
        return None
    said = _("{player} has already moved at this place, before it came: skipped")
    return replace(state, step=state.step + 1), [Event(said.format(player=player))]
