"""Random legal play from `options`: it never crashes, shares are conserved, cash never goes
negative, prices stay on the track, and replaying any prefix of the log gives the same state
(undo, redo and resume are replay)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine import RefereeError
from referee.games.union_station.railroads import COLOURS, TOTAL_SHARES

from .helpers import BOARD, GAME, fixture_board, session

MAP = fixture_board("union-station-fixture-map.toml")


def candidates(state) -> list[str]:
    """Every move `options` suggests, spelled out."""
    o = GAME.options(state)
    out = []
    for verb in o.verbs:
        args = o.args.get(verb, ())
        if verb in ("pass",):
            out.append(verb)
        elif verb == "buy":
            for c in args[0]:
                slots = [i for i, x in enumerate(state.offer) if x == c]
                out += [f"buy {c} +{i + 1}" for i in slots]
        elif verb == "lay":
            kinds = args[1]
            for c in args[0]:
                out += [f"lay {c} {k1} {k2}" for k1 in kinds for k2 in kinds]
                out.append(f"lay {c} {kinds[0]}")
        elif args:
            out += [f"{verb} {a}" for a in args[0]]
    return out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["A,B,C", "A,B,C,D", "A,B,C,D,E"]), st.booleans())
def test_random_legal_play(data, players, with_map):
    s = session(players, MAP if with_map else BOARD)
    sold = 0
    for _ in range(200):
        if GAME.is_over(s.state):
            break
        moves = candidates(s.state)
        assert moves, GAME.options(s.state)
        text = data.draw(st.sampled_from(moves))
        before = s.state
        try:
            s.play(text)
        except RefereeError:
            continue  # e.g. a lay whose second hex is not legal: refused, state unchanged
        if text.startswith("sell"):
            sold += before.seats[before.players.index(s.entries[-1].by)].shares[
                COLOURS.index(text.split()[1])
            ]
        state = s.state
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
    for i, entry in enumerate(s.entries, start=1):
        replay.play(entry.text)
        assert GAME.snapshot(replay.state) == GAME.snapshot(s.states[i])
    # Undo back to any point then redo returns to the same state.
    end = GAME.snapshot(s.state)
    n = len(s.entries)
    for _ in range(n):
        s.undo()
    for _ in range(n):
        s.redo()
    assert GAME.snapshot(s.state) == end
