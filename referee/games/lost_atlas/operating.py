"""Operating rounds (rules ■11-■21): the seven steps of a company's turn."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from referee.core.engine import Event, RuleError
from referee.core.rules_kit import Handlers, Judge
from referee.eighteen import proposal
from referee.eighteen.proposal import Found
from referee.eighteen_rules import emergency, payout, phases
from referee.games.lost_atlas import data, ledger, purchase, routes, track, trains
from referee.games.lost_atlas.commands import (
    Bankrupt,
    BuyTrain,
    Done,
    Issue,
    LayTile,
    Pass,
    Payout,
    Redeem,
    Routes,
    Run,
    Sell,
    Suburb,
    Token,
    Withhold,
)
from referee.games.lost_atlas.data import POOL, TREASURY
from referee.games.lost_atlas.dispatch import carry_out
from referee.games.lost_atlas.market import stock_move
from referee.games.lost_atlas.readings import PRICE_ZERO, ZERO_REVENUE
from referee.games.lost_atlas.sections import (
    R_ABILITY,
    R_FORCED,
    R_ISSUE,
    R_OR,
    R_PAY,
    R_RUN,
)
from referee.games.lost_atlas.state import Company, OperatingRound, State, last_run
from referee.i18n import N_, _, ngettext


def start_operating_round(state: State, number: int, events: list[Event]) -> None:
    """Operating round `number` of the cycle (over at once when no company operates)."""
    state.round = "operating"
    state.orr = OperatingRound(number)
    said = _("cycle {cycle}: operating round {number}")
    events.append(Event(said.format(cycle=state.cycle, number=number)))
    next_company(state, events)


def next_company(state: State, events: list[Event]) -> None:
    """The next company operates; when all have, nobody does and the round is over."""
    orr = state.orr
    assert orr is not None
    left = [n for n in state.order() if n not in orr.done]
    if not left:
        orr.current = ""
        return
    name = left[0]  # ■11: highest price first; on one space, the upper marker first
    state.orr = OperatingRound(orr.number, orr.done, name)
    co = state.companies[name]
    if co.price == 0 and state.readings.of(PRICE_ZERO) == "closes":
        at_zero = _("{company} is at price 0: it closes instead of operating").format(company=name)
        events.append(state.readings.noted(at_zero, PRICE_ZERO))
        purchase.close_company(state, co, events)
        state.orr.done.append(name)
        next_company(state, events)
        return
    said = _("{company} operates ({player}); price {price}, cash {cash}")
    events.append(
        Event(said.format(company=name, player=co.president, price=co.price, cash=co.cash))
    )


def over(state: State) -> bool:
    return state.orr is not None and not state.orr.current


def close_operating_round(state: State) -> int:
    """The round is over: which one it was (1 or 2)."""
    assert state.orr is not None
    number = state.orr.number
    state.orr = None
    return number


def current(state: State) -> Company:
    assert state.orr is not None
    return state.companies[state.orr.current]


def or_move(state: State, move: object, judge: Judge) -> tuple[State, list[Event]]:
    """One move of the operating company (on a draft); the round is over when `over(state)`."""
    judge.turn(move.actor, current(state).president, R_OR)  # type: ignore[attr-defined]
    refusal = RuleError(
        _("not a move of the operating round"),
        R_OR,
        _("buy, issue, redeem, lay, token, run, payout, withhold, done"),
    )
    return carry_out(OPERATING, state, move, judge, refusal)


def _round(state: State) -> OperatingRound:
    assert state.orr is not None
    return state.orr


def _buy_train(state: State, move: BuyTrain, judge: Judge) -> tuple[State, list[Event]]:
    co, orr = current(state), _round(state)
    events: list[Event] = []
    # ■12: a new minor's step-1 train is paid by the company alone; when it cannot pay, the
    # purchase is the (forced) one of step 7.
    first = co.new and orr.stage <= 1 and not orr.first_train and move.source in ("deck", POOL)
    if first and (judge.forced or co.cash >= data.train_price(move.kind)):
        purchase.first_train(state, co, move, judge, events)
    else:
        skips = _skips(state, co)
        _through_dividend(state, co, judge, events)
        track.stage(state, 7, judge, N_("buying trains"))
        had = state.cash[co.president]
        purchase.buy_train(state, co, move, judge, events)
        _ask_skipped(state, co, skips, had - state.cash[co.president], judge)
    return state, events


def _shares(state: State, move: Issue | Redeem, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    _share_action(state, current(state), move.verb, judge, events)
    return state, events


def _lay(state: State, move: LayTile, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    track.lay(state, current(state), move, judge, events)
    return state, events


def _token(state: State, move: Token, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    track.token(state, current(state), move, judge, events)
    return state, events


def _suburb(state: State, move: Suburb, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    track.suburb(state, current(state), move.where, judge, events)
    return state, events


def _routes(state: State, move: Routes, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    _propose(state, current(state), move.found, events)
    return state, events


def _run_trains(state: State, move: Run, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    _run(state, current(state), move, judge, events)
    return state, events


def _pay(state: State, move: Payout | Withhold, judge: Judge) -> tuple[State, list[Event]]:
    co, orr = current(state), _round(state)
    events: list[Event] = []
    if orr.revenue is None and co.trains and routes.known(state):
        # The table says the dividend and the routes go without saying: with the map known the
        # referee runs the best routes (■16), as `run best` would; `run N` first to run less.
        _run(state, co, Run(move.actor, (), best=True, found=move.found), judge, events)
        if orr.paid:  # a run for 0 has settled its dividend (■16: no revenue, price -1)
            return state, events
    _dividend(state, co, isinstance(move, Withhold), judge, events)
    return state, events


def _sell_for_a_train(state: State, move: Sell, judge: Judge) -> tuple[State, list[Event]]:
    co = current(state)
    events: list[Event] = []
    skips = _skips(state, co)
    _through_dividend(state, co, judge, events)
    track.stage(state, 7, judge, N_("selling for a train"))
    purchase.emergency_sell(state, co, move, judge, events)
    _ask_skipped(state, co, skips, 0, judge)
    return state, events


def _bankrupt(state: State, move: Bankrupt, judge: Judge) -> tuple[State, list[Event]]:
    co = current(state)
    events: list[Event] = []
    skips = _skips(state, co)
    _through_dividend(state, co, judge, events)
    purchase.bankrupt(state, co, judge, events)
    _ask_skipped(state, co, skips, 0, judge)
    next_company(state, events)
    return state, events


def _done(state: State, move: Done | Pass, judge: Judge) -> tuple[State, list[Event]]:
    co = current(state)
    events: list[Event] = []
    _through_dividend(state, co, judge, events)
    _finish(state, co, judge, events)
    return state, events


def _finish(state: State, co: Company, judge: Judge, events: list[Event]) -> None:
    assert state.orr is not None
    cheapest = trains.cheapest_available(state)
    if emergency.duty(bool(co.trains), "always", cheapest is not None) == "buy":
        assert cheapest is not None
        need = purchase.shortfall(state, co)
        legal = purchase.buy_cheapest(cheapest)
        if need:
            short = _("{legal}; {player} is {need} short: sell shares or go bankrupt")
            legal = short.format(legal=legal, player=co.president, need=need)
        judge.broken(
            RuleError(
                _("{company} has no train and must buy one").format(company=co.name),
                R_FORCED,
                legal,
            )
        )
    co.new = False
    co.operated = True
    state.orr.done.append(co.name)
    next_company(state, events)


# --- step 2: shares -------------------------------------------------------------------------
def _issue_refusal(state: State, co: Company) -> RuleError | None:
    """■13: why the company may not issue a share now, if it may not."""
    orr = state.orr
    assert orr is not None
    if orr.share_action:
        return RuleError(_("one share is issued or redeemed per turn"), R_ISSUE)
    if co.held(TREASURY) == 0:
        said = _("{company} has no share in its treasury").format(company=co.name)
        return RuleError(said, R_ISSUE, computable=False)
    if not ledger.pool_room(co):
        return RuleError(_("the pool would hold more than 50%"), "■4 銀行に株を売る(株式の発行)")
    return None


def _share_action(state: State, co: Company, verb: str, judge: Judge, events: list[Event]) -> None:
    assert state.orr is not None
    judge.rule(not state.orr.share_action, _("one share is issued or redeemed per turn"), R_ISSUE)
    track.stage(state, 2, judge, verb)
    if verb == "issue":
        refusal = _issue_refusal(state, co)
        if refusal is not None:
            judge.broken(refusal)
        ledger.move_shares(co, TREASURY, POOL, 1)
        said = _("{company} issues a share at {price}")
        events.append(Event(said.format(company=co.name, price=co.price)))
        ledger.pay(state, ledger.BANK, co.name, co.price, events, _("share issued"))
        ledger.move_price(state, co, -1, N_("issued"), events)
    else:
        none = _("no share of {company} in the {place}")
        judge.fact(
            co.held(POOL) > 0, none.format(company=co.name, place=data.place_name(POOL)), R_ISSUE
        )
        costs = _("{company} has {cash}, a share costs {price}")
        judge.rule(
            co.cash >= co.price,
            costs.format(company=co.name, cash=co.cash, price=co.price),
            R_ISSUE,
        )
        ledger.move_shares(co, POOL, TREASURY, 1)
        said = _("{company} redeems a share at {price} (price unchanged)")
        events.append(Event(said.format(company=co.name, price=co.price)))
        ledger.pay(state, co.name, ledger.BANK, co.price, events, _("share redeemed"))
    state.orr.share_action = True
    state.orr.stage = 3


# --- step 5 and 6: run and dividend ---------------------------------------------------------
def _run(state: State, co: Company, move: Run, judge: Judge, events: list[Event]) -> None:
    orr = state.orr
    assert orr is not None
    track.stage(state, 5, judge, N_("running"))
    judge.rule(orr.revenue is None, _("the trains have run this turn"), R_RUN)
    found = _found(state, co, move.found)
    if move.best:
        answer = proposal.taken(found, R_RUN, proven_only=False)
        total = answer.total
        events.extend(Event(line) for line in proposal.describe(answer))
        move = Run(move.actor, (), total_only=True)
    else:
        total = sum(item.revenue for item in move.items)
    judge.rule(
        bool(co.trains) or not total,
        _("{company} has no train").format(company=co.name),
        R_RUN,
        _("its revenue is 0"),
    )
    if not move.total_only and move.items:
        with judge.overridable():
            _check_items(co, move)
    proposal.judge_typed(judge, total, routes.proven_best(state, co, found), R_RUN)
    orr.revenue = total
    events.append(Event(_("{company} runs for {total}").format(company=co.name, total=total)))
    kept, gone = phases.after_run(co.trains, last_run)
    if gone:  # ■26 Resourceful: a rusted train runs once more, then leaves
        co.trains = kept
        said = _("{company}: its rusted {trains}-train ran its last and leaves the game")
        kinds = ", ".join(data.train_name(t.kind) for t in gone)
        events.append(Event(said.format(company=co.name, trains=kinds)))
    orr.stage = 6
    if total == 0:
        _dividend(state, co, False, judge, events)


def _check_items(co: Company, move: Run) -> None:
    if len(move.items) != len(co.trains):
        said = ngettext(
            "{company} has {n} train; type one item per train (or one total)",
            "{company} has {n} trains; type one item per train (or one total)",
            len(co.trains),
        )
        raise RuleError(said.format(company=co.name, n=len(co.trains)), R_RUN)
    free = list(co.trains)
    express = "Express" in co.abilities and len(co.trains) == 1
    for item in sorted(move.items, key=lambda i: not i.train):
        train = next((t for t in free if not item.train or t.kind == item.train), None)
        if train is None:
            said = _("{company} has no other {train}-train")
            raise RuleError(said.format(company=co.name, train=data.train_name(item.train)), R_RUN)
        free.remove(train)
        if item.stops is None:
            continue
        limit = data.stops(train.kind)
        if limit and express:
            limit += 1  # ■26 Express: a single train counts one more stop
        if limit and item.stops > limit:
            said = _("a {train}-train counts at most {limit} stops, not {stops}")
            raise RuleError(
                said.format(train=data.train_name(train.kind), limit=limit, stops=item.stops),
                R_RUN,
            )
        if item.suburbs > len(co.suburbs):
            said = ngettext(
                "{company} has {n} suburb", "{company} has {n} suburbs", len(co.suburbs)
            )
            raise RuleError(said.format(company=co.name, n=len(co.suburbs)), R_ABILITY)


def _skips(state: State, co: Company) -> tuple[bool, bool]:
    """■11: whether a move of step 7 made now goes through the revenue and dividend (a company
    without trains earns 0), and whether it passes an issue that is still legal (■13)."""
    orr = state.orr
    assert orr is not None
    through = orr.revenue is None and not co.trains  # with trains: they run first (■16)
    return through, through and orr.stage <= 2 and _issue_refusal(state, co) is None


def _ask_skipped(
    state: State, co: Company, skips: tuple[bool, bool], paid: int, judge: Judge
) -> None:
    """A move of step 7 that went through steps with a cost is confirmed by the table, or
    refused saying what comes first: an issue still legal, that would raise money (■13), or,
    with its president paying for the train (■20), the revenue and dividend not yet seen."""
    through, past_issue = skips
    if past_issue:
        said = _("{company} may still issue a share (step 2) before buying trains (step 7)")
        judge.ask(
            False,
            said.format(company=co.name),
            R_ISSUE,
            _("issue first, or run 0 to go on to the trains without it"),
        )
    elif through and paid:
        said = _("{company} would skip its revenue and dividend, and {player} pay {amount}")
        judge.ask(
            False,
            said.format(company=co.name, player=co.president, amount=paid),
            R_FORCED,
            _("run 0 first (revenue 0, the dividend), then buy the train"),
        )


def _through_dividend(state: State, co: Company, judge: Judge, events: list[Event]) -> None:
    """Steps 5 and 6 before step 7: a company without trains earns 0 (price -1, ■16). With
    trains, the revenue and the choice of payout or withhold are the table's: not even a forced
    move makes them."""
    orr = state.orr
    assert orr is not None
    if orr.revenue is None:
        judge.fact(
            not co.trains,
            _("{company} must run its trains first").format(company=co.name),
            R_RUN,
            _("run N (run 0 if no route)"),
        )
        orr.revenue = 0
        orr.stage = max(orr.stage, 6)
        events.append(Event(_("{company} has no train: revenue 0").format(company=co.name)))
        _dividend(state, co, False, judge, events)
    elif not orr.paid:
        judge.fact(False, _("pay out or withhold first"), R_PAY, "payout | withhold")


NO_MOVE = N_("no revenue, with trains: no move")
# ■17: the treasury's shares pay the company, the pool's pay nobody (it stays in the bank).
BANK_HELD = {TREASURY: "company", POOL: "bank"}


def _dividend(state: State, co: Company, withhold: bool, judge: Judge, events: list[Event]) -> None:
    orr = state.orr
    assert orr is not None
    if orr.revenue is None:
        raise RuleError(_("run the trains first"), R_RUN, "run N", computable=False)
    judge.rule(not orr.paid, _("the dividend is decided"), R_PAY)
    revenue = orr.revenue
    co.revenues.append(revenue)
    move = stock_move(co.price, revenue, withhold)
    if revenue == 0 and co.trains and not withhold:  # the reading ZERO_REVENUE decides
        if state.readings.of(ZERO_REVENUE) == "stays":
            move = replace(move, new=co.price, steps=0, why=NO_MOVE)
        zero = _("{company} earns 0 with trains").format(company=co.name)
        events.append(state.readings.noted(zero, ZERO_REVENUE))
    if withhold:
        said = _("{company} withholds {revenue}")
        events.append(Event(said.format(company=co.name, revenue=revenue)))
        ledger.pay(state, ledger.BANK, co.name, revenue, events, _("revenue withheld"))
    elif revenue:
        # ■17: 20% of the revenue per minor share, 10% per major share (the president's
        # certificate is two). The rules give no rounding (facts §8: revenues are multiples of
        # 10, so this is exact); any remainder of a custom card stays with the bank.
        per_share = payout.earned(revenue, 1, co.size, "per_share")
        said = _("{company} pays {revenue}: {per_share} a share")
        events.append(Event(said.format(company=co.name, revenue=revenue, per_share=per_share)))
        held = {h: co.held(h) for h in sorted(co.shares, key=lambda h: (h not in state.cash, h))}
        for _holder, payee, amount in payout.dividends(
            revenue, held, co.size, "per_share", state.cash, co.name, BANK_HELD
        ):
            ledger.pay(state, ledger.BANK, payee, amount, events, _("dividend"))
    if move.new != co.price:
        ledger.move_price(state, co, move.steps, move.why, events)
    elif revenue and not withhold:
        co.arrival = state.bottom_arrival()  # ■17: no move: to the bottom of its space
        stays = _("{company}: price stays {price} ({why})")
        events.append(Event(stays.format(company=co.name, price=co.price, why=_(move.why))))
    else:
        why = N_("end of the track") if move.why != NO_MOVE else NO_MOVE
        stays = _("{company}: price stays {price} ({why})")
        events.append(Event(stays.format(company=co.name, price=co.price, why=_(why))))
    orr.paid = True
    orr.stage = 7
    forced = purchase.only_by_force(state, co) if co.trains else ""
    if co.trains and after_dividend(state, co) == ("done",) and forced:
        said = _("{forced}: the table says done, or forces the purchase")
        events.append(Event(said.format(forced=forced)))
    elif co.trains and after_dividend(state, co) == ("done",):
        said = _("{company} can buy no train now (■18): done is all that is left")
        events.append(Event(said.format(company=co.name)))
    else:
        events.append(Event(_("{company} may buy trains, then done").format(company=co.name)))


def after_dividend(state: State, co: Company) -> tuple[str, ...]:
    """The moves left to a company with a train once it has paid out or withheld: train
    purchases (■18) if it could make one, Suburban's suburbs, placed at any time of its turn
    (■26), and done (■21)."""
    return tuple(
        verb
        for verb, legal in (
            ("buy", purchase.may_buy(state, co)),
            ("done", True),
            ("suburb", track.may_place_suburb(state, co)),
        )
        if legal
    )


def _propose(state: State, co: Company, found: Found | None, events: list[Event]) -> None:
    """The referee's proposal (■16): the best routes of the operating company."""
    if not routes.known(state):
        raise RuleError(
            _("no map was entered: the table works out the routes"),
            R_RUN,
            "run N",
            computable=False,
        )
    answer = _found(state, co, found)
    if answer is None:
        said = _("{company} has no train or no station on the map: revenue 0")
        events.append(Event(said.format(company=co.name)))
        return
    lines = proposal.proposal(co.name, data.colour_name(state.colour), answer)
    events.extend(Event(line) for line in lines)


