"""City placement and the cubes drawn for a new city (§都市タイルの配置, §準備 3)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from referee.core.citations import bracket
from referee.core.engine import Event, RuleError, UsageError
from referee.core.rules_kit import Judge
from referee.i18n import _, ngettext

from . import board as grid
from . import commands as cmd
from .names import cube
from .sections import R_PLACE, R_SETUP, expect
from .state import CUBES, ORDER, PLACE, START_CUBES, City, Link, State


def await_cubes(state: State, city: str, phase: str, events: list[Event]) -> None:
    """Cubes equal to the corner number are drawn from the bag, as many as it holds: the draft
    waits for them in `phase`, said in `events`."""
    count = min(state.cities[city].cargo, sum(state.bag))
    if count < state.cities[city].cargo:
        events.append(
            Event(
                ngettext(
                    "the bag holds only {n} cube: draw it",
                    "the bag holds only {n} cubes: draw them all",
                    count,
                ).format(n=count)
            )
        )
    if count == 0:
        cubes_done(state, phase)
    else:
        state.phase, state.pending_city, state.pending_cubes = phase, city, count


def cubes_done(state: State, phase: str) -> None:
    state.pending_city, state.pending_cubes = "", 0
    if phase == START_CUBES:
        state.phase = ORDER
    else:
        state.phase = PLACE
        state.step += 1


def on_draw(state: State, move: cmd.Draw, judge: Judge) -> tuple[State, list[Event]]:
    expect(state, move, (START_CUBES, CUBES), judge)
    rule = R_SETUP if state.phase == START_CUBES else R_PLACE
    judge.rule(
        len(move.colours) == state.pending_cubes,
        ngettext(
            "{city} takes {n} cube, not {drawn}",
            "{city} takes {n} cubes, not {drawn}",
            state.pending_cubes,
        ).format(city=state.pending_city, n=state.pending_cubes, drawn=len(move.colours)),
        rule,
        ngettext("draw {n} cube", "draw {n} cubes", state.pending_cubes).format(
            n=state.pending_cubes
        ),
    )
    colours = state.colours()
    city = state.cities[state.pending_city]
    bag = list(state.bag)
    cubes = list(city.cubes)
    drawn = [move.colours.count(c) for c in colours]
    for colour in move.colours:
        i = colours.index(colour)
        judge.fact(
            bag[i] > 0,
            _("the bag holds no more {colour}").format(colour=cube(colour)),
            rule,
            _bag_text(state),
        )
        bag[i] -= 1
        cubes[i] += 1
    state.bag, city.cubes = tuple(bag), tuple(cubes)
    cubes_done(state, state.phase)
    return state, [
        Event(_("{city} gets {cubes}").format(city=city.name, cubes=cube_list(colours, drawn)))
    ]


def where_it_matches(state: State, move: cmd.Place) -> tuple[cmd.Place, list[Event]]:
    """A tile placed without its square goes to the one square where its railroads match a
    neighbour's (§都市タイルの配置: 最低1辺は...同じ鉄道名); with none or several, it needs one."""
    if move.pos is not None:
        return move, []
    fits = grid.matching_positions(state, move.edges)
    if len(fits) != 1:
        where = _(" and ").join(grid.fmt_pos(s) for s in fits) or _("nowhere")
        raise UsageError(
            _("{city}'s railroads match at {where}: say the square").format(
                city=move.name, where=where
            ),
            _("place {city} X,Y ... (add 'blank' if none of your tiles can match)").format(
                city=move.name
            ),
        )
    note = _("{city} goes to {square}, the one square where its railroads match").format(
        city=move.name, square=grid.fmt_pos(fits[0])
    )
    return replace(move, pos=fits[0]), [Event(note)]


def on_place(state: State, move: cmd.Place, judge: Judge) -> tuple[State, list[Event]]:
    expect(state, move, (PLACE,), judge)
    move, found = where_it_matches(state, move)
    assert move.pos is not None
    p = move.actor
    judge.fact(state.hands[p] >= 1, _("{player} holds no city tile").format(player=p), R_PLACE)
    judge.fact(
        move.name.lower() not in {c.lower() for c in state.cities},
        _("{city} is already on the board").format(city=move.name),
        R_PLACE,
    )
    judge.fact(
        move.pos not in state.grid,
        _("{square} is taken by {city}").format(
            square=grid.fmt_pos(move.pos), city=state.grid.get(move.pos)
        ),
        R_PLACE,
    )
    judge.fact(
        move.name not in state.display_cities,
        _("{city} is still on display").format(city=move.name),
        R_PLACE,
    )
    with judge.overridable():
        check_own_tile(state, move)
    with judge.overridable():
        check_placement(state, move)
    city = City(move.name, move.pos, move.edges, move.cargo, no_cubes(state))
    matches, _blanks = grid.contacts(state, move.pos, move.edges)
    links = [
        Link(move.pos, grid.neighbour(move.pos, side), move.edges[side], p) for side in matches
    ]
    holder = state.holder(move.name)
    if holder:
        low = move.name.lower()
        state.known[holder] = tuple(c for c in state.known[holder] if c.lower() != low)
    state.hands[p] -= 1
    state.cities[move.name] = city
    state.grid[move.pos] = move.name
    state.links += tuple(links)
    events = [
        *found,
        Event(
            _("{player} places {city} at {square} (cargo {cargo})").format(
                player=p, city=move.name, square=grid.fmt_pos(move.pos), cargo=move.cargo
            )
        ),
    ]
    for link in links:
        said = _("{player} lays a {railroad} link {city}-{other}").format(
            player=p, railroad=link.railroad, city=move.name, other=state.grid[link.b]
        )
        events.append(Event(said))
    if state.hands[p] == 0 and not state.ending:
        state.ending = True
        said = _("{player} placed their last city tile: this is the last turn {rule}")
        events.append(Event(said.format(player=p, rule=bracket("ゲーム終了"))))
    await_cubes(state, move.name, CUBES, events)
    return state, events


