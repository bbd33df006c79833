"""The lone ∞/D train's walk shared with a forked child (cores.py) changes no answer."""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from test_property import SEEDS, check, eager_floor

from referee.eighteen import cores

pytestmark = pytest.mark.skipif(not cores.can_split(), reason="forks only on Linux, 2+ cores")


@contextmanager
def split_at_once() -> Iterator[list[int]]:
    """Split from the first end walked; yields how many children were started."""
    saved_after, saved_init = cores.SPLIT_AFTER, cores.Child.__init__
    started = [0]

    def counting(self: cores.Child, *args: object) -> None:
        started[0] += 1
        saved_init(self, *args)  # type: ignore[arg-type]

    cores.SPLIT_AFTER = 0
    cores.Child.__init__ = counting  # type: ignore[method-assign]
    try:
        yield started
    finally:
        cores.SPLIT_AFTER, cores.Child.__init__ = saved_after, saved_init  # type: ignore[method-assign]


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
    derandomize=True,
)
@given(SEEDS)
def test_both_cores_agree_with_the_exhaustive_search(seed: int) -> None:
    with eager_floor(), split_at_once():
        check(seed, lost_atlas=None, trains_drawn="D,4")


def test_the_walk_is_really_shared_and_no_child_is_left() -> None:
    with split_at_once() as started:
        for seed in range(40):
            check(seed, lost_atlas=True, trains_drawn="D,3")
    assert started[0] > 0
    assert mp.active_children() == []


def test_a_process_done_early_hands_on_its_floor() -> None:
    """One token on a dense grid: the walk from it finds the answer within a few dozen steps,
    and that answer cuts every other walk short. The process that found it must hand it on
    (the best answer shared) when it is done, not only every 256 steps, or the other walks on
    with the floor it had when they split: until the deadline."""
    from test_deadline import dense_grid

    from referee.eighteen.floor import Floor
    from referee.eighteen.position import position_from_data
    from referee.eighteen.search import best_routes
    from referee.eighteen.trains import parse_trains

    shared: list[cores.Shared] = []
    found: list[int] = []  # this process's floor after each route found
    saved_shared, saved_found = cores.Shared.__init__, Floor.found

    def sharing(self: cores.Shared, *args: int) -> None:
        saved_shared(self, *args)
        shared.append(self)

    def finding(self: Floor, *args: object) -> None:
        saved_found(self, *args)  # type: ignore[arg-type]
        found.append(self.best)

    cores.Shared.__init__ = sharing  # type: ignore[method-assign]
    Floor.found = finding  # type: ignore[method-assign]
    try:
        with split_at_once() as started:
            answer = best_routes(
                position_from_data(dense_grid(8, 10)), "A", parse_trains("D,4"), max_seconds=10
            )
    finally:
        cores.Shared.__init__ = saved_shared  # type: ignore[method-assign]
        Floor.found = saved_found  # type: ignore[method-assign]
    assert started[0] == 1 and len(shared) == 1
    assert found and shared[0].best.value >= max(found)
    assert answer.proven
    assert mp.active_children() == []


def test_out_of_time_on_both_cores_says_so_and_leaves_no_child() -> None:
    from bench.latepos import lost_atlas_position
    from referee.eighteen.search import best_routes
    from referee.eighteen.trains import parse_trains

    position, company, trains = lost_atlas_position(44)  # 5,6,∞: over a second to prove
    with split_at_once() as started:
        answer = best_routes(position, company, parse_trains(trains), max_seconds=0.3)
    assert started[0] == 1
    assert not answer.proven
    assert answer.total == sum(answer.revenues) > 0
    assert mp.active_children() == []
