"""Both cores for the long walk of a lone ∞ or D train (see listing.py and search.py).

The walk goes from each possible end in turn. Once it has run for SPLIT_AFTER seconds (a small
position never gets there), the ends not walked yet are shared with one forked child, each
process taking the next one in turn. Each walks with its own floor, raised to the best answer
either has found (a real answer: the route of it is listed by the process that found it), so
their routes together hold every route that could be in a better answer. The child sends back
its routes; if it does not answer by the deadline it is killed and the answer is not proven.

Only 'fork' is used: it shares the walk so far for nothing, where 'spawn' would rebuild it. A
process with other threads (the shell's table page serves from a thread) is never forked, since
a lock held by another thread would stay held in the child: there the walk stays on one core.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.eighteen.floor import Floor
    from referee.eighteen.listing import RouteTable

SPLIT_AFTER = 0.01  # seconds of walking before the rest is shared (a test sets 0)
GRACE = 0.25  # seconds the parent waits for the child past the deadline, then kills it

# A route sent back: track, links, stops counted, values, and its walk as (node, link, counted).
Sent = tuple[int, int, int, int, int, list[tuple[int, int, int]]]


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


class Child:
    """A forked child walking `walk_rest` (its share of the ends), answering on a pipe."""

    def __init__(
        self, table: RouteTable, walk_rest: Callable[[], bool], best: Callable[[], int]
    ) -> None:
        first = len(table.masks)
        receive, send = mp.get_context("fork").Pipe(duplex=False)

        def run() -> None:
            complete = walk_rest()
            send.send((complete, best(), _sent(table, first)))

        self.receive: Connection = receive
        self.process = mp.get_context("fork").Process(target=run, daemon=True)
        self.process.start()
        send.close()

    def join(self, table: RouteTable, deadline: float) -> tuple[bool, int]:
        """Add the child's routes to `table`: whether its walk finished, and its floor (0 if
        no answer came back in time)."""
        complete, best, routes = False, 0, []
        try:
            if self.receive.poll(max(deadline - time.monotonic(), 0) + GRACE):
                complete, best, routes = self.receive.recv()
        except (EOFError, OSError):
            complete = False
        finally:
            self.receive.close()
            self.process.join(0.5)
            if self.process.is_alive():
                self.process.kill()
                self.process.join()
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
