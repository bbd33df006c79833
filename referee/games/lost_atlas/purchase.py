"""Operating steps 1 and 7: buying trains, the forced purchase, bankruptcy (rules ■12, ■18,
■20). Split from operating.py."""

from __future__ import annotations

from referee.core.engine import Event, RuleError
from referee.core.rules_kit import Judge
from referee.eighteen_rules import bankruptcy, emergency, pool, presidency, shares
from referee.eighteen_rules import trains as rolling
from referee.games.lost_atlas import data, ledger, sections, trains
from referee.games.lost_atlas.commands import BuyTrain, Sell
from referee.games.lost_atlas.data import INF, POOL
from referee.games.lost_atlas.readings import BANKRUPT_OTHER, TRAIN_LIMIT
from referee.games.lost_atlas.sections import R_FIRST, R_FORCED, R_TRAINS
from referee.games.lost_atlas.state import Company, State, Train
from referee.i18n import N_, _

BANKRUPT_ASSETS = "to_pool"  # ■20 silent: a bankrupt's shares to the pool, cash to the bank


def first_train(
    state: State, co: Company, move: BuyTrain, judge: Judge, events: list[Event]
) -> None:
    """■12: a new minor may buy one train first, from the deck or the pool, with its cash."""
    assert state.orr is not None
    price = data.train_price(move.kind)
    judge.rule(
        co.cash >= price,
        _("{company} has {cash}; the first train is paid by the company alone").format(
            company=co.name, cash=co.cash
        ),
        R_FIRST,
        _("if it cannot pay, it buys in step 7 (forced)"),
    )
    _take(state, co, move, price, judge, events)
    state.orr.first_train = True
    state.orr.stage = 2


def _take(
    state: State, co: Company, move: BuyTrain, price: int, judge: Judge, events: list[Event]
) -> None:
    """Move a train from the deck or the pool into `co`, paid to the bank."""
    if move.source == POOL:
        found = next((t for t in state.pool_trains if t.kind == move.kind), None)
        if found is None:
            none = _("no {train}-train in the pool").format(train=data.train_name(move.kind))
            raise RuleError(none, R_TRAINS, computable=False)
        state.pool_trains.remove(found)
    elif move.kind not in trains.deck_offers(state):
        top = trains.deck_offers(state)
        offers = _(" or ").join(data.train_name(k) for k in top) or _("nothing")
        raise RuleError(
            _("the deck offers {offers}, not {train}").format(
                offers=offers, train=data.train_name(move.kind)
            ),
            R_TRAINS,
            _("trains are bought from the top of the deck in order"),
            computable=False,
        )
    have, limit, note = trains.limit_check(state, co, move.kind if move.source == "deck" else "")
    judge.rule(
        rolling.may_add(have, limit),
        _("{company} is at its train limit ({limit})").format(company=co.name, limit=limit),
        sections.R_TRAIN_LIMIT,
        reading=note,
    )
    if note and len(co.running()) >= trains.company_limit(state, co):
        within = _(
            "{company} stays within its train limit ({limit}) once the purchase's rusting is done"
        )
        events.append(
            state.readings.noted(within.format(company=co.name, limit=limit), TRAIN_LIMIT)
        )
    co.trains.append(Train(move.kind))
    said = _("{company} buys a {train}-train from the {place} for {price}")
    train, place = data.train_name(move.kind), data.place_name(move.source)
    events.append(Event(said.format(company=co.name, train=train, place=place, price=price)))
    ledger.pay(state, co.name, ledger.BANK, price, events, _("{train}-train").format(train=train))
    if move.source == "deck":
        trains.take_from_deck(state, move.kind, events)


def buy_train(state: State, co: Company, move: BuyTrain, judge: Judge, events: list[Event]) -> None:
    if move.source not in ("deck", POOL):
        _from_company(state, co, move, judge, events)
        return
    price = data.train_price(move.kind)
    if move.trade:
        # ■18 gives the ∞'s price (1000, or 800 handing in a train) among the purchases from
        # the deck and the pool, so an ∞ in the pool is traded for as well.
        if move.kind != INF:
            raise RuleError(_("only the ∞ is bought by handing in a train"), R_TRAINS)
        handed = next((t for t in co.running() if t.kind == move.trade), None)
        if handed is None:
            raise RuleError(
                _("{company} has no {train}-train (not rusted) to hand in").format(
                    company=co.name, train=data.train_name(move.trade)
                ),
                R_TRAINS,
                computable=False,
            )
        # ■18: any train that has not rusted may be handed in (the issue and FW-INV say a 4, 5
        # or 6 only; the rules file is the authority: facts §13.2).
        price = data.table()["trains"]["inf_trade_price"]
        judge.rule(
            co.cash >= price,
            _("{company} has {cash}, the ∞ costs {price}").format(
                company=co.name, cash=co.cash, price=price
            ),
            R_TRAINS,
        )
        co.trains.remove(handed)
        state.pool_trains.append(handed)
        said = _("{company} hands in its {train}-train to the pool")
        events.append(Event(said.format(company=co.name, train=data.train_name(move.trade))))
    if co.cash < price:
        president_paysshortfall(state, co, move, price, judge, events)
    _take(state, co, move, price, judge, events)


