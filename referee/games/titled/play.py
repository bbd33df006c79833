"""One move of a described title: the state after it and what changed (pure).

The game is not in the registry yet: the auction and the stock round are played here, the
operating rounds are not written, so a game stops when the first stock round ends.
"""

from __future__ import annotations

from referee.engine import Event
from referee.games.titled import auction, stock
from referee.games.titled.moves import BidPrivate, Buy, Done, Par, Sell
from referee.games.titled.state import State
from referee.rules_kit import Judge


def apply(state: State, move: object, *, forced: bool = False) -> tuple[State, list[Event]]:
    judge = Judge(forced)
    draft = state.draft()
    if isinstance(move, Par) and draft.auction.pending_par:
        new, events = auction.pending_par(draft, move, judge)
    elif isinstance(move, Done) and draft.round == "auction":
        new, events = auction.passes(draft, move, judge)
    elif isinstance(move, BidPrivate):
        new, events = auction.bid(draft, move, judge)
    elif isinstance(move, Par):
        new, events = stock.par(draft, move, judge)
    elif isinstance(move, Buy):
        new, events = stock.buy(draft, move, judge)
    elif isinstance(move, Sell):
        new, events = stock.sell(draft, move, judge)
    elif isinstance(move, Done):
        new, events = stock.done(draft, move, judge)
    else:
        raise TypeError(f"not a move of a described title: {move!r}")
    return new.seal(), judge.events(events)


def actor(state: State) -> str:
    """Who acts now."""
    if state.round == "auction":
        return auction.actor(state)
    return state.player
