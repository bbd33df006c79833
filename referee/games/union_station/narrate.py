"""Union Station's moves as sentences for the record (`Game.narrate`): the move in full, its
effect in a few words."""

from __future__ import annotations

from referee.games.union_station.commands import (
    Bid,
    Blocked,
    Buy,
    Lay,
    Move,
    Pass,
    Reveal,
    Sell,
    Start,
)
from referee.games.union_station.railroads import COLOURS, shown, shown_all
from referee.games.union_station.state import State
from referee.i18n import _, ngettext


def narrate(before: State, move: Move, after: State, by: str) -> str:
    p = before.players.index(by) if by in before.players else 0
    match move:
        case Reveal():
            return _("{player} reveals {colours}").format(
                player=by, colours=shown_all(move.colours, ", ")
            )
        case Start():
            return _("{player} starts the first auction").format(player=move.player)
        case Bid():
            colour = before.auction.colour if before.auction else ""
            return _("{player} bids ${amount} for the {colour} share").format(
                player=by, amount=move.amount, colour=shown(colour)
            )
        case Pass() if before.auction is not None:
            return _("{player} passes on the {colour} share").format(
                player=by, colour=shown(before.auction.colour)
            )
        case Pass():
            return _("{player} passes").format(player=by)
        case Buy():
            slot = f" (+{move.slot + 1})" if move.slot >= 0 else ""
            return _("{player} buys one {colour} share{slot} for ${price}").format(
                player=by,
                colour=shown(move.colour),
                slot=slot,
                price=before.road(move.colour).price,
            )
        case Sell():
            n = before.seats[p].shares[COLOURS.index(move.colour)]
            got = n * before.road(move.colour).price
            said = ngettext(
                "{player} sells {n} {colour} share for ${price}",
                "{player} sells {n} {colour} shares for ${price}",
                n,
            )
            return said.format(player=by, n=n, colour=shown(move.colour), price=got)
        case Lay():
            laid = len(after.track) - len(before.track)
            old, new = before.road(move.colour).price, after.road(move.colour).price
            said = ngettext(
                "{player} lays {n} {colour} disc: price ${old} → ${new}",
                "{player} lays {n} {colour} discs: price ${old} → ${new}",
                laid,
            )
            return said.format(player=by, n=laid, colour=shown(move.colour), old=old, new=new)
        case Blocked():
            return _("the table declares that {colour} can lay no more track").format(
                colour=shown(move.colour)
            )
    return ""
