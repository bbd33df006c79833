"""The operating rounds of a described title: privates pay, companies operate in price order,
lay track and tokens, run, pay out or withhold, buy trains and privates; phases, rusting, the
train limit and the end of the game follow the title's description.

Where the description cannot decide (which hex a tile goes on, whether a company has a route)
the referee takes what is entered and says that it trusted it. A company without a train that
cannot pay for the cheapest one buys it with its president's help: he pays the rest, selling
shares first if he must (`sell` in the operating round), and may declare bankruptcy when he
cannot; whether a sale could still raise the money is the table's to say (trusted).
"""

from __future__ import annotations

from referee.engine import Event, UsageError
from referee.games.titled import market
from referee.games.titled.auction import pay_privates
from referee.games.titled.emergency import pay_company, president_helps, settle_bankrupt
from referee.games.titled.moves import (
    Bankrupt,
    BuyPrivate,
    BuyTrain,
    Discard,
    Done,
    Lay,
    Run,
    Sell,
    Token,
)
from referee.games.titled.rules import key, moved
from referee.games.titled.state import CLOSED, IPO, POOL, Corp, OpTurn, State
from referee.games.titled.stock import EMERGENCY, sale
from referee.games.titled.title import Phase
from referee.rules_kit import Judge

OR = "18xx operating round"


def phase(state: State) -> Phase:
    return next(p for p in state.title.phases if p.name == state.phase)


def order(state: State) -> list[str]:
    """Floated companies: highest price first; on a tie the one further right, then the one
    that arrived on the space first."""
    floated = [c for c in state.corps.values() if c.floated]
    return [
        c.abbr for c in sorted(floated, key=lambda c: (-state.space(c).price, -c.column, c.arrival))
    ]


def company(state: State) -> Corp:
    return state.corps[state.order[state.operating]]


def actor(state: State) -> str:
    if state.discard_due:
        return state.corps[state.discard_due[0]].president
    return company(state).president


def begin_set(state: State) -> list[Event]:
    state.set_size, state.or_number = phase(state).operating_rounds, 0
    return begin_round(state)


def begin_round(state: State) -> list[Event]:
    state.round = "operating"
    state.or_number += 1
    events = [Event(f"operating round {state.stock_round}.{state.or_number}")]
    events += pay_privates(state)
    state.order, state.operating, state.op = order(state), 0, OpTurn()
    if not state.order:
        return [*events, *end_round(state)]
    return [*events, *_begin_turn(state)]


def _begin_turn(state: State) -> list[Event]:
    corp = company(state)
    if corp.stations == 0:
        corp.stations = 1  # the home station, free (the title's tokens list starts with it)
        described = state.title.company(corp.abbr)
        if described.home:
            state.stations.append((described.home, described.home_city or 0, corp.abbr))
        home = described.home or "its home"
        return [Event(f"{corp.abbr} operates; its home station is placed on {home}")]
    return [Event(f"{corp.abbr} operates")]


def end_round(state: State) -> list[Event]:
    title = state.title
    if state.end_after_round:
        return _over(state)
    if state.or_number < state.set_size:
        return begin_round(state)
    state.sets_done += 1
    if state.last_set or (title.end.sets and state.sets_done >= title.end.sets):
        return _over(state)
    state.round, state.stock_round = "stock", state.stock_round + 1
    return [Event(f"stock round {state.stock_round}: {state.player} has the priority deal")]


def _over(state: State) -> list[Event]:
    state.round = "over"
    return [Event("the game is over")]


def _turn(state: State, actor_name: str, judge: Judge) -> Corp:
    judge.fact(state.round == "operating", "it is not an operating round", OR)
    judge.fact(not state.discard_due, "a company over its train limit discards first", OR)
    corp = company(state)
    judge.turn(actor_name, corp.president, OR)
    return corp


def _spend(state: State, corp: Corp, amount: int, judge: Judge, what: str) -> None:
    judge.rule(
        corp.cash >= amount,
        f"{corp.abbr} has {state.title.money(corp.cash)}: {what} {state.title.money(amount)}",
        OR,
    )
    corp.cash -= amount
    state.bank += amount


