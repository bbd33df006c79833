"""What each move does: the setup reveals, the first auction, and the three actions of play.

Every handler takes the state, the move, a Judge (which skips the checks a forced move may
skip) and the list of events, and returns the new state. Nothing is mutated.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from referee.engine import Event, RuleError
from referee.games.union_station import economy, track
from referee.games.union_station.commands import Bid, Blocked, Buy, Lay, Pass, Reveal, Sell, Start
from referee.games.union_station.railroads import (
    COLOURS,
    KIND_RISE,
    LAST_SELLING_DIVIDEND,
    MIN_BID,
    OFFER_BONUS,
)
from referee.games.union_station.state import AUCTION, PLAY, SETUP, Auction, Disc, State, put

SETUP_RULE = "準備"
AUCTION_RULE = "最初のオークション"
FLOW_RULE = "ゲームの流れ"
BUY_RULE = "株式の購入"
SELL_RULE = "株式の売却"


@dataclass(frozen=True)
class Judge:
    forced: bool

    def require(self, ok: bool, reason: str, rule: str, legal: str = "") -> None:
        if not ok and not self.forced:
            raise RuleError(reason, rule, legal)


def impossible(reason: str, rule: str, legal: str = "") -> RuleError:
    return RuleError(reason, rule, legal, computable=False)


def seat_of(state: State, name: str) -> int:
    return state.players.index(name)


# --- setup ---------------------------------------------------------------------------------
def reveal(state: State, move: Reveal, judge: Judge, events: list[Event]) -> State:
    for colour in move.colours:
        need = state.needs_reveal()
        if need == "lot":
            if colour in state.lots:
                raise impossible(
                    f"{colour} is already in the auction order (one share of each railroad)",
                    SETUP_RULE,
                    "reveal " + " ".join(c for c in COLOURS if c not in state.lots),
                )
            state = replace(state, lots=(*state.lots, colour))
            events.append(Event(f"auction share {len(state.lots)} of 5: {colour}"))
        elif need == "top":
            state = turn_up(state, colour, events)
        else:
            raise impossible(f"nothing is waiting to be turned up (at {colour})", BUY_RULE)
    if state.phase == SETUP and not state.needs_reveal():
        state = open_auction(state, 0, state.first, events)
    return state


def turn_up(state: State, colour: str, events: list[Event]) -> State:
    i = COLOURS.index(colour)
    if state.deck[i] <= 0:
        left = ", ".join(f"{c} {n}" for c, n in zip(COLOURS, state.deck, strict=True) if n)
        raise impossible(f"the offer deck holds no {colour} share", SETUP_RULE, f"left: {left}")
    events.append(Event(f"the top of the offer deck is {colour}"))
    return replace(state, top=colour, deck=put(state.deck, i, state.deck[i] - 1))


def start(state: State, move: Start, judge: Judge, events: list[Event]) -> State:
    fresh = state.phase == SETUP or (
        state.phase == AUCTION
        and not state.acquired
        and state.auction is not None
        and state.auction.leader < 0
        and not state.auction.passed
    )
    if not fresh:
        raise impossible("the first auction has begun; its start player is set", SETUP_RULE)
    p = seat_of(state, move.player)
    events.append(Event(f"{move.player} starts the first auction"))
    state = replace(state, first=p)
    if state.auction is not None:
        state = replace(state, auction=replace(state.auction, auctioneer=p, bidder=p))
    return state


# --- the first auction -----------------------------------------------------------------------
def open_auction(state: State, lot: int, auctioneer: int, events: list[Event]) -> State:
    colour = state.lots[lot]
    events.append(
        Event(f"auction {lot + 1} of 5: {colour}; {state.players[auctioneer]} bids first")
    )
    return replace(state, phase=AUCTION, auction=Auction(colour, auctioneer, auctioneer))


def bid(state: State, move: Bid, judge: Judge, events: list[Event]) -> State:
    a = _auction(state)
    p = _bidder(state, a, move.actor, judge)
    cash = state.seats[p].cash
    low = max(MIN_BID, a.high + 1)
    judge.require(
        move.amount >= MIN_BID, f"a bid is at least ${MIN_BID}", AUCTION_RULE, f"bid {low}"
    )
    judge.require(
        move.amount > a.high,
        f"the high bid is already {a.high}",
        AUCTION_RULE,
        f"bid {low} or pass",
    )
    judge.require(
        move.amount <= cash, f"{move.actor} has only ${cash}", AUCTION_RULE, "bid less or pass"
    )
    if move.amount > state.board.top:
        raise impossible(
            f"the value track ends at {state.board.top}; the price disc goes to the bid's square",
            AUCTION_RULE,
        )
    events.append(Event(f"{move.actor} bids {move.amount} on {a.colour}"))
    return _after_auction_turn(state, replace(a, high=move.amount, leader=p), p, events)


def auction_pass(state: State, move: Pass, judge: Judge, events: list[Event]) -> State:
    a = _auction(state)
    p = _bidder(state, a, move.actor, judge)
    events.append(Event(f"{move.actor} passes on {a.colour} (final for this share)"))
    return _after_auction_turn(state, replace(a, passed=a.passed | {p}), p, events)


def _auction(state: State) -> Auction:
    if state.phase != AUCTION or state.auction is None:
        raise impossible(
            "there is no auction now: bids are only for the first auction", AUCTION_RULE
        )
    return state.auction


def _bidder(state: State, a: Auction, actor: str, judge: Judge) -> int:
    p = seat_of(state, actor)
    if p in a.passed:
        raise impossible(f"{actor} has passed on {a.colour} and cannot bid again", AUCTION_RULE)
    judge.require(
        p == a.bidder, f"it is {state.players[a.bidder]}'s turn to bid, not {actor}'s", AUCTION_RULE
    )
    return p


def _after_auction_turn(state: State, a: Auction, p: int, events: list[Event]) -> State:
    n = len(state.seats)
    if a.leader >= 0 and len(a.passed - {a.leader}) == n - 1:
        return _award(state, a.leader, a.high, events)
    if a.leader < 0 and len(a.passed) == n:
        # 最初のオークション: nobody bid $5, so the auctioneer takes it free at $5.
        events.append(Event(f"nobody bid: {state.players[a.auctioneer]} takes {a.colour} free"))
        return _award(state, a.auctioneer, 0, events, price=MIN_BID)
    nxt = next(q % n for q in range(p + 1, p + n + 1) if q % n not in a.passed)
    return replace(state, auction=replace(a, bidder=nxt))


def _award(state: State, winner: int, paid: int, events: list[Event], price: int = 0) -> State:
    a = state.auction
    assert a is not None
    seat = state.seats[winner]
    i = COLOURS.index(a.colour)
    shares = put(seat.shares, i, seat.shares[i] + 1)
    state = state.with_seat(winner, cash=seat.cash - paid, shares=shares)
    got = f"wins {a.colour} for ${paid}" if paid else f"takes {a.colour} free"
    events.append(Event(f"{seat.name} {got}: cash {seat.cash} -> {seat.cash - paid}"))
    price = price or paid
    events.append(Event(f"{a.colour} price set to {price} (no dividend in the auction)"))
    state = state.with_road(a.colour, price=price)
    state = replace(state, acquired=(*state.acquired, (a.colour, winner)), auction=None)
    lot = len(state.acquired)
    if lot < len(COLOURS):
        return open_auction(state, lot, winner, events)
    return _begin_play(state, events)


def _begin_play(state: State, events: list[Event]) -> State:
    events.append(Event(f"the first auction is over; {state.top} moves from the deck to +1"))
    state = replace(state, phase=PLAY, offer=(state.top, "", ""), top="")
    state = after_top_taken(state, events)
    # 最初のオークション: the holder of the lowest-priced share starts; on a tie of prices,
    # the one who took such a share last.
    lowest = min(state.road(c).price for c, _ in state.acquired)
    colour, p = [(c, q) for c, q in state.acquired if state.road(c).price == lowest][-1]
    events.append(
        Event(f"{state.players[p]} starts play (holds {colour}, the lowest at ${lowest})")
    )
    return replace(state, turn=p)


# --- the offer ------------------------------------------------------------------------------
def after_top_taken(state: State, events: list[Event]) -> State:
    """The top share left the deck: the table turns up the next one (or it is forced)."""
    left = [c for c, n in zip(COLOURS, state.deck, strict=True) if n]
    if not left:
        events.append(Event("the offer deck is empty"))
    elif len(left) == 1:
        events.append(Event(f"the deck holds only {left[0]} shares now"))
        state = turn_up(state, left[0], events)
    else:
        events.append(Event("turn up the next share of the offer deck: reveal RAILROAD"))
    return state


def shift(state: State, events: list[Event]) -> State:
    """After a buy or a lay: the deck top goes to +1, pushing shares right up to the first
    empty space; nothing leaves +3. With an empty deck the offer still slides right."""
    offer = list(state.offer)
    if state.top:
        if "" not in offer:
            events.append(Event(f"the offer is full: nothing moves; {state.top} stays on the deck"))
            return state
        gap = offer.index("")
        offer[: gap + 1] = [state.top, *offer[:gap]]
        events.append(Event(f"{state.top} moves from the deck to +1; offer {_offer(offer)}"))
        state = replace(state, offer=(offer[0], offer[1], offer[2]), top="")
        return after_top_taken(state, events)
    for i in (1, 0):  # the deck is empty: each share moves right if there is room
        if offer[i] and not offer[i + 1]:
            offer[i + 1], offer[i] = offer[i], ""
    if tuple(offer) != state.offer:
        events.append(Event(f"the deck is empty; the offer slides right: {_offer(offer)}"))
    return replace(state, offer=(offer[0], offer[1], offer[2]))


def _offer(offer: list[str]) -> str:
    return " ".join(f"+{i + 1} {c or '-'}" for i, c in enumerate(offer))


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
    p = seat_of(state, actor)
    judge.require(
        p == state.turn, f"it is {state.players[state.turn]}'s turn, not {actor}'s", FLOW_RULE
    )
    return p


def buy(state: State, move: Buy, judge: Judge, events: list[Event]) -> State:
    p = your_turn(state, move.actor, judge)
    if move.slot < 0 or state.offer[move.slot] != move.colour:
        where = f" at +{move.slot + 1}" if move.slot >= 0 else ""
        raise impossible(
            f"{move.colour} is not in the offer{where}",
            BUY_RULE,
            f"offer {_offer(list(state.offer))}",
        )
    seat = state.seats[p]
    price = state.road(move.colour).price
    judge.require(
        seat.cash >= price, f"{seat.name} has ${seat.cash}; {move.colour} costs ${price}", BUY_RULE
    )
    i = COLOURS.index(move.colour)
    state = state.with_seat(
        p, cash=seat.cash - price, shares=put(seat.shares, i, seat.shares[i] + 1)
    )
    events.append(
        Event(
            f"{seat.name} buys {move.colour} from +{move.slot + 1} for ${price}: "
            f"cash {seat.cash} -> {seat.cash - price}"
        )
    )
    state = replace(state, offer=put(state.offer, move.slot, ""))
    state = economy.rise(state, move.colour, OFFER_BONUS[move.slot], events)
    if state.phase != PLAY:
        return state
    state = shift(state, events)
    return economy.usc_step(state, move.colour, events)


def lay(state: State, move: Lay, judge: Judge, events: list[Event]) -> State:
    p = your_turn(state, move.actor, judge)
    colour = move.colour
    judge.require(
        state.seats[p].shares[COLOURS.index(colour)] > 0,
        f"{move.actor} holds no {colour} share",
        track.LAY,
        "lay track of a railroad you hold a share in",
    )
    road = state.road(colour)
    if road.arrived or road.discs <= 0:
        raise impossible(track.why_cannot_lay(state, colour), track.LAY)
    judge.require(
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
        if state.board.has_map:
            if state.board.hexes[spec.hex][0] == "chicago":
                raise impossible(
                    "no disc goes on Chicago (it has every railroad's track already)", track.LAY
                )
            kind = track.kind_on_map(state, colour, spec.hex)
            judge.require(
                not spec.kind or spec.kind == kind,
                f"{spec.hex} counts as {kind} for {colour}, not {spec.kind}",
                track.LAY,
            )
        error = track.placement_error(state, colour, spec.hex, kind)
        judge.require(not error, error, track.LAY)
        state = _place(state, Disc(colour, kind, spec.hex), events)
        if state.phase != PLAY:
            return state
    if len(move.discs) == 1:
        road = state.road(colour)
        alone = (
            road.arrived
            or road.discs == 0
            or (state.board.has_map and not track.legal_hexes(state, colour))
        )
        judge.require(
            alone,
            "a lay places two discs",
            track.LAY,
            "name a second disc (force a single one if no hex is left)",
        )
    return shift(state, events)


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


def sell(state: State, move: Sell, judge: Judge, events: list[Event]) -> State:
    p = your_turn(state, move.actor, judge)
    i = COLOURS.index(move.colour)
    seat = state.seats[p]
    n = seat.shares[i]
    if n == 0:
        raise impossible(f"{move.actor} holds no {move.colour} share", SELL_RULE)
    judge.require(
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
    return economy.fall(state, move.colour, events)


def play_pass(
    state: State, move: Pass, judge: Judge, events: list[Event], legal: list[str]
) -> State:
    your_turn(state, move.actor, judge)
    judge.require(not legal, "passing on purpose is not allowed", FLOW_RULE, "; ".join(legal))
    events.append(Event(f"{move.actor} passes (no action is possible)"))
    return state


def blocked(state: State, move: Blocked, judge: Judge, events: list[Event]) -> State:
    if state.phase != PLAY:
        raise impossible("a railroad can be declared blocked only during play", track.LAY)
    judge.require(
        not state.board.has_map,
        "the map in the board data tells the referee where track can go",
        track.LAY,
    )
    why = track.why_cannot_lay(state, move.colour)
    if why:
        raise impossible(why, track.LAY)
    events.append(Event(f"the table declares {move.colour} blocked: it can lay no more track"))
    return state.with_road(move.colour, declared_blocked=True)


__all__ = ["Judge", "bid", "blocked", "buy", "lay", "play_pass", "reveal", "sell", "start"]
