"""Operating rounds (rules ■11-■21): the seven steps of a company's turn."""

from __future__ import annotations

from referee.calc.dividend import stock_move
from referee.engine import Event, RuleError
from referee.games.lost_atlas import data, ledger, routes, track, trains
from referee.games.lost_atlas.commands import (
    BuyTrain,
    LayTile,
    Move,
    Named,
    Run,
    Sell,
    Token,
)
from referee.games.lost_atlas.data import INF, POOL, TREASURY
from referee.games.lost_atlas.state import Company, OperatingRound, State, Train

R_OR = "■11 経営ラウンド"
R_FIRST = "■12 経営アクション1:(任意)新規設立されたマイナー会社が列車を1台購入する"
R_ISSUE = "■13 経営アクション2:(任意)株式の発行または買戻し"
R_TRACK = "■14 経営アクション3:線路タイルの敷設"
R_TOKEN = "■15 経営アクション4:(任意)駅トークンの配置"
R_RUN = "■16 経営アクション5:(可能なら)列車の運行"
R_PAY = "■17 経営アクション6:収益の分配"
R_TRAINS = "■18 経営アクション7:列車購入"
R_FORCED = "■20 経営アクション7の続き:列車の強制購入(注意:破産の可能性あり)"
R_ABILITY = "■26 マイナー会社の能力"


def start_operating_round(state: State, number: int, events: list[Event]) -> None:
    state.round = "operating"
    state.orr = OperatingRound(number)
    events.append(Event(f"cycle {state.cycle}: operating round {number}"))
    next_company(state, events)


def next_company(state: State, events: list[Event]) -> None:
    orr = state.orr
    assert orr is not None
    left = [n for n in state.order() if n not in orr.done]
    if not left:
        end_operating_round(state, events)
        return
    name = left[0]  # ■11: highest price first; on one space, the upper marker first
    state.orr = OperatingRound(orr.number, orr.done, name)
    co = state.companies[name]
    events.append(Event(f"{name} operates ({co.president}); price {co.price}, cash {co.cash}"))


def end_operating_round(state: State, events: list[Event]) -> None:
    from referee.games.lost_atlas.merger import end_cycle, start_merger_round

    assert state.orr is not None
    number = state.orr.number
    state.orr = None
    if number == 1:
        start_operating_round(state, 2, events)
    elif state.colour != "yellow":  # ■22: merger rounds from the green phase on
        start_merger_round(state, events)
    else:
        end_cycle(state, events)


def current(state: State) -> Company:
    assert state.orr is not None
    return state.companies[state.orr.current]


def or_move(state: State, move: object, forced: bool, events: list[Event]) -> None:
    co = current(state)
    orr = state.orr
    assert orr is not None
    ledger.need_turn(state, move.actor, co.president, R_OR, forced)  # type: ignore[attr-defined]
    if isinstance(move, BuyTrain):
        # ■12: a new minor's step-1 train is paid by the company alone; when it cannot pay,
        # the purchase is the (forced) one of step 7.
        first = co.new and orr.stage <= 1 and not orr.first_train and move.source in ("deck",
                                                                                       POOL)
        if first and (forced or co.cash >= data.train_price(move.kind)):
            _first_train(state, co, move, forced, events)
        else:
            _through_dividend(state, co, forced, events)
            track.stage(state, 7, forced, "buying trains")
            buy_train(state, co, move, forced, events)
    elif isinstance(move, Move) and move.verb in ("issue", "redeem"):
        _share_action(state, co, move.verb, forced, events)
    elif isinstance(move, LayTile):
        track.lay(state, co, move, forced, events)
    elif isinstance(move, Token):
        track.token(state, co, move, forced, events)
    elif isinstance(move, Named) and move.verb == "suburb":
        track.suburb(state, co, move.where, forced, events)
    elif isinstance(move, Move) and move.verb == "routes":
        _propose(state, co, events)
    elif isinstance(move, Run):
        _run(state, co, move, forced, events)
    elif isinstance(move, Move) and move.verb in ("payout", "withhold"):
        _dividend(state, co, move.verb == "withhold", forced, events)
    elif isinstance(move, Sell):
        _through_dividend(state, co, forced, events)
        track.stage(state, 7, forced, "selling for a train")
        emergency_sell(state, co, move, forced, events)
    elif isinstance(move, Move) and move.verb == "bankrupt":
        _through_dividend(state, co, forced, events)
        bankrupt(state, co, forced, events)
    elif isinstance(move, Move) and move.verb in ("done", "pass"):
        _through_dividend(state, co, forced, events)
        _finish(state, co, forced, events)
    else:
        raise RuleError("not a move of the operating round", R_OR,
                        "buy, issue, redeem, lay, token, run, payout, withhold, done")


