"""Railroad Rivals' moves as sentences for the record (`Game.narrate`): the move in full, its
effect in a few words (the points it scored)."""

from __future__ import annotations

from referee.core.engine import Game
from referee.core.telling import score_change, with_effect
from referee.i18n import _, ngettext

from . import commands as cmd
from .names import cube
from .state import State


def narrate(
    game: Game[State, cmd.Move], before: State, move: cmd.Move, after: State, by: str
) -> str:
    scoring = isinstance(move, cmd.Deliver | cmd.Place | cmd.Hotel | cmd.Tower)
    effect = score_change(game, before, after, by) if scoring else ""
    return with_effect(_sentence(move, by), [effect])


def _sentence(move: cmd.Move, by: str) -> str:
    match move:
        case cmd.Start():
            return _("{player} places the start city {city}").format(player=by, city=move.name)
        case cmd.Draw():
            colours = ", ".join(cube(c) for c in move.colours)
            return _("{player} draws {cubes} from the bag").format(player=by, cubes=colours)
        case cmd.Order():
            return _("the turn order is {order}").format(order=", ".join(move.order))
        case cmd.Reveal():
            tiles = ", ".join([*move.cities, *move.stocks])
            return _("{player} reveals {tiles}").format(player=by, tiles=tiles)
        case cmd.Bid():
            said = ngettext(
                "{player} bids {points} point", "{player} bids {points} points", move.points
            )
            return said.format(player=by, points=move.points)
        case cmd.Pass():
            return _("{player} passes").format(player=by)
        case cmd.Take() if move.kind == "stock":
            return _("{player} takes the stock {tile}").format(player=by, tile=move.tile)
        case cmd.Take():
            return _("{player} takes the city {tile}").format(player=by, tile=move.tile)
        case cmd.Place() if move.blank:
            return _("{player} places {city} blank side up").format(player=by, city=move.name)
        case cmd.Place():
            return _("{player} places {city}").format(player=by, city=move.name)
        case cmd.Deliver():
            return _("{player} delivers {cube} along {path}").format(
                player=by, cube=cube(move.colour), path=" → ".join(move.path)
            )
        case cmd.Hotel():
            return _("{player} builds a hotel in {city}").format(player=by, city=move.city)
        case cmd.Tower():
            return _("{player} places a water tower in {city}").format(player=by, city=move.city)
    return ""