def _on_map(state: State, judge: Judge) -> None:
    """Where the title has a map, the tiles and stations entered must fit it (tables/maps and
    referee.eighteen.position); what the map does not settle is trusted."""
    if not state.title.map:
        return
    from referee.eighteen.position import position_from_data

    data = {
        "map": state.title.map,
        "phase": state.phase,
        "tiles": [{"hex": h, "tile": t, "rotation": r} for h, (t, r) in state.tiles.items()],
        "tokens": [{"hex": h, "city": c, "company": a} for h, c, a in state.stations],
    }
    try:
        position_from_data(data)
    except UsageError as e:
        judge.rule(False, str(e), key(state, "title.map"))


def lay(state: State, move: Lay, judge: Judge) -> tuple[State, list[Event]]:
    corp = _turn(state, move.actor, judge)
    judge.rule(
        state.op.lays < state.title.operating.tile_lays,
        f"{corp.abbr} has laid its {state.title.operating.tile_lays} tile(s) this turn",
        key(state, "operating.tile_lays"),
    )
    judge.fact(move.cost >= 0, "a terrain cost is not negative", OR)
    judge.fact(0 <= move.rotation < 6, "a rotation is 0 to 5", OR)
    judge.rule(
        not state.op.tokened and not state.op.ran,
        "track comes first in a turn: before the station, the run and the trains",
        OR,
    )
    state.tiles[move.hex] = (move.tile, move.rotation)
    _on_map(state, judge)
    _spend(state, corp, move.cost, judge, "the terrain costs")
    state.op.lays += 1
    checked = "its connection, colour and cost" if state.title.map else "the tile and its cost"
    return state, [
        Event(
            f"{corp.abbr} lays tile {move.tile} on {move.hex} for {state.title.money(move.cost)}"
        ),
        Event(f"trusted: {checked} (not checked)"),
    ]


def token(state: State, move: Token, judge: Judge) -> tuple[State, list[Event]]:
    corp = _turn(state, move.actor, judge)
    tokens = state.title.company(corp.abbr).tokens
    judge.rule(not state.op.tokened, f"{corp.abbr} has placed a station this turn", OR)
    judge.rule(not state.op.ran, "the station comes before the run and the trains", OR)
    judge.fact(corp.stations < len(tokens), f"{corp.abbr} has no station token left", OR)
    cost = tokens[corp.stations]
    state.stations.append((move.hex, move.city, corp.abbr))
    _on_map(state, judge)
    _spend(state, corp, cost, judge, "the station costs")
    corp.stations += 1
    state.op.tokened = True
    return state, [
        Event(f"{corp.abbr} places a station on {move.hex} for {state.title.money(cost)}"),
        Event("trusted: that the city is connected (not checked)"),
    ]


def run(state: State, move: Run, judge: Judge) -> tuple[State, list[Event]]:
    corp = _turn(state, move.actor, judge)
    title = state.title
    judge.fact(move.revenue >= 0, "revenue is not negative", OR)
    judge.rule(not state.op.ran, f"{corp.abbr} has run (or passed its run) this turn", OR)
    judge.rule(
        move.how in title.operating.payouts,
        f"{title.name} has no {move.how} payout",
        key(state, "operating.payouts"),
        ", ".join(title.operating.payouts),
    )
    judge.rule(bool(corp.trains) or move.revenue == 0, f"{corp.abbr} has no train", OR)
    state.op.ran = True
    events = [Event(f"{corp.abbr} runs for {title.money(move.revenue)}")]
    unit = title.company(corp.abbr).unit
    if move.how == "withhold" or move.revenue == 0:
        kept, paid, event = move.revenue, 0, "withhold"
    elif move.how == "half":
        shares = 100 // unit
        kept = move.revenue // 2 // shares * shares
        paid, event = move.revenue - kept, "half"
    else:
        kept, paid, event = 0, move.revenue, "pay"
    corp.cash += kept
    state.bank -= kept
    if kept:
        events.append(Event(f"{corp.abbr} keeps {title.money(kept)}"))
    if paid:
        events += _pay_out(state, corp, paid)
    to = market.move(title.market, state.space(corp), event)
    events += moved(state, corp, to)
    events += _market_end(state, corp)
    events += _bank_end(state)
    return state, events


