"""Where a railroad may lay a disc (線路の敷設, 目的地の都市).

With a map in the board data the referee knows each hex's kind and neighbours; without one it
takes the kind as typed and checks what the named hexes allow.
"""

from __future__ import annotations

from referee.games.union_station.railroads import DESTINATIONS
from referee.games.union_station.state import Disc, State

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
        return "no disc goes on Chicago (it has every railroad's track already)"
    if hex_name:
        here = [d for d in state.track if d.hex == hex_name]
        if len(here) >= 2:
            return f"{hex_name} already holds two discs"
        if any(d.colour == colour for d in here):
            return f"{hex_name} already holds a {colour} disc (two discs there must differ)"
        if not state.board.has_map and here and not _same_hex(Disc(colour, kind), here[0]):
            return f"{hex_name} was laid on as {here[0].kind} (by {here[0].colour}), not {kind}"
    if state.board.has_map:
        near = state.board.hexes[hex_name][1]
        own = {d.hex for d in state.track if d.colour == colour}
        if state.board.chicago not in near and not near & own:
            if own:
                return f"{hex_name} touches neither Chicago nor {colour} track"
            return f"{colour}'s first disc must touch Chicago"
    return ""


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
        return f"{colour} has reached its destination and lays no more ({DEST})"
    if road.discs <= 0:
        return f"{colour} has no discs left"
    if road.declared_blocked:
        return f"the table declared {colour} blocked"
    if state.board.has_map and not legal_hexes(state, colour):
        return f"{colour} has no hex left where a disc may go"
    return ""
