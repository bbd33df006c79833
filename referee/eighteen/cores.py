"""Both cores for the long walk of a lone ∞ or D train (see listing.py and search.py).

The walk goes from each possible end in turn. Once it has run for SPLIT_AFTER seconds (a small
position never gets there), the ends not walked yet are shared with one forked child, each
process taking the next one in turn. Each walks with its own floor, raised to the best answer
either has found (a real answer: the route of it is listed by the process that found it), so
their routes together hold every route that could be in a better answer. The child sends back
its routes; if it does not answer by the deadline it is killed and the answer is not proven.

Only fork is used: it shares the walk so far for nothing, where 'spawn' would rebuild it. A
process with other threads (the shell's table page serves from a thread) is never forked, since
a lock held by another thread would stay held in the child: there the walk stays on one core.

The child holds nothing of the session: it closes every file it was born with (the save's lock
among them: a flock is held as long as any copy of its descriptor is open) but its end of the
answer pipe and of a pipe that tells it its parent is gone, on which a thread waits to end it at
once. An exception in it comes back as one (SearchFailed), not as an answer left unproven.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing as mp
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection
from types import TracebackType
from typing import TYPE_CHECKING

from referee.core.errors import RefereeError
from referee.i18n import _

if TYPE_CHECKING:
    from referee.eighteen.floor import Floor
    from referee.eighteen.listing import RouteTable

SPLIT_AFTER = 0.01  # seconds of walking before the rest is shared (a test sets 0)
GRACE = 0.25  # seconds the parent waits for the child past the deadline, then kills it
ORPHANED = 3  # the child's exit status when its parent went away

# A route sent back: track, links, stops counted, values, and its walk as (node, link, counted).
Sent = tuple[int, int, int, int, int, list[tuple[int, int, int]]]
Answered = tuple[bool, int, list[Sent]]  # whether its walk finished, its floor, its routes


def can_split() -> bool:
    return (
        sys.platform.startswith("linux")
        and (os.cpu_count() or 1) > 1
        and threading.active_count() == 1
        and "fork" in mp.get_all_start_methods()
    )


def _sent(table: RouteTable, first: int) -> list[Sent]:
    out: list[Sent] = []
    for i in range(first, len(table.masks)):
        walk: list[tuple[int, int, int]] = []
        entry = table.ends[i]
        while entry >= 0:
            walk.append((table.node[entry], table.link[entry], table.counted[entry]))
            entry = table.parent[entry]
        walk.reverse()
        out.append(
            (
                table.masks[i],
                table.link_sets[i],
                table.counts[i],
                table.values[i],
                table.diesel[i],
                walk,
            )
        )
    return out


class Shared:
    """The next end to walk from, taken in turn by the parent and the child, and the best
    answer either has found (its route is listed by the one that found it)."""

    def __init__(self, first: int, best: int) -> None:
        self.next = mp.get_context("fork").Value("l", first)
        self.best = mp.get_context("fork").Value("l", best)

    def meet(self, floor: Floor) -> None:
        with self.best.get_lock():
            if self.best.value < floor.best:
                self.best.value = floor.best
            else:
                floor.best = self.best.value

    def each(self, origins: list[int]) -> Iterator[int]:
        while True:
            with self.next.get_lock():
                i = self.next.value
                self.next.value = i + 1
            if i >= len(origins):
                return
            yield origins[i]


class SearchFailed(RefereeError):
    """The route search's second process raised: said as the error it was."""


@dataclass(frozen=True)
class Failure:
    """What the child sends back instead of its routes when its walk raised."""

    error: str  # `TypeError: ...`


