"""Express 01 under random play: cards are conserved, and replay gives the same game."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine import RefereeError
from referee.games.express01.state import DECKS


def cards_in_play(state) -> int:
    return (
        sum(state.decks.values())
        + sum(state.hand_size(p) for p in state.players)
        + sum(sum(s.values()) for s in state.shares.values())
        + state.replaced()
    )


def random_line(data, state, opts) -> str:
    verb = data.draw(st.sampled_from([*opts.verbs, "lay", "lay", "buy"]))
    pick = lambda xs: data.draw(st.sampled_from(list(xs)))  # noqa: E731
    if verb == "order":
        return "order " + " ".join(data.draw(st.permutations(state.players)))
    if verb == "lay":
        kind = pick(["route", "through", "terminal", "capital"])
        company = "" if kind == "route" else pick([*state.companies, "white"])
        pay = pick(["", "", " pay r3", " pay black", " pay " + pick(DECKS)])
        return f"lay {data.draw(st.integers(1, 35))} {kind} {company}{pay}"
    if verb == "buy":
        return f"buy {pick(state.companies)} {pick(['r1', 'r2', 'r3', *state.players])}"
    if verb == "run":
        stations = [s.number for s in state.board if s.station] or [1]
        route = data.draw(st.lists(st.sampled_from(stations), min_size=2, max_size=4))
        return f"run {pick(state.companies)} {' '.join(map(str, route))}"
    if verb == "take":
        return "take " + pick([d for d in DECKS if state.decks[d]] or ["r3"])
    if verb == "swap":
        return f"swap {pick(state.players)}"
    return verb


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data(), players=st.integers(2, 4))
def test_random_play_conserves_cards_and_replays(new, data, players):
    names = ["A", "B", "C", "D"][:players]
    s = new(players=",".join(names))
    total = cards_in_play(s.state)
    played = []
    for _ in range(60):
        opts = s.game.options(s.state)
        if opts.actor is None:
            break
        line = random_line(data, s.state, opts)
        try:
            s.play(line)
        except RefereeError:
            continue
        played.append(line)
        assert cards_in_play(s.state) == total
        assert all(n >= 0 for n in s.state.decks.values())
        assert all(n >= 0 for h in s.state.hands.values() for n in h.values())
    again = new(*played, players=",".join(names))
    assert again.game.snapshot(again.state) == s.game.snapshot(s.state)
    if played:
        s.undo()
        assert s.game.snapshot(s.state) == s.game.snapshot(s.states[len(played) - 1])
