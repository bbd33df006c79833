"""Trains on the track: where a move takes a train, and what happens when it arrives.

These are rules (列車の移動, 自動移動, 収入を得る, 紫: 商品損失) kept apart from game.py only
for size; game.py is the one caller.
"""

from __future__ import annotations

from collections import Counter

from referee.core.engine import Event
from referee.i18n import _, ngettext

from .names import shown
from .state import (
    END_CITIES,
    LEAVE_MIN_GOODS,
    PAY_PER_GOOD,
    START_CITY,
    State,
    Train,
)

Spot = tuple[int, int] | str  # (line index, space index) on a line, or a city's name

R_MOVE = "商品を積む／列車の移動 (列車の移動)"
R_AUTO = "商品を積む／列車の移動 (自動移動)"
R_INCOME = "収入を得る"
R_PURPLE = "紫ダイスの解決"


def where(state: State, train: Train) -> str:
    """A train's place in words: a city, or a line with its space and value."""
    if train.in_city:
        return train.city
    line = state.board.lines[train.line]
    return _("{line} space {space} (value {value})").format(
        line=line.name, space=train.step + 1, value=line.spaces[train.step]
    )


def space_value(state: State, train: Train) -> int | None:
    """The number printed on the train's space; None in a city."""
    if train.in_city:
        return None
    return state.board.lines[train.line].spaces[train.step]


def outside(state: State) -> str:
    """The trains standing outside a city, for hints."""
    return ", ".join(shown(t.colour) for t in state.trains.values() if not t.in_city) or _("none")


def occupant(state: State, spot: Spot, but: str = "") -> str:
    """The train standing on a non-city space (cities hold any number), or ""."""
    if isinstance(spot, str):
        return ""
    for t in state.trains.values():
        if t.colour != but and not t.in_city and (t.line, t.step) == spot:
            return t.colour
    return ""


def destinations(state: State, city: str) -> list[str]:
    """The cities at the far end of the lines leaving `city`."""
    return [state.board.lines[i].end for i in state.board.lines_from(city)]


def line_to(state: State, city: str, to: str) -> int | None:
    for i in state.board.lines_from(city):
        if state.board.lines[i].end == to:
            return i
    return None


def path(state: State, train: Train, line: int) -> list[Spot]:
    """Every spot ahead of the train on `line`, ending with the city the line enters."""
    spaces = state.board.lines[line].spaces
    first = 0 if train.in_city else train.step + 1
    return [*((line, s) for s in range(first, len(spaces))), state.board.lines[line].end]


def put(state: State, colour: str, spot: Spot, mover: str) -> list[Event]:
    """Set a train on a spot; entering a city is an arrival with all its payouts."""
    if isinstance(spot, str):
        return arrive(state, colour, spot, mover)
    train = state.trains[colour]
    train.city, train.line, train.step = "", spot[0], spot[1]
    said = _("{train} train -> {where}").format(train=shown(colour), where=where(state, train))
    return [Event(said)]


def arrive(state: State, colour: str, city: str, mover: str) -> list[Event]:
    """収入を得る: New Market Bonus, every share sold at 2 per good, 2 per good delivered.

    The turn lists 収入を得る as a step after the dice actions, but its section says it happens
    列車が都市に到着した瞬間 (the moment a train arrives), so it is paid here and not at `done`.
    """
    train = state.trains[colour]
    events = [
        Event(
            ngettext(
                "{train} train arrives at {city} with {n} good",
                "{train} train arrives at {city} with {n} goods",
                len(train.goods),
            ).format(train=shown(colour), city=city, n=len(train.goods))
        )
    ]
    money = state.money
    bonus = state.bonus.get(city, 0)
    if city != START_CITY and city not in state.reached:
        state.reached = (*state.reached, city)
        if bonus:
            events.append(
                Event(
                    _("{player}: money {old} -> {new} (New Market Bonus of {city})").format(
                        player=mover, old=money[mover], new=money[mover] + bonus, city=city
                    )
                )
            )
            money[mover] += bonus
    price = PAY_PER_GOOD * len(train.goods)
    for p in state.players:
        held = state.shares[p].get(colour, 0)
        if held:
            gain = held * price
            events.append(
                Event(
                    ngettext(
                        "{player}: sells {n} {train} share at {price}: money {old} -> {new}",
                        "{player}: sells {n} {train} shares at {price}: money {old} -> {new}",
                        held,
                    ).format(
                        player=p,
                        n=held,
                        train=shown(colour),
                        price=price,
                        old=money[p],
                        new=money[p] + gain,
                    )
                )
            )
            money[p] += gain
            state.shares[p][colour] = 0
            state.reserve[colour] += held
    for owner, n in Counter(train.goods).items():
        gain = PAY_PER_GOOD * n
        events.append(
            Event(
                ngettext(
                    "{player}: {n} good delivered: money {old} -> {new}; {n} cube back to {player}",
                    "{player}: {n} goods delivered: money {old} -> {new}; "
                    "{n} cubes back to {player}",
                    n,
                ).format(player=owner, n=n, old=money[owner], new=money[owner] + gain)
            )
        )
        money[owner] += gain
        state.supply[owner] += n
    state.trains[colour] = Train(colour, city=city, last_city=city)
    if city in state.bonus:
        state.bonus[city] = 0
    if len(state.reached) >= END_CITIES:
        state.phase, state.turn = "over", None
        events.append(
            Event(
                _("{city} is the {n}th city reached: the game is over").format(
                    city=city, n=END_CITIES
                )
            )
        )
    return events


def run_empty(state: State, colour: str) -> list[Event]:
    """商品損失: a train left without goods goes back to its last city; its shares are lost."""
    train = state.trains[colour]
    back = Train(colour, city=train.last_city, last_city=train.last_city)
    events = [
        Event(
            _("{train} train is empty: back to {city}").format(
                train=shown(colour), city=train.last_city
            )
        )
    ]
    for p in state.players:
        held = state.shares[p].get(colour, 0)
        if held:
            events.append(
                Event(
                    ngettext(
                        "{player}: loses {n} {train} share to the reserve",
                        "{player}: loses {n} {train} shares to the reserve",
                        held,
                    ).format(player=p, n=held, train=shown(colour))
                )
            )
            state.shares[p][colour] = 0
            state.reserve[colour] += held
    state.trains[colour] = back
    return events


def auto_candidates(state: State, mover: str) -> tuple[tuple[str, ...], list[Event]]:
    """自動移動: every other train in a city with 3 or more goods, when a train leaves a city."""
    due: list[str] = []
    events: list[Event] = []
    for t in state.trains.values():
        if t.colour == mover or not t.in_city or len(t.goods) < LEAVE_MIN_GOODS:
            continue
        if destinations(state, t.city):
            due.append(t.colour)
        else:
            events.append(
                Event(
                    _("{train} train: no line leaves {city}; it stays").format(
                        train=shown(t.colour), city=t.city
                    )
                )
            )
    return tuple(due), events


def auto_hint(state: State, due: tuple[str, ...]) -> str:
    """What to type for each train still due an auto-move: `auto green` or `auto red A|B`."""
    hints = []
    for colour in due:
        ends = destinations(state, state.trains[colour].city)
        hints.append(
            f"auto {shown(colour)}"
            + (_(" (to {city})").format(city=ends[0]) if len(ends) == 1 else f" {'|'.join(ends)}")
        )
    return "; ".join(hints)
