"""The three actions of play (株式の購入, 線路の敷設, 株式の売却), passing, and the table's
declaration that a railroad is blocked.

Every handler takes the state, the move and the Judge of the move, and returns the new state
and what changed. Nothing is mutated.
"""

from __future__ import annotations

from referee.core.engine import Event
from referee.core.rules_kit import Judge, impossible
from referee.games.union_station import economy, track
from referee.games.union_station.commands import Blocked, Buy, Lay, Pass, Sell
from referee.games.union_station.offer import describe, shift
from referee.games.union_station.railroads import (
    COLOURS,
    DESTINATIONS,
    KIND_RISE,
    LAST_SELLING_DIVIDEND,
    OFFER_BONUS,
    kind_shown,
    shown,
)
from referee.games.union_station.readings import BUY_ORDER
from referee.games.union_station.sections import BUY_RULE, FLOW_RULE, SELL_RULE
from referee.games.union_station.state import PLAY, Disc, State, put
from referee.i18n import _, ngettext


# --- play -----------------------------------------------------------------------------------
def your_turn(state: State, actor: str, judge: Judge) -> int:
    if state.phase != PLAY:
        raise impossible(
            _("that is an action of play; the first auction comes first")
            if state.phase != "over"
            else _("the game is over"),
            FLOW_RULE,
        )
    if state.needs_reveal():
        raise impossible(
            _("the table must turn up the new top of the offer deck first"),
            BUY_RULE,
            _("reveal RAILROAD"),
        )
    judge.turn(actor, state.players[state.turn], FLOW_RULE)
    return state.players.index(actor)


def _turn_done(state: State, actor: str, events: list[Event]) -> None:
    """The turn goes clockwise from whoever moved (saves from before `as NAME` kept to its
    place moved it from there), past those who had their turn early; a turn held while a
    player had theirs early comes back."""
    if state.phase != PLAY:
        return
    p = state.players.index(actor)
    if state.waiting >= 0:
        state.turn, state.waiting, state.early = state.waiting, -1, (*state.early, p)
        return
    n = len(state.seats)
    turn = (p + 1) % n
    while turn in state.early:
        said = _("{player} has already had this turn, before it came: skipped")
        events.append(Event(said.format(player=state.players[turn])))
        state.early = tuple(e for e in state.early if e != turn)
        turn = (turn + 1) % n
    state.turn = turn


def seat(state: State, player: str, again: bool = False) -> State | None:
    """`as NAME` in play (準備: the order of turns is clockwise): NAME has their turn at their
    own place, once before it comes (again only when forced); the current turn is held."""
    p = state.players.index(player)
    if state.phase != PLAY or state.waiting >= 0 or (p in state.early and not again):
        return None
    s = state.draft()
    s.turn, s.waiting = p, state.turn
    return s.seal()


def unseat(state: State) -> tuple[State, bool]:
    """Every action of play ends the turn (`_turn_done` gave the held one back)."""
    if state.waiting < 0:
        return state, True
    s = state.draft()
    s.turn, s.waiting = state.waiting, -1
    return s.seal(), False


