"""Express 01 under random play: cards are conserved, and replay gives the same game."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from devtools.random_play import Pick, Speller, random_play
from referee.games.express01.state import DECKS, State
from tests.draw import picker, typed


def cards_in_play(state) -> int:
    return (
        sum(state.decks.values())
        + sum(state.hand_size(p) for p in state.players)
        + sum(sum(s.values()) for s in state.shares.values())
        + state.replaced()
    )


def spellers(state: State) -> dict[str, Speller]:
    """Express 01's verbs need more than `options` lists: the card types, stations, decks."""

    def lay(pick: Pick) -> str:
        kind = pick(["route", "through", "terminal", "capital"])
        company = "" if kind == "route" else pick([*state.companies, "white"])
        pay = pick(["", "", " pay r3", " pay black", " pay " + pick(DECKS)])
        return f"lay {pick([str(n) for n in range(1, 36)])} {kind} {company}{pay}"

    def run(pick: Pick) -> str:
        stations = [str(s.number) for s in state.board if s.station] or ["1"]
        route = [pick(stations) for _ in range(int(pick("234")))]
        return f"run {pick(state.companies)} {' '.join(route)}"

    return {
        "order": lambda pick: (
            "order " + " ".join(sorted(state.players, key=lambda _: pick("0123456789")))
        ),
        "lay": lay,
        "buy": lambda pick: (
            f"buy {pick(state.companies)} {pick(['r1', 'r2', 'r3', *state.players])}"
        ),
        "run": run,
        "take": lambda pick: "take " + pick([d for d in DECKS if state.decks[d]] or ["r3"]),
        "swap": lambda pick: f"swap {pick(state.players)}",
    }


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
    played, lines = [], []
    for step in random_play(
        s.game, s.state, picker(data), steps=60, spell=spellers, extra_verbs=("lay", "lay", "buy")
    ):
        lines += typed(s, step.line)
        played.append(step.line)
        assert cards_in_play(s.state) == total
        assert all(n >= 0 for n in s.state.decks.values())
        assert all(n >= 0 for h in s.state.hands.values() for n in h.values())
    again = new(*lines, players=",".join(names))
    assert again.game.snapshot(again.state) == s.game.snapshot(s.state)
    if played:
        s.undo()
        assert s.game.snapshot(s.state) == s.game.snapshot(s.states[len(played) - 1])
