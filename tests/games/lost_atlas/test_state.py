"""States are immutable: no state a caller holds, old or new, can be changed after it was made;
moves are played on a draft (design.md §3: the state is a pure function of setup and moves)."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest

from referee.games.lost_atlas.state import State, Train

from .helpers import G, play, step, two_minors


def _attempts(s: State) -> list:
    co = s.companies["Express"]
    return [
        lambda: setattr(s, "bank", 0),
        lambda: s.cash.__setitem__("A", 0),
        lambda: s.cash.update(A=0),
        lambda: s.players.append("Z"),
        lambda: s.closed.extend(["Z"]),
        lambda: setattr(co, "cash", 0),
        lambda: co.shares.pop("B"),
        lambda: co.trains.append(Train("2")),
        lambda: setattr(s.orr, "revenue", 10),
        lambda: s.orr.done.append("Z"),  # type: ignore[union-attr]
    ]


def test_old_and_new_states_refuse_every_change() -> None:
    old = play(two_minors(), "buy 2")
    new, _ = step(old, "run 40")
    for s in (old, new):
        before = G.snapshot(s)
        for attempt in _attempts(s):
            with pytest.raises((FrozenInstanceError, TypeError)):
                attempt()
        assert G.snapshot(s) == before


def test_setup_and_adjust_give_sealed_states() -> None:
    s = G.setup(["A", "B"], "micro", {})
    with pytest.raises(FrozenInstanceError):
        s.bank = 0
    adjusted, _ = G.adjust(two_minors(), "cash A", 50)
    with pytest.raises(TypeError):
        adjusted.cash["A"] = 0


def test_a_draft_is_writable_and_leaves_its_original_alone() -> None:
    s = play(two_minors(), "buy 2")
    d = s.draft()
    d.cash["A"] += 1
    d.companies["Express"].trains.append(Train("3"))
    d.orr.done.append("Expansive")  # type: ignore[union-attr]
    assert d.cash["A"] == s.cash["A"] + 1
    assert [t.kind for t in s.companies["Express"].trains] == ["2"]
    assert s.orr.done == []  # type: ignore[union-attr]
    assert d.seal() is d
    with pytest.raises(TypeError):
        d.cash["A"] = 0
