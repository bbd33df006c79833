"""What the table sees: options for the prompt, the next step, status, toolbar and snapshot."""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.core import fit
from referee.core.engine import Options
from referee.core.words import offered
from referee.i18n import _, ngettext, pgettext

from .checks import can_start
from .names import shown, shown_all
from .state import CAPACITY, END_CITIES, FACES, PAY_PER_GOOD, START_CITY, TRAINS, State, Train, Turn
from .track import auto_hint, destinations, space_value, where


def _goods(train: Train) -> str:
    counts = Counter(train.goods)
    return " ".join(f"{p}:{n}" for p, n in counts.items()) or "-"


def _free_trains(state: State) -> tuple[str, ...]:
    taken = {t for p in state.players for t, n in state.shares[p].items() if n}
    return tuple(t for t in TRAINS if t not in taken)


def options(state: State) -> Options:
    if state.phase == "over":
        return Options(None, (), phase=_("game over"))
    actor = state.player
    if state.phase == "shares":
        return Options(
            actor,
            ("take",),
            {"take": (offered(_free_trains(state)),)},
            phase=_("setup: {player} takes a starting share").format(player=actor),
        )
    if state.phase == "opening":
        room = tuple(t for t in TRAINS if len(state.trains[t].goods) < CAPACITY)
        opening = (("place",) if room and state.supply[actor] else ()) + (
            ("start",) if can_start(state) else ()
        )
        n = len(state.players)
        return Options(
            actor,
            opening,
            {"place": (offered(room),)},
            phase=_("setup: opening goods, round {n}").format(n=state.placed // n + 1),
        )
    turn = state.turn
    assert turn is not None
    phase = _("turn {n}: {player}").format(n=state.turn_number, player=actor)
    if not turn.dice:
        rolls = _("{phase} rolls").format(phase=phase)
        return Options(actor, ("roll",), {"roll": (offered(FACES),) * 4}, phase=rolls)
    if turn.pending_auto:
        first = state.trains[turn.pending_auto[0]]
        return Options(
            actor,
            ("auto",),
            {
                "auto": (offered(turn.pending_auto), tuple(destinations(state, first.city))),
                **{
                    f"auto {t}": (
                        offered(turn.pending_auto),
                        tuple(destinations(state, state.trains[t].city)),
                    )
                    for t in turn.pending_auto
                },
            },
            phase=_("{phase}, auto-move").format(phase=phase),
        )
    verbs: list[str] = []
    args: dict[str, tuple[tuple[str, ...], ...]] = {}
    in_box = tuple(t for t in TRAINS if state.available[t])
    if not turn.share_done:
        verbs += ["buy", "pass"]
        args["buy"] = (offered(in_box),)
    cities = [t for t in TRAINS if state.trains[t].in_city]
    in_city = offered(cities)
    outside = offered([t for t in TRAINS if not state.trains[t].in_city])
    trains = offered(TRAINS)
    if turn.action != "move" and (turn.action != "load" or turn.loads_left):
        verbs.append("load")
        # `load yellow 2 green 1`: a train first, then trains and counts in any order
        counts = tuple(str(n) for n in range(1, min(turn.loads_left or turn.colours, 3) + 1))
        args["load"] = (in_city, *((*in_city, *counts),) * (2 * len(cities) - 1))
    if not turn.action:
        verbs.append("move")
        spaces = tuple(str(n) for n in range(1, turn.spaces + 1))
        args["move"] = (trains, spaces)
        for t in TRAINS:  # a train in a city names the line it takes: the cities it leads to
            lines = tuple(destinations(state, state.trains[t].city)) if t in cities else ()
            args[f"move {t}"] = (trains, spaces, lines)
    if turn.purple_left:
        verbs.append("purple")
        args["purple"] = (
            ("drop", "load", "move") if turn.action == "move" else ("drop", "load"),
            trains,
        )
        args["purple drop"] = (("drop",), outside, state.players)
        args["purple load"] = (("load",), in_city)
    if turn.orange_left:
        verbs.append("orange")
        args["orange"] = (("sell", "buy"), state.players + offered(in_box))
        args["orange sell"] = (("sell",), state.players, outside)
        args["orange buy"] = (("buy",), offered(in_box))
    verbs.append("done")
    return Options(actor, tuple(verbs), args, phase=_("{phase}, dice actions").format(phase=phase))


def next_step(state: State) -> str:
    """What the table must do now, in words."""
    o = options(state)
    if o.actor is None:
        return _("the game is over; see the standings")
    if state.phase == "shares":
        return _("{player} takes a starting share: {move}").format(
            player=o.actor, move=f"take {shown_all(_free_trains(state), '|')}"
        )
    if state.phase == "opening":
        return _("{player}: {verbs} (opening goods, one cube each in turn)").format(
            player=o.actor, verbs=_(" or ").join(o.verbs)
        )
    turn = state.turn
    assert turn is not None
    if not turn.dice:
        return _("{player} rolls the four dice and types them: {move}").format(
            player=o.actor, move=_("roll FACE FACE FACE FACE")
        )
    if turn.pending_auto:
        return _("{player} chooses the line of each auto-moved train: {hint}").format(
            player=o.actor, hint=auto_hint(state, turn.pending_auto)
        )
    return f"{o.actor}: {', '.join(o.verbs)}"


def _price_now(state: State, train: Train) -> str:
    value = space_value(state, train)
    return _("free") if value is None else str(value)


def _line_picture(state: State, index: int) -> str:
    line = state.board.lines[index]
    cells = []
    for step, value in enumerate(line.spaces):
        here = [
            t.colour
            for t in state.trains.values()
            if not t.in_city and (t.line, t.step) == (index, step)
        ]
        cells.append(f"{value}[{shown(here[0])}]" if here else str(value))
    return " > ".join([_city_label(state, line.start), *cells, _city_label(state, line.end)])


def _city_label(state: State, city: str) -> str:
    trains = [t.colour for t in state.trains.values() if t.city == city]
    return city + (f"({shown_all(trains, ',')})" if trains else "")


def _action_text(turn: Turn) -> str:
    """Where the turn stands on the Dice Action Chart."""
    if turn.action == "load":
        return _("loaded, {n} more may be loaded").format(n=turn.loads_left)
    if turn.action == "move":
        return _("moved the {train} train (purple move takes it further)").format(
            train=shown(turn.moved)
        )
    return _("load {colours} or move {spaces}, not chosen yet").format(
        colours=turn.colours, spaces=turn.spaces
    )


def players_table(state: State) -> str:
    """Per player: money, shares of each train, cubes left."""
    return fit.table(
        [
            [p, state.money[p], *(state.shares[p][t] for t in TRAINS), state.supply[p]]
            for p in state.players
        ],
        headers=[_("player"), _("money"), *map(shown, TRAINS), _("cubes left")],
    )


def trains_table(state: State) -> str:
    """Per train (the game's companies): where, share value now, goods, shares left."""
    return fit.table(
        [
            [
                shown(t),
                where(state, state.trains[t]),
                _price_now(state, state.trains[t]),
                len(state.trains[t].goods),
                _goods(state.trains[t]),
                PAY_PER_GOOD * len(state.trains[t].goods),
                state.trains[t].last_city,
                state.reserve[t],
                state.available[t],
            ]
            for t in TRAINS
        ],
        headers=[
            _("train"),
            _("where"),
            _("share now"),
            _("goods"),
            _("by owner"),
            _("share on arrival"),
            _("last city"),
            _("reserve"),
            _("available"),
        ],
    )


def companies(state: State) -> str:
    return f"{players_table(state)}\n\n{trains_table(state)}"


def status(state: State) -> str:
    o = options(state)
    head = _("Congo Line: {phase}; cities reached {n} of {last}").format(
        phase=o.phase, n=len(state.reached), last=END_CITIES
    )
    players = players_table(state)
    trains = trains_table(state)
    cities = fit.table(
        [[START_CITY, _("start"), "-", "-"]]
        + [
            [
                c,
                cls,
                state.bonus[c],
                f"#{state.reached.index(c) + 1}" if c in state.reached else _("no"),
            ]
            for c, cls in state.board.cities.items()
        ],
        headers=[_("city"), _("class"), _("bonus left"), _("reached")],
    )
    lines = "\n".join(_line_picture(state, i) for i in range(len(state.board.lines)))
    parts = [head, players, trains, cities, _("Lines (spaces by value, [train]):") + "\n" + lines]
    if state.turn and state.turn.dice:
        t = state.turn
        said = (
            ngettext(
                "Dice: {faces} ({colours} colour): {action}; share step over; purple left"
                " {purple}, orange left {orange}",
                "Dice: {faces} ({colours} colours): {action}; share step over; purple left"
                " {purple}, orange left {orange}",
                t.colours,
            )
            if t.share_done
            else ngettext(
                "Dice: {faces} ({colours} colour): {action}; share step open; purple left"
                " {purple}, orange left {orange}",
                "Dice: {faces} ({colours} colours): {action}; share step open; purple left"
                " {purple}, orange left {orange}",
                t.colours,
            )
        )
        parts.append(
            said.format(
                faces=shown_all(t.dice, " "),
                colours=t.colours,
                action=_action_text(t),
                purple=t.purple_left,
                orange=t.orange_left,
            )
        )
    parts.append(_("Next: {next}").format(next=next_step(state)))
    return "\n\n".join(parts)


def toolbar_parts(state: State) -> list[str]:
    """In words a table reads at a glance: money, each train's share value now and its goods,
    the cities reached towards the end."""
    money = ", ".join(f"{p} {state.money[p]}" for p in state.players)
    prices = ", ".join(f"{shown(t)} {_price_now(state, state.trains[t])}" for t in TRAINS)
    goods = ", ".join(f"{shown(t)} {len(state.trains[t].goods)}" for t in TRAINS)
    return [
        _("money {money}").format(money=money),
        pgettext("congo-line", "share prices {prices}").format(prices=prices),
        _("goods on the trains {goods}").format(goods=goods),
        _("{n} of {last} cities reached").format(n=len(state.reached), last=END_CITIES),
    ]


def snapshot(state: State) -> dict[str, Any]:
    turn = state.turn
    data: dict[str, Any] = {
        "phase": state.phase,
        "turn_number": state.turn_number,
        "current": state.player,
        "money": dict(state.money),
        "shares": {p: dict(s) for p, s in state.shares.items()},
        "reserve": dict(state.reserve),
        "available": dict(state.available),
        "cubes_left": dict(state.supply),
        "trains": {
            t.colour: {
                "city": t.city,
                "line": state.board.lines[t.line].name if t.line >= 0 else "",
                "space": t.step + 1 if not t.in_city else 0,
                "last_city": t.last_city,
                "goods": list(t.goods),
            }
            for t in state.trains.values()
        },
        "bonus_left": dict(state.bonus),
        "reached": list(state.reached),
        "opening_cubes": state.placed,
    }
    if turn is not None:
        data["turn"] = {
            "player": turn.player,
            "dice": list(turn.dice),
            "share_done": turn.share_done,
            "action": turn.action,
            "loads_left": turn.loads_left,
            "moved": turn.moved,
            "purple_left": turn.purple_left,
            "orange_left": turn.orange_left,
            "loaded": dict(turn.loaded),
            "pending_auto": list(turn.pending_auto),
        }
    return data