def may_buy(state: State, co: Company) -> bool:
    """Whether `co`, which has a train, could still buy one in step 7 (■18): from the deck or
    the pool with its own cash (■20's help is for a company without a train) within its limit
    (■12), the ∞ handing in a train, or a train of another company for at least 1."""
    for kind, source in _offers(state):
        have, limit, _note = trains.limit_check(state, co, kind if source == "deck" else "")
        if rolling.may_add(have, limit) and co.cash >= data.train_price(kind):
            return True
        traded = data.table()["trains"]["inf_trade_price"]
        if kind == INF and co.running() and co.cash >= traded:
            return True
    room = rolling.may_add(len(co.running()), trains.company_limit(state, co))
    sellers = [o for o in state.companies.values() if o is not co and o.running()]
    return room and co.cash >= 1 and bool(sellers)


def only_by_force(state: State, co: Company) -> str:
    """Why `co` may buy a train only by force, where a reading decides it: a train from the
    deck it can pay for, whose purchase rusts trains or raises the limit, that the train limit
    as the reading counts it forbids (■12); '' otherwise. A limit no reading bears on stays the
    referee's to apply (done alone is then made for the table)."""
    for kind, source in _offers(state):
        have, limit, note = trains.limit_check(state, co, kind if source == "deck" else "")
        if note and have >= limit and co.cash >= data.train_price(kind):
            said = _(
                "{company} may buy the {train}-train only by force: at its train limit ({limit})"
            )
            said = said.format(company=co.name, train=data.train_name(kind), limit=limit)
            return f"{said} [{note}]"
    return ""


def _offers(state: State) -> list[tuple[str, str]]:
    """The trains for sale from the deck and the pool: (kind, where)."""
    offers = [(k, "deck") for k in trains.deck_offers(state)]
    return offers + [(t.kind, POOL) for t in state.pool_trains]


def president_paysshortfall(
    state: State, co: Company, move: BuyTrain, price: int, judge: Judge, events: list[Event]
) -> None:
    """■20: a company without a train that cannot pay for the cheapest deck/pool train gets
    exactly the difference from its president (no more)."""
    cheapest = trains.cheapest_available(state)
    judge.rule(
        not co.trains,
        _("{company} has {cash}; the train costs {price}").format(
            company=co.name, cash=co.cash, price=price
        ),
        R_TRAINS,
        _("the president helps only a company without a train (■20)"),
    )
    judge.rule(
        emergency.only_the_cheapest(price, cheapest[0] if cheapest else None) and not move.trade,
        _("the president helps only to buy the cheapest train of the deck or the pool"),
        R_FORCED,
        buy_cheapest(cheapest) if cheapest else "",
    )
    short = emergency.presidents_part(price, co.cash)
    if state.cash[co.president] < short:
        said = _("{player} must add {short} and has {cash}")
        raise RuleError(
            said.format(player=co.president, short=short, cash=state.cash[co.president]),
            R_FORCED,
            _("sell shares first (sell CO N ...), or declare bankrupt"),
            computable=False,
        )
    said = _("{player} adds {short} for the forced train (■20)")
    events.append(Event(said.format(player=co.president, short=short)))
    ledger.pay(state, co.president, co.name, short, events, _("forced train, ■20"))