# --- step 1 and 7: trains ---------------------------------------------------------------
def _first_train(state: State, co: Company, move: BuyTrain, forced: bool,
                 events: list[Event]) -> None:
    """■12: a new minor may buy one train first, from the deck or the pool, with its cash."""
    assert state.orr is not None
    price = data.train_price(move.kind)
    if not forced and co.cash < price:
        raise RuleError(f"{co.name} has {co.cash}; the first train is paid by the company "
                        "alone", R_FIRST, "if it cannot pay, it buys in step 7 (forced)")
    _take(state, co, move, price, forced, events)
    state.orr.first_train = True
    state.orr.stage = 2


def _take(state: State, co: Company, move: BuyTrain, price: int, forced: bool,
          events: list[Event]) -> None:
    """Move a train from the deck or the pool into `co`, paid to the bank."""
    if move.source == POOL:
        found = next((t for t in state.pool_trains if t.kind == move.kind), None)
        if found is None:
            raise RuleError(f"no {move.kind}-train in the pool", R_TRAINS, computable=False)
        state.pool_trains.remove(found)
    elif move.kind not in trains.deck_offers(state):
        top = trains.deck_offers(state)
        raise RuleError(f"the deck offers {' or '.join(top) or 'nothing'}, not {move.kind}",
                        R_TRAINS, "trains are bought from the top of the deck in order",
                        computable=False)
    if not forced and len(co.running()) >= trains.company_limit(state, co):
        raise RuleError(f"{co.name} is at its train limit "
                        f"({trains.company_limit(state, co)})", trains.RULE_LIMIT)
    co.trains.append(Train(move.kind))
    events.append(Event(f"{co.name} buys a {move.kind}-train from the {move.source} for {price}"))
    ledger.pay(state, co.name, ledger.BANK, price, events)
    if move.source == "deck":
        trains.take_from_deck(state, move.kind, events)


def buy_train(state: State, co: Company, move: BuyTrain, forced: bool,
              events: list[Event]) -> None:
    if move.source not in ("deck", POOL):
        _from_company(state, co, move, forced, events)
        return
    price = data.train_price(move.kind)
    if move.trade:
        if move.kind != INF or move.source != "deck":
            raise RuleError("only the ∞ from the deck is bought by handing in a train", R_TRAINS)
        handed = next((t for t in co.running() if t.kind == move.trade), None)
        if handed is None:
            raise RuleError(f"{co.name} has no {move.trade}-train (not rusted) to hand in",
                            R_TRAINS, computable=False)
        # ■18: any train that has not rusted may be handed in (the issue and FW-INV say a 4, 5
        # or 6 only; the rules file is the authority: facts §13.2).
        price = data.table()["trains"]["inf_trade_price"]
        if not forced and co.cash < price:
            raise RuleError(f"{co.name} has {co.cash}, the ∞ costs {price}", R_TRAINS)
        co.trains.remove(handed)
        state.pool_trains.append(handed)
        events.append(Event(f"{co.name} hands in its {move.trade}-train to the pool"))
    if co.cash < price:
        president_pays_shortfall(state, co, move, price, forced, events)
    _take(state, co, move, price, forced, events)


