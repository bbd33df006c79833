"""The lone ∞/D train's walk shared with a forked child (cores.py) changes no answer."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from test_property import SEEDS, check, eager_floor

from referee.eighteen import cores
from referee.store import savefile

ROOT = Path(__file__).resolve().parents[2]  # bench/ is imported from the checkout
pytestmark = pytest.mark.skipif(not cores.can_split(), reason="forks only on Linux, 2+ cores")


def children() -> list[int]:
    """The processes this one has forked and not reaped yet."""
    listed = Path(f"/proc/self/task/{os.getpid()}/children").read_text()
    return [int(pid) for pid in listed.split()]


def running(pid: int) -> bool:
    """Whether `pid` still runs (an orphan left a zombie by a container's init runs no more)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] not in ("Z", "X")


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
    assert children() == []


def test_a_process_done_early_hands_on_its_floor() -> None:
    """One token on a dense grid: the walk from it finds the answer within a few dozen steps,
    and that answer cuts every other walk short. The process that found it must hand it on
    (the best answer shared) when it is done, not only every 256 steps, or the other walks on
    with the floor it had when they split: until the deadline."""
    from test_deadline import dense_grid

    from referee.eighteen.floor import Floor
    from referee.eighteen.position import position_from_data
    from referee.eighteen.search import UNLIMITED, best_routes
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
                position_from_data(dense_grid(8, 10)), "A", parse_trains("D,4"), UNLIMITED
            )
    finally:
        cores.Shared.__init__ = saved_shared  # type: ignore[method-assign]
        Floor.found = saved_found  # type: ignore[method-assign]
    assert started[0] == 1 and len(shared) == 1
    assert found and shared[0].best.value >= max(found)
    assert answer.proven
    assert children() == []


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
    assert children() == []


def test_an_exception_in_the_child_is_reported_as_one_not_as_unproven() -> None:
    """A walk that raises in the second process is said as that error (SearchFailed), not
    passed off as an answer that ran out of time."""
    from bench.latepos import lost_atlas_position
    from referee.eighteen.search import UNLIMITED, best_routes
    from referee.eighteen.trains import parse_trains

    parent, each = os.getpid(), cores.Shared.each

    def failing_in_the_child(self: cores.Shared, origins: list[int]) -> Iterator[int]:
        if os.getpid() != parent:
            raise RuntimeError("a bug in the walk")
        return each(self, origins)

    position, company, trains = lost_atlas_position(44)
    cores.Shared.each = failing_in_the_child  # type: ignore[method-assign]
    try:
        with split_at_once() as started, pytest.raises(cores.SearchFailed) as failed:
            best_routes(position, company, parse_trains(trains), UNLIMITED)
    finally:
        cores.Shared.each = each  # type: ignore[method-assign]
    assert started[0] == 1
    assert str(failed.value) == (
        "the route search failed in its second process: RuntimeError: a bug in the walk"
    )
    assert children() == []


# A shell holding its save (locked, as `referee resume` holds it) in the middle of a split
# search: it prints its child's process id once the child has let go of what it was born with
# (or after 2 s: before issue 27 a child never did), then searches on until it is killed.
HOLDER = """
import os, sys, time
from pathlib import Path
from bench.latepos import lost_atlas_position
from referee import games
from referee.store import savefile
from referee.eighteen import cores
from referee.eighteen.search import best_routes
from referee.eighteen.trains import parse_trains
from referee.play.session import Session

save = Path(sys.argv[1])
session = Session.new("18xx", ["A", "B"], board=games.get("18xx").board_named("1889"))
savefile.create(session, save)
cores.SPLIT_AFTER = 0
start = cores.Child.__init__

def announced(self, *args):
    start(self, *args)
    fds = Path(f"/proc/{self.pid}/fd")
    until = time.monotonic() + 2
    while time.monotonic() < until and any(
        save.parent == Path(os.path.realpath(fd)).parent for fd in fds.iterdir()
    ):
        time.sleep(0.01)
    print(self.pid, flush=True)

cores.Child.__init__ = announced
position, company, trains = lost_atlas_position(44)
best_routes(position, company, parse_trains(trains), max_seconds=60)
print("done", flush=True)
"""


def test_a_shell_killed_mid_search_leaves_its_save_free_and_no_child(tmp_path: Path) -> None:
    """The second process holds no file of the session (the save's lock above all) and ends
    as soon as its parent is gone: the save resumes at once after a kill -9 of its shell."""
    save = tmp_path / "g.toml"
    shell = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(save)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        text=True,
    )
    assert shell.stdout is not None
    try:
        said = shell.stdout.readline().strip()
        assert said.isdigit(), (said, shell.stderr.read() if shell.stderr else "")
        child = int(said)
        assert running(child)
    finally:
        shell.kill()
        shell.wait()
    session, _warnings = savefile.resume(save)  # at once: not "in use"
    assert session.store is not None
    session.store.close(session)
    until = time.monotonic() + 2
    while running(child) and time.monotonic() < until:
        time.sleep(0.01)
    assert not running(child)


def test_no_process_to_fork_leaves_the_walk_on_one_core(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where fork fails (no process to be had), the parent walks every end itself: the same
    answer, proven, and nothing left open."""
    from test_deadline import dense_grid

    from referee.eighteen.position import position_from_data
    from referee.eighteen.search import UNLIMITED, best_routes
    from referee.eighteen.trains import parse_trains

    def refused() -> int:
        raise BlockingIOError("fork: no process to be had")

    position = position_from_data(dense_grid(8, 10))
    alone = best_routes(position, "A", parse_trains("D,4"), UNLIMITED)
    open_before = len(os.listdir("/proc/self/fd"))
    monkeypatch.setattr(cores.os, "fork", refused)
    with split_at_once() as started:
        answer = best_routes(position, "A", parse_trains("D,4"), UNLIMITED)
    assert started[0] == 1
    assert answer.proven and answer.total == alone.total
    assert len(os.listdir("/proc/self/fd")) == open_before
    assert children() == []
