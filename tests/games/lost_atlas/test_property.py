"""Random legal play driven by `options` (devtools.random_play): money is conserved, shares
stay whole, the state a move is applied to never changes, and replaying the moves gives the
same game."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from devtools.random_play import Pick, Speller, random_play
from referee.core.engine import typed_move, with_automatic
from referee.games.lost_atlas import atlas
from referee.games.lost_atlas.data import table
from referee.games.lost_atlas.game import LostAtlas
from referee.games.lost_atlas.state import State
from tests.draw import picker

from .helpers import SHORT_CHARTERS, SHORT_MAP

G = LostAtlas()
MONEY = 24500  # the bank's total (rules ■3), all of it in the game from the start
# Ending turns more often than other moves, so that play gets through the cycles.
LEAN = ("pass", "done") * 2
# Verbs whose words after the first are optional: `buy 2` or `buy 2 pool`, `sell X` or `sell X 2`.
SHORT_OR_LONG = ("buy", "sell", "token")


def _spellers(state: State) -> dict[str, Speller]:
    """The verbs of SHORT_OR_LONG: the first word, and the rest of the candidates or none."""
    args = G.options(state).args

    def speller(verb: str) -> Speller:
        def spell(pick: Pick) -> str:
            first, *rest = args[verb]
            words = [verb, pick(first)] if first else [verb]
            if first and rest and pick(("short", "long")) == "long":
                words += [pick(c) for c in rest if c]
            return " ".join(words)

        return spell

    spellers = {verb: speller(verb) for verb in SHORT_OR_LONG if args.get(verb)}
    return spellers | {"place": _place_speller(state), "charters": _charters_speller(state)}


def _charters_speller(state: State) -> Speller:
    """■3: the charters name by name, as a seat taps them: each place a minor not yet laid."""
    slots = G.options(state).args.get("charters", ())

    def spell(pick: Pick) -> str:
        words = ["charters"]
        for slot in slots:
            words.append(pick([w for w in slot if w == "/" or w not in words]))
        return " ".join(words)

    return spell


def _place_speller(state: State) -> Speller:
    """■3: a piece left and a legal spot for it (what `options` offers is too few to finish a
    map by chance)."""

    def spell(pick: Pick) -> str:
        left = sorted(atlas.pieces_left(state))
        if not left:
            return "place"  # only capital projects are left: refused, another line is drawn
        # A piece may have no place until another is laid beside it. Random pieces can also
        # leave a map where none left has one (■3 says nothing of it; a table would `force`):
        # such a map is not one this property is about.
        placeable = [n for n in left if atlas.placements(state, n, 1)]
        assume(placeable)
        number = int(pick([str(n) for n in placeable]))
        spots = atlas.placements(state, number, 8)
        return f"place {number} " + pick([f"{h} {r}" for h, r in spots])

    return spell


def _shares_whole(state: State) -> bool:
    return all(sum(c.shares.values()) == c.size for c in state.companies.values())


def _play_randomly(
    state: State, pick: Pick, moves: list[tuple[str, list[str]]], steps: int
) -> State:
    """Random legal play; money and shares are checked after every accepted move, the state
    it was applied to is unchanged, and each move is appended to `moves`."""
    seen = G.snapshot(state)
    for step in random_play(G, state, pick, steps=steps, spell=_spellers, extra_verbs=LEAN):
        assert G.snapshot(step.before) == seen  # pure: the old state is unchanged
        state = step.after
        seen = G.snapshot(state)
        assert state.money() == MONEY
        assert _shares_whole(state)
        assert all(v >= 0 for v in state.cash.values())
        assert all(c.cash >= 0 for c in state.companies.values())
        moves.append((step.actor, step.line.split()))
    return state


def _assert_replays(players: list[str], variant: str, moves, state: State) -> None:
    """The moves typed, each followed by the moves the referee makes itself (as the session
    and random_play do), give the same game."""
    replay, _ = with_automatic(G, G.setup(players, variant, {}))
    for actor, words in moves:
        replay, _ = with_automatic(G, G.apply(replay, typed_move(G, replay, actor, words))[0])
    assert G.snapshot(replay) == G.snapshot(state)


def _typed(state: State, lines: tuple[str, ...], moves: list[tuple[str, list[str]]]) -> State:
    for line in lines:
        actor = G.options(state).actor
        assert actor is not None
        moves.append((actor, line.split()))
        state, _ = with_automatic(G, G.apply(state, typed_move(G, state, actor, line.split()))[0])
    return state


# One test per kind of game, 6 games each (24 in all), so that pytest's workers share them:
# as one test of 25 drawn kinds it was the longest item of the suite.
@pytest.mark.parametrize(("variant", "n"), [("micro", 2), ("micro", 3), ("short", 3), ("long", 4)])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_legal_play_conserves_money(variant: str, n: int, data: st.DataObject) -> None:
    players = [f"P{i}" for i in range(n)]
    moves: list[tuple[str, list[str]]] = []
    state = _play_randomly(G.setup(players, variant, {}), picker(data), moves, 400)
    _assert_replays(players, variant, moves, state)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_play_on_a_built_map_conserves_money(data: st.DataObject) -> None:
    """Rules ■2: map building, tile lays (mountain costs, Tunneling's refund), stations and
    routes move no money in or out of the box; replay gives the same game."""
    players = ["A", "B"]
    moves: list[tuple[str, list[str]]] = []
    lines = (*SHORT_MAP, SHORT_CHARTERS, "destinations 30/40/70/100")
    state = _typed(G.setup(players, "short", {}), lines, moves)
    assert state.map_state == "done"
    state = _play_randomly(state, picker(data), moves, 250)
    _assert_replays(players, "short", moves, state)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_map_building_then_play_conserves_money(data: st.DataObject) -> None:
    """Rules ■3 and ■2: a short-game map built by random legal moves (a piece left, a legal
    spot for it, capitals when drawn), then random play on it: every placement is accepted,
    the map completes, money stays whole, replay gives the same game."""
    pick = picker(data)
    players = ["A", "B"]
    state = G.setup(players, "short", {})
    moves: list[tuple[str, list[str]]] = []
    while state.map_state != "done":
        opts = G.options(state)
        assert opts.actor is not None
        left = atlas.pieces_left(state)
        capitals_left = len(state.capitals) < table()["map"]["capitals"]["short"]
        draw = pick(("piece",) * 8 + ("capital",)) if state.pieces else "piece"
        if capitals_left and (not left or draw == "capital"):
            cities = opts.args["capital"][0] if "capital" in opts.args else ("none",)
            words = ["capital", pick(cities)]
        else:
            words = _place_speller(state)(pick).split()
        state, _ = G.apply(state, typed_move(G, state, opts.actor, words))
        moves.append((opts.actor, words))
        assert state.money() == MONEY
    state = _typed(state, (SHORT_CHARTERS, "destinations 30/40/70/100"), moves)
    state = _play_randomly(state, pick, moves, 200)
    _assert_replays(players, "short", moves, state)