def _pay_out(state: State, corp: Corp, paid: int) -> list[Event]:
    title = state.title
    paid_to: list[str] = []
    for holder, percent in corp.held.items():
        amount = paid * percent // 100
        if not amount:
            continue
        if holder in state.cash:
            state.cash[holder] += amount
        elif (holder == IPO and title.shares.ipo_pays == "company") or (
            holder == POOL and title.shares.pool_pays == "company"
        ):
            corp.cash += amount
        else:
            continue  # stays in the bank
        state.bank -= amount
        paid_to.append(f"{holder} {title.money(amount)}")
    per = paid * title.company(corp.abbr).unit // 100
    return [Event(f"{corp.abbr} pays {title.money(per)} a share: {', '.join(paid_to)}")]


def no_run(state: State, corp: Corp) -> list[Event]:
    """A company that does not run withholds nothing, and its price moves as a withhold does
    (18xx.games' dividend step, skipped for a company without a route)."""
    state.op.ran = True
    to = market.move(state.title.market, state.space(corp), "withhold")
    events = [Event(f"{corp.abbr} does not run: nothing paid"), *moved(state, corp, to)]
    return [*events, *_market_end(state, corp)]


def _market_end(state: State, corp: Corp) -> list[Event]:
    title, space = state.title, state.space(corp)
    events = []
    if title.market.means(space, "closes"):
        events.append(Event(f"trusted: {corp.abbr} reaches a closing space; the table closes it"))
    if title.market.means(space, "ends_game") and title.end.market_top != "never":
        events.append(Event(f"{corp.abbr} reaches the end of the market: the game ends"))
        events += _end_when(state, title.end.market_top)
    return events


def _bank_end(state: State) -> list[Event]:
    if state.bank > 0 or state.title.end.bank_broken == "never" or state.last_set:
        return []
    return [Event("the bank is broken"), *_end_when(state, state.title.end.bank_broken)]


def _end_when(state: State, timing: str) -> list[Event]:
    if timing == "immediately":
        return _over(state)
    if timing == "end_of_operating_round":
        state.end_after_round = True
    else:
        state.last_set = True
    return []


def available(state: State) -> list[str]:
    """The trains the bank sells now: the next kind in order, any kind whose `available_after`
    was bought, and those given back to the open market."""
    names: list[str] = []
    for train in state.title.trains:
        if state.depot[train.name] != 0 and not train.available_after:
            names.append(train.name)
            break
    for train in state.title.trains:
        if train.available_after in state.bought_kinds and state.depot[train.name] != 0:
            names.append(train.name)
    return list(dict.fromkeys([*names, *state.open_market]))


