"""Congo Line: the rules (congo-line.ja.txt). Setup, the turn, dice actions and payouts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from referee.engine import BoardField, Event, Game, Options, RuleError, Standing, UsageError

from . import board as board_data
from . import render
from .commands import (
    VERBS,
    Auto,
    Buy,
    Done,
    Load,
    Move,
    OrangeBuy,
    OrangeSell,
    Pass,
    Place,
    PurpleDrop,
    PurpleLoad,
    PurpleMove,
    Roll,
    Start,
    Take,
)
from .commands import parse as parse_words
from .state import (
    BONUS,
    CAPACITY,
    CUBES_PER_PLAYER,
    DICE,
    FACES,
    LEAVE_MIN_GOODS,
    LOAD_PER_TRAIN,
    ORANGE_PRICE,
    SHARES_PER_TRAIN,
    START_CITY,
    START_MONEY,
    TRAINS,
    State,
    Train,
    Turn,
    add,
    with_key,
)
from .track import (
    R_AUTO,
    R_MOVE,
    R_PURPLE,
    auto_candidates,
    destinations,
    line_to,
    occupant,
    path,
    put,
    run_empty,
    space_value,
    where,
)

R_SETUP = "セットアップ"
R_FLOW = "ゲームの流れ"
R_PLACE = "株を置く"
R_BUY = "株を買う／選択する"
R_DICE = "ダイスアクションの実行"
R_LOAD = "商品を積む／列車の移動 (商品を積む)"
R_ORANGE = "オレンジダイスの解決"
R_CHECK = "Available Stock Boxの確認"
R_END = "ゲームの終了と勝者"


class Check:
    """Rule checks that `force` skips, and facts no force can get around."""

    def __init__(self, forced: bool) -> None:
        self.forced = forced

    def rule(self, ok: bool, reason: str, rule: str, legal: str = "") -> None:
        if not ok and not self.forced:
            raise RuleError(reason, rule, legal)

    @staticmethod
    def fact(ok: bool, reason: str, rule: str, legal: str = "") -> None:
        if not ok:
            raise RuleError(reason, rule, legal, computable=False)


def _money(state: State, player: str, change: int, why: str) -> tuple[State, Event]:
    old = state.money[player]
    event = Event(f"{player}: money {old} -> {old + change} ({why})")
    return replace(state, money=add(state.money, player, change)), event


def _give_share(state: State, player: str, train: str, source: str) -> State:
    """Move one share of `train` from the reserve or Available box to a player."""
    pool = getattr(state, source)
    return replace(
        state,
        **{source: add(pool, train, -1)},
        shares=with_key(state.shares, player, add(state.shares[player], train, 1)),
    )


def _turn_of(state: State, actor: str, check: Check) -> None:
    check.rule(actor == state.player, f"it is {state.player}'s turn, not {actor}'s", R_FLOW,
               f"{state.player} acts now")


def _rolled(state: State, check: Check) -> Turn:
    check.fact(state.phase == "play" and state.turn is not None,
               "that is a move of play; the setup is not finished", R_SETUP)
    assert state.turn is not None
    check.fact(bool(state.turn.dice), "roll the four dice first", R_FLOW,
               "roll FACE FACE FACE FACE")
    return state.turn


def _dice_action(state: State, check: Check, die: str = "") -> Turn:
    """Common checks of a dice action; the share step is over once one is made."""
    turn = _rolled(state, check)
    check.rule(not turn.pending_auto,
               f"first choose the line of the auto-moved train(s): {', '.join(turn.pending_auto)}",
               R_AUTO, "auto TRAIN CITY")
    if die:
        left = turn.purple_left if die == "purple" else turn.orange_left
        check.rule(left > 0, f"no {die} die left to use this turn",
                   R_PURPLE if die == "purple" else R_ORANGE)
    return replace(turn, share_done=True)


def _use_die(turn: Turn, die: str) -> Turn:
    if die == "purple":
        return replace(turn, purple_left=max(0, turn.purple_left - 1))
    return replace(turn, orange_left=max(0, turn.orange_left - 1))


def _load_one(state: State, turn: Turn, actor: str, train: str, n: int,
              check: Check) -> tuple[State, Turn, Event]:
    t = state.trains[train]
    check.rule(t.in_city, f"{train} train is not in a city ({where(state, t)})", R_LOAD,
               "goods are loaded only on trains in cities")
    check.fact(len(t.goods) + n <= CAPACITY,
               f"{train} train carries {len(t.goods)}; {n} more would pass {CAPACITY}", R_LOAD)
    done = turn.loaded.get(train, 0)
    check.rule(done + n <= LOAD_PER_TRAIN,
               f"{actor} would load {done + n} on the {train} train this turn", R_LOAD,
               f"at most {LOAD_PER_TRAIN} per player on one train")
    check.fact(state.supply[actor] >= n, f"{actor} has {state.supply[actor]} cubes left", R_LOAD)
    new = replace(t, goods=(*t.goods, *([actor] * n)))
    state = replace(state, trains=with_key(state.trains, train, new),
                    supply=add(state.supply, actor, -n))
    turn = replace(turn, loaded=add(turn.loaded, train, n))
    return state, turn, Event(f"{train} train: {n} {actor} good(s) loaded, now "
                              f"{len(new.goods)}")


def _with_turn(state: State, turn: Turn) -> State:
    return state if state.phase == "over" else replace(state, turn=turn)


def _next_player(state: State) -> State:
    nxt = (state.current + 1) % len(state.players)
    return replace(state, current=nxt, turn=Turn(state.players[nxt]),
                   turn_number=state.turn_number + 1)


# --- the moves ----------------------------------------------------------------------------

def take(state: State, m: Take, check: Check) -> tuple[State, list[Event]]:
    check.fact(state.phase == "shares", "the starting shares are all taken", R_SETUP)
    _turn_of(state, m.actor, check)
    taken = {t for p in state.players if p != m.actor for t, n in state.shares[p].items() if n}
    check.rule(m.train not in taken, f"{m.train} is already another player's "
               "starting share", R_SETUP, "各自初めは別々の色: a colour nobody has")
    check.fact(state.reserve[m.train] > 0, f"no {m.train} share is left", R_SETUP)
    state = _give_share(state, m.actor, m.train, "reserve")
    events = [Event(f"{m.actor}: takes a {m.train} share as starting share")]
    if state.current + 1 < len(state.players):
        return replace(state, current=state.current + 1), events
    return replace(state, phase="opening", current=0), events


def place(state: State, m: Place, check: Check) -> tuple[State, list[Event]]:
    check.fact(state.phase == "opening", "the opening placement of goods is over", R_SETUP)
    _turn_of(state, m.actor, check)
    t = state.trains[m.train]
    check.fact(len(t.goods) < CAPACITY, f"{m.train} train's chart is full", R_SETUP)
    check.fact(state.supply[m.actor] > 0, f"{m.actor} has no cubes left", R_SETUP)
    new = replace(t, goods=(*t.goods, m.actor))
    state = replace(state, trains=with_key(state.trains, m.train, new),
                    supply=add(state.supply, m.actor, -1), placed=state.placed + 1,
                    current=(state.current + 1) % len(state.players))
    return state, [Event(f"{m.train} train: one {m.actor} good placed, now {len(new.goods)}")]


def can_start(state: State) -> bool:
    """The opening ends after whole rounds (everyone placed as many), or when nobody can place."""
    full = all(len(t.goods) >= CAPACITY for t in state.trains.values())
    rounds = state.placed >= len(state.players) and state.placed % len(state.players) == 0
    return full or rounds or state.supply[state.player] == 0


def start(state: State, m: Start, check: Check) -> tuple[State, list[Event]]:
    check.fact(state.phase == "opening", "play has already begun", R_SETUP)
    _turn_of(state, m.actor, check)
    n = len(state.players)
    check.rule(can_start(state), "the opening placement stops only after a whole round",
               R_SETUP, f"{n - state.placed % n} more cube(s) this round, from {state.player}")
    state = replace(state, phase="play", current=0, turn=Turn(state.players[0]), turn_number=1)
    return state, [Event(f"opening placement over; {render.next_step(state)}")]


def roll(state: State, m: Roll, check: Check) -> tuple[State, list[Event]]:
    check.fact(state.phase == "play" and state.turn is not None,
               "the setup is not finished", R_SETUP)
    _turn_of(state, m.actor, check)
    assert state.turn is not None
    check.fact(not state.turn.dice, "the dice are already rolled this turn", R_FLOW, "done ends "
               "the turn")
    k = len(set(m.faces))
    count = Counter(m.faces)
    # Dice Action Chart: k colours -> load k goods or move one train 5 - k spaces
    events = [Event(f"{m.actor} rolled {' '.join(m.faces)}: {k} colour(s): load {k} or move "
                    f"{5 - k}; purple {count['purple']}, orange {count['orange']}")]
    reserve, available = state.reserve, state.available
    for face in m.faces:
        if face not in TRAINS:
            continue
        if reserve[face] > 0:  # 株を置く: what is missing from the reserve is skipped
            reserve, available = add(reserve, face, -1), add(available, face, 1)
            events.append(Event(f"{face} share: reserve -> Available box"))
        else:
            events.append(Event(f"{face} share: none left in the reserve"))
    turn = replace(state.turn, dice=m.faces, purple_left=count["purple"],
                   orange_left=count["orange"])
    return replace(state, reserve=reserve, available=available, turn=turn), events


def buy(state: State, m: Buy, check: Check) -> tuple[State, list[Event]]:
    turn = _rolled(state, check)
    _turn_of(state, m.actor, check)
    check.rule(not turn.share_done, "the share step of this turn is over", R_BUY,
               f"orange buy TRAIN costs {ORANGE_PRICE} with an orange die")
    check.fact(state.available[m.train] > 0, f"no {m.train} share in the Available box", R_BUY,
               _available_text(state))
    # 都市にいる場合無料; 都市以外では書かれた数字分のFrancs
    price = space_value(state, state.trains[m.train]) or 0
    check.rule(state.money[m.actor] >= price,
               f"a {m.train} share costs {price}; {m.actor} has {state.money[m.actor]}", R_BUY)
    state = _give_share(state, m.actor, m.train, "available")
    state, paid = _money(state, m.actor, -price, f"{m.train} share")
    event = Event(f"{m.actor}: takes a {m.train} share free (train in a city)") if price == 0 \
        else paid
    return replace(state, turn=replace(turn, share_done=True)), [event]


def pass_(state: State, m: Pass, check: Check) -> tuple[State, list[Event]]:
    turn = _rolled(state, check)
    _turn_of(state, m.actor, check)
    check.rule(not turn.share_done, "the share step of this turn is already over", R_BUY)
    return replace(state, turn=replace(turn, share_done=True)), [
        Event(f"{m.actor}: takes no share")]


def load(state: State, m: Load, check: Check) -> tuple[State, list[Event]]:
    turn = _dice_action(state, check)
    _turn_of(state, m.actor, check)
    check.rule(turn.action != "move", f"{m.actor} chose to move a train this turn", R_DICE,
               "積むか移動のいずれか: purple load TRAIN still loads one good per purple die")
    if not turn.action:
        turn = replace(turn, action="load", loads_left=turn.colours)
    total = sum(n for _, n in m.loads)
    check.rule(total <= turn.loads_left,
               f"{total} goods, but {turn.loads_left} may still be loaded this turn", R_LOAD,
               f"{turn.colours} colour(s) rolled: load {turn.colours}")
    events: list[Event] = []
    for train, n in m.loads:
        state, turn, event = _load_one(state, turn, m.actor, train, n, check)
        events.append(event)
    turn = replace(turn, loads_left=max(0, turn.loads_left - total))
    return _with_turn(state, turn), events


def move(state: State, m: Move, check: Check) -> tuple[State, list[Event]]:
    turn = _dice_action(state, check)
    _turn_of(state, m.actor, check)
    check.rule(not turn.action, f"{m.actor} already chose to "
               f"{'load goods' if turn.action == 'load' else 'move the ' + turn.moved + ' train'}"
               " this turn", R_DICE,
               "a turn loads or moves one train, not both" if turn.action == "load"
               else "purple move takes the moved train one space further")
    allowed = 5 - turn.colours  # Dice Action Chart: 1 colour 4 spaces ... 4 colours 1 space
    check.rule(m.spaces <= allowed, f"{turn.colours} colour(s) rolled: move at most {allowed}",
               R_MOVE)
    t = state.trains[m.train]
    if t.in_city:
        ends = destinations(state, t.city)
        check.fact(bool(ends), f"no line leaves {t.city}", R_MOVE)
        to = m.to or (ends[0] if len(ends) == 1 else "")
        check.fact(bool(to), f"{m.train} is in {t.city}: name the line it takes",
                   R_MOVE, f"move {m.train} {m.spaces} CITY, CITY one of {', '.join(ends)}")
        line = line_to(state, t.city, to)
        check.fact(line is not None, f"no line from {t.city} to {to}", R_MOVE,
                   f"lines lead to {', '.join(ends)}")
        assert line is not None
        check.rule(len(t.goods) >= LEAVE_MIN_GOODS,
                   f"{m.train} train has {len(t.goods)} goods; it leaves a city only with "
                   f"{LEAVE_MIN_GOODS}", R_MOVE)
    else:
        line = t.line
        end = state.board.lines[line].end
        check.fact(m.to in ("", end), f"{m.train} is on the line to {end}", R_MOVE,
                   f"move {m.train} {m.spaces}")
    ahead = path(state, t, line)
    stops = [spot for spot in ahead[: m.spaces]]
    cities = [i for i, s in enumerate(stops) if isinstance(s, str)]
    events: list[Event] = []
    if cities:  # 都市に入った時、移動力が残っていても止まる
        stops = stops[: cities[0] + 1]
        if len(stops) < m.spaces:
            events.append(Event(f"{m.train} train stops in {stops[-1]} after {len(stops)} "
                                f"space(s)"))
    blocker = occupant(state, stops[-1], but=m.train)
    if blocker:
        free = [str(i + 1) for i, s in enumerate(ahead[:allowed]) if not occupant(state, s,
                                                                                  but=m.train)]
        check.rule(False, f"the {blocker} train stands on that space", R_MOVE,
                   f"one train per space (passing is allowed): spaces {', '.join(free) or 'none'}")
    left_city = t.in_city
    state, more = put(state, m.train, stops[-1], m.actor)
    events += more
    turn = replace(turn, action="move", moved=m.train)
    if left_city and state.phase != "over":
        due, skipped = auto_candidates(state, m.train)
        events += skipped
        turn = replace(turn, pending_auto=due)
        if due:
            events.append(Event(f"auto-move: {', '.join(due)} train(s) leave their city one "
                                "space; choose each line with auto TRAIN CITY"))
    return _with_turn(state, turn), events


def auto(state: State, m: Auto, check: Check) -> tuple[State, list[Event]]:
    turn = _rolled(state, check)
    _turn_of(state, m.actor, check)
    check.fact(m.train in turn.pending_auto, f"the {m.train} train is not due an auto-move",
               R_AUTO, f"due: {', '.join(turn.pending_auto) or 'none'}")
    t = state.trains[m.train]
    line = line_to(state, t.city, m.to)
    check.fact(line is not None, f"no line from {t.city} to {m.to}", R_AUTO,
               f"lines lead to {', '.join(destinations(state, t.city))}")
    assert line is not None
    turn = replace(turn, pending_auto=tuple(x for x in turn.pending_auto if x != m.train))
    spot = path(state, t, line)[0]
    blocker = occupant(state, spot)
    if blocker:  # 選択した路線によっては、全く進めない事もある
        return replace(state, turn=turn), [
            Event(f"{m.train} train cannot move toward {m.to}: the {blocker} train blocks; it "
                  f"stays in {t.city}")]
    state, events = put(state, m.train, spot, m.actor)
    return _with_turn(state, turn), events


def purple_drop(state: State, m: PurpleDrop, check: Check) -> tuple[State, list[Event]]:
    turn = _dice_action(state, check, "purple")
    _turn_of(state, m.actor, check)
    t = state.trains[m.train]
    check.rule(not t.in_city, f"the {m.train} train is in {t.city}", R_PURPLE,
               "都市にいる列車の商品は除去できない")
    owners = sorted(set(t.goods))
    owner = m.owner or (owners[0] if len(owners) == 1 else "")
    check.fact(bool(owner), f"whose good? the {m.train} train carries goods of "
               f"{', '.join(owners)}", R_PURPLE, f"purple drop {m.train} OWNER")
    check.fact(owner in t.goods, f"the {m.train} train carries no good of {owner}", R_PURPLE,
               f"owners on board: {', '.join(owners)}")
    goods = list(t.goods)
    goods.remove(owner)  # the rest stay left-aligned on the chart
    state = replace(state, trains=with_key(state.trains, m.train, replace(t, goods=tuple(goods))),
                    supply=add(state.supply, owner, 1))
    events = [Event(f"{m.train} train: one {owner} good removed, back to {owner}; "
                    f"{len(goods)} left")]
    if not goods:
        state, more = run_empty(state, m.train)
        events += more
    return replace(state, turn=_use_die(turn, "purple")), events


def purple_load(state: State, m: PurpleLoad, check: Check) -> tuple[State, list[Event]]:
    turn = _dice_action(state, check, "purple")
    _turn_of(state, m.actor, check)
    state, turn, event = _load_one(state, turn, m.actor, m.train, 1, check)
    return replace(state, turn=_use_die(turn, "purple")), [event]


def purple_move(state: State, m: PurpleMove, check: Check) -> tuple[State, list[Event]]:
    turn = _dice_action(state, check, "purple")
    _turn_of(state, m.actor, check)
    check.fact(turn.action == "move", "追加移動 needs a train moved by the dice action first",
               R_PURPLE, "move TRAIN SPACES, then purple move")
    t = state.trains[turn.moved]
    check.fact(not t.in_city, f"the {turn.moved} train stopped in {t.city}", R_PURPLE)
    spot = path(state, t, t.line)[0]
    blocker = occupant(state, spot, but=t.colour)
    check.rule(not blocker, f"the {blocker} train stands on the next space", R_PURPLE,
               "one train per space")
    state, events = put(state, t.colour, spot, m.actor)
    return _with_turn(state, _use_die(turn, "purple")), events


def orange_sell(state: State, m: OrangeSell, check: Check) -> tuple[State, list[Event]]:
    turn = _dice_action(state, check, "orange")
    _turn_of(state, m.actor, check)
    t = state.trains[m.train]
    check.rule(not t.in_city, f"the {m.train} train is in {t.city}", R_ORANGE,
               "都市にいる列車の株は選択できない")
    check.fact(state.shares[m.holder].get(m.train, 0) > 0,
               f"{m.holder} holds no {m.train} share", R_ORANGE)
    value = space_value(state, t) or 0  # 株の価値は列車がいる場所の数字
    state = replace(state, shares=with_key(state.shares, m.holder,
                                           add(state.shares[m.holder], m.train, -1)),
                    reserve=add(state.reserve, m.train, 1))
    state, paid = _money(state, m.holder, value, f"forced sale of a {m.train} share")
    return replace(state, turn=_use_die(turn, "orange")), [
        paid, Event(f"{m.train} share: {m.holder} -> reserve")]


def orange_buy(state: State, m: OrangeBuy, check: Check) -> tuple[State, list[Event]]:
    turn = _dice_action(state, check, "orange")
    _turn_of(state, m.actor, check)
    check.fact(state.available[m.train] > 0, f"no {m.train} share in the Available box",
               R_ORANGE, _available_text(state))
    check.rule(state.money[m.actor] >= ORANGE_PRICE,
               f"{m.actor} has {state.money[m.actor]}; the share costs {ORANGE_PRICE}", R_ORANGE)
    state = _give_share(state, m.actor, m.train, "available")
    state, paid = _money(state, m.actor, -ORANGE_PRICE, f"{m.train} share with an orange die")
    return replace(state, turn=_use_die(turn, "orange")), [paid]


def done(state: State, m: Done, check: Check) -> tuple[State, list[Event]]:
    turn = _rolled(state, check)
    _turn_of(state, m.actor, check)
    check.rule(not turn.pending_auto, "the auto-move is not finished", R_AUTO,
               f"auto TRAIN CITY for {', '.join(turn.pending_auto)}")
    events: list[Event] = []
    if not any(state.reserve.values()) and any(state.available.values()):
        # Available Stock Boxの確認: all of the box back to the reserve
        events.append(Event("reserve empty: every share of the Available box returns to it"))
        state = replace(state, reserve={t: state.available[t] for t in TRAINS},
                        available=dict.fromkeys(TRAINS, 0))
    state = _next_player(state)
    events.append(Event(f"turn over; {render.next_step(state)}"))
    return state, events


HANDLERS: dict[type, Callable[[State, Any, Check], tuple[State, list[Event]]]] = {
    Take: take, Place: place, Start: start, Roll: roll, Buy: buy, Pass: pass_, Load: load,
    Move: move, Auto: auto, PurpleDrop: purple_drop, PurpleLoad: purple_load,
    PurpleMove: purple_move, OrangeSell: orange_sell, OrangeBuy: orange_buy, Done: done,
}


def _available_text(state: State) -> str:
    box = [f"{n} {t}" for t, n in state.available.items() if n]
    return "Available box: " + (", ".join(box) or "empty")


class CongoLine(Game):
    name = "congo-line"
    title = "Congo Line"
    rules_file = "congo-line.ja.txt"
    min_players = 2
    max_players = len(TRAINS)  # each player starts with a share of a different colour

    def board_fields(self) -> Sequence[BoardField]:
        return board_data.FIELDS

    def check_board(self, board: dict[str, Any]) -> dict[str, Any]:
        return board_data.check_board(board)

    def setup(self, players: Sequence[str], variant: str, board: dict[str, Any]) -> State:
        b = board_data.make_board(board)
        return State(
            players=tuple(players),
            board=b,
            phase="shares",
            current=0,  # the first player named is the start player
            money=dict.fromkeys(players, START_MONEY),
            shares={p: dict.fromkeys(TRAINS, 0) for p in players},
            reserve=dict.fromkeys(TRAINS, SHARES_PER_TRAIN),
            available=dict.fromkeys(TRAINS, 0),
            trains={t: Train(t, city=START_CITY) for t in TRAINS},
            bonus={c: BONUS[cls] for c, cls in b.cities.items()},
            reached=(),
            supply=dict.fromkeys(players, CUBES_PER_PLAYER),
        )

    def verbs(self) -> Sequence[Any]:
        return VERBS

    def parse(self, state: State, actor: str, words: Sequence[str]) -> Any:
        return parse_words(state, actor, words)

    def apply(self, state: State, move: Any, *, forced: bool = False) -> tuple[State, list[Event]]:
        handler = HANDLERS.get(type(move))
        if handler is None:
            raise UsageError(f"not a Congo Line move: {move!r}")
        if state.phase == "over":
            raise RuleError("the game is over", R_END, computable=False)
        return handler(state, move, Check(forced))

    def options(self, state: State) -> Options:
        return render.options(state)

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def standings(self, state: State) -> list[Standing]:
        # 一番お金を持っている人が勝ち。同点の場合は、株を多く持っている人が勝ち。
        def key(p: str) -> tuple[int, int]:
            return (state.money[p], state.held(p))

        order = sorted(state.players, key=key, reverse=True)
        return [
            Standing(p, state.money[p], {"money": state.money[p], "shares": state.held(p)},
                     1 + sum(1 for q in state.players if key(q) > key(p)))
            for p in order
        ]

    def status(self, state: State) -> str:
        return render.status(state)

    def toolbar(self, state: State) -> str:
        return render.toolbar(state)

    def snapshot(self, state: State) -> dict[str, Any]:
        return render.snapshot(state)

    def adjustables(self, state: State) -> dict[str, int]:
        return {f"cash {p}": state.money[p] for p in state.players}

    def adjust(self, state: State, key: str, value: int) -> tuple[State, list[Event]]:
        player = key.removeprefix("cash ")
        if player not in state.money:
            raise UsageError(f"nothing called '{key}' can be adjusted", "cash PLAYER")
        old = state.money[player]
        return replace(state, money=with_key(state.money, player, value)), [
            Event(f"{player}: money {old} -> {value} (adjusted by the table)")]

    def cash(self, state: State, player: str) -> int | None:
        return state.money[player]


__all__ = ["DICE", "FACES", "CongoLine"]
