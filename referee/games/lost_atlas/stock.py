"""Setup answers and the stock round: auctions of minors, sales, purchases (rules ■3, ■6-■10)."""

from __future__ import annotations

from referee.core.engine import Event, Incomplete, RuleError
from referee.core.rules_kit import Handlers, Judge
from referee.eighteen_rules import limits, pool
from referee.games.lost_atlas import atlas, data, ledger, track
from referee.games.lost_atlas.commands import (
    Bid,
    BuyShare,
    Charters,
    Destinations,
    Done,
    OpenAuction,
    Pass,
    Pick,
    Sell,
)
from referee.games.lost_atlas.data import POOL, TREASURY
from referee.games.lost_atlas.dispatch import carry_out
from referee.games.lost_atlas.readings import SALES, START_VALUE
from referee.games.lost_atlas.sections import (
    R_AUCTION,
    R_BUY,
    R_LIMIT,
    R_SELL,
    R_SETUP,
    R_SR,
)
from referee.games.lost_atlas.state import Auction, Company, State, StockRound
from referee.i18n import N_, _


def column_sizes(state: State) -> list[int]:
    key = f"micro{len(state.players)}" if state.variant == "micro" else state.variant
    return list(data.table()["setup"]["columns"][key])


def charter_minors(state: State) -> list[str]:
    """The minors whose charters are laid out (■3): all twelve in the long game, eight in the
    short, in the micro game those whose homes came out on the map (and Adaptive if piece 21
    did), in the order of the table."""
    names = list(data.minors())
    if state.variant == "short":
        return [n for n in names if n not in data.table()["setup"]["not_in_short"]]
    if state.variant == "micro" and state.map_state == "done":
        homes = set(atlas.board(state).homes())
        if any(p.number == 21 for p in state.pieces):
            homes.add("Adaptive")
        return [n for n in names if n in homes]
    return names


def set_charters(state: State, move: Charters, judge: Judge) -> tuple[State, list[Event]]:
    """The charters laid out (the setup is over when `setup_done`). Charters named column by
    column that are only the start of the layout (no column too long, none left short before
    another) are words missing, not a refusal: a seat taps the layout one name at a time."""
    if state.map_state == "building":
        raise RuleError(
            _("the map is not complete"),
            R_SETUP,
            _("place N HEX ROT (or capital HEX)"),
            computable=False,
        )
    cols = [list(c) for c in move.columns]
    names = [n for c in cols for n in c]
    if len(set(names)) != len(names):
        raise RuleError(_("a minor appears twice"), R_SETUP, computable=False)
    sizes = column_sizes(state)
    lengths = [len(c) for c in cols]
    out = set(names) & set(data.table()["setup"]["not_in_short"])
    judge.rule(
        state.variant != "short" or not out,
        _("{minors} not in the short game").format(minors=", ".join(sorted(out))),
        R_SETUP,
    )
    laid = charter_minors(state)
    micro = state.variant == "micro" and state.map_state == "done"
    # ■3 micro: the minors whose homes came out, and Adaptive if piece 21 did.
    micro_said = _("the micro game uses the minors whose homes are on the map: {minors}")
    judge.rule(
        not micro or set(names) <= set(laid),
        micro_said.format(minors=", ".join(sorted(laid))),
        R_SETUP,
    )
    if lengths != sizes and _begins(lengths, sizes):
        raise Incomplete(
            _("the charters lie in columns of {sizes}: {n} of {total} named").format(
                sizes=sizes, n=len(names), total=sum(sizes)
            ),
            _("one column per '/', top charter first"),
        )
    judge.rule(
        lengths == sizes,
        _("the charters lie in columns of {sizes}").format(sizes=sizes),
        R_SETUP,
        _("one column per '/', top charter first"),
    )
    judge.rule(
        state.variant != "long" or set(names) == set(laid),
        _("the long game uses all twelve minors"),
        R_SETUP,
    )
    judge.rule(
        not micro or set(names) == set(laid),
        micro_said.format(minors=", ".join(sorted(laid))),
        R_SETUP,
    )
    state.columns = cols
    said = _("charters: {columns}")
    return state, [Event(said.format(columns=" / ".join(", ".join(c) for c in cols)))]