def buy_train(state: State, move: BuyTrain, judge: Judge) -> tuple[State, list[Event]]:
    corp = _turn(state, move.actor, judge)
    title = state.title
    names = [t.name for t in title.trains]
    judge.fact(move.train in names, f"no train {move.train}", OR, ", ".join(names))
    train = title.train(move.train)
    judge.rule(
        state.op.ran or not corp.trains,
        f"{corp.abbr} runs its trains before it buys more (run 0 withhold to skip)",
        OR,
    )
    skipped = [] if state.op.ran else no_run(state, corp)
    limit = phase(state).train_limit
    handed_in = 1 if move.trade and move.trade in corp.trains else 0
    judge.rule(
        len(corp.trains) - handed_in < limit,
        f"{corp.abbr} holds {len(corp.trains)} trains, the limit in phase {state.phase}",
        key(state, f"phases.{state.phase}.train_limit"),
    )
    if move.seller:
        judge.fact(
            move.seller in state.corps and move.seller != corp.abbr,
            f"no company {move.seller} to buy from",
            OR,
        )
        seller = state.corps[move.seller]
        judge.fact(move.train in seller.trains, f"{move.seller} has no {move.train} train", OR)
        judge.rule(
            move.price >= title.operating.train_price_between_companies,
            f"a train costs at least {title.money(title.operating.train_price_between_companies)}",
            key(state, "operating.train_price_between_companies"),
        )
        paid = pay_company(state, corp, seller, move.train, move.price, judge)
        seller.trains.remove(move.train)
        corp.trains.append(move.train)
        state.op.bought = True
        return state, [
            *skipped,
            *paid,
            Event(
                f"{corp.abbr} buys a {move.train} train from {move.seller}"
                f" for {title.money(move.price)}"
            ),
        ]
    judge.rule(
        move.train in available(state),
        f"the bank does not sell a {move.train} train now",
        OR,
        ", ".join(available(state)),
    )
    price = train.price
    if move.trade:
        judge.rule(
            move.trade in train.trade_in and move.trade in corp.trains,
            f"{corp.abbr} cannot hand in a {move.trade} train for a {move.train}",
            key(state, f"trains.{move.train}.trade_in"),
        )
        price -= train.trade_in_discount
    events: list[Event] = [*skipped]
    if corp.cash < price and not corp.trains:
        events += _emergency(state, corp, move.train, price, judge)
    else:
        _spend(state, corp, price, judge, f"a {move.train} train costs")
    if move.trade and move.trade in corp.trains:
        corp.trains.remove(move.trade)
    if move.train in state.open_market:
        state.open_market.remove(move.train)
    elif state.depot[move.train] > 0:
        state.depot[move.train] -= 1
    corp.trains.append(move.train)
    state.op.bought = True
    events.append(Event(f"{corp.abbr} buys a {move.train} train for {title.money(price)}"))
    events += _closes_with_train_by(state, corp)
    if move.train not in state.bought_kinds:
        state.bought_kinds.append(move.train)
        events += _first_of_kind(state, move.train)
    return state, events


def _closes_with_train_by(state: State, corp: Corp) -> list[Event]:
    events = []
    for p in state.title.privates:
        if p.closes_when_bought_train_by == corp.abbr and state.privates.get(p.abbr) not in (
            "",
            CLOSED,
            None,
        ):
            state.privates[p.abbr] = CLOSED
            events.append(Event(f"{p.abbr} closes ({corp.abbr} bought a train)"))
    return events


def _first_of_kind(state: State, name: str) -> list[Event]:
    title = state.title
    events: list[Event] = []
    new_phase = next((p for p in title.phases if p.on == name), None)
    if new_phase is not None:
        state.phase = new_phase.name
        events.append(
            Event(
                f"phase {new_phase.name}: tiles {', '.join(new_phase.tiles)},"
                f" train limit {new_phase.train_limit}"
            )
        )
    for train in title.trains:
        if train.rusts_on == name:
            for corp in state.corps.values():
                if train.name in corp.trains:
                    corp.trains[:] = [t for t in corp.trains if t != train.name]
                    events.append(Event(f"{corp.abbr}'s {train.name} trains rust"))
            state.open_market[:] = [t for t in state.open_market if t != train.name]
    if title.train(name).closes_privates:
        for p in title.privates:
            owner = state.privates.get(p.abbr, "")
            if owner == CLOSED or (p.player_keeps_open and owner in state.cash):
                continue
            state.privates[p.abbr] = CLOSED
            events.append(Event(f"{p.abbr} closes"))
    limit = phase(state).train_limit
    state.discard_due = [c.abbr for c in state.corps.values() if len(c.trains) > limit]
    for abbr in state.discard_due:
        events.append(Event(f"{abbr} holds more than {limit} trains and discards"))
    return events


def discard(state: State, move: Discard, judge: Judge) -> tuple[State, list[Event]]:
    judge.fact(move.company in state.discard_due, f"{move.company} need not discard", OR)
    corp = state.corps[move.company]
    judge.turn(move.actor, corp.president, OR)
    judge.fact(move.train in corp.trains, f"{corp.abbr} has no {move.train} train", OR)
    corp.trains.remove(move.train)
    state.open_market.append(move.train)
    if len(corp.trains) <= phase(state).train_limit:
        state.discard_due.remove(corp.abbr)
    return state, [Event(f"{corp.abbr} gives a {move.train} train back to the bank")]


