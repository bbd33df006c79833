"""The stock round of a described title: par, buy, sell, done, and the end of the round.

Each refusal names what decided it: a key of the title's description (`1830 shares.pool_limit`)
or, for what every title of the family shares and no key describes, `18xx stock round`.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.core.engine import Event
from referee.core.rules_kit import Judge
from referee.eighteen_rules import limits, market, pool, presidency, shares
from referee.games.titled import bonuses, holdings
from referee.games.titled.common import EMERGENCY, SR, key, moved, order, start_at
from referee.games.titled.floating import float_company
from referee.games.titled.holdings import BANK, certificates, president_percent, successor
from referee.games.titled.moves import Buy, BuyPrivate, Done, Exchange, Par, Sell
from referee.games.titled.state import CLOSED, IPO, OUT, POOL, Corp, State, Turn
from referee.games.titled.title import Company
from referee.games.titled.zones import multiple_buy
from referee.i18n import _


def where_from(source: str) -> str:
    """Where a certificate comes from (IPO or POOL), in words."""
    return _("the initial offering") if source == IPO else _("the pool")


def _company(state: State, abbr: str, judge: Judge) -> tuple[Company, Corp]:
    names = [c.abbr for c in state.title.companies]
    judge.fact(abbr in names, _("no company {company}").format(company=abbr), SR, ", ".join(names))
    return state.title.company(abbr), state.corps[abbr]


def _turn_checks(state: State, actor: str, judge: Judge) -> None:
    judge.fact(state.round == "stock", _("it is not a stock round"), SR)
    judge.turn(actor, state.player, SR)


def _may_buy(state: State, actor: str, company: Company, corp: Corp, judge: Judge) -> None:
    title, turn = state.title, state.turn
    judge.rule(not turn.did("private"), _("one buy a turn: a private was bought in it"), SR)
    bought = turn.did("buy")
    if bought:
        spaces = [state.corps[c] for c in [*bought, company.abbr]]
        multiple = all(
            c.started and title.market.means(state.space(c), "multiple_buy") for c in spaces
        )
        judge.rule(
            multiple,
            _("one certificate a turn (more only of a company priced in a multiple-buy zone)"),
            SR,
        )
    if not title.shares.rebuy_after_selling:
        judge.rule(
            company.abbr not in state.sold_this_round.get(actor, []),
            _("{player} sold {company} this round and may not buy it back in it").format(
                player=actor, company=company.abbr
            ),
            key(state, "shares.rebuy_after_selling"),
        )


def within_holding_limit(state: State, actor: str, corp: Corp, judge: Judge) -> None:
    title = state.title
    in_zone = corp.started and title.market.means(state.space(corp), "no_holding_limit")
    judge.rule(
        limits.within(corp.percent(actor), title.shares.holding_limit, exempt=in_zone),
        _("{player} would hold {percent}% of {company}, above {limit}%").format(
            player=actor,
            percent=corp.percent(actor),
            company=corp.abbr,
            limit=title.shares.holding_limit,
        ),
        key(state, "shares.holding_limit"),
    )


def _take(
    state: State, actor: str, corp: Corp, source: str, percent: int, price: int, judge: Judge
) -> None:
    """`actor` takes `percent` of `corp` from `source` for `price`, within his limits."""
    paid = pool.pays_the_company(source == IPO, state.title.shares.capitalisation)
    holdings.trade(
        state, corp, shares.purchase(actor, source, price, corp.abbr if paid else BANK, percent)
    )
    within_holding_limit(state, actor, corp, judge)
    _within_certificate_limit(state, actor, judge)
    judge.rule(state.cash[actor] >= 0, _("{player} cannot pay for it").format(player=actor), SR)
    _acted(state, actor, "buy", corp.abbr)


def _within_certificate_limit(state: State, actor: str, judge: Judge) -> None:
    limit = state.title.certificate_limit[len(state.players)]
    judge.rule(
        certificates(state, actor) <= limit,
        _("{player} would hold {count} certificates, above the limit of {limit}").format(
            player=actor, count=certificates(state, actor), limit=limit
        ),
        key(state, "players.certificate_limit"),
    )


def _presidency_to_buyer(state: State, actor: str, corp: Corp) -> list[Event]:
    old = corp.president
    buyer = {actor: corp.percent(actor)} if actor != old else {}
    if presidency.successor(old, corp.percent(old), state.players, buyer):
        corp.president = actor
        said = _("{player} becomes president of {company} (from {old})")
        events = [Event(said.format(player=actor, company=corp.abbr, old=old))]
        return events + bonuses.new_president(state, corp)
    return []


def _acted(state: State, actor: str, kind: str, abbr: str) -> None:
    state.turn.acts.append((kind, abbr))
    state.last_to_act = actor


def par(state: State, move: Par, judge: Judge) -> tuple[State, list[Event]]:
    _turn_checks(state, move.actor, judge)
    company, corp = _company(state, move.company, judge)
    judge.fact(
        not corp.started, _("{company} has been started already").format(company=company.abbr), SR
    )
    _may_buy(state, move.actor, company, corp, judge)
    certificate = president_percent(state, company.abbr)
    cost = move.price * certificate // company.unit
    start_at(state, corp, move.price, judge)
    corp.president = move.actor
    _take(state, move.actor, corp, IPO, certificate, cost, judge)
    events = [
        Event(
            _(
                "{player} starts {company} at {price}, paying {cost}"
                " for the president's certificate"
            ).format(
                player=move.actor,
                company=company.abbr,
                price=state.title.money(move.price),
                cost=state.title.money(cost),
            )
        )
    ]
    return state, [*events, *float_company(state, company, corp)]


def buy(state: State, move: Buy, judge: Judge) -> tuple[State, list[Event]]:
    _turn_checks(state, move.actor, judge)
    company, corp = _company(state, move.company, judge)
    not_started = _("{company} has not been started: par it first").format(company=company.abbr)
    judge.fact(corp.started, not_started, SR)
    where = where_from(move.source)
    none_there = _("no {company} certificate in {where}").format(company=company.abbr, where=where)
    judge.fact(corp.percent(move.source) >= company.unit, none_there, SR)
    _may_buy(state, move.actor, company, corp, judge)
    if state.turn.did("buy"):
        multiple_buy(state, move, judge)
    price = corp.par if move.source == IPO else state.space(corp).price
    outsider = move.actor != corp.president
    _take(state, move.actor, corp, move.source, company.unit, price, judge)
    events = [
        Event(
            _("{player} buys a {percent}% {company} certificate from {where} for {price}").format(
                player=move.actor,
                percent=company.unit,
                company=company.abbr,
                where=where,
                price=state.title.money(price),
            )
        ),
        *(_retire_a_pool_share(state, company, corp) if outsider else []),
        *_presidency_to_buyer(state, move.actor, corp),
    ]
    return state, [*events, *float_company(state, company, corp)]


def _retire_a_pool_share(state: State, company: Company, corp: Corp) -> list[Event]:
    """[players.variants.N] outside_buy_retires_pool_share: a player who is not the company's
    president buys one of its certificates, and one of them in the pool leaves the game
    (18Chesapeake's two-player variant, rules 13.3)."""
    rules = state.title.variant(len(state.players))
    if not rules.outside_buy_retires_pool_share or corp.percent(POOL) < company.unit:
        return []
    holdings.give(corp, POOL, OUT, company.unit)
    said = _("a {percent}% {company} certificate leaves the pool and the game")
    return [Event(said.format(percent=company.unit, company=company.abbr))]


def buy_private(state: State, move: BuyPrivate, judge: Judge) -> tuple[State, list[Event]]:
    """A phase's private_sales_between_players (18AL's phases 2 to 4): a player buys another
    player's private at the price they agree, as his turn's buy."""
    _turn_checks(state, move.actor, judge)
    phase = next(p for p in state.title.phases if p.name == state.phase)
    rule = key(state, f"phases.{phase.name}.private_sales_between_players")
    judge.rule(
        phase.private_sales_between_players,
        _("players do not sell privates to each other in phase {phase}").format(phase=phase.name),
        rule,
    )
    owner = state.privates.get(move.private, "")
    judge.fact(
        owner in state.cash and owner != move.actor,
        _("{private} is not another player's").format(private=move.private),
        rule,
    )
    bought = state.turn.did("buy") or state.turn.did("private")
    judge.rule(not bought, _("one buy a turn: a certificate or a private"), SR)
    judge.fact(
        move.price >= 1,
        _("a private costs at least {price}").format(price=state.title.money(1)),
        rule,
    )
    judge.fact(
        state.cash[move.actor] >= move.price,
        _("{player} has {cash}, not {price}").format(
            player=move.actor,
            cash=state.title.money(state.cash[move.actor]),
            price=state.title.money(move.price),
        ),
        rule,
    )
    state.cash[move.actor] -= move.price
    state.cash[owner] += move.price
    state.privates[move.private] = move.actor
    _within_certificate_limit(state, move.actor, judge)
    _acted(state, move.actor, "private", move.private)
    said = _("{player} buys {private} from {owner} for {price}")
    return state, [
        Event(
            said.format(
                player=move.actor,
                private=move.private,
                owner=owner,
                price=state.title.money(move.price),
            )
        )
    ]


def sell(state: State, move: Sell, judge: Judge) -> tuple[State, list[Event]]:
    _turn_checks(state, move.actor, judge)
    return state, sale(state, move, judge)


def sale(state: State, move: Sell, judge: Judge, in_need: str = "") -> list[Event]:
    """Shares sold to the pool, in a stock round or (`in_need`: the company whose train the
    seller, its president, must pay for) to raise cash for an emergency train purchase."""
    title, rules = state.title, state.title.shares
    company, corp = _company(state, move.company, judge)
    judge.fact(move.count >= 1, _("sell at least one certificate"), SR)
    judge.fact(corp.started, _("{company} has not been started").format(company=company.abbr), SR)
    amount = move.count * company.unit
    president = corp.president == move.actor
    ordinary = corp.percent(move.actor) - (president_percent(state, corp.abbr) if president else 0)
    heir = ""
    if president:
        corp.held[move.actor] -= amount
        heir = successor(state, corp, company, move.actor)
        corp.held[move.actor] += amount
    judge.fact(
        corp.percent(move.actor) >= amount,
        _("{player} holds {percent}% of {company}").format(
            player=move.actor, percent=corp.percent(move.actor), company=company.abbr
        ),
        SR,
    )
    if amount > ordinary:  # a fact: the certificate has nowhere to go, forced or not
        judge.fact(
            bool(heir),
            _("the president's certificate cannot go to the pool: no other player could take it"),
            SR,
        )
    if heir and in_need:
        judge.rule(
            company.abbr != in_need,
            _("{player} may not give up {company} while raising cash for its train").format(
                player=move.actor, company=in_need
            ),
            EMERGENCY,
        )
    if heir:
        judge.rule(
            rules.president_may_leave,
            _("{player} may not sell the presidency of {company} away").format(
                player=move.actor, company=company.abbr
            ),
            key(state, "shares.president_may_leave"),
        )
    if rules.first_sale == "after_first_stock_round":
        judge.rule(
            state.stock_round > 1,
            _("nothing may be sold in the first stock round"),
            key(state, "shares.first_sale"),
        )
    elif rules.first_sale == "after_company_operates":
        judge.rule(
            corp.operated,
            _("{company} has not operated yet").format(company=company.abbr),
            key(state, "shares.first_sale"),
        )
    sold, bought = state.turn.did("sell"), state.turn.did("buy")
    if rules.sell_in_blocks and not in_need:
        judge.rule(
            company.abbr not in sold,
            _("{company} was sold this turn already: sell a company's shares at once").format(
                company=company.abbr
            ),
            key(state, "shares.sell_in_blocks"),
        )
    if bought and rules.sell_buy_order != "sell_buy_sell" and not in_need:
        sold_first = state.turn.acts.index(("buy", bought[0])) > 0
        judge.rule(
            rules.sell_buy_order == "sell_buy_or_buy_sell" and not sold_first,
            _("no selling after buying in this turn"),
            key(state, "shares.sell_buy_order"),
        )
    judge.rule(
        limits.within(corp.percent(POOL) + amount, rules.pool_limit),
        _("the pool would hold {percent}% of {company}, above {limit}%").format(
            percent=corp.percent(POOL) + amount, company=company.abbr, limit=rules.pool_limit
        ),
        key(state, "shares.pool_limit"),
    )
    price = state.space(corp).price
    holdings.trade(
        state, corp, shares.sale(move.actor, POOL, BANK, move.count, price, company.unit)
    )
    events = [
        Event(
            _("{player} sells {count} {company} to the pool for {price}").format(
                player=move.actor,
                count=move.count,
                company=company.abbr,
                price=state.title.money(price * move.count),
            )
        )
    ]
    if heir:
        corp.president = heir
        said = _("{player} becomes president of {company} (from {old})")
        events.append(Event(said.format(player=heir, company=company.abbr, old=move.actor)))
        events += bonuses.new_president(state, corp)
    drops = market.sale_drops(move.count, rules.sell_drop)
    to = market.move(title.market, state.space(corp), "sold", drops)
    events.extend(moved(state, corp, to))
    if not in_need:
        state.sold_this_round.setdefault(move.actor, []).append(company.abbr)
        _acted(state, move.actor, "sell", company.abbr)
    return events


def done(
    state: State, move: Done, judge: Judge, operate: Callable[[State], list[Event]]
) -> tuple[State, list[Event]]:
    """A stock turn ends; after every player passed in turn the round ends, and `operate`
    begins the operating rounds (operating.begin_set: this module is below it)."""
    _turn_checks(state, move.actor, judge)
    passed = not state.turn.acts
    state.passes = state.passes + 1 if passed else 0
    state.turn = Turn()
    state.actor = (state.actor + 1) % len(state.players)
    said = _("{player} passes") if passed else _("{player} ends the turn")
    events = [Event(said.format(player=move.actor))]
    if state.passes == len(state.players):
        events.extend(end_of_round(state))
        events.extend(operate(state))
    return state, events


def end_of_round(state: State) -> list[Event]:
    """Every player passed in turn: sold-out companies rise, the priority deal moves on.

    They rise one by one in operating order (18xx.games sorts the floated corporations before
    moving them), so two on one space reach the space above in the order they held."""
    events = [Event(_("stock round {number} ends").format(number=state.stock_round))]
    for abbr in order(state):
        corp = state.corps[abbr]
        if corp.percent(IPO) == 0 and corp.percent(POOL) == 0:
            to = market.move(state.title.market, state.space(corp), "sold_out")
            events.extend(moved(state, corp, to))
    if state.last_to_act:
        state.actor = (state.players.index(state.last_to_act) + 1) % len(state.players)
    state.passes, state.last_to_act = 0, ""
    state.sold_this_round = {}
    events.append(Event(_("{player} has the priority deal").format(player=state.player)))
    return events


def exchange(state: State, move: Exchange, judge: Judge) -> tuple[State, list[Event]]:
    """When the owner makes it is the table's (trusted): the title gives it as text."""
    title = state.title
    owner = state.privates.get(move.private, "")
    not_owned = _("{player} does not own {private}").format(player=move.actor, private=move.private)
    judge.fact(owner == move.actor, not_owned, SR)
    private = next(p for p in title.privates if p.abbr == move.private)
    rule = key(state, f"privates.{private.abbr}.exchanges_for")
    nothing = _("{private} is exchanged for nothing").format(private=private.abbr)
    judge.fact(bool(private.exchanges_for), nothing, rule)
    company, corp = _company(state, private.exchanges_for, judge)
    where = where_from(move.source)
    judge.rule(
        move.source in private.exchange_from,
        _("{private} is exchanged for a share from {sources}").format(
            private=private.abbr, sources=_(" or ").join(map(where_from, private.exchange_from))
        ),
        key(state, f"privates.{private.abbr}.exchange_from"),
    )
    no_share = _("no {company} share in {where}").format(company=company.abbr, where=where)
    judge.fact(corp.percent(move.source) >= company.unit, no_share, SR)
    holdings.give(corp, move.source, move.actor, company.unit)
    state.privates[private.abbr] = CLOSED
    within_holding_limit(state, move.actor, corp, judge)
    events = [
        Event(
            _("{player} exchanges {private} for a {company} share from {where}").format(
                player=move.actor, private=private.abbr, company=company.abbr, where=where
            )
        ),
        Event(
            _("trusted: that {private} may be exchanged now (its timing is not checked)").format(
                private=private.abbr
            )
        ),
    ]
    if corp.started:
        events += _presidency_to_buyer(state, move.actor, corp)
        events += float_company(state, company, corp)
    return state, events