def president_pays_shortfall(state: State, co: Company, move: BuyTrain, price: int,
                             forced: bool, events: list[Event]) -> None:
    """■20: a company without a train that cannot pay for the cheapest deck/pool train gets
    exactly the difference from its president (no more)."""
    cheapest = trains.cheapest_available(state)
    if not forced:
        if co.trains:
            raise RuleError(f"{co.name} has {co.cash}; the train costs {price}", R_TRAINS,
                            "the president helps only a company without a train (■20)")
        if cheapest is None or price > cheapest[0] or move.trade:
            raise RuleError("the president helps only to buy the cheapest train of the deck or "
                            "the pool", R_FORCED,
                            f"buy {cheapest[1]}" + (" pool" if cheapest and cheapest[2] == POOL
                                                    else "") if cheapest else "")
    short = price - co.cash
    if state.cash[co.president] < short:
        raise RuleError(f"{co.president} must add {short} and has {state.cash[co.president]}",
                        R_FORCED, "sell shares first (sell CO N ...), or declare bankrupt",
                        computable=False)
    events.append(Event(f"{co.president} adds {short} for the forced train (■20)"))
    ledger.pay(state, co.president, co.name, short, events)


def _from_company(state: State, co: Company, move: BuyTrain, forced: bool,
                  events: list[Event]) -> None:
    """■12/■18: from another company at any agreed price of at least 1 (the table typed the
    deal, so both presidents agree)."""
    seller = state.companies[move.source]
    price = move.price or 0
    if seller.name == co.name:
        raise RuleError("a company cannot buy its own train", R_TRAINS, computable=False)
    train = next((t for t in seller.running() if t.kind == move.kind), None)
    if train is None:
        raise RuleError(f"{seller.name} has no {move.kind}-train it may sell", R_TRAINS,
                        "rusted trains cannot be sold (■26 Resourceful)", computable=False)
    if not forced:
        if price < 1:
            raise RuleError("the price between companies is at least 1", R_TRAINS)
        if co.cash < price:
            raise RuleError(f"{co.name} has {co.cash}", R_TRAINS)
        if len(co.running()) >= trains.company_limit(state, co):
            raise RuleError(f"{co.name} is at its train limit", trains.RULE_LIMIT)
    seller.trains.remove(train)
    co.trains.append(train)
    events.append(Event(f"{co.name} buys a {move.kind}-train from {seller.name} for {price}"))
    ledger.pay(state, co.name, seller.name, price, events)


def max_raise(state: State, player: str) -> int:
    """What a president could raise by selling shares in a forced purchase (■20)."""
    return sum(emergency_sellable(state, player, c) * c.price for c in state.companies.values())


def emergency_sellable(state: State, player: str, co: Company) -> int:
    """■20: no sale that changes a president; the pool holds at most 50%."""
    held = co.held(player)
    if co.president == player:
        others = max((co.held(p) for p in state.active_players if p != player), default=0)
        floor = max(2, others)  # keep the president's certificate and the presidency
    else:
        floor = 0
    return max(0, min(held - floor, ledger.pool_limit(co) - co.held(POOL)))


def _shortfall(state: State, co: Company) -> int:
    cheapest = trains.cheapest_available(state)
    if cheapest is None or co.trains:
        return 0
    return max(0, cheapest[0] - co.cash - state.cash[co.president])