class Child:
    """A forked child walking `walk_rest` (its share of the ends), answering on a pipe. Use it
    in a `with` block: leaving it ends the child, whatever happened in the parent."""

    def __init__(
        self, table: RouteTable, walk_rest: Callable[[], bool], best: Callable[[], int]
    ) -> None:
        first = len(table.masks)
        self.receive, send = mp.get_context("fork").Pipe(duplex=False)
        alive, self.alive = os.pipe()  # the parent holds the write end: EOF once it is gone
        try:
            self.pid = os.fork()
        except OSError:  # no process to be had: the parent takes every end (Shared.each)
            self.pid = -1
        if self.pid == 0:  # the child: never returns into the parent's code
            code = 1
            try:
                self.receive.close()
                _hold_nothing_but(send.fileno(), alive)
                _end_with_parent(alive)
                code = _answer(send, lambda: (walk_rest(), best(), _sent(table, first)))
            finally:
                os._exit(code)
        send.close()
        os.close(alive)
        if self.pid < 0:
            self.stop()

    def __enter__(self) -> Child:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def stop(self) -> None:
        """Close the pipes (a child still walking sees its parent gone and ends) and reap it."""
        if self.receive.closed:
            return
        self.receive.close()
        os.close(self.alive)
        if self.pid > 0:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)  # whatever it still does is no longer wanted
            os.waitpid(self.pid, 0)

    def join(self, table: RouteTable, deadline: float) -> tuple[bool, int]:
        """Add the child's routes to `table`: whether its walk finished, and its floor (0 if
        no answer came back in time). SearchFailed if the child raised."""
        if self.pid < 0:
            return True, 0  # never forked: it walked nothing, the parent walked every end
        answered: Answered | Failure = (False, 0, [])
        try:
            left = deadline - time.monotonic()  # infinite: no budget, wait for the answer
            if self.receive.poll(None if left == math.inf else max(left, 0) + GRACE):
                answered = self.receive.recv()
        except (EOFError, OSError):
            pass
        finally:
            self.stop()
        if isinstance(answered, Failure):
            said = _("the route search failed in its second process: {error}")
            raise SearchFailed(said.format(error=answered.error))
        complete, best, routes = answered
        for mask, links, count, value, diesel, walk in routes:
            entry = -1
            for node, link, counted in walk:
                table.parent.append(entry)
                table.node.append(node)
                table.link.append(link)
                table.counted.append(counted)
                entry = len(table.parent) - 1
            table.masks.append(mask)
            table.link_sets.append(links)
            table.counts.append(count)
            table.values.append(value)
            table.diesel.append(diesel)
            table.ends.append(entry)
        return complete, best


def _hold_nothing_but(*kept: int) -> None:
    """In the child: every file it was born with closed (the save, its lock, the terminal, the
    parent's pipes) but `kept`; the standard streams read and write /dev/null."""
    with contextlib.suppress(ValueError):  # not the main thread: no wakeup fd was set here
        signal.set_wakeup_fd(-1)  # a descriptor of the parent's event loop, closed below
    null = os.open(os.devnull, os.O_RDWR)
    for std in (0, 1, 2):
        os.dup2(null, std)
    for fd in _open_descriptors():
        if fd > 2 and fd not in kept:
            with contextlib.suppress(OSError):
                os.close(fd)


def _open_descriptors() -> list[int]:
    try:
        return [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:
        return list(range(3, os.sysconf("SC_OPEN_MAX")))


def _end_with_parent(alive: int) -> None:
    """In the child: a thread waits on the parent's pipe, which nothing is written to, and
    ends the child when it closes (the parent died, however, or stopped waiting)."""

    def wait() -> None:
        with contextlib.suppress(OSError):
            os.read(alive, 1)
        os._exit(ORPHANED)

    threading.Thread(target=wait, daemon=True).start()


def _answer(send: Connection, walk: Callable[[], object]) -> int:
    """In the child: walk and send back the answer, or the failure; the exit status."""
    try:
        answer, code = walk(), 0
    except BaseException as e:  # the parent says it, as what it is
        answer, code = Failure(f"{type(e).__name__}: {e}"), 1
    try:
        send.send(answer)
    except OSError:  # the parent is gone
        return ORPHANED
    return code