def _found(state: State, co: Company, found: Found | None) -> Found | None:
    return proposal.decided(routes.searchable(state, co), found, R_RUN)


def searches(state: State, move: object) -> bool:
    """Whether the move's effect may come from the route search: `routes`, a run (`run best`
    runs the routes found, a typed revenue is judged by them), and a dividend before a run,
    which runs them first (`_pay`)."""
    orr = state.orr
    if state.round != "operating" or orr is None or not orr.current:
        return False
    if isinstance(move, Payout | Withhold):
        return orr.revenue is None
    return isinstance(move, Run | Routes)


def decide(state: State, move: Any, recorded: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The move with what the route search found (`Game.decide`): read from `recorded` when a
    save holds it, else searched for now. What to record ({}: nothing was searched for)."""
    if not searches(state, move):
        return move, {}
    co = current(state)
    found = proposal.recall(recorded) if recorded else routes.search(state, co)
    if found is None:
        return move, {}
    return replace(move, found=found), proposal.record(found)


OPERATING: Handlers[State] = Handlers(
    "operating-round",
    {
        BuyTrain: _buy_train,
        Issue: _shares,
        Redeem: _shares,
        LayTile: _lay,
        Token: _token,
        Suburb: _suburb,
        Routes: _routes,
        Run: _run_trains,
        Payout: _pay,
        Withhold: _pay,
        Sell: _sell_for_a_train,
        Bankrupt: _bankrupt,
        Done: _done,
        Pass: _done,
    },
)