def emergency_sell(state: State, co: Company, move: Sell, forced: bool,
                   events: list[Event]) -> None:
    assert state.orr is not None
    player = co.president
    short = _shortfall(state, co)
    if not forced:
        if short == 0:
            raise RuleError("shares are sold in an operating round only when the president "
                            "cannot pay for the forced train", R_FORCED)
        if state.orr.emergency_sold:
            raise RuleError("the forced sales are made at once", R_FORCED)
        for name, n in move.items:
            if n > emergency_sellable(state, player, state.companies[name]):
                raise RuleError(f"{player} may sell at most "
                                f"{emergency_sellable(state, player, state.companies[name])} of "
                                f"{name}", R_FORCED,
                                "no change of president; the pool holds at most 50%")
        raised = sum(n * state.companies[name].price for name, n in move.items)
        smallest = min(state.companies[name].price for name, _ in move.items)
        if raised - smallest >= short:
            raise RuleError(f"{player} needs {short}: sell one share at a time, only as many as "
                            "needed", R_FORCED)
    for name, n in move.items:
        c = state.companies[name]
        if n > c.held(player):
            raise RuleError(f"{player} holds {c.held(player)} of {name}", R_FORCED,
                            computable=False)
        ledger.move_shares(c, player, POOL, n)
        events.append(Event(f"{player} sells {n} of {name} at {c.price} (forced, ■20)"))
        ledger.pay(state, ledger.BANK, player, n * c.price, events)
        state.orr.emergency_sold[name] = state.orr.emergency_sold.get(name, 0) + n
    for name, _ in move.items:  # ■20: one space left per company sold, after all the sales
        ledger.move_price(state, state.companies[name], -1, "forced sale", events)
        ledger.check_president(state, state.companies[name], events)


def bankrupt(state: State, co: Company, forced: bool, events: list[Event]) -> None:
    """■20: the president cannot raise the money: out of the game; the company closes."""
    player = co.president
    if not forced:
        short = _shortfall(state, co)
        if short == 0 or max_raise(state, player) >= short:
            raise RuleError(f"{player} can still pay for the cheapest train", R_FORCED,
                            "sell shares (sell CO N ...) and buy it")
    events.append(Event(f"{player} is bankrupt and leaves the game (■20)"))
    close_company(state, co, events)
    state.out.append(player)
    # Rules silent on the bankrupt player's other certificates and cash: they leave the game
    # with the player: the certificates to the pool, the cash to the bank.
    for other in list(state.companies.values()):
        n = other.held(player)
        if n:
            ledger.move_shares(other, player, POOL, n)
            events.append(Event(f"{player}'s {n} of {other.name} go to the pool"))
        if other.president == player:
            holders = [p for p in state.active_players if other.held(p) > 0]
            if not holders:
                events.append(Event(f"{other.name} has no shareholder left to preside"))
                close_company(state, other, events)
            else:
                best = max(other.held(p) for p in holders)
                p = player
                while True:
                    p = state.after(p, state.players)
                    if p in holders and other.held(p) == best:
                        break
                other.president = p
                events.append(Event(f"{other.name}: president {player} -> {p}"))
    ledger.pay(state, player, ledger.BANK, state.cash[player], events)
    next_company(state, events)


def close_company(state: State, co: Company, events: list[Event]) -> None:
    """■20: trains to the pool, tokens off the map, the marker off the track; the other
    holders sell their shares to the bank at the current price without a drop. (They "may";
    the referee sells for them: a closed company's shares are worth nothing at the end.)"""
    for t in co.trains:
        if not t.rusted:
            state.pool_trains.append(t)
    events.append(Event(f"{co.name} closes: trains to the pool, tokens removed from "
                        f"{', '.join(co.hubs) or 'nowhere'}"))
    for holder, n in list(co.shares.items()):
        if holder in state.cash and holder != co.president and holder not in state.out:
            events.append(Event(f"{holder} sells {n} of {co.name} at {co.price} (no drop)"))
            ledger.pay(state, ledger.BANK, holder, n * co.price, events)
    ledger.pay(state, co.name, ledger.BANK, co.cash, events)
    del state.companies[co.name]
    state.closed.append(co.name)


