"""Phases: which one a train bought starts, whose tiles the company operating lays, and what a
phase change does to the trains companies hold beyond the trains that rust (`trains.rusted`):
those that run once more, and the train limit.

A phase starts with the first train of a kind (a title's `phases.X.on`) or of a level (Lost
Atlas ■5/■19: the table's `phases.colour`, by the train's number). Its tiles may be laid at
once (18xx.games) or from the next company on (Lost Atlas ■19): `TILES_FROM`.

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

TILES_FROM = ("now", "next_company")


def started(triggers: Iterable[str], starts: Iterable[tuple[str, str]], current: str) -> str | None:
    """The phase that `triggers` (the firsts of a kind or level bought, in order) start, if it
    is not `current`: of `starts`, pairs (phase, the trigger that starts it) in the game's
    order, the first started by the last trigger that starts one; None if no new phase."""
    first: dict[str, str] = {}
    for phase, on in starts:
        first.setdefault(on, phase)
    found = [first[t] for t in triggers if t in first]
    return found[-1] if found and found[-1] != current else None


def laying(current: str, turn_began: str, tiles_from: str) -> str:
    """The phase whose tiles the company operating lays: the `current` one, or with
    "next_company" the one its turn began in (`turn_began`, "" if the phase has not changed
    in its turn)."""
    return (turn_began or current) if tiles_from == "next_company" else current


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
