"""Where a railroad may lay a disc (線路の敷設, 目的地の都市).

With a map in the board data the referee knows each hex's kind and neighbours; without one it
takes the kind as typed and checks what the named hexes allow.
"""

from __future__ import annotations

from referee.games.union_station.railroads import DESTINATIONS, kind_shown, shown
from referee.games.union_station.state import Disc, State
from referee.i18n import _

LAY = "線路の敷設"
DEST = "目的地の都市"


def kind_on_map(state: State, colour: str, hex_name: str) -> str:
    """What a hex counts as for a railroad: another railroad's destination is a city to it."""
    kind = state.board.hexes[hex_name][0]
    if kind in DESTINATIONS:
        return "dest" if DESTINATIONS[kind] == colour else "city"
    return kind


def _same_hex(a: Disc, b: Disc) -> bool:
    """Whether two typed discs can be on one hex: the same kind, or one railroad's destination
    and a city (a destination is a city to every other railroad), never two destinations."""
    kinds = {a.kind, b.kind}
    return (len(kinds) == 1 and a.kind != "dest") or kinds == {"city", "dest"}


def placement_error(state: State, colour: str, hex_name: str, kind: str) -> str:
    """Why `colour` may not put a disc on `hex_name` (of `kind`), or "" when it may."""
    if state.board.has_map and state.board.hexes[hex_name][0] == "chicago":
        return no_chicago()
    if hex_name:
        here = [d for d in state.track if d.hex == hex_name]
        if len(here) >= 2:
            return _("{hex} already holds two discs").format(hex=hex_name)
        if any(d.colour == colour for d in here):
            return _("{hex} already holds a {colour} disc (two discs there must differ)").format(
                hex=hex_name, colour=shown(colour)
            )
        if not state.board.has_map and here and not _same_hex(Disc(colour, kind), here[0]):
            return _("{hex} was laid on as {kind} (by {other}), not {typed}").format(
                hex=hex_name,
                kind=kind_shown(here[0].kind),
                other=shown(here[0].colour),
                typed=kind_shown(kind),
            )
    if state.board.has_map:
        near = state.board.hexes[hex_name][1]
        own = {d.hex for d in state.track if d.colour == colour}
        if state.board.chicago not in near and not near & own:
            if own:
                return _("{hex} touches neither Chicago nor {colour} track").format(
                    hex=hex_name, colour=shown(colour)
                )
            return _("{colour}'s first disc must touch Chicago").format(colour=shown(colour))
    return ""


def no_chicago() -> str:
    return _("no disc goes on Chicago (it has every railroad's track already)")


def legal_hexes(state: State, colour: str) -> list[str]:
    """Every hex of the map where `colour` may put its next disc."""
    return [
        h
        for h in state.board.hexes
        if not placement_error(state, colour, h, kind_on_map(state, colour, h))
    ]


def why_cannot_lay(state: State, colour: str) -> str:
    """Why a railroad can lay no more track, or "" when it can."""
    road = state.road(colour)
    if road.arrived:
        return _("{colour} has reached its destination and lays no more ({rule})").format(
            colour=shown(colour), rule=DEST
        )
    if road.discs <= 0:
        return _("{colour} has no discs left").format(colour=shown(colour))
    if road.declared_blocked:
        return declared_blocked(colour)
    if state.board.has_map and not legal_hexes(state, colour):
        return _("{colour} has no hex left where a disc may go").format(colour=shown(colour))
    return ""


def declared_blocked(colour: str) -> str:
    return _("the table declared {colour} blocked").format(colour=shown(colour))
