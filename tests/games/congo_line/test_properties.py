"""Random play from `options`: never crashes, conserves shares and cubes, never mutates a state,
and replaying the accepted moves gives the same game."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from devtools.random_play import Speller, random_play
from referee.core.engine import with_automatic
from referee.games.congo_line.state import (
    CAPACITY,
    CUBES_PER_PLAYER,
    SHARES_PER_TRAIN,
    TRAINS,
    State,
)
from tests.draw import picker

from .helpers import GAME, new


def spellers(state: State) -> dict[str, Speller]:
    """The verbs whose words `options` does not spell out whole."""
    o = GAME.options(state)
    args = o.args
    cities = state.board.all_cities()
    return {
        "load": lambda pick: f"load {pick(args['load'][0] or TRAINS)} {pick('123')}",
        "move": lambda pick: f"move {pick(TRAINS)} {pick(args['move'][1])} {pick(cities)}",
        "purple": lambda pick: {
            "move": "purple move",
            "load": f"purple load {pick(TRAINS)}",
            "drop": f"purple drop {pick(TRAINS)} {pick(state.players)}",
        }[pick(args["purple"][0])],
        "orange": lambda pick: pick(
            [f"orange sell {pick(state.players)} {pick(TRAINS)}", f"orange buy {pick(TRAINS)}"]
        ),
    }


def check_invariants(state: State) -> None:
    for t in TRAINS:
        held = sum(state.shares[p][t] for p in state.players)
        assert held + state.reserve[t] + state.available[t] == SHARES_PER_TRAIN
    for p in state.players:
        on_trains = sum(tr.goods.count(p) for tr in state.trains.values())
        assert state.supply[p] + on_trains == CUBES_PER_PLAYER
        assert state.money[p] >= 0
    spots = [(tr.line, tr.step) for tr in state.trains.values() if not tr.in_city]
    assert len(spots) == len(set(spots))  # one train per non-city space
    for tr in state.trains.values():
        assert len(tr.goods) <= CAPACITY
        assert tr.in_city or tr.goods  # an empty train is always back in a city


# One test per number of players, 9 games each (27 in all), so that pytest's workers share
# them: as one test of 25 games it was the longest item of the suite.
@pytest.mark.parametrize("players", ["A,B", "A,B,C", "A,B,C,D"])
@settings(max_examples=9, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_legal_play_keeps_the_books(players: str, data: st.DataObject) -> None:
    state = new(players)
    accepted: list[tuple[str, str]] = []
    seen = GAME.snapshot(state)
    for step in random_play(GAME, state, picker(data), steps=120, spell=spellers):
        assert GAME.snapshot(step.before) == seen  # no move, accepted or refused, mutated it
        assert step.events  # every accepted move says what changed
        state = step.after
        accepted.append((step.actor, step.line))
        seen = GAME.snapshot(state)
        check_invariants(state)
        GAME.status(state)
        GAME.toolbar(state)
    replay = new(players)
    for actor, text in accepted:
        replay, _ = with_automatic(
            GAME, GAME.apply(replay, GAME.parse(replay, actor, text.split()))[0]
        )
    assert GAME.snapshot(replay) == GAME.snapshot(state)
