"""Setup answers and the stock round: auctions of minors, sales, purchases (rules ■3, ■6-■10)."""

from __future__ import annotations

from referee.engine import Event, RuleError
from referee.games.lost_atlas import data, ledger
from referee.games.lost_atlas.commands import (
    Amount,
    BuyShare,
    Charters,
    Destinations,
    Move,
    Named,
    Sell,
)
from referee.games.lost_atlas.data import POOL, TREASURY
from referee.games.lost_atlas.readings import SALES, START_VALUE
from referee.games.lost_atlas.state import Auction, Company, State, StockRound

R_SETUP = "■3 準備"
R_SR = "■6 ゲームスタート:株式ラウンド"
R_AUCTION = "■7 株式ラウンド1:マイナー会社の競りと会社の設立"
R_BUY = "■8 株式ラウンド2:株式の購入"
R_SELL = "■9 株式ラウンド3:株式の売却"
R_END = "■10 株式ラウンド4:株式ラウンドの終了と株価上昇"
R_LIMIT = "■4 持ち株の制限"


def column_sizes(state: State) -> list[int]:
    key = f"micro{len(state.players)}" if state.variant == "micro" else state.variant
    return list(data.table()["setup"]["columns"][key])


def set_charters(state: State, move: Charters, forced: bool, events: list[Event]) -> None:
    from referee.games.lost_atlas import atlas

    if state.map_state == "building":
        raise RuleError(
            "the map is not complete", R_SETUP, "place N HEX ROT (or capital HEX)", computable=False
        )
    cols = [list(c) for c in move.columns]
    names = [n for c in cols for n in c]
    if len(set(names)) != len(names):
        raise RuleError("a minor appears twice", R_SETUP, computable=False)
    sizes = column_sizes(state)
    if not forced:
        if [len(c) for c in cols] != sizes:
            raise RuleError(
                f"the charters lie in columns of {sizes}",
                R_SETUP,
                "one column per '/', top charter first",
            )
        out = data.table()["setup"]["not_in_short"]
        if state.variant == "short" and set(names) & set(out):
            raise RuleError(
                f"{', '.join(sorted(set(names) & set(out)))} not in the short game", R_SETUP
            )
        if state.variant == "long" and set(names) != set(data.minors()):
            raise RuleError("the long game uses all twelve minors", R_SETUP)
        if state.variant == "micro" and state.map_state == "done":
            # ■3 micro: the minors whose homes came out, and Adaptive if piece 21 did.
            homes = set(atlas.board(state).homes())
            if any(p.number == 21 for p in state.pieces):
                homes.add("Adaptive")
            if set(names) != homes:
                raise RuleError(
                    "the micro game uses the minors whose homes are on the map: "
                    + ", ".join(sorted(homes)),
                    R_SETUP,
                )
    state.columns = cols
    events.append(Event("charters: " + " / ".join(", ".join(c) for c in cols)))
    _maybe_start(state, events)


def set_destinations(state: State, move: Destinations, events: list[Event]) -> None:
    state.destinations = list(move.values)
    events.append(Event("distant destinations: " + "/".join(map(str, move.values))))
    _maybe_start(state, events)


def _maybe_start(state: State, events: list[Event]) -> None:
    if state.round == "setup" and state.columns and state.destinations:
        start_stock_round(state, events)


def start_stock_round(state: State, events: list[Event]) -> None:
    state.round = "stock"
    state.sr = StockRound(turn=state.priority)
    events.append(Event(f"cycle {state.cycle}: stock round; {state.priority} has priority"))


def available_minors(state: State) -> list[str]:
    return [c[0] for c in state.columns if c]


def sr_move(state: State, move: object, forced: bool, events: list[Event]) -> None:
    sr = state.sr
    assert sr is not None
    if sr.auction is not None:
        _auction_move(state, sr, sr.auction, move, forced, events)
        return
    ledger.need_turn(state, move.actor, sr.turn, R_SR, forced)  # type: ignore[attr-defined]
    if isinstance(move, Amount) and move.verb == "auction":
        if sr.sold_turn and not forced:
            raise RuleError(
                "a turn is an auction, or sales and/or one purchase",
                R_SR,
                "buy a share or type done",
            )
        _open_auction(state, sr, move, forced, events)
    elif isinstance(move, Sell):
        _sell(state, sr, move, forced, events)
    elif isinstance(move, BuyShare):
        _buy(state, sr, move, forced, events)
        _end_turn(state, sr, acted=True, events=events)
    elif isinstance(move, Move) and move.verb in ("pass", "done"):
        if sr.sold_turn:
            _end_turn(state, sr, acted=True, events=events)
        else:
            events.append(Event(f"{move.actor} passes"))
            _end_turn(state, sr, acted=False, events=events)
    else:
        raise RuleError("not a stock-round move", R_SR, "auction, sell, buy or pass")