def _from_company(
    state: State, co: Company, move: BuyTrain, judge: Judge, events: list[Event]
) -> None:
    """■12/■18: from another company at any agreed price of at least 1 (the table typed the
    deal, so both presidents agree)."""
    seller = state.companies[move.source]
    price = move.price or 0
    if seller.name == co.name:
        raise RuleError(_("a company cannot buy its own train"), R_TRAINS, computable=False)
    train = next((t for t in seller.running() if t.kind == move.kind), None)
    if train is None:
        raise RuleError(
            _("{company} has no {train}-train it may sell").format(
                company=seller.name, train=data.train_name(move.kind)
            ),
            R_TRAINS,
            _("rusted trains cannot be sold (■26 Resourceful)"),
            computable=False,
        )
    judge.rule(price >= 1, _("the price between companies is at least 1"), R_TRAINS)
    judge.rule(
        co.cash >= price,
        _("{company} has {cash}").format(company=co.name, cash=co.cash),
        R_TRAINS,
    )
    judge.rule(
        rolling.may_add(len(co.running()), trains.company_limit(state, co)),
        _("{company} is at its train limit").format(company=co.name),
        sections.R_TRAIN_LIMIT,
    )
    seller.trains.remove(train)
    co.trains.append(train)
    said = _("{company} buys a {train}-train from {seller} for {price}")
    kind = data.train_name(move.kind)
    events.append(Event(said.format(company=co.name, train=kind, seller=seller.name, price=price)))
    ledger.pay(state, co.name, seller.name, price, events, _("{train}-train").format(train=kind))


def buy_cheapest(cheapest: tuple[int, str, str]) -> str:
    """The move that buys the cheapest train (■20): `buy K`, `buy K pool` from the pool."""
    return f"buy {cheapest[1]}" + (" pool" if cheapest[2] == POOL else "")


def max_raise(state: State, player: str) -> int:
    """What a president could raise by selling shares in a forced purchase (■20)."""
    return sum(emergency_sellable(state, player, c) * c.price for c in state.companies.values())


def emergency_sellable(state: State, player: str, co: Company) -> int:
    """■20: no sale that changes a president; the pool holds at most 50%."""
    others = max((co.held(p) for p in state.active_players if p != player), default=0)
    keep = pool.kept(co.president == player, data.PRESIDENTS_CERTIFICATE, next_holder=others)
    return pool.sellable(co.held(player), keep, ledger.pool_room(co))


def shortfall(state: State, co: Company) -> int:
    cheapest = trains.cheapest_available(state)
    price = cheapest[0] if cheapest else None
    return emergency.shortfall(price, bool(co.trains), co.cash + state.cash[co.president])


def emergency_sell(
    state: State, co: Company, move: Sell, judge: Judge, events: list[Event]
) -> None:
    assert state.orr is not None
    player = co.president
    short = shortfall(state, co)
    items: dict[str, int] = {}  # one company named twice is still one sale (one drop, ■20)
    for name, n in move.items:
        items[name] = items.get(name, 0) + n
    judge.rule(
        short > 0,
        _(
            "shares are sold in an operating round only when the president "
            "cannot pay for the forced train"
        ),
        R_FORCED,
    )
    judge.rule(not state.orr.emergency_sold, _("the forced sales are made at once"), R_FORCED)
    for name, n in items.items():
        most_of = emergency_sellable(state, player, state.companies[name])
        judge.rule(
            n <= most_of,
            _("{player} may sell at most {n} of {company}").format(
                player=player, n=most_of, company=name
            ),
            R_FORCED,
            _("no change of president; the pool holds at most 50%"),
        )
    raised = sum(n * state.companies[name].price for name, n in items.items())
    smallest = min(state.companies[name].price for name in items)
    judge.rule(
        raised - smallest < short,
        _("{player} needs {short}: sell one share at a time, only as many as needed").format(
            player=player, short=short
        ),
        R_FORCED,
    )
    # ■20: shares are sold one by one until the money is there; the number sold is then
    # settled once (the price drops after it), so a sale that stops short is refused while
    # the president could still sell more.
    most = max_raise(state, player)
    judge.rule(
        raised >= short or raised >= most,
        _("{player} needs {short} and raises {raised}: sell on until it is there").format(
            player=player, short=short, raised=raised
        ),
        R_FORCED,
        _("the shares {player} may sell raise up to {most}").format(player=player, most=most),
    )
    _sell(state, player, items, events)