def _finish(state: State, co: Company, forced: bool, events: list[Event]) -> None:
    assert state.orr is not None
    if not co.trains and not forced:
        cheapest = trains.cheapest_available(state)
        if cheapest is not None:
            need = _shortfall(state, co)
            raise RuleError(f"{co.name} has no train and must buy one", R_FORCED,
                            f"buy {cheapest[1]}" + (" pool" if cheapest[2] == POOL else "")
                            + (f"; {co.president} is {need} short: sell shares or go "
                               "bankrupt" if need else ""))
    co.new = False
    co.operated = True
    state.orr.done.append(co.name)
    next_company(state, events)


# --- step 2: shares -------------------------------------------------------------------------
def _share_action(state: State, co: Company, verb: str, forced: bool,
                  events: list[Event]) -> None:
    assert state.orr is not None
    if state.orr.share_action and not forced:
        raise RuleError("one share is issued or redeemed per turn", R_ISSUE)
    track.stage(state, 2, forced, verb)
    if verb == "issue":
        if co.held(TREASURY) == 0:
            raise RuleError(f"{co.name} has no share in its treasury", R_ISSUE,
                            computable=False)
        if not forced and co.held(POOL) + 1 > ledger.pool_limit(co):
            raise RuleError("the pool would hold more than 50%", "■4 銀行に株を売る(株式の発行)")
        ledger.move_shares(co, TREASURY, POOL, 1)
        events.append(Event(f"{co.name} issues a share at {co.price}"))
        ledger.pay(state, ledger.BANK, co.name, co.price, events)
        ledger.move_price(state, co, -1, "issued", events)
    else:
        if co.held(POOL) == 0:
            raise RuleError(f"no share of {co.name} in the pool", R_ISSUE, computable=False)
        if not forced and co.cash < co.price:
            raise RuleError(f"{co.name} has {co.cash}, a share costs {co.price}", R_ISSUE)
        ledger.move_shares(co, POOL, TREASURY, 1)
        events.append(Event(f"{co.name} redeems a share at {co.price} (price unchanged)"))
        ledger.pay(state, co.name, ledger.BANK, co.price, events)
    state.orr.share_action = True
    state.orr.stage = 3


# --- step 5 and 6: run and dividend ---------------------------------------------------------
def _run(state: State, co: Company, move: Run, forced: bool, events: list[Event]) -> None:
    orr = state.orr
    assert orr is not None
    track.stage(state, 5, forced, "running")
    if orr.revenue is not None and not forced:
        raise RuleError("the trains have run this turn", R_RUN)
    if move.best:
        answer = routes.best(state, co)
        if answer is None:
            raise RuleError("the referee knows no routes here (no map, or no train)", R_RUN,
                            "run N", computable=False)
        events.extend(Event(line) for line in routes.describe(answer))
        move = Run(move.actor, (), total_only=True)
        total = answer.total
    else:
        total = sum(item.revenue for item in move.items)
    if not forced:
        if not co.trains and total:
            raise RuleError(f"{co.name} has no train", R_RUN, "its revenue is 0")
        if not move.total_only and move.items:
            _check_items(co, move)
        best = routes.best_revenue(state, co)
        if best is not None and total > best:
            raise RuleError(f"the best routes earn {best}, not {total}", R_RUN,
                            "routes shows them; run best takes them")
    orr.revenue = total
    events.append(Event(f"{co.name} runs for {total}"))
    gone = [t for t in co.trains if t.rusted]
    if gone:  # ■26 Resourceful: a rusted train runs once more, then leaves
        co.trains = [t for t in co.trains if not t.rusted]
        events.append(Event(f"{co.name}: its rusted {', '.join(t.kind for t in gone)}-train "
                            "ran its last and leaves the game"))
    orr.stage = 6
    if total == 0:
        _dividend(state, co, False, forced, events)


