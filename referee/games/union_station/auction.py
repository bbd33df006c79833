"""Setup reveals (準備) and the first auction (最初のオークション)."""

from __future__ import annotations

from referee.core.engine import Event
from referee.core.rules_kit import Judge, impossible
from referee.games.union_station.commands import Bid, Pass, Reveal, Start
from referee.games.union_station.offer import after_top_taken, reveal_rule, turn_up
from referee.games.union_station.railroads import COLOURS, MIN_BID, shown, shown_all
from referee.games.union_station.sections import AUCTION_RULE, SETUP_RULE
from referee.games.union_station.state import AUCTION, PLAY, SETUP, Auction, State
from referee.i18n import _


# --- setup ----------------------------------------------------------------------------------
def reveal(state: State, move: Reveal, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for colour in move.colours:
        need = state.needs_reveal()
        if need == "lot":
            if colour in state.lots:
                raise impossible(
                    _(
                        "{colour} is already in the auction order (one share of each railroad)"
                    ).format(colour=shown(colour)),
                    SETUP_RULE,
                    "reveal " + shown_all([c for c in COLOURS if c not in state.lots]),
                )
            state.lots = (*state.lots, colour)
            events.append(
                Event(
                    _("auction share {n} of 5: {colour}").format(
                        n=len(state.lots), colour=shown(colour)
                    )
                )
            )
        elif need == "top":
            turn_up(state, colour, events)
        else:
            raise impossible(
                _("nothing is waiting to be turned up (at {colour})").format(colour=shown(colour)),
                reveal_rule(state),
            )
    if state.phase == SETUP and not state.needs_reveal():
        open_auction(state, 0, state.first, events)
    return state, events


def start(state: State, move: Start, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    fresh = state.phase == SETUP or (
        state.phase == AUCTION
        and not state.acquired
        and state.auction is not None
        and state.auction.leader < 0
        and not state.auction.passed
    )
    if not fresh:
        raise impossible(_("the first auction has begun; its start player is set"), SETUP_RULE)
    p = state.players.index(move.player)
    events.append(Event(_("{player} starts the first auction").format(player=move.player)))
    state.first = p
    if state.auction is not None:
        state.auction.auctioneer = state.auction.bidder = p
    return state, events


# --- the first auction -----------------------------------------------------------------------
def open_auction(state: State, lot: int, auctioneer: int, events: list[Event]) -> None:
    colour = state.lots[lot]
    events.append(
        Event(
            _("auction {n} of 5: {colour}; {player} bids first").format(
                n=lot + 1, colour=shown(colour), player=state.players[auctioneer]
            )
        )
    )
    state.phase, state.auction = AUCTION, Auction(colour, auctioneer, auctioneer)


def bid(state: State, move: Bid, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    a = _auction(state)
    p = _bidder(state, a, move.actor, judge)
    cash = state.seats[p].cash
    low = max(MIN_BID, a.high + 1)
    judge.rule(
        move.amount >= MIN_BID,
        _("a bid is at least ${amount}").format(amount=MIN_BID),
        AUCTION_RULE,
        f"bid {low}",
    )
    judge.rule(
        move.amount > a.high,
        _("the high bid is already {amount}").format(amount=a.high),
        AUCTION_RULE,
        _("{move} or pass").format(move=f"bid {low}"),
    )
    judge.rule(
        move.amount <= cash,
        _("{player} has only ${cash}").format(player=move.actor, cash=cash),
        AUCTION_RULE,
        _("bid less or pass"),
    )
    if move.amount > state.board.top:
        raise impossible(
            _("the value track ends at {top}; the price disc goes to the bid's square").format(
                top=state.board.top
            ),
            AUCTION_RULE,
        )
    events.append(
        Event(
            _("{player} bids {amount} on {colour}").format(
                player=move.actor, amount=move.amount, colour=shown(a.colour)
            )
        )
    )
    a.high, a.leader = move.amount, p
    _after_auction_turn(state, a, p, events)
    return state, events


def auction_pass(state: State, move: Pass, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    a = _auction(state)
    p = _bidder(state, a, move.actor, judge)
    events.append(
        Event(
            _("{player} passes on {colour} (final for this share)").format(
                player=move.actor, colour=shown(a.colour)
            )
        )
    )
    a.passed |= {p}
    _after_auction_turn(state, a, p, events)
    return state, events


def _auction(state: State) -> Auction:
    if state.phase != AUCTION or state.auction is None:
        raise impossible(
            _("there is no auction now: bids are only for the first auction"), AUCTION_RULE
        )
    return state.auction


def _bidder(state: State, a: Auction, actor: str, judge: Judge) -> int:
    p = state.players.index(actor)
    judge.rule(
        p not in a.passed,
        _("{player} has passed on {colour} and cannot bid again").format(
            player=actor, colour=shown(a.colour)
        ),
        AUCTION_RULE,
    )
    judge.turn(actor, state.players[a.bidder], AUCTION_RULE)
    return p


def _after_auction_turn(state: State, a: Auction, p: int, events: list[Event]) -> None:
    n = len(state.seats)
    if a.leader >= 0 and len(a.passed - {a.leader}) == n - 1:
        _award(state, a.leader, a.high, events)
        return
    if a.leader < 0 and len(a.passed) == n:
        # 最初のオークション: nobody bid $5, so the auctioneer takes it free at $5.
        events.append(
            Event(
                _("nobody bid: {player} takes {colour} free").format(
                    player=state.players[a.auctioneer], colour=shown(a.colour)
                )
            )
        )
        _award(state, a.auctioneer, 0, events, price=MIN_BID)
        return
    a.bidder = next(q % n for q in range(p + 1, p + n + 1) if q % n not in a.passed)


def _award(state: State, winner: int, paid: int, events: list[Event], price: int = 0) -> None:
    a = state.auction
    assert a is not None
    seat = state.seats[winner]
    old = seat.cash
    seat.cash -= paid
    seat.shares[COLOURS.index(a.colour)] += 1
    got = (
        _("{player} wins {colour} for ${paid}: cash {old} -> {new}")
        if paid
        else _("{player} takes {colour} free")
    )
    events.append(
        Event(
            got.format(
                player=seat.name,
                colour=shown(a.colour),
                paid=paid,
                old=old,
                new=seat.cash,
            )
        )
    )
    price = price or paid
    events.append(
        Event(
            _("{colour} price set to {price} (no dividend in the auction)").format(
                colour=shown(a.colour), price=price
            )
        )
    )
    state.road(a.colour).price = price
    state.acquired, state.auction = (*state.acquired, (a.colour, winner)), None
    lot = len(state.acquired)
    if lot < len(COLOURS):
        open_auction(state, lot, winner, events)
    else:
        _begin_play(state, events)


def _begin_play(state: State, events: list[Event]) -> None:
    events.append(
        Event(
            _("the first auction is over; {colour} moves from the deck to +1").format(
                colour=shown(state.top)
            )
        )
    )
    state.phase, state.offer, state.top = PLAY, (state.top, "", ""), ""
    after_top_taken(state, events)
    # 最初のオークション: the holder of the lowest-priced share starts; on a tie of prices,
    # the one who took such a share last.
    lowest = min(state.road(c).price for c, _winner in state.acquired)
    colour, p = [(c, q) for c, q in state.acquired if state.road(c).price == lowest][-1]
    events.append(
        Event(
            _("{player} starts play (holds {colour}, the lowest at ${price})").format(
                player=state.players[p], colour=shown(colour), price=lowest
            )
        )
    )
    state.turn = p