def buy_private(state: State, move: BuyPrivate, judge: Judge) -> tuple[State, list[Event]]:
    corp = _turn(state, move.actor, judge)
    title = state.title
    judge.fact(move.private in state.privates, f"no private {move.private}", OR)
    owner = state.privates[move.private]
    judge.fact(owner in state.cash, f"{move.private} is not owned by a player", OR)
    p = next(x for x in title.privates if x.abbr == move.private)
    judge.rule(
        phase(state).privates_for_sale,
        f"no private is sold to a company in phase {state.phase}",
        key(state, f"phases.{state.phase}.privates_for_sale"),
    )
    judge.rule(
        p.company_may_buy,
        f"{p.abbr} is never sold to a company",
        key(state, f"privates.{p.abbr}.company_may_buy"),
    )
    low, high = (p.cost * pct // 100 for pct in title.operating.private_price_percent)
    judge.rule(
        low <= move.price <= high,
        f"{p.abbr} sells for {title.money(low)} to {title.money(high)}",
        key(state, "operating.private_price_percent"),
    )
    judge.rule(corp.cash >= move.price, f"{corp.abbr} cannot pay {title.money(move.price)}", OR)
    corp.cash -= move.price
    state.cash[owner] += move.price
    state.privates[p.abbr] = corp.abbr
    return state, [Event(f"{corp.abbr} buys {p.abbr} from {owner} for {title.money(move.price)}")]


def done(state: State, move: Done, judge: Judge) -> tuple[State, list[Event]]:
    corp = _turn(state, move.actor, judge)
    title = state.title
    events: list[Event] = []
    if title.operating.must_buy_train == "always":
        judge.rule(
            bool(corp.trains),
            f"{corp.abbr} must own a train",
            key(state, "operating.must_buy_train"),
        )
    elif title.operating.must_buy_train == "route" and not corp.trains:
        events.append(Event(f"trusted: that {corp.abbr} has no route, so need not own a train"))
    if not state.op.ran:
        events += no_run(state, corp)
    corp.operated = True
    state.operating += 1
    state.op = OpTurn()
    events.append(Event(f"{corp.abbr} ends its turn"))
    if state.operating < len(state.order):
        return state, [*events, *_begin_turn(state)]
    return state, [*events, *end_round(state)]


def cheapest(state: State) -> int:
    """The price of the cheapest train the bank sells now."""
    return min(state.title.train(name).price for name in available(state))


def shortfall(state: State, corp: Corp) -> int:
    """What a company without a train lacks for the cheapest one (0: it can pay, or has one)."""
    if corp.trains or not available(state):
        return 0
    return max(cheapest(state) - corp.cash, 0)


def _emergency(state: State, corp: Corp, train: str, price: int, judge: Judge) -> list[Event]:
    judge.rule(
        price == cheapest(state),
        f"{corp.abbr} cannot pay: with its president's help it buys the cheapest train only",
        EMERGENCY,
    )
    events = president_helps(state, corp, price, judge)
    state.bank += price
    return events


def emergency_sell(state: State, move: Sell, judge: Judge) -> tuple[State, list[Event]]:
    corp = _turn(state, move.actor, judge)
    need = shortfall(state, corp) - state.cash[move.actor]
    judge.rule(
        need > 0,
        f"{move.actor} sells in an operating round only to pay for {corp.abbr}'s train",
        EMERGENCY,
    )
    return state, sale(state, move, judge, in_need=corp.abbr)


def bankrupt(state: State, move: Bankrupt, judge: Judge) -> tuple[State, list[Event]]:
    corp = _turn(state, move.actor, judge)
    need = shortfall(state, corp) - state.cash[move.actor]
    judge.rule(need > 0, f"{move.actor} can pay for {corp.abbr}'s train: no bankruptcy", EMERGENCY)
    events = [
        Event(f"{move.actor} is bankrupt: {corp.abbr} cannot buy a train"),
        Event("trusted: that no sale of shares could raise the rest (not checked)"),
        *settle_bankrupt(state, move.actor),
    ]
    timing = state.title.end.bankruptcy
    if timing == "never":
        return state, [*events, Event("trusted: the title says nothing of bankruptcy")]
    return state, [*events, *_end_when(state, timing)]
