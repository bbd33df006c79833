"""A move to its handler by the move's class (rules_kit.Handlers), or the part of the game's
own refusal when it has no handler for that class ("in an auction: bid or pass")."""

from __future__ import annotations

from referee.core.engine import Event, RuleError
from referee.core.rules_kit import Handlers, Judge
from referee.games.lost_atlas.state import State


def carry_out(
    handlers: Handlers[State], state: State, move: object, judge: Judge, refusal: RuleError
) -> tuple[State, list[Event]]:
    if type(move) not in handlers.handlers:
        raise refusal
    return handlers.of(move)(state, move, judge)