def _open_auction(
    state: State, sr: StockRound, move: Amount, forced: bool, events: list[Event]
) -> None:
    a = data.table()["auction"]
    if not available_minors(state):
        raise RuleError("no charter is left to found", R_AUCTION, computable=False)
    _check_bid(state, move.actor, move.amount, a["minimum"] - a["step"], forced)
    ring = [p for p in state.players if p not in state.out]
    i = ring.index(move.actor)
    active = ring[i:] + ring[:i]
    auction = Auction(move.actor, move.amount, move.actor, active, move.actor)
    sr.auction = auction
    events.append(Event(f"{move.actor} opens an auction for a minor at {move.amount}"))
    _next_bidder(auction, events)


def _check_bid(state: State, actor: str, bid: int, high: int, forced: bool) -> None:
    a = data.table()["auction"]
    if forced:
        return
    if bid < a["minimum"] or bid % a["step"]:
        raise RuleError(f"bids start at {a['minimum']} in steps of {a['step']}", R_AUCTION)
    if bid <= high:
        raise RuleError(f"the bid must beat {high}", R_AUCTION, f"bid {high + a['step']} or more")
    if bid > state.cash[actor]:
        raise RuleError(f"{actor} has only {state.cash[actor]}", R_AUCTION)


def _next_bidder(auction: Auction, events: list[Event]) -> None:
    if len(auction.active) == 1:
        auction.picking = True
        auction.turn = auction.leader
        events.append(Event(f"{auction.leader} wins at {auction.high}: pick a minor"))
        return
    i = auction.active.index(auction.turn)
    auction.turn = auction.active[(i + 1) % len(auction.active)]


def _auction_move(
    state: State, sr: StockRound, auction: Auction, move: object, forced: bool, events: list[Event]
) -> None:
    ledger.need_turn(state, move.actor, auction.turn, R_AUCTION, forced)  # type: ignore
    if auction.picking:
        if not isinstance(move, Named) or move.verb != "pick":
            raise RuleError(
                f"{auction.leader} must pick a minor",
                R_AUCTION,
                "pick " + " | ".join(available_minors(state)),
            )
        _found(state, sr, auction, move, forced, events)
        return
    if isinstance(move, Amount) and move.verb == "bid":
        _check_bid(state, move.actor, move.amount, auction.high, forced)
        auction.high, auction.leader = move.amount, move.actor
        events.append(Event(f"{move.actor} bids {move.amount}"))
    elif isinstance(move, Move) and move.verb == "pass":
        if move.actor == auction.leader and not forced:
            # ■7: the opener must bid (their opening bid leads), and the leader has no reason
            # to pass: passing is for the others.
            raise RuleError("the high bidder cannot pass", R_AUCTION)
        events.append(Event(f"{move.actor} passes (out of this auction)"))
        nxt_i = auction.active.index(move.actor)
        auction.active.remove(move.actor)
        auction.turn = auction.active[(nxt_i - 1) % len(auction.active)]
    else:
        raise RuleError("in an auction: bid or pass", R_AUCTION)
    _next_bidder(auction, events)


