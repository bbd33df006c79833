"""Trains: the bank's next train, taking one from it, rusting and the train limit.

A game gives its trains as parameters: the order they are sold in and how many are left of
each (-1: no end), which kind rusts on which trigger (Lost Atlas ■5: the first train of a
level; a title's `trains.X.rusts_on`: the first train of a kind), and its limit (Lost Atlas
■12 by level and size; a title's `phases.X.train_limit`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, MutableMapping
from typing import TypeVar

T = TypeVar("T")
UNLIMITED = -1


def next_train(order: Iterable[str], left: Mapping[str, int]) -> str | None:
    """The first kind of `order` the bank still has (rules ■18: bought in order); None if none."""
    return next((kind for kind in order if left.get(kind, 0) != 0), None)


def take(left: MutableMapping[str, int], kind: str) -> None:
    """One `kind` leaves the bank (an unlimited kind stays unlimited)."""
    if left.get(kind, 0) > 0:
        left[kind] -= 1


def rusted(triggers: Iterable[str], rusts: Iterable[tuple[str, str]]) -> list[str]:
    """The kinds that rust, in order, when `triggers` happen (in order): `rusts` pairs each kind
    with the trigger that rusts it, in the game's order."""
    pairs = list(rusts)
    return [kind for trigger in triggers for kind, on in pairs if on == trigger]


def rust(
    held: Iterable[T], rusts: Callable[[T], bool], once_more: Callable[[T], T | None] | None = None
) -> tuple[list[T], list[tuple[T, T | None]]]:
    """(kept, rusted) of the trains `held` (a company's, the pool's) when the kind `rusts`
    names rusts: each rusted train leaves the game, unless `once_more` gives what runs in its
    place one more time (Lost Atlas ■26 Resourceful; None: it leaves). `rusted` pairs each
    rusted train with that stand-in (or None), in `held`'s order; `kept` holds the stand-ins
    where their trains were."""
    kept: list[T] = []
    rusted: list[tuple[T, T | None]] = []
    for t in held:
        if not rusts(t):
            kept.append(t)
            continue
        stand_in = once_more(t) if once_more is not None else None
        rusted.append((t, stand_in))
        if stand_in is not None:
            kept.append(stand_in)
    return kept, rusted


def may_add(held: int, limit: int, handed_in: int = 0) -> bool:
    """Whether a company holding `held` trains may take one more, handing `handed_in` back."""
    return held - handed_in < limit


def excess(held: int, limit: int) -> int:
    """How many trains over its limit a company holds (0 when within it)."""
    return max(held - limit, 0)