def buy(state: State, move: Buy, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    p = your_turn(state, move.actor, judge)
    if move.slot >= 0 and not state.offer[move.slot]:
        raise impossible(
            _("+{space} is empty").format(space=move.slot + 1), BUY_RULE, _offer_hint(state)
        )
    if move.slot < 0 or state.offer[move.slot] != move.colour:
        colour = shown(move.colour)
        raise impossible(
            _("{colour} is not in the offer at +{space}").format(colour=colour, space=move.slot + 1)
            if move.slot >= 0
            else _("{colour} is not in the offer").format(colour=colour),
            BUY_RULE,
            _offer_hint(state),
        )
    seat = state.seats[p]
    price = state.road(move.colour).price
    judge.rule(
        seat.cash >= price,
        _("{player} has ${cash}; {colour} costs ${price}").format(
            player=seat.name, cash=seat.cash, colour=shown(move.colour), price=price
        ),
        BUY_RULE,
    )
    i = COLOURS.index(move.colour)
    old = seat.cash
    seat.cash -= price
    seat.shares[i] += 1
    said = (
        _("{player} buys {colour} from +{space} for ${price}: cash {old} -> {new}")
        if price
        else _("{player} buys {colour} from +{space} for free")
    )
    said = said.format(
        player=seat.name,
        colour=shown(move.colour),
        space=move.slot + 1,
        price=price,
        old=old,
        new=seat.cash,
    )
    events.append(Event(said))
    first, second, third = put(state.offer, move.slot, "")
    state.offer = (first, second, third)
    usc_first = state.readings.of(BUY_ORDER) == "usc-first"
    if usc_first:
        economy.usc_step(state, move.colour, events, state.readings.note(BUY_ORDER))
    economy.rise(state, move.colour, OFFER_BONUS[move.slot], events)
    if state.phase != PLAY:
        return state, events
    shift(state, events)
    if not usc_first:
        economy.usc_step(state, move.colour, events, state.readings.note(BUY_ORDER))
    _turn_done(state, move.actor, events)
    return state, events


def lay(state: State, move: Lay, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    p = your_turn(state, move.actor, judge)
    colour = move.colour
    judge.rule(
        state.seats[p].shares[COLOURS.index(colour)] > 0,
        _("{player} holds no {colour} share").format(player=move.actor, colour=shown(colour)),
        track.LAY,
        _("lay track of a railroad you hold a share in"),
    )
    road = state.road(colour)
    if road.arrived or road.discs <= 0:
        raise impossible(track.why_cannot_lay(state, colour), track.LAY)
    judge.rule(not road.declared_blocked, track.declared_blocked(colour), track.LAY, _("undo it"))
    if len(move.discs) > road.discs:
        raise impossible(
            ngettext(
                "{colour} has only {n} disc left", "{colour} has only {n} discs left", road.discs
            ).format(colour=shown(colour), n=road.discs),
            track.LAY,
            _("lay {colour} with one disc").format(colour=shown(colour)),
        )
    for spec in move.discs:
        if state.road(colour).arrived:
            raise impossible(
                _("{colour} reached its destination with its first disc; it lays no more").format(
                    colour=shown(colour)
                ),
                track.DEST,
                _("lay one disc"),
            )
        kind = spec.kind
        on_chicago = (
            state.board.hexes[spec.hex][0] == "chicago"
            if state.board.has_map
            else spec.hex.lower() == "chicago"  # without a map, the name says it (L94)
        )
        if on_chicago:
            raise impossible(track.no_chicago(), track.LAY)
        own_destination = DESTINATIONS.get(spec.hex.lower()) == colour
        if not state.board.has_map and own_destination and kind != "dest":
            raise impossible(
                _(
                    "{hex} is {colour}'s own destination: it counts as {dest} for {colour}, "
                    "not {kind}"
                ).format(
                    hex=spec.hex,
                    colour=shown(colour),
                    dest=kind_shown("dest"),
                    kind=kind_shown(kind),
                ),
                track.DEST,
                f"lay {shown(colour)} dest@{spec.hex}",
            )
        if state.board.has_map:
            kind = track.kind_on_map(state, colour, spec.hex)
            judge.rule(
                not spec.kind or spec.kind == kind,
                _("{hex} counts as {kind} for {colour}, not {typed}").format(
                    hex=spec.hex,
                    kind=kind_shown(kind),
                    colour=shown(colour),
                    typed=kind_shown(spec.kind) if spec.kind else "",
                ),
                track.LAY,
            )
        error = track.placement_error(state, colour, spec.hex, kind)
        judge.rule(not error, error, track.LAY)
        _place(state, Disc(colour, kind, spec.hex), events)
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
            _("a lay places two discs"),
            track.LAY,
            _("name a second disc (force a single one if no hex is left)"),
        )
    shift(state, events)
    _turn_done(state, move.actor, events)
    return state, events


def _place(state: State, disc: Disc, events: list[Event]) -> None:
    colour = disc.colour
    road = state.road(colour)
    said = (
        _("{colour} disc on a {kind} hex at {hex} ({n} left)")
        if disc.hex
        else _("{colour} disc on a {kind} hex ({n} left)")
    )
    events.append(
        Event(
            said.format(
                colour=shown(colour), kind=kind_shown(disc.kind), hex=disc.hex, n=road.discs - 1
            )
        )
    )
    state.track.append(disc)
    road.discs -= 1
    if disc.kind == "dest":
        back = road.discs
        events.append(
            Event(
                ngettext(
                    "{colour} has reached its destination: it lays no more "
                    "({n} disc back to the box)",
                    "{colour} has reached its destination: it lays no more "
                    "({n} discs back to the box)",
                    back,
                ).format(colour=shown(colour), n=back)
            )
        )
        road.arrived, road.discs = True, 0
    # 株価の値上がり: town +2, city +3, its destination +5, one disc at a time.
    if KIND_RISE[disc.kind]:
        economy.rise(state, colour, KIND_RISE[disc.kind], events)


def sell(state: State, move: Sell, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    p = your_turn(state, move.actor, judge)
    i = COLOURS.index(move.colour)
    seat = state.seats[p]
    n = seat.shares[i]
    if n == 0:
        raise impossible(
            _("{player} holds no {colour} share").format(
                player=move.actor, colour=shown(move.colour)
            ),
            SELL_RULE,
        )
    judge.rule(
        state.dividends < LAST_SELLING_DIVIDEND,
        _("the {n}th dividend has been paid: no more selling").format(n=LAST_SELLING_DIVIDEND),
        SELL_RULE,
        _("buy or lay"),
    )
    price = state.road(move.colour).price
    old = seat.cash
    seat.cash += n * price
    seat.shares[i] = 0
    events.append(
        Event(
            _(
                "{player} sells {n} {colour} at ${price}: cash {old} -> {new}; "
                "the shares leave the game"
            ).format(
                player=seat.name,
                n=n,
                colour=shown(move.colour),
                price=price,
                old=old,
                new=seat.cash,
            )
        )
    )
    economy.fall(state, move.colour, events)
    _turn_done(state, move.actor, events)
    return state, events


def play_pass(
    state: State, move: Pass, judge: Judge, legal: list[str]
) -> tuple[State, list[Event]]:
    your_turn(state, move.actor, judge)
    judge.rule(not legal, _("passing on purpose is not allowed"), FLOW_RULE, "; ".join(legal))
    events = [Event(_("{player} passes (no action is possible)").format(player=move.actor))]
    _turn_done(state, move.actor, events)
    return state, events


def blocked(state: State, move: Blocked, judge: Judge) -> tuple[State, list[Event]]:
    if state.phase != PLAY:
        raise impossible(_("a railroad can be declared blocked only during play"), track.LAY)
    judge.rule(
        not state.board.has_map,
        _("the map in the board data tells the referee where track can go"),
        track.LAY,
    )
    why = track.why_cannot_lay(state, move.colour)
    if why:
        raise impossible(why, track.LAY)
    event = Event(
        _("the table declares {colour} blocked: it can lay no more track").format(
            colour=shown(move.colour)
        )
    )
    state.road(move.colour).declared_blocked = True
    return state, [event]


def _offer_hint(state: State) -> str:
    return _("offer {offer}").format(offer=describe(list(state.offer)))