def _check_items(co: Company, move: Run) -> None:
    if len(move.items) != len(co.trains):
        raise RuleError(f"{co.name} has {len(co.trains)} trains; type one item per train (or "
                        "one total)", R_RUN)
    free = list(co.trains)
    express = "Express" in co.abilities and len(co.trains) == 1
    for item in sorted(move.items, key=lambda i: not i.train):
        train = next((t for t in free if not item.train or t.kind == item.train), None)
        if train is None:
            raise RuleError(f"{co.name} has no other {item.train}-train", R_RUN)
        free.remove(train)
        if item.stops is None:
            continue
        limit = data.stops(train.kind)
        if limit and express:
            limit += 1  # ■26 Express: a single train counts one more stop
        if limit and item.stops > limit:
            raise RuleError(f"a {train.kind}-train counts at most {limit} stops, not "
                            f"{item.stops}", R_RUN)
        if item.suburbs > len(co.suburbs):
            raise RuleError(f"{co.name} has {len(co.suburbs)} suburbs", R_ABILITY)


def _through_dividend(state: State, co: Company, forced: bool, events: list[Event]) -> None:
    """Steps 5 and 6 before step 7: a company without trains earns 0 (price -1, ■16)."""
    orr = state.orr
    assert orr is not None
    if orr.revenue is None:
        if co.trains and not forced:
            raise RuleError(f"{co.name} must run its trains first", R_RUN,
                            "run N (run 0 if no route)")
        orr.revenue = 0
        orr.stage = max(orr.stage, 6)
        events.append(Event(f"{co.name} has no train: revenue 0"))
        _dividend(state, co, False, forced, events)
    elif not orr.paid:
        if not forced:
            raise RuleError("pay out or withhold first", R_PAY, "payout | withhold")
        _dividend(state, co, False, forced, events)


def _dividend(state: State, co: Company, withhold: bool, forced: bool,
              events: list[Event]) -> None:
    orr = state.orr
    assert orr is not None
    if orr.revenue is None:
        raise RuleError("run the trains first", R_RUN, "run N", computable=False)
    if orr.paid and not forced:
        raise RuleError("the dividend is decided", R_PAY)
    revenue = orr.revenue
    move = stock_move("lost-atlas", co.price, revenue, withhold)
    if withhold:
        events.append(Event(f"{co.name} withholds {revenue}"))
        ledger.pay(state, ledger.BANK, co.name, revenue, events)
    elif revenue:
        # ■17: 20% of the revenue per minor share, 10% per major share (the president's
        # certificate is two). The rules give no rounding (facts §8: revenues are multiples of
        # 10, so this is exact); any remainder of a custom card stays with the bank.
        per_share = revenue // co.size
        events.append(Event(f"{co.name} pays {revenue}: {per_share} a share"))
        for holder in sorted(co.shares, key=lambda h: (h not in state.cash, h)):
            n = co.held(holder)
            if holder == POOL:
                continue
            payee = co.name if holder == TREASURY else holder
            ledger.pay(state, ledger.BANK, payee, n * per_share, events)
    if move.new != co.price:
        ledger.move_price(state, co, move.steps, move.why, events)
    elif revenue and not withhold:
        co.arrival = state.bottom_arrival()  # ■17: no move: to the bottom of its space
        events.append(Event(f"{co.name}: price stays {co.price} ({move.why})"))
    else:
        events.append(Event(f"{co.name}: price stays {co.price} (end of the track)"))
    orr.paid = True
    orr.stage = 7
    events.append(Event(f"{co.name} may buy trains, then done"))


def _propose(state: State, co: Company, events: list[Event]) -> None:
    """The referee's proposal (■16): the best routes of the operating company."""
    if not routes.known(state):
        raise RuleError("no map was entered: the table works out the routes", R_RUN,
                        "run N", computable=False)
    answer = routes.best(state, co)
    if answer is None:
        events.append(Event(f"{co.name} has no train or no station on the map: revenue 0"))
        return
    events.append(Event(f"best routes of {co.name} (phase {state.colour}):"))
    events.extend(Event("  " + line) for line in routes.describe(answer))
    events.append(Event("run best takes them, or type the revenue run"))
