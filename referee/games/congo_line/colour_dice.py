"""紫ダイスの解決 and オレンジダイスの解決: what one purple or orange die may do."""

from __future__ import annotations

from dataclasses import replace

from referee.engine import Event
from referee.rules_kit import Judge

from .checks import (
    R_ORANGE,
    available_text,
    dice_action,
    give_share,
    load_one,
    pay,
    use_die,
    with_turn,
)
from .commands import (
    OrangeBuy,
    OrangeSell,
    PurpleDrop,
    PurpleLoad,
    PurpleMove,
)
from .state import (
    ORANGE_PRICE,
    State,
    add,
    with_key,
)
from .track import (
    R_PURPLE,
    occupant,
    outside,
    path,
    put,
    run_empty,
    space_value,
)


def purple_drop(state: State, m: PurpleDrop, judge: Judge) -> tuple[State, list[Event]]:
    turn = dice_action(state, judge, "purple")
    t = state.trains[m.train]
    judge.rule(
        not t.in_city,
        f"the {m.train} train is in {t.city}",
        R_PURPLE,
        f"goods are removed only from trains outside a city: {outside(state)}",
    )
    owners = sorted(set(t.goods))
    judge.fact(bool(owners), f"the {m.train} train carries no goods", R_PURPLE)
    owner = m.owner or (owners[0] if len(owners) == 1 else "")
    judge.fact(
        bool(owner),
        f"whose good? the {m.train} train carries goods of {', '.join(owners)}",
        R_PURPLE,
        f"purple drop {m.train} OWNER",
    )
    judge.fact(
        owner in t.goods,
        f"the {m.train} train carries no good of {owner}",
        R_PURPLE,
        f"owners on board: {', '.join(owners)}",
    )
    goods = list(t.goods)
    goods.remove(owner)  # the rest stay left-aligned on the chart
    state = replace(
        state,
        trains=with_key(state.trains, m.train, replace(t, goods=tuple(goods))),
        supply=add(state.supply, owner, 1),
    )
    events = [
        Event(f"{m.train} train: one {owner} good removed, back to {owner}; {len(goods)} left")
    ]
    if not goods:
        state, more = run_empty(state, m.train)
        events += more
    return replace(state, turn=use_die(turn, "purple")), events


def purple_load(state: State, m: PurpleLoad, judge: Judge) -> tuple[State, list[Event]]:
    turn = dice_action(state, judge, "purple")
    state, turn, event = load_one(state, turn, m.actor, m.train, 1, judge, purple=True)
    return replace(state, turn=use_die(turn, "purple")), [event]


def purple_move(state: State, m: PurpleMove, judge: Judge) -> tuple[State, list[Event]]:
    turn = dice_action(state, judge, "purple")
    judge.fact(
        turn.action == "move",
        "purple move (追加移動) needs a train moved by the dice action first",
        R_PURPLE,
        "move TRAIN SPACES, then purple move",
    )
    t = state.trains[turn.moved]
    judge.fact(not t.in_city, f"the {turn.moved} train stopped in {t.city}", R_PURPLE)
    spot = path(state, t, t.line)[0]
    blocker = occupant(state, spot, but=t.colour)
    judge.rule(
        not blocker,
        f"the {blocker} train stands on the next space",
        R_PURPLE,
        "one train per space",
    )
    state, events = put(state, t.colour, spot, m.actor)
    return with_turn(state, use_die(turn, "purple")), events


def orange_sell(state: State, m: OrangeSell, judge: Judge) -> tuple[State, list[Event]]:
    turn = dice_action(state, judge, "orange")
    t = state.trains[m.train]
    judge.rule(
        not t.in_city,
        f"the {m.train} train is in {t.city}",
        R_ORANGE,
        f"only shares of trains outside a city are sold: {outside(state)}",
    )
    judge.fact(
        state.shares[m.holder].get(m.train, 0) > 0, f"{m.holder} holds no {m.train} share", R_ORANGE
    )
    value = space_value(state, t) or 0  # 株の価値は列車がいる場所の数字
    state = replace(
        state,
        shares=with_key(state.shares, m.holder, add(state.shares[m.holder], m.train, -1)),
        reserve=add(state.reserve, m.train, 1),
    )
    state, paid = pay(state, m.holder, value, f"forced sale of a {m.train} share")
    return replace(state, turn=use_die(turn, "orange")), [
        paid,
        Event(f"{m.train} share: {m.holder} -> reserve"),
    ]


def orange_buy(state: State, m: OrangeBuy, judge: Judge) -> tuple[State, list[Event]]:
    turn = dice_action(state, judge, "orange")
    judge.fact(
        state.available[m.train] > 0,
        f"no {m.train} share in the Available box",
        R_ORANGE,
        available_text(state),
    )
    judge.rule(
        state.money[m.actor] >= ORANGE_PRICE,
        f"{m.actor} has {state.money[m.actor]}; the share costs {ORANGE_PRICE}",
        R_ORANGE,
    )
    state = give_share(state, m.actor, m.train, "available")
    state, paid = pay(state, m.actor, -ORANGE_PRICE, f"{m.train} share with an orange die")
    return replace(state, turn=use_die(turn, "orange")), [paid]
