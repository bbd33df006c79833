"""Deliveries, hotels and water towers (§貨物の配送, §2人ゲーム変更点, §ホテルと給水塔)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from referee.engine import Event, UsageError
from referee.rules_kit import Judge, impossible

from . import board as grid
from . import commands as cmd
from .sections import (
    DELIVERY_POINTS,
    HOTEL_POINTS,
    LINK_OWNER_POINTS,
    R_DELIVER,
    R_HOTEL,
    R_TOWER,
    TWO_PLAYER_COLOUR,
    expect,
)
from .state import DELIVER, City, Link, State


def price_text(price: int) -> str:
    """A price as the board shows it: the track runs 1 to 10, then the marker goes round
    again from 1 with a note of the lap (§貨物の配送 3)."""
    if price <= 10:
        return str(price)
    return f"{price} (marker on {(price - 1) % 10 + 1}, lap {(price - 1) // 10 + 1})"


def cubes_text(state: State, city: City) -> str:
    parts = [f"{k} {c}" for c, k in zip(state.colours(), city.cubes, strict=True) if k]
    return f"{city.name} holds {', '.join(parts) or 'no cubes'}"


def along_the_one_link(state: State, move: cmd.Deliver) -> cmd.Deliver:
    """A delivery that names only the city it leaves goes along that city's one link
    (§貨物の配送: その都市に繋がっているリンクを1つ使用して行う); with several, it names one."""
    if len(move.path) > 1:
        return move
    src = state.cities[move.path[0]]
    links = grid.links_of(state, src)
    if len(links) != 1:
        where = ", ".join(c for c, _ in links) or "nowhere"
        raise UsageError(
            f"{src.name} has links to {where}: say where the cube goes",
            f"deliver {move.colour} {src.name} TO",
        )
    return replace(move, path=(src.name, links[0][0]))


def on_deliver(state: State, move: cmd.Deliver, judge: Judge) -> tuple[State, list[Event]]:
    expect(state, move, (DELIVER,), judge)
    move = along_the_one_link(state, move)
    p = move.actor
    colours = state.colours()
    ci = colours.index(move.colour)
    src = state.cities[move.path[0]]
    judge.fact(
        src.cubes[ci] > 0,
        f"{src.name} has no {move.colour} cube",
        R_DELIVER,
        cubes_text(state, src),
    )
    hops = list(zip(move.path, move.path[1:], strict=False))
    used: list[Link] = []
    for a, b in hops:
        i = grid.link_between(state, state.cities[a].pos, state.cities[b].pos)
        if i is None:
            links = grid.links_of(state, state.cities[a])
            raise impossible(
                f"no link joins {a} and {b}",
                R_DELIVER,
                f"links from {a}: {', '.join(c for c, _ in links) or 'none'}",
            )
        used.append(state.links[i])
    if len(used) == 2:
        middle = state.cities[move.path[1]]
        judge.rule(state.hotels, "water towers are not in this game", R_TOWER, "variant hotels")
        judge.rule(
            middle.tower == p,
            f"{p} has no water tower in {middle.name}",
            R_TOWER,
            "only the tower's owner goes on along a second link",
        )
        judge.rule(move.path[2] != move.path[0], "the second link must be another link", R_TOWER)
    # §貨物の配送 1: 3, 2, 1 points for the first, second, third and later cube of a colour
    # this turn; §2人ゲーム変更点: with two players every cube is the same colour.
    key = TWO_PLAYER_COLOUR if state.n == 2 else move.colour
    nth = state.delivered.get(key, 0) + 1
    gain = DELIVERY_POINTS[min(nth, 3) - 1]
    scores = dict(state.scores)
    prices = dict(state.prices)
    events = [Event(f"{p} delivers {move.colour} {' -> '.join(move.path)}")]

    def score(who: str, points: int, why: str) -> None:
        events.append(Event(f"{who}: {scores[who]} -> {scores[who] + points} ({why})"))
        scores[who] += points

    ordinal = {1: "first", 2: "second"}.get(nth, f"{nth}th")
    score(p, gain, f"{ordinal} {key} cube this turn")
    for link, (a, b) in zip(used, hops, strict=True):
        if link.owner != p:  # §貨物の配送 2 (給水塔: each owner of a link used)
            score(link.owner, LINK_OWNER_POINTS, f"owner of the {link.railroad} link {a}-{b}")
    for link in used:  # §貨物の配送 3 (給水塔: both railroads)
        old = prices[link.railroad]
        prices[link.railroad] = old + 1
        events.append(Event(f"{link.railroad} price {price_text(old)} -> {price_text(old + 1)}"))
    dest = state.cities[move.path[-1]]
    if dest.hotel:  # §ホテル; the middle city of a water-tower delivery scores nothing
        score(dest.hotel, HOTEL_POINTS, f"hotel in {dest.name}")
    cubes = list(src.cubes)
    cubes[ci] -= 1
    bag = list(state.bag)
    bag[ci] += 1
    events.append(Event(f"the {move.colour} cube goes back to the bag"))
    state = replace(
        state,
        scores=scores,
        prices=prices,
        bag=tuple(bag),
        cities={**state.cities, src.name: replace(src, cubes=tuple(cubes))},
        delivered={**state.delivered, key: nth},
        step=state.step + 1,
    )
    return state, events


def on_hotel(state: State, move: cmd.Hotel, judge: Judge) -> tuple[State, list[Event]]:
    return building(state, move, judge, "hotel", R_HOTEL)


def on_tower(state: State, move: cmd.Tower, judge: Judge) -> tuple[State, list[Event]]:
    return building(state, move, judge, "tower", R_TOWER)


def building(
    state: State, move: cmd.Hotel | cmd.Tower, judge: Judge, kind: str, rule: str
) -> tuple[State, list[Event]]:
    expect(state, move, (DELIVER,), judge)
    p = move.actor
    what = "hotel" if kind == "hotel" else "water tower"
    used = state.hotel_used if kind == "hotel" else state.tower_used
    city = state.cities[move.city]
    judge.rule(state.hotels, f"{what}s are not in this game", rule, "variant hotels")
    judge.rule(p not in used, f"{p} has already placed their {what}", rule)
    judge.fact(
        not getattr(city, kind),
        f"{city.name} already has {getattr(city, kind)}'s {what}",
        rule,
        f"a city without a {what}",
    )
    owner: dict[str, Any] = {kind: p}
    city = replace(city, **owner)
    state = replace(state, cities={**state.cities, city.name: city})
    if kind == "hotel":
        state = replace(state, hotel_used=state.hotel_used | {p})
    else:
        state = replace(state, tower_used=state.tower_used | {p})
    return state, [Event(f"{p} places their {what} in {city.name}")]
