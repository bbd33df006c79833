"""The sale of the private companies before the first stock round (the title's [auction]).

waterfall (as 18xx.games plays 1830 and 1889): in turn a player buys the cheapest private at
its price, bids on a dearer one (at least its face value or the best bid, plus min_raise, all
his bids within his cash), or passes. When the cheapest is bought, the next one goes to its
only bidder, or, with several, to an auction among them in which the lowest bidder raises or
drops out. When everyone passes, the first cheapest private, if still unsold, gets cheaper by
`discount` (at 0 the last to pass must take it); if it is sold, the privates owned pay their
revenue. fixed_price: in turn a player buys any private at face value or passes; when all
pass, or all are sold, the sale ends.
"""

from __future__ import annotations

from referee.core.engine import Event
from referee.core.rules_kit import Judge
from referee.games.titled.common import start_at
from referee.games.titled.floating import float_company
from referee.games.titled.holdings import give, president_percent
from referee.games.titled.moves import BidPrivate, Done, Par
from referee.games.titled.state import CLOSED, IPO, Bid, State
from referee.games.titled.title import DRAWN, Private
from referee.i18n import N_, _

AUCTION = N_("18xx private auction")


def _rule(state: State, key: str) -> str:
    return f"{state.title.name} {key}"


def private(state: State, abbr: str) -> Private:
    return next(p for p in state.title.privates if p.abbr == abbr)


def price(state: State, abbr: str) -> int:
    """What the cheapest private costs now (its face value less what passing took off)."""
    return private(state, abbr).cost - (
        state.auction.discount if abbr == state.auction.cheapest else 0
    )


def bidding(state: State) -> list[Bid]:
    """The bids on the cheapest private when it is up for auction among several bidders."""
    left = state.auction.left
    bids = state.auction.bids.get(left[0], []) if left else []
    return bids if len(bids) > 1 else []


def actor(state: State) -> str:
    """Who acts: the lowest bidder in an auction among bidders, else the player in turn."""
    if state.auction.pending_par:
        return state.corps[state.auction.pending_par].president
    if state.auction.pending_draw:
        return state.privates[state.auction.pending_draw]
    bids = bidding(state)
    if bids:
        return min(bids, key=lambda b: b.amount).player
    return state.player


def committed(state: State, player: str, but: str = "") -> int:
    """The cash `player`'s bids hold (but on `but`): every bid, or only those he leads
    (auction.only_leading_bids_hold_cash)."""
    leading = state.title.auction.only_leading_bids_hold_cash
    return sum(
        b.amount
        for abbr, bids in state.auction.bids.items()
        for b in bids
        if b.player == player
        and abbr != but
        and (not leading or b.amount == max(other.amount for other in bids))
    )