def _found(
    state: State, sr: StockRound, auction: Auction, move: Named, forced: bool, events: list[Event]
) -> None:
    name = move.name
    if name not in available_minors(state):
        if forced and any(name in c for c in state.columns):
            pass
        else:
            raise RuleError(
                f"{name} is not on top of a column",
                R_AUCTION,
                "pick " + " | ".join(available_minors(state)),
                computable=any(name in c for c in state.columns),
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
        between = f"half the bid, {half}, is between two spaces: {name} starts at {par}"
        events.append(state.readings.noted(between, START_VALUE))
    player = auction.leader
    home = move.where or f"{name} home"
    if state.map_state == "done":
        from referee.games.lost_atlas import track

        home = track.home_for(state, name, move.where, forced)
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
    events.append(Event(f"{player} founds {name}: president's certificate (40%), price {par}"))
    ledger.pay(state, player, name, auction.high, events)
    events.append(Event(f"{name}: home token on {co.hubs[0]}"))
    sr.auction = None
    sr.founded += 1
    sr.last_actor = auction.opener
    sr.passes = 0
    sr.turn = state.after(auction.opener)  # ■7: the player after the opener, not the winner


def sellable(state: State, player: str, co: Company) -> int:
    """Shares a player may sell of `co` now (■9: never the president's certificate; the pool
    holds at most 50%)."""
    keep = 2 if co.president == player else 0
    return max(0, min(co.held(player) - keep, ledger.pool_limit(co) - co.held(POOL)))


def _sell(state: State, sr: StockRound, move: Sell, forced: bool, events: list[Event]) -> None:
    player = move.actor
    if not forced:
        if sr.sold_turn or player in sr.sold:
            raise RuleError("sales are made once per stock round, all at once", R_SELL)
        if player in sr.had_turn and state.readings.of(SALES) == "first-turn":
            raise RuleError(
                f"{player} has had a turn this round: sales come on the first turn only",
                R_SELL,
                reading=state.readings.note(SALES),
            )
        for name, n in move.items:
            co = state.companies[name]
            if not co.operated:
                raise RuleError(f"{name} has not operated yet", R_SELL)
            if n > sellable(state, player, co):
                raise RuleError(
                    f"{player} may sell at most {sellable(state, player, co)} of {name}",
                    R_SELL,
                    "never the president's certificate; the pool holds at most 50%",
                )
    for name, n in move.items:
        co = state.companies[name]
        if n > co.held(player):
            raise RuleError(f"{player} holds {co.held(player)} of {name}", R_SELL, computable=False)
    for name, n in move.items:
        co = state.companies[name]
        ledger.move_shares(co, player, POOL, n)
        events.append(Event(f"{player} sells {n} of {name} at {co.price}"))
        ledger.pay(state, ledger.BANK, player, n * co.price, events)
        ledger.check_president(state, co, events)
    for name, _ in move.items:  # ■9: one space left per company, however many were sold
        ledger.move_price(state, state.companies[name], -1, "sold", events)
    sr.sold.setdefault(player, []).extend(n for n, _ in move.items)
    sr.sold_turn = True
    events.append(Event(f"{player} may now buy one share, or type done"))


def _buy(state: State, sr: StockRound, move: BuyShare, forced: bool, events: list[Event]) -> None:
    player, co = move.actor, state.companies[move.company]
    source = move.source or (TREASURY if co.held(TREASURY) else POOL)
    if co.held(source) == 0:
        raise RuleError(f"no share of {co.name} in the {source}", R_BUY, computable=False)
    if not forced:
        if co.name in sr.sold.get(player, []):
            raise RuleError(f"{player} sold {co.name} this round", R_BUY)
        if co.held(player) + 1 > ledger.player_limit(co):
            raise RuleError(f"{player} would hold more than 60% of {co.name}", R_LIMIT)
        if state.cash[player] < co.price:
            raise RuleError(f"{player} has {state.cash[player]}, the share costs {co.price}", R_BUY)
    ledger.move_shares(co, source, player, 1)
    events.append(Event(f"{player} buys a share of {co.name} from the {source} at {co.price}"))
    ledger.pay(state, player, co.name if source == TREASURY else ledger.BANK, co.price, events)
    ledger.check_president(state, co, events)


def _end_turn(state: State, sr: StockRound, acted: bool, events: list[Event]) -> None:
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
    from referee.games.lost_atlas.operating import start_operating_round

    if sr.last_actor:  # ■10: priority to the left of the last player to act
        state.priority = state.after(sr.last_actor)
    events.append(Event(f"stock round ends; priority to {state.priority}"))
    for name in state.order():  # ■10: fully player-held companies rise one space
        co = state.companies[name]
        if co.held(TREASURY) == 0 and co.held(POOL) == 0:
            ledger.move_price(state, co, +1, "all shares with players", events)
    state.sr = None
    if state.cycle == 1 and not state.companies:
        # ■10: nobody founded a minor in cycle 1: the charters are shuffled, the round replayed.
        state.round = "setup"
        state.columns = []
        events.append(
            Event(
                "no minor founded: shuffle the charters, lay them out again "
                "(charters ...), and the stock round is played again"
            )
        )
        return
    start_operating_round(state, 1, events)
