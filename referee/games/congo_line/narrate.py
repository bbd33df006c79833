"""Congo Line's moves as sentences for the record (`Game.narrate`): the move in full, its
effect in a few words (the money it moved for the player)."""

from __future__ import annotations

from typing import Any

from referee.core.engine import Game
from referee.core.telling import cash_change, with_effect
from referee.i18n import _, ngettext

from . import commands as cmd
from .names import shown, shown_all
from .state import State


def narrate(
    game: Game[State, cmd.CongoMove], before: State, move: cmd.CongoMove, after: State, by: str
) -> str:
    return with_effect(_sentence(move, by), [cash_change(game, before, after, by)])


def _sentence(move: Any, by: str) -> str:
    match move:
        case cmd.Take():
            return _("{player} takes a {train} share to start").format(
                player=by, train=shown(move.train)
            )
        case cmd.Place():
            return _("{player} puts a goods cube on the {train} train").format(
                player=by, train=shown(move.train)
            )
        case cmd.Start():
            return _("{player} ends the opening placement").format(player=by)
        case cmd.Roll():
            return _("{player} rolls {faces}").format(player=by, faces=shown_all(move.faces))
        case cmd.Buy():
            return _("{player} buys a {train} share").format(player=by, train=shown(move.train))
        case cmd.Pass():
            return _("{player} takes no share").format(player=by)
        case cmd.Load():
            loads = ", ".join(
                ngettext("{n} cube on {train}", "{n} cubes on {train}", n).format(
                    n=n, train=shown(train)
                )
                for train, n in move.loads
            )
            return _("{player} loads {loads}").format(player=by, loads=loads)
        case cmd.Move():
            said = ngettext(
                "{player} moves the {train} train {n} space",
                "{player} moves the {train} train {n} spaces",
                move.spaces,
            )
            return said.format(player=by, train=shown(move.train), n=move.spaces)
        case cmd.Auto():
            return _("{player} sends the {train} train on its automatic move").format(
                player=by, train=shown(move.train)
            )
        case cmd.PurpleDrop():
            return _("{player} drops goods from the {train} train (purple die)").format(
                player=by, train=shown(move.train)
            )
        case cmd.PurpleLoad():
            return _("{player} loads the {train} train (purple die)").format(
                player=by, train=shown(move.train)
            )
        case cmd.PurpleMove():
            return _("{player} moves a train (purple die)").format(player=by)
        case cmd.OrangeSell():
            return _("{player} sells {holder}'s {train} share (orange die)").format(
                player=by, holder=move.holder, train=shown(move.train)
            )
        case cmd.OrangeBuy():
            return _("{player} buys a {train} share (orange die)").format(
                player=by, train=shown(move.train)
            )
        case cmd.Done():
            return _("{player} ends the turn").format(player=by)
    return ""
