"""Deliveries, hotels and water towers (§貨物の配送, §2人ゲーム変更点, §ホテルと給水塔)."""

from __future__ import annotations

from dataclasses import replace

from referee.core.engine import Event, UsageError
from referee.core.rules_kit import Judge, impossible
from referee.i18n import N_, _

from . import board as grid
from . import commands as cmd
from .names import cube
from .placement import cube_list
from .readings import EARLY_DELIVERY
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

# §貨物の配送 1: why a delivery scores, by the cube's place among those of its colour this turn.
ORDINAL = {1: N_("first {colour} cube this turn"), 2: N_("second {colour} cube this turn")}
NTH = N_("{n}th {colour} cube this turn")

# The texts of placing a hotel or a water tower (§ホテルと給水塔), whole sentences each so
# that each language words them its own way.
BUILDING_TEXTS = {
    "hotel": (
        N_("hotels are not in this game"),
        N_("{player} has already placed their hotel"),
        N_("{city} already has {owner}'s hotel"),
        N_("a city without a hotel"),
        N_("{player} places their hotel in {city}"),
    ),
    "tower": (
        N_("water towers are not in this game"),
        N_("{player} has already placed their water tower"),
        N_("{city} already has {owner}'s water tower"),
        N_("a city without a water tower"),
        N_("{player} places their water tower in {city}"),
    ),
}


def price_text(price: int) -> str:
    """A price as the board shows it: the track runs 1 to 10, then the marker goes round
    again from 1 with a note of the lap (§貨物の配送 3)."""
    if price <= 10:
        return str(price)
    return _("{price} (marker on {marker}, lap {lap})").format(
        price=price, marker=(price - 1) % 10 + 1, lap=(price - 1) // 10 + 1
    )


def cubes_text(state: State, city: City) -> str:
    cubes = cube_list(state.colours(), city.cubes, _("no cubes"))
    return _("{city} holds {cubes}").format(city=city.name, cubes=cubes)


def along_the_one_link(state: State, move: cmd.Deliver) -> cmd.Deliver:
    """A delivery that names only the city it leaves goes along that city's one link
    (§貨物の配送: その都市に繋がっているリンクを1つ使用して行う); with several, it names one."""
    if len(move.path) > 1:
        return move
    src = state.cities[move.path[0]]
    links = grid.links_of(state, src)
    if len(links) != 1:
        where = ", ".join(c for c, _link in links) or _("nowhere")
        raise UsageError(
            _("{city} has links to {where}: say where the cube goes").format(
                city=src.name, where=where
            ),
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
        _("{city} has no {colour} cube").format(city=src.name, colour=cube(move.colour)),
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
                _("no link joins {a} and {b}").format(a=a, b=b),
                R_DELIVER,
                _("links from {city}: {cities}").format(
                    city=a, cities=", ".join(c for c, _link in links) or _("none")
                ),
            )
        used.append(state.links[i])
    if len(used) == 2:
        middle = state.cities[move.path[1]]
        judge.rule(
            state.hotels, _("water towers are not in this game"), R_TOWER, _("variant hotels")
        )
        judge.rule(
            middle.tower == p,
            _("{player} has no water tower in {city}").format(player=p, city=middle.name),
            R_TOWER,
            _("only the tower's owner goes on along a second link"),
        )
        judge.rule(move.path[2] != move.path[0], _("the second link must be another link"), R_TOWER)
    # §貨物の配送 1: 3, 2, 1 points for the first, second, third and later cube of a colour
    # this turn; §2人ゲーム変更点: with two players every cube is the same colour.
    key = TWO_PLAYER_COLOUR if state.n == 2 else move.colour
    nth, early_cubes = ordinal(state, key, p)
    gain = DELIVERY_POINTS[min(nth, 3) - 1]
    said = _("{player} delivers {colour} {path}").format(
        player=p, colour=cube(move.colour), path=" -> ".join(move.path)
    )
    events = [Event(said)]

    def score(who: str, points: int, why: str) -> None:
        said = _("{player}: {before} -> {after} ({why})").format(
            player=who, before=state.scores[who], after=state.scores[who] + points, why=why
        )
        events.append(Event(said))
        state.scores[who] += points

    score(p, gain, _(ORDINAL.get(nth, NTH)).format(n=nth, colour=cube(key)))
    for before, after in zip(state.early_cubes, early_cubes, strict=False):
        who, was, now = before[0], before[3], after[3]  # an early cube counted later now
        if now != was:
            lost = DELIVERY_POINTS[min(now, 3) - 1] - DELIVERY_POINTS[min(was, 3) - 1]
            if lost:
                why = _("{player}'s {colour} cube comes before it in turn order").format(
                    player=p, colour=cube(key)
                )
                score(who, lost, f"{why} [{state.readings.note(EARLY_DELIVERY)}]")
    for link, (a, b) in zip(used, hops, strict=True):
        if link.owner != p:  # §貨物の配送 2 (給水塔: each owner of a link used)
            why = _("owner of the {railroad} link {a}-{b}").format(railroad=link.railroad, a=a, b=b)
            score(link.owner, LINK_OWNER_POINTS, why)
    for link in used:  # §貨物の配送 3 (給水塔: both railroads)
        old = state.prices[link.railroad]
        state.prices[link.railroad] = old + 1
        said = _("{railroad} price {before} -> {after}").format(
            railroad=link.railroad, before=price_text(old), after=price_text(old + 1)
        )
        events.append(Event(said))
    dest = state.cities[move.path[-1]]
    if dest.hotel:  # §ホテル; the middle city of a water-tower delivery scores nothing
        score(dest.hotel, HOTEL_POINTS, _("hotel in {city}").format(city=dest.name))
    cubes = list(src.cubes)
    cubes[ci] -= 1
    bag = list(state.bag)
    bag[ci] += 1
    src.cubes, state.bag = tuple(cubes), tuple(bag)
    events.append(
        Event(_("the {colour} cube goes back to the bag").format(colour=cube(move.colour)))
    )
    state.delivered[key] = state.delivered.get(key, 0) + 1
    state.early_cubes = early_cubes
    state.step += 1
    return state, events