def check_own_tile(state: State, move: cmd.Place) -> None:
    """The tile is the player's own (§都市タイルの配置: 手札または今取ったタイル) as far as the
    table can see: not drafted by another, not set aside, and one of the drafted ones when
    every tile the player holds was drafted in view."""
    p = move.actor
    holder = state.holder(move.name)
    if holder == p:
        return
    outside = not_in_box(state, move.name)
    if outside:
        raise RuleError(outside, R_PLACE, box_text(state))
    where = whereabouts(state, move.name)
    if where:
        raise RuleError(
            _("{city} is {where}").format(city=move.name, where=where),
            R_PLACE,
            tiles_text(state, p),
        )
    if state.hands[p] <= len(state.known[p]):
        raise RuleError(
            _("{player} holds no hidden city tile, so not {city}").format(player=p, city=move.name),
            R_PLACE,
            tiles_text(state, p),
        )


def tiles_text(state: State, player: str) -> str:
    """A player's city tiles as the table knows them: `Denver, Boise and 1 hidden`."""
    hidden = max(0, state.hands[player] - len(state.known[player]))
    parts = [*state.known[player], *([_("{n} hidden").format(n=hidden)] if hidden else [])]
    return _("{player} holds {tiles}").format(
        player=player, tiles=", ".join(parts) or _("no city tile")
    )


def check_placement(state: State, move: cmd.Place) -> None:
    assert move.pos is not None  # where_it_matches has found it
    where = grid.fmt_pos(move.pos)
    spots = grid.open_positions(state)
    if move.pos not in spots:
        raise RuleError(
            _("{square} is not next to a placed city (up, down, left or right)").format(
                square=where
            ),
            R_PLACE,
            _("open squares: {squares}").format(squares=" ".join(grid.fmt_pos(s) for s in spots)),
        )
    matches, blanks = grid.contacts(state, move.pos, move.edges)
    if matches:
        return
    fits = grid.matching_positions(state, move.edges)
    fit_text = " ".join(grid.fmt_pos(s) for s in fits)
    if not move.blank:
        raise RuleError(
            _("{city} at {square} touches no edge with the same railroad").format(
                city=move.name, square=where
            ),
            R_PLACE,
            _("this tile matches at {squares}").format(squares=fit_text)
            if fits
            else _(
                "if none of your tiles can match a railroad anywhere, add 'blank' to "
                "place it blank edge to blank edge"
            ),
        )
    if fits:
        raise RuleError(
            _("{city} can be placed matching a railroad, so not blank-to-blank").format(
                city=move.name
            ),
            R_PLACE,
            _("it matches at {squares}").format(squares=fit_text),
        )
    if not blanks:
        raise RuleError(
            _("{city} at {square} touches no blank edge with a blank edge").format(
                city=move.name, square=where
            ),
            R_PLACE,
            _("a tile that matches no railroad is placed blank edge to blank edge"),
        )


def whereabouts(state: State, city: str) -> str:
    """Where a city tile the table can see already is, in words; "" if nowhere seen."""
    low = city.lower()
    if low in {c.lower() for c in state.cities}:
        return _("already on the table")
    if state.holder(city):
        return _("held by {player}, who drafted it").format(player=state.holder(city))
    if low in {c.lower() for c in state.set_aside}:
        return _("set aside, left over from a draft")
    return ""


def unseen(state: State) -> tuple[str, ...]:
    """The box's city tiles (board data `city_names`) the table has not seen yet: face down,
    or dealt to a hand unseen (§準備 4); none where the board data does not list them."""
    shown = {c.lower() for c in state.display_cities}
    return tuple(
        c for c in state.city_names if c.lower() not in shown and not whereabouts(state, c)
    )


def not_in_box(state: State, city: str) -> str:
    """Why a city tile named is not one of the box's (board data `city_names`), or ""."""
    if not state.city_names or city.lower() in {c.lower() for c in state.city_names}:
        return ""
    return _("{city} is not a city tile of this box").format(city=city)


def box_text(state: State) -> str:
    """The box's city tiles not seen yet, for an error's second line."""
    return _("not seen yet: {cities}").format(cities=", ".join(unseen(state)) or _("none"))


def no_cubes(state: State) -> tuple[int, ...]:
    return (0,) * len(state.colours())


def cube_list(colours: Sequence[str], counts: Sequence[int], empty: str = "") -> str:
    """`2 wood, 1 grain`: the cubes of each colour there are (`empty` or "nothing" if none)."""
    said = [
        _("{n} {colour}").format(n=k, colour=cube(c))
        for c, k in zip(colours, counts, strict=True)
        if k
    ]
    return ", ".join(said) or empty or _("nothing")


def _bag_text(state: State) -> str:
    return _("the bag holds {cubes}").format(cubes=cube_list(state.colours(), state.bag))
