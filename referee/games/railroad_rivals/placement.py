"""City placement and the cubes drawn for a new city (§都市タイルの配置, §準備 3)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from referee.engine import Event, RuleError, UsageError
from referee.rules_kit import Judge

from . import board as grid
from . import commands as cmd
from .sections import R_PLACE, R_SETUP, expect
from .state import CUBES, ORDER, PLACE, START_CUBES, City, Link, State


def await_cubes(
    state: State, city: str, phase: str, events: list[Event]
) -> tuple[State, list[Event]]:
    """Cubes equal to the corner number are drawn from the bag, as many as it holds."""
    count = min(state.cities[city].cargo, sum(state.bag))
    if count < state.cities[city].cargo:
        events.append(Event(f"the bag holds only {count} cubes: draw them all"))
    if count == 0:
        return cubes_done(state, phase), events
    return replace(state, phase=phase, pending_city=city, pending_cubes=count), events


def cubes_done(state: State, phase: str) -> State:
    state = replace(state, pending_city="", pending_cubes=0)
    if phase == START_CUBES:
        return replace(state, phase=ORDER)
    return replace(state, phase=PLACE, step=state.step + 1)


def on_draw(state: State, move: cmd.Draw, judge: Judge) -> tuple[State, list[Event]]:
    expect(state, move, (START_CUBES, CUBES), judge)
    rule = R_SETUP if state.phase == START_CUBES else R_PLACE
    judge.rule(
        len(move.colours) == state.pending_cubes,
        f"{state.pending_city} takes {state.pending_cubes} cubes, not {len(move.colours)}",
        rule,
        f"draw {state.pending_cubes} cubes",
    )
    colours = state.colours()
    bag = list(state.bag)
    cubes = list(state.cities[state.pending_city].cubes)
    drawn = [move.colours.count(c) for c in colours]
    for colour in move.colours:
        i = colours.index(colour)
        judge.fact(bag[i] > 0, f"the bag holds no more {colour}", rule, _bag_text(state))
        bag[i] -= 1
        cubes[i] += 1
    city = replace(state.cities[state.pending_city], cubes=tuple(cubes))
    events = [Event(f"{city.name} gets {_cube_list(colours, drawn)}")]
    state = replace(state, bag=tuple(bag), cities={**state.cities, city.name: city})
    return cubes_done(state, state.phase), events


def where_it_matches(state: State, move: cmd.Place) -> tuple[cmd.Place, list[Event]]:
    """A tile placed without its square goes to the one square where its railroads match a
    neighbour's (§都市タイルの配置: 最低1辺は...同じ鉄道名); with none or several, it needs one."""
    if move.pos is not None:
        return move, []
    fits = grid.matching_positions(state, move.edges)
    if len(fits) != 1:
        where = " and ".join(grid.fmt_pos(s) for s in fits) or "nowhere"
        raise UsageError(
            f"{move.name}'s railroads match at {where}: say the square",
            f"place {move.name} X,Y ... (add 'blank' if none of your tiles can match)",
        )
    note = f"{move.name} goes to {grid.fmt_pos(fits[0])}, the one square where its railroads match"
    return replace(move, pos=fits[0]), [Event(note)]


def on_place(state: State, move: cmd.Place, judge: Judge) -> tuple[State, list[Event]]:
    expect(state, move, (PLACE,), judge)
    move, found = where_it_matches(state, move)
    assert move.pos is not None
    p = move.actor
    judge.fact(state.hands[p] >= 1, f"{p} holds no city tile", R_PLACE)
    judge.fact(
        move.name.lower() not in {c.lower() for c in state.cities},
        f"{move.name} is already on the board",
        R_PLACE,
    )
    judge.fact(
        move.pos not in state.grid,
        f"{grid.fmt_pos(move.pos)} is taken by {state.grid.get(move.pos)}",
        R_PLACE,
    )
    judge.fact(move.name not in state.display_cities, f"{move.name} is still on display", R_PLACE)
    with judge.overridable():
        check_own_tile(state, move)
    with judge.overridable():
        check_placement(state, move)
    city = City(move.name, move.pos, move.edges, move.cargo, no_cubes(state))
    matches, _ = grid.contacts(state, move.pos, move.edges)
    links = [
        Link(move.pos, grid.neighbour(move.pos, side), move.edges[side], p) for side in matches
    ]
    hands = {**state.hands, p: state.hands[p] - 1}
    holder = state.holder(move.name)
    known = state.known
    if holder:
        kept = tuple(c for c in known[holder] if c.lower() != move.name.lower())
        known = {**known, holder: kept}
    state = replace(
        state,
        cities={**state.cities, move.name: city},
        grid={**state.grid, move.pos: move.name},
        links=state.links + tuple(links),
        hands=hands,
        known=known,
    )
    events = [
        *found,
        Event(f"{p} places {move.name} at {grid.fmt_pos(move.pos)} (cargo {move.cargo})"),
    ]
    for link in links:
        events.append(Event(f"{p} lays a {link.railroad} link {move.name}-{state.grid[link.b]}"))
    if hands[p] == 0 and not state.ending:
        state = replace(state, ending=True)
        events.append(
            Event(f"{p} placed their last city tile: this is the last turn (§ゲーム終了)")
        )
    return await_cubes(state, move.name, CUBES, events)


