"""Random play through the real command language: what must always hold."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from devtools.random_play import Pick, Speller, random_play
from referee.games.railroad_rivals.board import fmt_pos, link_between, neighbour, open_positions
from referee.games.railroad_rivals.phases import expected_reveal
from referee.games.railroad_rivals.state import State
from tests.draw import typed

from .helpers import new

ROADS = ["R1", "R2", "R3", "R4", "R5"]


def _plain(value: object) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return isinstance(value, str | int | bool)


def _cubes(state: State) -> int:
    return sum(state.bag) + sum(sum(c.cubes) for c in state.cities.values())


def _draw(state: State, pick: Pick) -> str:
    bag = list(state.bag)
    picks = []
    for _ in range(state.pending_cubes):
        i = int(pick([str(k) for k, n in enumerate(bag) if n]))
        bag[i] -= 1
        picks.append(state.colours()[i])
    return "draw " + " ".join(picks)


def _place(state: State, pick: Pick, fresh: Callable[[], str]) -> str:
    for pos in sorted(open_positions(state), key=lambda _: pick("0123456789")):
        edges = [pick([*ROADS, "-", "-"]) for _ in range(4)]
        facing = []
        for side in range(4):
            other = state.grid.get(neighbour(pos, side))
            if other and state.cities[other].edges[(side + 2) % 4]:
                facing.append((side, state.cities[other].edges[(side + 2) % 4]))
        if facing:
            side, road = facing[int(pick([str(i) for i in range(len(facing))]))]
            edges[side] = road
            name = _own_tile(state, pick, fresh)
            return f"place {name} {fmt_pos(pos)} {' '.join(edges)} {pick('0123')}"
    return "pass"


def _own_tile(state: State, pick: Pick, fresh: Callable[[], str]) -> str:
    """A tile the player to move holds: one drafted in view, or a hidden one (a new name)."""
    actor = state.order[state.step]
    drafted = list(state.known[actor])
    if drafted and (
        pick(["drafted", "drafted", "hidden"]) == "drafted" or state.hands[actor] <= len(drafted)
    ):
        return pick(drafted)
    return fresh()


def _deliver(state: State, pick: Pick) -> str:
    choices = []
    for city in state.cities.values():
        for side in range(4):
            other = neighbour(city.pos, side)
            if link_between(state, city.pos, other) is None:
                continue
            for colour, n in zip(state.colours(), city.cubes, strict=True):
                if n:
                    choices.append(f"deliver {colour} {city.name!r} {state.grid[other]!r}")
    return pick(choices) if choices else "pass"


def _reveal(state: State, pick: Pick, fresh: Callable[[], str]) -> str:
    c, k = expected_reveal(state)
    cities = [fresh() for _ in range(c)]
    stocks = [pick(ROADS) for _ in range(k)]
    return f"reveal city {' '.join(cities)} stock {' '.join(stocks)}".replace("city  ", "")


def spellers(state: State, fresh: Callable[[], str]) -> dict[str, Speller]:
    """Mostly legal moves through the real command language; new city tiles get new names."""
    return {
        "start": lambda pick: "start Chicago R1 R2 - R3 2",
        "draw": lambda pick: _draw(state, pick),
        "order": lambda pick: (
            "order " + " ".join(sorted(state.players, key=lambda _: pick("0123456789")))
        ),
        "reveal": lambda pick: _reveal(state, pick, fresh),
        "bid": lambda pick: f"bid {state.high + 1}",
        "place": lambda pick: _place(state, pick, fresh),
        "deliver": lambda pick: _deliver(state, pick),
    }


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from(["A,B", "A,B,C", "A,B,C,D", "A,B,C,D,E"]),
    variant=st.sampled_from(["standard", "hotels", "dropback"]),
)
def test_random_play_keeps_the_cubes_and_replays_exactly(
    seed: int, players: str, variant: str
) -> None:
    board = {"city_tiles": 12 + 4 * players.count(","), "stock_tiles": 60, "railroads": []}
    s = new(players, variant, board)
    total = sum(s.state.bag)
    names = (f"T{n}" for n in itertools.count(1))

    def spell(state: State) -> dict[str, Speller]:
        return spellers(state, lambda: next(names))

    pick = random.Random(seed).choice
    for step in random_play(s.game, s.state, pick, steps=1000, spell=spell):
        typed(s, step.line)
        assert _cubes(s.state) == total
        assert all(v >= 0 for v in s.state.hands.values())
        assert all(v >= 0 for v in s.state.prices.values())
    assert s.game.is_over(s.state)
    assert _plain(s.game.snapshot(s.state))
    # Replaying the log from the setup gives the same game (undo is replay).
    again = new(players, variant, board)
    for entry in s.entries:
        again.play(entry.text)
    assert again.game.snapshot(again.state) == s.game.snapshot(s.state)
    assert again.game.standings(again.state) == s.game.standings(s.state)
