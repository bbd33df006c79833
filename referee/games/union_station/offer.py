"""The offer (株式の購入, 線路の敷設): the +1, +2, +3 spaces and the face-up top of the deck."""

from __future__ import annotations

from referee.core.engine import Event
from referee.core.rules_kit import impossible
from referee.games.union_station.railroads import COLOURS, shown
from referee.games.union_station.sections import AUCTION_RULE, BUY_RULE, SETUP_RULE
from referee.games.union_station.state import AUCTION, SETUP, State, put
from referee.i18n import _


def reveal_rule(state: State) -> str:
    """The section a reveal is judged by at this moment: the setup's (準備), the first
    auction's, or the offer's refill after a buy or a lay (株式の購入)."""
    return {SETUP: SETUP_RULE, AUCTION: AUCTION_RULE}.get(state.phase, BUY_RULE)


def turn_up(state: State, colour: str, events: list[Event]) -> None:
    i = COLOURS.index(colour)
    if state.deck[i] <= 0:
        left = ", ".join(f"{shown(c)} {n}" for c, n in zip(COLOURS, state.deck, strict=True) if n)
        raise impossible(
            _("the offer deck holds no {colour} share").format(colour=shown(colour)),
            reveal_rule(state),
            _("left: {left}").format(left=left),
        )
    events.append(Event(_("the top of the offer deck is {colour}").format(colour=shown(colour))))
    state.top, state.deck = colour, put(state.deck, i, state.deck[i] - 1)


def after_top_taken(state: State, events: list[Event]) -> None:
    """The top share left the deck: the table turns up the next one (when only one railroad
    is left in it, the referee does: `reveal` is then the only move, with one candidate)."""
    left = [c for c, n in zip(COLOURS, state.deck, strict=True) if n]
    if not left:
        events.append(Event(_("the offer deck is empty")))
    elif len(left) == 1:
        events.append(
            Event(_("the deck holds only {colour} shares now").format(colour=shown(left[0])))
        )
    else:
        events.append(Event(_("turn up the next share of the offer deck: reveal RAILROAD")))


def shift(state: State, events: list[Event]) -> None:
    """After a buy or a lay: the deck top goes to +1, pushing shares right up to the first
    empty space; nothing leaves +3. With an empty deck the offer still slides right."""
    offer = list(state.offer)
    if state.top:
        if "" not in offer:
            events.append(
                Event(
                    _("the offer is full: nothing moves; {colour} stays on the deck").format(
                        colour=shown(state.top)
                    )
                )
            )
            return
        gap = offer.index("")
        offer[: gap + 1] = [state.top, *offer[:gap]]
        events.append(
            Event(
                _("{colour} moves from the deck to +1; offer {offer}").format(
                    colour=shown(state.top), offer=describe(offer)
                )
            )
        )
        state.offer, state.top = (offer[0], offer[1], offer[2]), ""
        after_top_taken(state, events)
        return
    for i in (1, 0):  # the deck is empty: each share moves right if there is room
        if offer[i] and not offer[i + 1]:
            offer[i + 1], offer[i] = offer[i], ""
    if tuple(offer) != state.offer:
        events.append(
            Event(
                _("the deck is empty; the offer slides right: {offer}").format(
                    offer=describe(offer)
                )
            )
        )
    state.offer = (offer[0], offer[1], offer[2])


def describe(offer: list[str]) -> str:
    return " ".join(f"+{i + 1} {shown(c) if c else '-'}" for i, c in enumerate(offer))