def bid(state: State, move: BidPrivate, judge: Judge) -> tuple[State, list[Event]]:
    judge.fact(state.round == "auction", _("the private companies are not for sale now"), AUCTION)
    judge.fact(not state.auction.awaiting_par, _("a company's par price is due first"), AUCTION)
    left = state.auction.left
    not_for_sale = _("{private} is not for sale").format(private=move.private)
    judge.fact(move.private in left, not_for_sale, AUCTION, ", ".join(left))
    judge.turn(move.actor, actor(state), AUCTION)
    title = state.title
    if title.auction.kind == "fixed_price":
        cost = private(state, move.private).cost
        costs = _("{private} costs {price}").format(private=move.private, price=title.money(cost))
        judge.fact(move.amount == cost, costs, AUCTION)
        sold = _sell(state, move.actor, move.private, cost)
        state.passes = 0
        state.actor = (state.actor + 1) % len(state.players)
        return state, [*sold, *_finish(state)]
    events: list[Event] = []
    in_auction = bool(bidding(state))
    best = max((b.amount for b in state.auction.bids.get(move.private, [])), default=0)
    if move.private == left[0] and not state.auction.bids.get(move.private):
        cost = price(state, move.private)
        judge.fact(
            move.amount == cost,
            _("{private} is the cheapest: it is bought for {price}").format(
                private=move.private, price=title.money(cost)
            ),
            _rule(state, "auction.kind"),
        )
        judge.rule(
            state.cash[move.actor] - committed(state, move.actor) >= cost,
            _("{player} cannot pay {price}").format(player=move.actor, price=title.money(cost)),
            AUCTION,
        )
        events += _sell(state, move.actor, move.private, cost)
        events += _resolve(state)
    else:
        least = max(best, private(state, move.private).cost) + title.auction.min_raise
        judge.rule(
            move.amount >= least,
            _("a bid for {private} is at least {price}").format(
                private=move.private, price=title.money(least)
            ),
            _rule(state, "auction.min_raise"),
        )
        judge.rule(
            not title.auction.raise_in_steps
            or (move.amount - least) % title.auction.min_raise == 0,
            _("a bid for {private} is {price} plus a multiple of {step}").format(
                private=move.private,
                price=title.money(least),
                step=title.money(title.auction.min_raise),
            ),
            _rule(state, "auction.raise_in_steps"),
        )
        judge.rule(
            committed(state, move.actor, but=move.private) + move.amount <= state.cash[move.actor],
            _("{player}'s bids would pass his cash, {cash}").format(
                player=move.actor, cash=title.money(state.cash[move.actor])
            ),
            AUCTION,
        )
        judge.fact(
            not in_auction or move.private == left[0],
            _("{private} is being auctioned").format(private=left[0]),
            AUCTION,
        )
        bids = state.auction.bids.setdefault(move.private, [])
        bids[:] = [b for b in bids if b.player != move.actor]
        bids.append(Bid(move.actor, move.amount))
        said = _("{player} bids {price} for {private}")
        events.append(
            Event(
                said.format(player=move.actor, price=title.money(move.amount), private=move.private)
            )
        )
        if in_auction:
            events += _resolve(state)
    state.last_to_act = move.actor
    if not in_auction:
        state.passes = 0
        state.actor = (state.actor + 1) % len(state.players)
    return state, [*events, *_finish(state)]


def passes(state: State, move: Done, judge: Judge) -> tuple[State, list[Event]]:
    judge.fact(not state.auction.awaiting_par, _("a company's par price is due first"), AUCTION)
    judge.turn(move.actor, actor(state), AUCTION)
    title = state.title
    bids = bidding(state)
    if bids:  # drops out of the auction of the cheapest private
        left = state.auction.left[0]
        state.auction.bids[left] = [b for b in bids if b.player != move.actor]
        return state, [
            Event(
                _("{player} drops out of the auction for {private}").format(
                    player=move.actor, private=left
                )
            ),
            *_resolve(state),
            *_finish(state),
        ]
    events = [Event(_("{player} passes").format(player=move.actor))]
    state.passes += 1
    if state.passes == len(state.players):
        state.passes = 0
        if title.auction.kind == "fixed_price":
            state.auction.left = []
        elif state.auction.cheapest in state.auction.left:
            cheapest = state.auction.cheapest
            state.auction.discount += title.auction.discount
            now = price(state, cheapest)
            events.append(
                Event(
                    _("everyone passed: {private} now costs {price}").format(
                        private=cheapest, price=title.money(max(now, 0))
                    )
                )
            )
            if now <= 0:
                events += _sell(state, move.actor, cheapest, 0)
                events += _resolve(state)
        else:
            events.append(Event(_("everyone passed: the private companies pay their revenue")))
            events += pay_privates(state)
    state.actor = (state.actor + 1) % len(state.players)
    return state, [*events, *_finish(state)]


def pay_privates(state: State) -> list[Event]:
    events = []
    phases = [ph.name for ph in state.title.phases]
    for p in state.title.privates:
        owner = state.privates.get(p.abbr, "")
        revenue = p.revenue
        later = p.player_revenue_from_phase
        if later and owner in state.cash and phases.index(state.phase) >= phases.index(later[0]):
            revenue = later[1]
        if not revenue or (owner not in state.cash and owner not in state.corps):
            continue
        if owner in state.cash:
            state.cash[owner] += revenue
        else:
            state.corps[owner].cash += revenue
        state.bank -= revenue
        said = _("{owner} collects {amount} from {private}")
        events.append(
            Event(said.format(owner=owner, amount=state.title.money(revenue), private=p.abbr))
        )
    return events


