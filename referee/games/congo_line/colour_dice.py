"""紫ダイスの解決 and オレンジダイスの解決: what one purple or orange die may do."""

from __future__ import annotations

from referee.core.engine import Event
from referee.core.rules_kit import Judge
from referee.i18n import _

from .checks import (
    R_ORANGE,
    available_text,
    dice_action,
    give_share,
    load_one,
    no_share_in_box,
    pay,
    use_die,
)
from .commands import (
    OrangeBuy,
    OrangeSell,
    PurpleDrop,
    PurpleLoad,
    PurpleMove,
)
from .names import shown
from .state import (
    ORANGE_PRICE,
    State,
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
        _in_city(m.train, t.city),
        R_PURPLE,
        _("goods are removed only from trains outside a city: {trains}").format(
            trains=outside(state)
        ),
    )
    owners = sorted(set(t.goods))
    train = shown(m.train)
    judge.fact(bool(owners), _("the {train} train carries no goods").format(train=train), R_PURPLE)
    owner = m.owner or (owners[0] if len(owners) == 1 else "")
    judge.fact(
        bool(owner),
        _("whose good? the {train} train carries goods of {owners}").format(
            train=train, owners=", ".join(owners)
        ),
        R_PURPLE,
        f"purple drop {train} OWNER",
    )
    judge.fact(
        owner in t.goods,
        _("the {train} train carries no good of {owner}").format(train=train, owner=owner),
        R_PURPLE,
        _("owners on board: {owners}").format(owners=", ".join(owners)),
    )
    goods = list(t.goods)
    goods.remove(owner)  # the rest stay left-aligned on the chart
    t.goods = tuple(goods)
    state.supply[owner] += 1
    events = [
        Event(
            _("{train} train: one {owner} good removed, back to {owner}; {n} left").format(
                train=train, owner=owner, n=len(goods)
            )
        )
    ]
    if not goods:
        events += run_empty(state, m.train)
    use_die(turn, "purple")
    return state, events


def purple_load(state: State, m: PurpleLoad, judge: Judge) -> tuple[State, list[Event]]:
    turn = dice_action(state, judge, "purple")
    event = load_one(state, turn, m.actor, m.train, 1, judge, purple=True)
    use_die(turn, "purple")
    return state, [event]


def purple_move(state: State, m: PurpleMove, judge: Judge) -> tuple[State, list[Event]]:
    turn = dice_action(state, judge, "purple")
    judge.fact(
        turn.action == "move",
        _("purple move (追加移動) needs a train moved by the dice action first"),
        R_PURPLE,
        _("{move}, then purple move").format(move="move TRAIN SPACES"),
    )
    t = state.trains[turn.moved]
    judge.fact(
        not t.in_city,
        _("the {train} train stopped in {city}").format(train=shown(turn.moved), city=t.city),
        R_PURPLE,
    )
    spot = path(state, t, t.line)[0]
    blocker = occupant(state, spot, but=t.colour)
    judge.rule(
        not blocker,
        _("the {train} train stands on the next space").format(train=shown(blocker)),
        R_PURPLE,
        _("one train per space"),
    )
    events = put(state, t.colour, spot, m.actor)
    use_die(turn, "purple")
    return state, events


def orange_sell(state: State, m: OrangeSell, judge: Judge) -> tuple[State, list[Event]]:
    turn = dice_action(state, judge, "orange")
    t = state.trains[m.train]
    judge.rule(
        not t.in_city,
        _in_city(m.train, t.city),
        R_ORANGE,
        _("only shares of trains outside a city are sold: {trains}").format(trains=outside(state)),
    )
    judge.fact(
        state.shares[m.holder].get(m.train, 0) > 0,
        _("{player} holds no {train} share").format(player=m.holder, train=shown(m.train)),
        R_ORANGE,
    )
    value = space_value(state, t) or 0  # 株の価値は列車がいる場所の数字
    state.shares[m.holder][m.train] -= 1
    state.reserve[m.train] += 1
    sale = _("forced sale of a {train} share").format(train=shown(m.train))
    paid = pay(state, m.holder, value, sale)
    back = _("{train} share: {player} -> reserve").format(train=shown(m.train), player=m.holder)
    use_die(turn, "orange")
    return state, [paid, Event(back)]


def orange_buy(state: State, m: OrangeBuy, judge: Judge) -> tuple[State, list[Event]]:
    turn = dice_action(state, judge, "orange")
    judge.fact(
        state.available[m.train] > 0,
        no_share_in_box(m.train),
        R_ORANGE,
        available_text(state),
    )
    judge.rule(
        state.money[m.actor] >= ORANGE_PRICE,
        _("{player} has {money}; the share costs {price}").format(
            player=m.actor, money=state.money[m.actor], price=ORANGE_PRICE
        ),
        R_ORANGE,
    )
    give_share(state, m.actor, m.train, "available")
    why = _("{train} share with an orange die").format(train=shown(m.train))
    paid = pay(state, m.actor, -ORANGE_PRICE, why)
    use_die(turn, "orange")
    return state, [paid]


def _in_city(train: str, city: str) -> str:
    return _("the {train} train is in {city}").format(train=shown(train), city=city)
