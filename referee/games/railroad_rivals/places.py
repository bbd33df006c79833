"""Moves typed before their place in the turn order came (`as NAME`; the frame decides what it
means, referee/play/session.py): in the draft, the placement and the deliveries every player has
one step of each pass in turn order (§タイルのドラフト, §都市タイルの配置, §貨物の配送), and
a player may take theirs early, once; their place is then skipped when it comes."""

from __future__ import annotations

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
    draft = state.draft()
    draft.step, draft.seated, draft.held = place, place, state.step
    return draft.seal()


def unseat(state: State, player: str) -> tuple[State, bool]:
    """After the move: the held step back (done when the move ended the player's step, see
    `give_back`); a move that did not (a hotel, a water tower) leaves their step to come."""
    if state.held < 0:
        return state, True
    if state.phase == CUBES:  # the cubes of the city placed early are drawn first
        return state, False
    draft = state.draft()
    _step_back(draft)
    return draft.seal(), False


def _step_back(state: State) -> None:
    state.step, state.seated, state.held = state.held, -1, -1


def give_back(state: State) -> Event | None:
    """On a draft: the step held while another player took theirs early, given back once
    that step is done; None (nothing changed) while it is not."""
    if state.held < 0 or state.phase not in STEPPED or state.step == state.seated:
        return None
    state.early = (*state.early, state.order[state.seated])
    said = _("{player} still to move").format(player=state.order[state.held])
    _step_back(state)
    return Event(said)


def skip_early(state: State) -> Event | None:
    """On a draft: the current step, of a player who took it early, skipped, said so; None
    (nothing changed) when it is not such a step."""
    if state.phase not in STEPPED or state.step >= state.n:
        return None
    player = state.order[state.step]
    if player not in state.early:
        return None
    state.step += 1
    said = _("{player} has already moved at this place, before it came: skipped")
    return Event(said.format(player=player))
