"""Random legal play driven by `options`: money is conserved, shares stay whole, the state a
move is applied to never changes, and replaying the moves gives the same game."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine import RuleError, UsageError
from referee.games.lost_atlas.rules import LostAtlas

G = LostAtlas()


def _shares_whole(state) -> bool:
    return all(sum(c.shares.values()) == c.size for c in state.companies.values())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from([("micro", 2), ("micro", 3), ("short", 3), ("long", 4)]),
    st.lists(st.integers(0, 10_000), min_size=300, max_size=300),
)
def test_random_legal_play_conserves_money(game: tuple[str, int], picks: list[int]) -> None:
    variant, n = game
    players = [f"P{i}" for i in range(n)]
    state = G.setup(players, variant, {})
    moves: list[tuple[str, list[str]]] = []
    for k, pick in enumerate(picks):
        opts = G.options(state)
        if opts.actor is None:
            break
        verb = opts.verbs[pick % len(opts.verbs)]
        # Lean towards ending turns so that the game moves on through the cycles.
        if k % 3 == 0 and {"pass", "done"} & set(opts.verbs):
            verb = "pass" if "pass" in opts.verbs else "done"
        words = [verb]
        for i, cands in enumerate(opts.args.get(verb, ())):
            if cands and (i == 0 or (pick >> i) % 2):
                words.append(cands[(pick >> (2 * i)) % len(cands)])
        before = G.snapshot(state)
        try:
            move = G.parse(state, opts.actor, words)
            new, _ = G.apply(state, move)
        except (RuleError, UsageError):
            assert G.snapshot(state) == before
            continue
        assert G.snapshot(state) == before  # pure: the old state is unchanged
        assert new.money() == 24500
        assert _shares_whole(new)
        assert all(v >= 0 for v in new.cash.values())
        assert all(c.cash >= 0 for c in new.companies.values())
        moves.append((opts.actor, words))
        state = new
    replay = G.setup(players, variant, {})
    for actor, words in moves:
        replay, _ = G.apply(replay, G.parse(replay, actor, words))
    assert G.snapshot(replay) == G.snapshot(state)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 10_000), min_size=250, max_size=250))
def test_random_play_on_a_built_map_conserves_money(picks: list[int]) -> None:
    """Rules ■2: map building, tile lays (mountain costs, Tunneling's refund), stations and
    routes move no money in or out of the box; replay gives the same game."""
    from .helpers import SHORT_CHARTERS, SHORT_MAP

    players = ["A", "B"]
    moves: list[tuple[str, list[str]]] = []
    state = G.setup(players, "short", {})
    for line in (*SHORT_MAP, SHORT_CHARTERS, "destinations 30/40/70/100"):
        actor = G.options(state).actor
        moves.append((actor, line.split()))
        state, _ = G.apply(state, G.parse(state, actor, line.split()))
    assert state.map_state == "done"
    state = _play_randomly(state, picks, moves)
    _assert_replays(players, "short", moves, state)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 10_000), min_size=200, max_size=200))
def test_random_map_building_then_play_conserves_money(picks: list[int]) -> None:
    """Rules ■3 and ■2: a short-game map built by random legal moves (the piece from the
    `place` candidates of `options`, a legal spot for it, capitals when drawn), then random
    play on it: every placement is accepted, the map completes, money stays whole, replay
    gives the same game."""
    from referee.games.lost_atlas import atlas, data

    players = ["A", "B"]
    state = G.setup(players, "short", {})
    moves: list[tuple[str, list[str]]] = []
    k = 0
    while state.map_state != "done":
        opts = G.options(state)
        pick = picks[k % len(picks)] + k
        k += 1
        left = atlas.pieces_left(state)
        capitals_left = len(state.capitals) < data.table()["map"]["capitals"]["short"]
        if capitals_left and (not left or (pick % 9 == 0 and state.pieces)):
            cities = opts.args["capital"][0] if "capital" in opts.args else ("none",)
            words = ["capital", cities[pick % len(cities)]]
        else:
            numbers = sorted(left)
            number = numbers[pick % len(numbers)]
            spots = atlas.placements(state, number, 8)
            assert spots, f"piece {number} has no legal place"
            hex_, rot = spots[pick % len(spots)]
            words = ["place", str(number), hex_, str(rot)]
        state, _ = G.apply(state, G.parse(state, opts.actor, words))
        moves.append((opts.actor, words))
        assert state.money() == 24500
    for line in (SHORT_CHARTERS_P, "destinations 30/40/70/100"):
        actor = G.options(state).actor
        moves.append((actor, line.split()))
        state, _ = G.apply(state, G.parse(state, actor, line.split()))
    state = _play_randomly(state, picks, moves)
    _assert_replays(players, "short", moves, state)


SHORT_CHARTERS_P = (
    "charters Expansive,Eastern,Express,Suburban / Tunneling,Northern,Resourceful,Agricultural"
)


def _play_randomly(state, picks: list[int], moves: list[tuple[str, list[str]]]):
    """Random legal play from `options`, leaning towards ending turns; money and shares are
    checked after every accepted move, which is appended to `moves`."""
    for k, pick in enumerate(picks):
        opts = G.options(state)
        if opts.actor is None:
            break
        verb = opts.verbs[pick % len(opts.verbs)]
        if k % 3 == 0 and {"pass", "done"} & set(opts.verbs):
            verb = "pass" if "pass" in opts.verbs else "done"
        words = [verb]
        for i, cands in enumerate(opts.args.get(verb, ())):
            if cands:
                words.append(cands[(pick >> (2 * i)) % len(cands)])
        try:
            new, _ = G.apply(state, G.parse(state, opts.actor, words))
        except (RuleError, UsageError):
            continue
        assert new.money() == 24500
        assert _shares_whole(new)
        moves.append((opts.actor, words))
        state = new
    return state


def _assert_replays(players: list[str], variant: str, moves, state) -> None:
    replay = G.setup(players, variant, {})
    for actor, words in moves:
        replay, _ = G.apply(replay, G.parse(replay, actor, words))
    assert G.snapshot(replay) == G.snapshot(state)