def _begins(lengths: list[int], sizes: list[int]) -> bool:
    """Whether columns of `lengths` are the start of a layout of `sizes`: each column but the
    last whole, the last no longer than its own."""
    n = len(lengths)
    return n <= len(sizes) and lengths[:-1] == sizes[: n - 1] and lengths[-1] <= sizes[n - 1]


def set_destinations(state: State, move: Destinations, judge: Judge) -> tuple[State, list[Event]]:
    """The destination card chosen (the setup is over when `setup_done`)."""
    state.destinations = list(move.values)
    said = _("distant destinations: {values}")
    return state, [Event(said.format(values="/".join(map(str, move.values))))]


def setup_done(state: State) -> bool:
    return state.round == "setup" and bool(state.columns) and bool(state.destinations)


def start_stock_round(state: State, events: list[Event]) -> None:
    state.round = "stock"
    state.sr = StockRound(turn=state.priority)
    said = _("cycle {cycle}: stock round; {player} has priority")
    events.append(Event(said.format(cycle=state.cycle, player=state.priority)))


def available_minors(state: State) -> list[str]:
    return [c[0] for c in state.columns if c]


def sr_move(state: State, move: object, judge: Judge) -> tuple[State, list[Event]]:
    """One move of the stock round (on a draft); the round is over when `over(state)`."""
    sr = state.sr
    assert sr is not None
    actor: str = move.actor  # type: ignore[attr-defined]
    auction = sr.auction
    if auction is None:
        judge.turn(actor, sr.turn, R_SR)
        refusal = RuleError(_("not a stock-round move"), R_SR, _("auction, sell, buy or pass"))
        return carry_out(TURN, state, move, judge, refusal)
    judge.turn(actor, auction.turn, R_AUCTION)
    if auction.picking:
        refusal = RuleError(
            _("{player} must pick a minor").format(player=auction.leader),
            R_AUCTION,
            "pick " + " | ".join(available_minors(state)),
        )
        return carry_out(PICKING, state, move, judge, refusal)
    return carry_out(
        BIDDING, state, move, judge, RuleError(_("in an auction: bid or pass"), R_AUCTION)
    )


def over(state: State) -> bool:
    return state.sr is None


def _round(state: State) -> StockRound:
    assert state.sr is not None
    return state.sr


def _auction(state: State) -> Auction:
    auction = _round(state).auction
    assert auction is not None
    return auction


def _open(state: State, move: OpenAuction, judge: Judge) -> tuple[State, list[Event]]:
    judge.rule(
        not _round(state).sold_turn,
        _("a turn is an auction, or sales and/or one purchase"),
        R_SR,
        _("buy a share or type done"),
    )
    events: list[Event] = []
    _open_auction(state, _round(state), move, judge, events)
    return state, events