def _sell(state: State, player: str, abbr: str, amount: int) -> list[Event]:
    title = state.title
    state.cash[player] -= amount
    state.bank += amount
    state.privates[abbr] = player
    state.auction.left.remove(abbr)
    state.auction.bids.pop(abbr, None)
    state.last_to_act = player
    said = _("{player} buys {private} for {price}")
    events = [Event(said.format(player=player, private=abbr, price=title.money(amount)))]
    p = private(state, abbr)
    if p.gives_share:
        company = title.company(p.gives_share)
        corp = state.corps[company.abbr]
        give(corp, IPO, player, company.unit)
        events.append(
            Event(
                _("{player} receives a {percent}% {company} certificate with {private}").format(
                    player=player, percent=company.unit, company=company.abbr, private=abbr
                )
            )
        )
    if p.gives_president == DRAWN:
        state.auction.pending_draw = abbr
        said = _(
            "{player} receives the president's certificate of the company drawn for {private}:"
            " par it to name it"
        )
        events.append(Event(said.format(player=player, private=abbr)))
    elif p.gives_president:
        _give_president(state, player, p.gives_president)
        state.auction.pending_par = p.gives_president
        events.append(
            Event(
                _(
                    "{player} receives the {company} president's certificate with {private}"
                    " and sets its par price"
                ).format(player=player, company=p.gives_president, private=abbr)
            )
        )
    return events


def _resolve(state: State) -> list[Event]:
    """Sell the cheapest private to its only bidder, as long as one is left with one bid."""
    events: list[Event] = []
    while state.auction.left and not state.auction.awaiting_par:
        bids = state.auction.bids.get(state.auction.left[0], [])
        if len(bids) != 1:
            break
        events += _sell(state, bids[0].player, state.auction.left[0], bids[0].amount)
    return events


def _finish(state: State) -> list[Event]:
    if state.auction.left or state.auction.awaiting_par or state.round != "auction":
        return []
    state.round, state.stock_round = "stock", 1
    if state.last_to_act and state.title.auction.priority == "after_last_buyer":
        state.actor = (state.players.index(state.last_to_act) + 1) % len(state.players)
    state.passes, state.last_to_act = 0, ""
    return [
        Event(
            _(
                "the private companies are sold; stock round 1: {player} has the priority deal"
            ).format(player=state.player)
        )
    ]


def _closed_by_start(state: State, abbr: str) -> list[Event]:
    """The privates that close once the company whose president's certificate they gave
    starts (privates.*.closes_when_company_starts)."""
    events = []
    for p in state.title.privates:
        closes = p.gives_president == abbr and p.closes_when_company_starts
        if closes and state.privates.get(p.abbr, CLOSED) != CLOSED:
            state.privates[p.abbr] = CLOSED
            said = _("{private} closes: {company} has started")
            events.append(Event(said.format(private=p.abbr, company=abbr)))
    return events


def pending_par(state: State, move: Par, judge: Judge) -> tuple[State, list[Event]]:
    """The par price of a company whose president's certificate came with a private."""
    if state.auction.pending_draw:
        _name_drawn(state, move, judge)
    abbr = state.auction.pending_par
    judge.fact(
        move.company == abbr, _("{company}'s par price is due").format(company=abbr), AUCTION
    )
    judge.turn(move.actor, state.corps[abbr].president, AUCTION)
    start_at(state, state.corps[abbr], move.price, judge)
    state.auction.pending_par = ""
    starts = _("{company} starts at {price}").format(
        company=abbr, price=state.title.money(move.price)
    )
    events = [Event(starts), *float_company(state, state.title.company(abbr), state.corps[abbr])]
    events += [*_closed_by_start(state, abbr), *_resolve(state)]
    return state, [*events, *_finish(state)]


def _give_president(state: State, player: str, abbr: str) -> None:
    corp = state.corps[abbr]
    certificate = president_percent(state, abbr)
    give(corp, IPO, player, certificate)
    corp.president = player


def _name_drawn(state: State, move: Par, judge: Judge) -> None:
    """The buyer of a private whose company was drawn before the game names it by its par
    (the title's gives_president = "drawn"): any company not yet started."""
    private_abbr = state.auction.pending_draw
    judge.turn(move.actor, state.privates[private_abbr], AUCTION)
    started = _("{company} has started").format(company=move.company)
    judge.fact(not state.corps[move.company].started, started, AUCTION)
    state.drawn[private_abbr] = move.company  # before its certificate: it may keep its own
    _give_president(state, move.actor, move.company)
    state.auction.pending_draw = ""
    state.auction.pending_par = move.company
