"""Random play from `options`: never crashes, conserves shares and cubes, never mutates a state,
and replaying the accepted moves gives the same game."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine import RuleError, UsageError
from referee.games.congo_line.state import (
    CAPACITY,
    CUBES_PER_PLAYER,
    SHARES_PER_TRAIN,
    TRAINS,
    State,
)

from .helpers import GAME, new


def command(data: st.DataObject, state: State) -> str:
    o = GAME.options(state)
    verb = data.draw(st.sampled_from(o.verbs))
    args = o.args.get(verb, ())
    pick = lambda xs: data.draw(st.sampled_from(list(xs)))  # noqa: E731
    cities = state.board.all_cities()
    if verb == "roll":
        return "roll " + " ".join(pick(args[0]) for _ in range(4))
    if verb in ("take", "place", "buy"):
        return f"{verb} {pick(args[0] or TRAINS)}"
    if verb == "load":
        return f"load {pick(args[0] or TRAINS)} {data.draw(st.integers(1, 3))}"
    if verb == "move":
        return f"move {pick(TRAINS)} {pick(args[1])} {pick(cities)}"
    if verb == "auto":
        return f"auto {pick(args[0])} {pick(args[1] or cities)}"
    if verb == "purple":
        action = pick(args[0])
        if action == "move":
            return "purple move"
        return f"purple {action} {pick(TRAINS)}" + (
            f" {pick(state.players)}" if action == "drop" else ""
        )
    if verb == "orange":
        if data.draw(st.booleans()):
            return f"orange sell {pick(state.players)} {pick(TRAINS)}"
        return f"orange buy {pick(TRAINS)}"
    return verb


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


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["A,B", "A,B,C", "A,B,C,D"]))
def test_random_legal_play_keeps_the_books(data: st.DataObject, players: str) -> None:
    state = new(players)
    accepted: list[tuple[str, str]] = []
    for _ in range(120):
        if GAME.is_over(state):
            break
        text = command(data, state)
        actor = GAME.options(state).actor
        assert actor is not None
        before = GAME.snapshot(state)
        try:
            new_state, events = GAME.apply(state, GAME.parse(state, actor, text.split()))
        except (RuleError, UsageError):
            assert GAME.snapshot(state) == before
            continue
        assert GAME.snapshot(state) == before  # apply never mutates the old state
        assert events  # every accepted move says what changed
        state = new_state
        accepted.append((actor, text))
        check_invariants(state)
        GAME.status(state)
        GAME.toolbar(state)
    replay = new(players)
    for actor, text in accepted:
        replay, _ = GAME.apply(replay, GAME.parse(replay, actor, text.split()))
    assert GAME.snapshot(replay) == GAME.snapshot(state)
