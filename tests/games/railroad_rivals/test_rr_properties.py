"""Random play through the real command language: what must always hold."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine import RuleError
from referee.games.railroad_rivals.board import fmt_pos, link_between, neighbour, open_positions
from referee.games.railroad_rivals.state import State
from referee.session import Session

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


def _draw(state: State, rnd: random.Random) -> str:
    bag = list(state.bag)
    picks = []
    for _ in range(state.pending_cubes):
        i = rnd.choice([k for k, n in enumerate(bag) if n])
        bag[i] -= 1
        picks.append(state.colours()[i])
    return "draw " + " ".join(picks)


def _place(state: State, rnd: random.Random, counter: list[int]) -> str:
    spots = open_positions(state)
    rnd.shuffle(spots)
    for pos in spots:
        edges = [rnd.choice([*ROADS, "-", "-"]) for _ in range(4)]
        facing = []
        for side in range(4):
            other = state.grid.get(neighbour(pos, side))
            if other and state.cities[other].edges[(side + 2) % 4]:
                facing.append((side, state.cities[other].edges[(side + 2) % 4]))
        if facing:
            side, road = rnd.choice(facing)
            edges[side] = road
            name = _own_tile(state, rnd, counter)
            return f"place {name} {fmt_pos(pos)} {' '.join(edges)} {rnd.randint(0, 3)}"
    return "pass"


def _own_tile(state: State, rnd: random.Random, counter: list[int]) -> str:
    """A tile the player to move holds: one drafted in view, or a hidden one (a new name)."""
    actor = state.order[state.step]
    drafted = list(state.known[actor])
    if drafted and (rnd.random() < 0.7 or state.hands[actor] <= len(drafted)):
        return rnd.choice(drafted)
    counter[0] += 1
    return f"T{counter[0]}"


def _deliver(state: State, rnd: random.Random) -> str:
    choices = []
    for city in state.cities.values():
        for side in range(4):
            other = neighbour(city.pos, side)
            if link_between(state, city.pos, other) is None:
                continue
            for colour, n in zip(state.colours(), city.cubes, strict=True):
                if n:
                    choices.append(f"deliver {colour} {city.name!r} {state.grid[other]!r}")
    return rnd.choice(choices) if choices and rnd.random() < 0.85 else "pass"


def _move(s: Session, rnd: random.Random, counter: list[int]) -> str:
    state: State = s.state
    phase = state.phase
    if phase == "start":
        return "start Chicago R1 R2 - R3 2"
    if phase in ("start cubes", "cubes"):
        return _draw(state, rnd)
    if phase == "order":
        order = list(state.players)
        rnd.shuffle(order)
        return "order " + " ".join(order)
    if phase == "reveal":
        from referee.games.railroad_rivals.turns import expected_reveal

        c, k = expected_reveal(state)
        cities = []
        for _ in range(c):
            counter[0] += 1
            cities.append(f"T{counter[0]}")
        stocks = [rnd.choice(ROADS) for _ in range(k)]
        return f"reveal city {' '.join(cities)} stock {' '.join(stocks)}".replace("city  ", "")
    if phase == "bid":
        actor = s.actor()
        if rnd.random() < 0.4 and state.scores[actor] > state.high:
            return f"bid {state.high + 1}"
        return "pass"
    if phase == "draft":
        return "take " + rnd.choice(s.game.options(state).args["take"][0])
    if phase == "place":
        return _place(state, rnd, counter)
    return _deliver(state, rnd)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from(["A,B", "A,B,C", "A,B,C,D", "A,B,C,D,E"]),
    variant=st.sampled_from(["standard", "hotels", "dropback"]),
)
def test_random_play_keeps_the_cubes_and_replays_exactly(
    seed: int, players: str, variant: str
) -> None:
    rnd = random.Random(seed)
    board = {"city_tiles": 12 + 4 * players.count(","), "stock_tiles": 60, "railroads": []}
    s = new(players, variant, board)
    total = sum(s.state.bag)
    counter = [0]
    for _ in range(400):
        if s.game.is_over(s.state):
            break
        text = _move(s, rnd, counter)
        try:
            s.play(text)
        except RuleError:
            s.play("pass")  # the only refusals random play makes are placements
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
