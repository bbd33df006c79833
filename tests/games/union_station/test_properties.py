"""Random legal play from `options`: it never crashes, shares are conserved, cash never goes
negative, prices stay on the track, and replaying any prefix of the log gives the same state
(undo, redo and resume are replay)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from devtools.random_play import Pick, Speller, random_play
from referee.games.union_station.railroads import COLOURS, TOTAL_SHARES
from referee.games.union_station.state import State
from tests.draw import picker, typed

from .helpers import BOARD, GAME, fixture_board, session

MAP = fixture_board("union-station-fixture-map.toml")


def spellers(state: State) -> dict[str, Speller]:
    """A buy names the offer space its railroad is in; a lay may place one disc or two."""
    args = GAME.options(state).args

    def buy(pick: Pick) -> str:
        c = pick(args["buy"][0])
        return f"buy {c} +{pick([str(i + 1) for i, x in enumerate(state.offer) if x == c])}"

    def lay(pick: Pick) -> str:
        railroad, kinds = pick(args["lay"][0]), args["lay"][1]
        return " ".join(["lay", railroad, pick(kinds), *pick([[], [pick(kinds)]])])

    return {"buy": buy, "lay": lay}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["A,B,C", "A,B,C,D", "A,B,C,D,E"]), st.booleans())
def test_random_legal_play(data, players, with_map):
    s = session(players, MAP if with_map else BOARD)
    sold = 0
    for step in random_play(GAME, s.state, picker(data), steps=200, spell=spellers):
        typed(s, step.line)
        assert GAME.snapshot(s.state) == GAME.snapshot(step.after)
        if step.line.startswith("sell"):
            seat = step.before.seats[step.before.players.index(step.actor)]
            sold += seat.shares[COLOURS.index(step.line.split()[1])]
        state = step.after
        assert GAME.options(state).verbs or GAME.is_over(state)
        held = sum(sum(seat.shares) for seat in state.seats)
        unbought = state.deck_size() + sum(1 for c in state.offer if c)
        in_auction = len(COLOURS) - len(state.acquired)
        assert held + unbought + in_auction + sold == TOTAL_SHARES
        assert all(seat.cash >= 0 for seat in state.seats)
        assert all(r.price == 0 or 5 <= r.price <= 52 for r in state.roads)
        assert state.dividends <= 20
        assert all(1 <= r.usc <= 4 and 0 <= r.discs <= 12 for r in state.roads)
    # Replaying the log from the setup, every prefix gives the state the session holds.
    replay = session(players, MAP if with_map else BOARD)
    for entry in s.entries:
        replay.replay(entry)
    assert [GAME.snapshot(x) for x in replay.states] == [GAME.snapshot(x) for x in s.states]
    # Undo back to any point then redo returns to the same state.
    end = GAME.snapshot(s.state)
    n = sum(1 for e in s.entries if not e.auto)
    for _ in range(n):
        s.undo()
    for _ in range(n):
        s.redo()
    assert GAME.snapshot(s.state) == end
