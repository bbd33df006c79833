"""The three actions of play (株式の購入, 線路の敷設, 株式の売却), passing, and the table's
declaration that a railroad is blocked.

Every handler takes the state, the move and the Judge of the move, and returns the new state
and what changed. Nothing is mutated.
"""

from __future__ import annotations

from dataclasses import replace

from referee.engine import Event
from referee.games.union_station import economy, track
from referee.games.union_station.commands import Blocked, Buy, Lay, Pass, Sell
from referee.games.union_station.offer import describe, shift
from referee.games.union_station.railroads import (
    COLOURS,
    DESTINATIONS,
    KIND_RISE,
    LAST_SELLING_DIVIDEND,
    OFFER_BONUS,
)
from referee.games.union_station.readings import BUY_ORDER
from referee.games.union_station.sections import BUY_RULE, FLOW_RULE, SELL_RULE
from referee.games.union_station.state import PLAY, Disc, State, put
from referee.rules_kit import Judge, impossible


# --- play -----------------------------------------------------------------------------------
def your_turn(state: State, actor: str, judge: Judge) -> int:
    if state.phase != PLAY:
        raise impossible(
            "that is an action of play; the first auction comes first"
            if state.phase != "over"
            else "the game is over",
            FLOW_RULE,
        )
    if state.needs_reveal():
        raise impossible(
            "the table must turn up the new top of the offer deck first",
            BUY_RULE,
            "reveal RAILROAD",
        )
    judge.turn(actor, state.players[state.turn], FLOW_RULE)
    return state.players.index(actor)


def _turn_done(state: State, actor: str) -> State:
    """The turn goes clockwise from whoever moved (as NAME may have moved out of turn)."""
    if state.phase != PLAY:
        return state
    return replace(state, turn=(state.players.index(actor) + 1) % len(state.seats))