def _sell(state: State, player: str, items: dict[str, int], events: list[Event]) -> None:
    """■20: the president's forced sale to the pool at the current price, then one space left
    for each company sold, however many shares."""
    assert state.orr is not None
    for name, n in items.items():
        c = state.companies[name]
        if n > c.held(player):
            holds = _("{player} holds {n} of {company}")
            raise RuleError(
                holds.format(player=player, n=c.held(player), company=name),
                R_FORCED,
                computable=False,
            )
        said = _("{player} sells {n} of {company} at {price} (forced, ■20)")
        events.append(Event(said.format(player=player, n=n, company=name, price=c.price)))
        sold = shares.sale(player, POOL, ledger.BANK, n, c.price)
        ledger.trade(state, c, sold, events, _("forced sale, ■20"))
        state.orr.emergency_sold[name] = state.orr.emergency_sold.get(name, 0) + n
    for name in items:  # ■20: one space left per company sold, after all the sales
        ledger.move_price(state, state.companies[name], -1, N_("forced sale"), events)
        ledger.check_president(state, state.companies[name], events)


def bankrupt(state: State, co: Company, judge: Judge, events: list[Event]) -> None:
    """■20: the president cannot raise the money: out of the game; the company closes (its
    turn ends: the operating round goes on with the next company)."""
    player = co.president
    short = shortfall(state, co)
    judge.rule(
        short > 0 and max_raise(state, player) < short,
        _("{player} can still pay for the cheapest train").format(player=player),
        R_FORCED,
        _("sell shares (sell CO N ...) and buy it"),
    )
    assert state.orr is not None
    if not state.orr.emergency_sold:
        # ■20: bankruptcy comes after the forced purchase's steps, so the president first sells
        # every share the rules let him sell (the prices drop as for any forced sale).
        items = {
            n: emergency_sellable(state, player, c)
            for n, c in state.companies.items()
            if emergency_sellable(state, player, c)
        }
        if items:
            _sell(state, player, items, events)
    events.append(Event(_("{player} is bankrupt and leaves the game (■20)").format(player=player)))
    close_company(state, co, events)
    state.out.append(player)
    # Rules silent on the bankrupt player's other certificates and cash: they leave the game
    # with the player (BANKRUPT_ASSETS).
    for other in list(state.companies.values()):
        n = bankruptcy.leaving(BANKRUPT_ASSETS, other.held(player))
        if n:
            ledger.move_shares(other, player, POOL, n)
            said = _("{player}'s {n} of {company} go to the pool")
            events.append(Event(said.format(player=player, n=n, company=other.name)))
        if other.president == player:
            holders = [p for p in state.active_players if other.held(p) > 0]
            if not holders and state.readings.of(BANKRUPT_OTHER) == "closes":
                alone = _("{company} has no shareholder left to preside").format(company=other.name)
                events.append(state.readings.noted(alone, BANKRUPT_OTHER))
                close_company(state, other, events)
            elif not holders:
                heir = state.after(player, state.active_players)
                ledger.move_shares(other, POOL, heir, 2)  # the president's certificate
                other.president = heir
                passes = _("{company}: the president's certificate passes to {player}").format(
                    company=other.name, player=heir
                )
                events.append(state.readings.noted(passes, BANKRUPT_OTHER))
            else:
                held = {p: other.held(p) for p in holders}
                p = presidency.successor(player, 0, state.players, held)
                other.president = p
                said = _("{company}: president {old} -> {new}")
                events.append(Event(said.format(company=other.name, old=player, new=p)))
    cash = bankruptcy.to_bank(BANKRUPT_ASSETS, state.cash[player])
    ledger.pay(state, player, ledger.BANK, cash, events, _("bankruptcy, ■20"))


def close_company(state: State, co: Company, events: list[Event]) -> None:
    """■20: trains to the pool, tokens off the map, the marker off the track; the other
    holders sell their shares to the bank at the current price without a drop. (They "may";
    the referee sells for them: a closed company's shares are worth nothing at the end.)"""
    for t in co.trains:
        if not t.rusted:
            state.pool_trains.append(t)
    hubs = ", ".join(data.hub_name(h) for h in co.hubs) or _("nowhere")
    said = _("{company} closes: trains to the pool, tokens removed from {hubs}")
    events.append(Event(said.format(company=co.name, hubs=hubs)))
    for holder, n in list(co.shares.items()):
        if holder in state.cash and holder != co.president and holder not in state.out:
            said = _("{player} sells {n} of {company} at {price} (no drop)")
            events.append(Event(said.format(player=holder, n=n, company=co.name, price=co.price)))
            ledger.pay(state, ledger.BANK, holder, n * co.price, events, _("sale"))
    ledger.pay(state, co.name, ledger.BANK, co.cash, events, _("the company closes"))
    del state.companies[co.name]
    state.closed.append(co.name)