def _sell_shares(state: State, move: Sell, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    _sell(state, _round(state), move, judge, events)
    return state, events


def _buy_share(state: State, move: BuyShare, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    _buy(state, _round(state), move, judge, events)
    _end_turn(state, _round(state), acted=True, events=events)
    return state, events


def _pass(state: State, move: Pass | Done, judge: Judge) -> tuple[State, list[Event]]:
    sr = _round(state)
    events: list[Event] = []
    if sr.sold_turn:  # ■10: a turn with a sale is an action, not a pass
        said = _("{player} ends the turn after selling (an action, not a pass)")
        events.append(Event(said.format(player=move.actor)))
    else:
        events.append(Event(_("{player} passes").format(player=move.actor)))
    _end_turn(state, sr, acted=sr.sold_turn, events=events)
    return state, events


def _done(state: State, move: Done, judge: Judge) -> tuple[State, list[Event]]:
    """■6: done ends a turn with a sale; a turn without one is a pass, said `pass` (so that a
    done typed after the referee's done that ended the operating round confirms that one
    instead of passing a stock turn; saves from before: commands.said_now)."""
    if not _round(state).sold_turn:
        raise RuleError(
            _("done ends a turn after a sale; a turn without one is passed"),
            R_SR,
            "pass",
            computable=False,
        )
    return _pass(state, move, judge)


def _bid(state: State, move: Bid, judge: Judge) -> tuple[State, list[Event]]:
    auction = _auction(state)
    _check_bid(state, move.actor, move.amount, auction.high, judge)
    auction.high, auction.leader = move.amount, move.actor
    events = [Event(_("{player} bids {amount}").format(player=move.actor, amount=move.amount))]
    _next_bidder(auction, events)
    return state, events


def _drop_out(state: State, move: Pass, judge: Judge) -> tuple[State, list[Event]]:
    auction = _auction(state)
    # ■7: the opener must bid (their opening bid leads), and the leader has no reason to pass:
    # passing is for the others.
    judge.rule(move.actor != auction.leader, _("the high bidder cannot pass"), R_AUCTION)
    events = [Event(_("{player} passes (out of this auction)").format(player=move.actor))]
    nxt_i = auction.active.index(move.actor)
    auction.active.remove(move.actor)
    auction.turn = auction.active[(nxt_i - 1) % len(auction.active)]
    _next_bidder(auction, events)
    return state, events


def _pick(state: State, move: Pick, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    _found(state, _round(state), _auction(state), move, judge, events)
    return state, events


def _open_auction(
    state: State, sr: StockRound, move: OpenAuction, judge: Judge, events: list[Event]
) -> None:
    a = data.table()["auction"]
    judge.fact(bool(available_minors(state)), _("no charter is left to found"), R_AUCTION)
    _check_bid(state, move.actor, move.amount, a["minimum"] - a["step"], judge)
    ring = [p for p in state.players if p not in state.out]
    i = ring.index(move.actor)
    active = ring[i:] + ring[:i]
    auction = Auction(move.actor, move.amount, move.actor, active, move.actor)
    sr.auction = auction
    said = _("{player} opens an auction for a minor at {amount}")
    events.append(Event(said.format(player=move.actor, amount=move.amount)))
    _next_bidder(auction, events)


def _check_bid(state: State, actor: str, bid: int, high: int, judge: Judge) -> None:
    a = data.table()["auction"]
    judge.rule(
        bid >= a["minimum"] and not bid % a["step"],
        _("bids start at {minimum} in steps of {step}").format(
            minimum=a["minimum"], step=a["step"]
        ),
        R_AUCTION,
    )
    judge.rule(
        bid > high,
        _("the bid must beat {high}").format(high=high),
        R_AUCTION,
        _("bid {amount} or more").format(amount=high + a["step"]),
    )
    judge.rule(
        bid <= state.cash[actor],
        _("{player} has only {cash}").format(player=actor, cash=state.cash[actor]),
        R_AUCTION,
    )


def _next_bidder(auction: Auction, events: list[Event]) -> None:
    if len(auction.active) == 1:
        auction.picking = True
        auction.turn = auction.leader
        said = _("{player} wins at {amount}: pick a minor")
        events.append(Event(said.format(player=auction.leader, amount=auction.high)))
        return
    i = auction.active.index(auction.turn)
    auction.turn = auction.active[(i + 1) % len(auction.active)]


def _found(
    state: State, sr: StockRound, auction: Auction, move: Pick, judge: Judge, events: list[Event]
) -> None:
    name = move.name
    if name not in available_minors(state):
        judge.broken(
            RuleError(
                _("{company} is not on top of a column").format(company=name),
                R_AUCTION,
                "pick " + " | ".join(available_minors(state)),
                computable=any(name in c for c in state.columns),
            )
        )
    for col in state.columns:
        if name in col:
            col.remove(name)
    state.columns = [c for c in state.columns if c]
    lo, hi = data.par_range(state.level)
    # Rules ■7: half the bid, rounded down, held in the phase's range; between two spaces, the
    # reading START_VALUE says which (tables/lost-atlas.toml [par]).
    half = min(max(auction.high // 2, lo), hi)
    par = data.floor_space(half)
    if par != half:
        if state.readings.of(START_VALUE) == "nearest":
            par = data.nearest_space(half)
        between = _("half the bid, {half}, is between two spaces: {company} starts at {price}")
        between = between.format(half=half, company=name, price=par)
        events.append(state.readings.noted(between, START_VALUE))
    player = auction.leader
    home = move.where or f"{name} home"
    if state.map_state == "done":
        home = track.home_for(state, name, move.where, judge)
    co = Company(
        name=name,
        major=False,
        president=player,
        cash=0,
        price=par,
        arrival=state.top_arrival(),  # ■7: a launched marker goes on top of its space
        shares={player: 2, TREASURY: 3},
        hubs=[home],
        spare_tokens=[data.table()["tokens"]["expansive_extra_cost"]]
        if name == "Expansive"
        else [],
        abilities=[name],
        bridges_left=data.table()["tokens"]["bridges"] if name == "Bridging" else 0,
    )
    state.companies[name] = co
    said = _("{player} founds {company}: president's certificate (40%), price {price}")
    events.append(Event(said.format(player=player, company=name, price=par)))
    ledger.pay(state, player, name, auction.high, events, _("winning bid"))
    said = _("{company}: home token on {hub}")
    events.append(Event(said.format(company=name, hub=data.hub_name(co.hubs[0]))))
    sr.auction = None
    sr.founded += 1
    sr.last_actor = auction.opener
    sr.passes = 0
    sr.turn = state.after(auction.opener)  # ■7: the player after the opener, not the winner


def sellable(state: State, player: str, co: Company) -> int:
    """Shares a player may sell of `co` now (■9: never the president's certificate; the pool
    holds at most 50%)."""
    keep = pool.kept(co.president == player, data.PRESIDENTS_CERTIFICATE)
    return pool.sellable(co.held(player), keep, ledger.pool_room(co))


def _sale_refusals(state: State, sr: StockRound, player: str) -> list[RuleError]:
    """Why `player` may not sell now at all (■9: once a round, all at once)."""
    out = []
    if sr.sold_turn or player in sr.sold:
        out.append(RuleError(_("sales are made once per stock round, all at once"), R_SELL))
    if player in sr.had_turn and state.readings.of(SALES) == "first-turn":
        out.append(
            RuleError(
                _("{player} has had a turn this round: sales come on the first turn only").format(
                    player=player
                ),
                R_SELL,
                reading=state.readings.note(SALES),
            )
        )
    return out


def _sale_refusals_of(state: State, player: str, co: Company, n: int) -> list[RuleError]:
    """Why `player` may not sell `n` shares of `co` (■9)."""
    out = []
    if not co.operated:
        out.append(RuleError(_("{company} has not operated yet").format(company=co.name), R_SELL))
    if n > sellable(state, player, co):
        out.append(
            RuleError(
                _("{player} may sell at most {n} of {company}").format(
                    player=player, n=sellable(state, player, co), company=co.name
                ),
                R_SELL,
                _("never the president's certificate; the pool holds at most 50%"),
            )
        )
    return out


def may_sell(state: State, player: str) -> bool:
    """Whether `player` could sell a share now (■9)."""
    sr = _round(state)
    return not _sale_refusals(state, sr, player) and any(
        not _sale_refusals_of(state, player, co, 1) for co in state.companies.values()
    )


def _sell(state: State, sr: StockRound, move: Sell, judge: Judge, events: list[Event]) -> None:
    player = move.actor
    for refusal in _sale_refusals(state, sr, player):
        judge.broken(refusal)
    for name, n in move.items:
        for refusal in _sale_refusals_of(state, player, state.companies[name], n):
            judge.broken(refusal)
    for name, n in move.items:
        co = state.companies[name]
        holds = _("{player} holds {n} of {company}")
        judge.fact(
            n <= co.held(player),
            holds.format(player=player, n=co.held(player), company=name),
            R_SELL,
        )
    for name, n in move.items:
        co = state.companies[name]
        ledger.move_shares(co, player, POOL, n)
        said = _("{player} sells {n} of {company} at {price}")
        events.append(Event(said.format(player=player, n=n, company=name, price=co.price)))
        ledger.pay(state, ledger.BANK, player, n * co.price, events, _("sale"))
        ledger.check_president(state, co, events)
    for name, _n in move.items:  # ■9: one space left per company, however many were sold
        ledger.move_price(state, state.companies[name], -1, N_("sold"), events)
    sr.sold.setdefault(player, []).extend(name for name, _n in move.items)
    sr.sold_turn = True
    events.append(Event(_("{player} may now buy one share, or type done").format(player=player)))


def _buy_refusals(
    state: State, sr: StockRound, player: str, co: Company, source: str
) -> list[RuleError]:
    """Why `player` may not buy a share of `co` from `source` now (■8, ■4); the first, when
    the share is not there, cannot be forced."""
    if co.held(source) <= 0:
        none = _("no share of {company} in the {place}").format(
            company=co.name, place=data.place_name(source)
        )
        return [RuleError(none, R_BUY, computable=False)]
    out = []
    if co.name in sr.sold.get(player, []):
        said = _("{player} sold {company} this round")
        out.append(RuleError(said.format(player=player, company=co.name), R_BUY))
    if not limits.within(co.held(player) + 1, ledger.player_limit(co)):
        said = _("{player} would hold more than 60% of {company}")
        out.append(RuleError(said.format(player=player, company=co.name), R_LIMIT))
    if state.cash[player] < co.price:
        said = _("{player} has {cash}, the share costs {price}")
        out.append(
            RuleError(said.format(player=player, cash=state.cash[player], price=co.price), R_BUY)
        )
    return out


def may_buy(state: State, player: str) -> bool:
    """Whether `player` could buy a share now, from a treasury or the pool (■8)."""
    sr = _round(state)
    return any(
        not _buy_refusals(state, sr, player, co, source)
        for co in state.companies.values()
        for source in (TREASURY, POOL)
    )


def only_by_force(state: State, player: str) -> str:
    """Why `player` may buy a share only by force: one is there and they can pay for it, but a
    rule forbids it (■8: a company they sold this round; ■4: over 60%); '' otherwise. Where one
    is, ending the turn stays the table's to type: a forced purchase could come instead."""
    sr = _round(state)
    for co in state.companies.values():
        for source in (TREASURY, POOL):
            refusals = _buy_refusals(state, sr, player, co, source)
            forceable = refusals and all(r.computable for r in refusals)
            if forceable and state.cash[player] >= co.price:
                said = _("{player} may buy {company} only by force: {reason}")
                return said.format(player=player, company=co.name, reason=refusals[0])
    return ""


def may_open(state: State, player: str) -> bool:
    """Whether `player` could open an auction now (■7: a charter left, the lowest bid paid)."""
    return bool(available_minors(state)) and state.cash[player] >= _lowest_bid()


def _lowest_bid() -> int:
    return int(data.table()["auction"]["minimum"])


def _buy(state: State, sr: StockRound, move: BuyShare, judge: Judge, events: list[Event]) -> None:
    player, co = move.actor, state.companies[move.company]
    source = move.source or (TREASURY if co.held(TREASURY) else POOL)
    for refusal in _buy_refusals(state, sr, player, co, source):
        judge.broken(refusal)
    ledger.move_shares(co, source, player, 1)
    said = _("{player} buys a share of {company} from the {place} at {price}")
    events.append(
        Event(
            said.format(
                player=player, company=co.name, place=data.place_name(source), price=co.price
            )
        )
    )
    paid = pool.pays_the_company(source == TREASURY, data.CAPITALISATION)
    payee = co.name if paid else ledger.BANK
    ledger.pay(state, player, payee, co.price, events, _("share bought"))
    ledger.check_president(state, co, events)


def _end_turn(state: State, sr: StockRound, acted: bool, events: list[Event]) -> None:
    """The next player's turn, or the end of the round when everyone passed in a row."""
    player = sr.turn
    sr.sold_turn = False
    sr.had_turn.append(player)
    if acted:
        sr.passes, sr.last_actor = 0, player
    else:
        sr.passes += 1
    if sr.passes >= len(state.active_players):
        end_stock_round(state, sr, events)
        return
    sr.turn = state.after(player)


def end_stock_round(state: State, sr: StockRound, events: list[Event]) -> None:
    if sr.last_actor:  # ■10: priority to the left of the last player to act
        state.priority = state.after(sr.last_actor)
    events.append(Event(_("stock round ends; priority to {player}").format(player=state.priority)))
    for name in state.order():  # ■10: fully player-held companies rise one space
        co = state.companies[name]
        if co.held(TREASURY) == 0 and co.held(POOL) == 0:
            ledger.move_price(state, co, +1, N_("all shares with players"), events)
    state.sr = None


TURN: Handlers[State] = Handlers(
    "stock-round",
    {OpenAuction: _open, Sell: _sell_shares, BuyShare: _buy_share, Pass: _pass, Done: _done},
)
BIDDING: Handlers[State] = Handlers("auction", {Bid: _bid, Pass: _drop_out})
PICKING: Handlers[State] = Handlers("auction", {Pick: _pick})