def buy(state: State, move: Buy, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    p = your_turn(state, move.actor, judge)
    if move.slot >= 0 and not state.offer[move.slot]:
        raise impossible(
            f"+{move.slot + 1} is empty", BUY_RULE, f"offer {describe(list(state.offer))}"
        )
    if move.slot < 0 or state.offer[move.slot] != move.colour:
        where = f" at +{move.slot + 1}" if move.slot >= 0 else ""
        raise impossible(
            f"{move.colour} is not in the offer{where}",
            BUY_RULE,
            f"offer {describe(list(state.offer))}",
        )
    seat = state.seats[p]
    price = state.road(move.colour).price
    judge.rule(
        seat.cash >= price, f"{seat.name} has ${seat.cash}; {move.colour} costs ${price}", BUY_RULE
    )
    i = COLOURS.index(move.colour)
    state = state.with_seat(
        p, cash=seat.cash - price, shares=put(seat.shares, i, seat.shares[i] + 1)
    )
    paid = f"for ${price}: cash {seat.cash} -> {seat.cash - price}" if price else "for free"
    events.append(Event(f"{seat.name} buys {move.colour} from +{move.slot + 1} {paid}"))
    first, second, third = put(state.offer, move.slot, "")
    state = replace(state, offer=(first, second, third))
    usc_first = state.readings.of(BUY_ORDER) == "usc-first"
    if usc_first:
        state = economy.usc_step(state, move.colour, events, state.readings.note(BUY_ORDER))
    state = economy.rise(state, move.colour, OFFER_BONUS[move.slot], events)
    if state.phase != PLAY:
        return state, events
    state = shift(state, events)
    if not usc_first:
        state = economy.usc_step(state, move.colour, events, state.readings.note(BUY_ORDER))
    return _turn_done(state, move.actor), events


def lay(state: State, move: Lay, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    p = your_turn(state, move.actor, judge)
    colour = move.colour
    judge.rule(
        state.seats[p].shares[COLOURS.index(colour)] > 0,
        f"{move.actor} holds no {colour} share",
        track.LAY,
        "lay track of a railroad you hold a share in",
    )
    road = state.road(colour)
    if road.arrived or road.discs <= 0:
        raise impossible(track.why_cannot_lay(state, colour), track.LAY)
    judge.rule(
        not road.declared_blocked, f"the table declared {colour} blocked", track.LAY, "undo it"
    )
    if len(move.discs) > road.discs:
        raise impossible(
            f"{colour} has only {road.discs} disc left", track.LAY, f"lay {colour} with one disc"
        )
    for spec in move.discs:
        if state.road(colour).arrived:
            raise impossible(
                f"{colour} reached its destination with its first disc; it lays no more",
                track.DEST,
                "lay one disc",
            )
        kind = spec.kind
        on_chicago = (
            state.board.hexes[spec.hex][0] == "chicago"
            if state.board.has_map
            else spec.hex.lower() == "chicago"  # without a map, the name says it (L94)
        )
        if on_chicago:
            raise impossible(
                "no disc goes on Chicago (it has every railroad's track already)", track.LAY
            )
        own_destination = DESTINATIONS.get(spec.hex.lower()) == colour
        if not state.board.has_map and own_destination and kind != "dest":
            raise impossible(
                f"{spec.hex} is {colour}'s own destination: it counts as dest for {colour}, "
                f"not {kind}",
                track.DEST,
                f"lay {colour} dest@{spec.hex}",
            )
        if state.board.has_map:
            kind = track.kind_on_map(state, colour, spec.hex)
            judge.rule(
                not spec.kind or spec.kind == kind,
                f"{spec.hex} counts as {kind} for {colour}, not {spec.kind}",
                track.LAY,
            )
        error = track.placement_error(state, colour, spec.hex, kind)
        judge.rule(not error, error, track.LAY)
        state = _place(state, Disc(colour, kind, spec.hex), events)
        if state.phase != PLAY:
            return state, events
    if len(move.discs) == 1:
        road = state.road(colour)
        alone = (
            road.arrived
            or road.discs == 0
            or (state.board.has_map and not track.legal_hexes(state, colour))
        )
        judge.rule(
            alone,
            "a lay places two discs",
            track.LAY,
            "name a second disc (force a single one if no hex is left)",
        )
    return _turn_done(shift(state, events), move.actor), events


def _place(state: State, disc: Disc, events: list[Event]) -> State:
    colour = disc.colour
    road = state.road(colour)
    where = f" at {disc.hex}" if disc.hex else ""
    events.append(Event(f"{colour} disc on a {disc.kind} hex{where} ({road.discs - 1} left)"))
    state = replace(state, track=(*state.track, disc))
    state = state.with_road(colour, discs=road.discs - 1)
    if disc.kind == "dest":
        back = road.discs - 1
        events.append(
            Event(
                f"{colour} has reached its destination: it lays no more "
                f"({back} discs back to the box)"
            )
        )
        state = state.with_road(colour, arrived=True, discs=0)
    # 株価の値上がり: town +2, city +3, its destination +5, one disc at a time.
    if KIND_RISE[disc.kind]:
        state = economy.rise(state, colour, KIND_RISE[disc.kind], events)
    return state


def sell(state: State, move: Sell, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    p = your_turn(state, move.actor, judge)
    i = COLOURS.index(move.colour)
    seat = state.seats[p]
    n = seat.shares[i]
    if n == 0:
        raise impossible(f"{move.actor} holds no {move.colour} share", SELL_RULE)
    judge.rule(
        state.dividends < LAST_SELLING_DIVIDEND,
        f"the {LAST_SELLING_DIVIDEND}th dividend has been paid: no more selling",
        SELL_RULE,
        "buy or lay",
    )
    price = state.road(move.colour).price
    state = state.with_seat(p, cash=seat.cash + n * price, shares=put(seat.shares, i, 0))
    events.append(
        Event(
            f"{seat.name} sells {n} {move.colour} at ${price}: cash {seat.cash} -> "
            f"{seat.cash + n * price}; the shares leave the game"
        )
    )
    return _turn_done(economy.fall(state, move.colour, events), move.actor), events


def play_pass(
    state: State, move: Pass, judge: Judge, legal: list[str]
) -> tuple[State, list[Event]]:
    your_turn(state, move.actor, judge)
    judge.rule(not legal, "passing on purpose is not allowed", FLOW_RULE, "; ".join(legal))
    return _turn_done(state, move.actor), [Event(f"{move.actor} passes (no action is possible)")]


def blocked(state: State, move: Blocked, judge: Judge) -> tuple[State, list[Event]]:
    if state.phase != PLAY:
        raise impossible("a railroad can be declared blocked only during play", track.LAY)
    judge.rule(
        not state.board.has_map,
        "the map in the board data tells the referee where track can go",
        track.LAY,
    )
    why = track.why_cannot_lay(state, move.colour)
    if why:
        raise impossible(why, track.LAY)
    event = Event(f"the table declares {move.colour} blocked: it can lay no more track")
    return state.with_road(move.colour, declared_blocked=True), [event]