def check_own_tile(state: State, move: cmd.Place) -> None:
    """The tile is the player's own (§都市タイルの配置: 手札または今取ったタイル) as far as the
    table can see: not drafted by another, not set aside, and one of the drafted ones when
    every tile the player holds was drafted in view."""
    p = move.actor
    holder = state.holder(move.name)
    if holder == p:
        return
    where = whereabouts(state, move.name)
    if where:
        raise RuleError(f"{move.name} is {where}", R_PLACE, tiles_text(state, p))
    if state.hands[p] <= len(state.known[p]):
        raise RuleError(
            f"{p} holds no hidden city tile, so not {move.name}", R_PLACE, tiles_text(state, p)
        )


def tiles_text(state: State, player: str) -> str:
    """A player's city tiles as the table knows them: `Denver, Boise and 1 hidden`."""
    hidden = max(0, state.hands[player] - len(state.known[player]))
    parts = [*state.known[player], *([f"{hidden} hidden"] if hidden else [])]
    return f"{player} holds " + (", ".join(parts) or "no city tile")


def check_placement(state: State, move: cmd.Place) -> None:
    assert move.pos is not None  # where_it_matches has found it
    where = grid.fmt_pos(move.pos)
    spots = grid.open_positions(state)
    if move.pos not in spots:
        raise RuleError(
            f"{where} is not next to a placed city (up, down, left or right)",
            R_PLACE,
            "open squares: " + " ".join(grid.fmt_pos(s) for s in spots),
        )
    matches, blanks = grid.contacts(state, move.pos, move.edges)
    if matches:
        return
    fits = grid.matching_positions(state, move.edges)
    fit_text = " ".join(grid.fmt_pos(s) for s in fits)
    if not move.blank:
        raise RuleError(
            f"{move.name} at {where} touches no edge with the same railroad",
            R_PLACE,
            f"this tile matches at {fit_text}"
            if fits
            else "if none of your tiles can match a railroad anywhere, add 'blank' to "
            "place it blank edge to blank edge",
        )
    if fits:
        raise RuleError(
            f"{move.name} can be placed matching a railroad, so not blank-to-blank",
            R_PLACE,
            f"it matches at {fit_text}",
        )
    if not blanks:
        raise RuleError(
            f"{move.name} at {where} touches no blank edge with a blank edge",
            R_PLACE,
            "a tile that matches no railroad is placed blank edge to blank edge",
        )


def whereabouts(state: State, city: str) -> str:
    """Where a city tile the table can see already is, in words; "" if nowhere seen."""
    low = city.lower()
    if low in {c.lower() for c in state.cities}:
        return "already on the table"
    if state.holder(city):
        return f"held by {state.holder(city)}, who drafted it"
    if low in {c.lower() for c in state.set_aside}:
        return "set aside, left over from a draft"
    return ""


def no_cubes(state: State) -> tuple[int, ...]:
    return (0,) * len(state.colours())


def _cube_list(colours: tuple[str, ...], counts: Sequence[int]) -> str:
    return ", ".join(f"{k} {c}" for c, k in zip(colours, counts, strict=True) if k) or "nothing"


def _bag_text(state: State) -> str:
    return "the bag holds " + _cube_list(state.colours(), state.bag)
