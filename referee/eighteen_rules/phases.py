"""What a phase change does to the trains companies hold, beyond the trains that rust
(`trains.rusted`): those that run once more, and the train limit.

A train that runs once more (Lost Atlas ■26: Resourceful's rusted train; a title's
`trains.X.obsolete_on`) counts toward no train limit and leaves after its company's next
run. Once the phase has changed, every company over its new limit gives trains back (Lost
Atlas ■19: to the pool; a title's `phases.X.train_limit`: to the bank).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

from referee.eighteen_rules.trains import excess

T = TypeVar("T")


def running(trains: Iterable[T], last_run: Callable[[T], bool]) -> list[T]:
    """The trains that count toward the train limit: all but those on their `last_run`."""
    return [t for t in trains if not last_run(t)]


def after_run(trains: Iterable[T], last_run: Callable[[T], bool]) -> tuple[list[T], list[T]]:
    """(kept, gone): after its company's run, the trains on their `last_run` leave."""
    kept: list[T] = []
    gone: list[T] = []
    for t in trains:
        (gone if last_run(t) else kept).append(t)
    return kept, gone


def over_limit(held: Mapping[str, tuple[int, int]]) -> dict[str, int]:
    """The companies of `held` (each: the trains it counts, its limit) over their limit, with
    how many trains over, in `held`'s order."""
    over = {name: excess(count, limit) for name, (count, limit) in held.items()}
    return {name: n for name, n in over.items() if n}