def ordinal(
    state: State, key: str, player: str
) -> tuple[int, tuple[tuple[str, str, int, int], ...]]:
    """§貨物の配送 1: the cube's place among those of its colour this turn, and the cubes
    delivered early as they stand after it. By when it is delivered, unless the reading
    early-delivery=turn-order counts by turn order: then it comes after the cubes delivered at
    places before its player's, and the cubes delivered early at places after it come one
    later each. Every cube not delivered early was delivered in turn order, before any place
    still to come."""
    place = state.order.index(player)
    early = state.early_cubes
    if state.readings.of(EARLY_DELIVERY) == "as-delivered":
        nth = state.delivered.get(key, 0) + 1
    else:
        in_order = state.delivered.get(key, 0) - sum(1 for e in early if e[1] == key)
        nth = in_order + sum(1 for e in early if e[1] == key and e[2] < place) + 1
        early = tuple(
            (who, k, at, was + 1) if k == key and at > place else (who, k, at, was)
            for who, k, at, was in early
        )
    if state.seated >= 0:  # delivered early, at its own place
        early = (*early, (player, key, place, nth))
    return nth, early


def on_hotel(state: State, move: cmd.Hotel, judge: Judge) -> tuple[State, list[Event]]:
    return building(state, move, judge, "hotel", R_HOTEL)


def on_tower(state: State, move: cmd.Tower, judge: Judge) -> tuple[State, list[Event]]:
    return building(state, move, judge, "tower", R_TOWER)


def building(
    state: State, move: cmd.Hotel | cmd.Tower, judge: Judge, kind: str, rule: str
) -> tuple[State, list[Event]]:
    expect(state, move, (DELIVER,), judge)
    p = move.actor
    absent, placed, taken, free, done = BUILDING_TEXTS[kind]
    used = state.hotel_used if kind == "hotel" else state.tower_used
    city = state.cities[move.city]
    judge.rule(state.hotels, _(absent), rule, _("variant hotels"))
    judge.rule(p not in used, _(placed).format(player=p), rule)
    judge.fact(
        not getattr(city, kind),
        _(taken).format(city=city.name, owner=getattr(city, kind)),
        rule,
        _(free),
    )
    setattr(city, kind, p)
    if kind == "hotel":
        state.hotel_used |= {p}
    else:
        state.tower_used |= {p}
    return state, [Event(_(done).format(player=p, city=city.name))]
