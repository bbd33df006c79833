"""The search never hangs: out of time, it returns its best so far, marked not proven."""

from __future__ import annotations

import time
from typing import Any

from referee.eighteen.combine import combine
from referee.eighteen.hexes import name_of, neighbour
from referee.eighteen.position import position_from_data
from referee.eighteen.search import UNLIMITED, best_routes
from referee.eighteen.trains import parse_trains


def dense_grid(width: int, height: int) -> dict[str, Any]:
    """Every hex a gray city joined to every neighbour: far too many D-train routes to list."""
    names = [name_of(x, y, "flat") for x in range(width) for y in range(height) if (x + y) % 2 == 0]
    hexes = {}
    for name in names:
        edges = [e for e in range(6) if neighbour(name, e, "flat") in names]
        hexes[name] = {
            "color": "gray",
            "nodes": [{"kind": "city", "revenue": 10, "slots": 2}],
            "paths": [[f"e{e}", "n0"] for e in edges],
        }
    return {
        "map": "dense",
        "layout": "flat",
        "hexes": hexes,
        "tokens": [{"hex": names[0], "company": "A"}],
    }


def test_deadline_returns_best_so_far_not_proven() -> None:
    position = position_from_data(dense_grid(6, 10))
    answer = best_routes(position, "A", parse_trains("D,D"), max_seconds=0.05)
    assert not answer.proven
    assert answer.total > 0  # something found before time ran out
    assert answer.total == sum(answer.revenues)


def test_small_enough_is_proven() -> None:
    position = position_from_data(dense_grid(2, 4))
    assert best_routes(position, "A", parse_trains("2"), UNLIMITED).proven


def test_combining_watches_the_deadline_while_scanning_clashing_candidates() -> None:
    """A scanned list whose candidates all clash with the track taken must still give up on
    time: the scan once ignored the deadline and ran 58 s on a 30 s limit."""
    first = [(100, 1, 0)]
    clashing = [(100, 1, 0)] * 200_000
    result = combine([first, clashing], [None, None], [False, False], [0], time.monotonic() - 1)
    assert not result.proven
    assert result.total == 100  # the greedy answer
