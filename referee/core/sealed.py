"""A state sealed once made, written as a draft while a move is played (the sealed draft).

Design: a game's state is dataclasses holding dicts and lists, and every state a caller sees
is sealed: assigning a field, or changing one of its dicts or lists, raises. A move is played
on `state.draft()` (a fresh copy nothing else holds, written by the rules in place) and the
draft is sealed before `Game.apply` returns it, so no state, old or new, can change after it
was made. Rules code therefore reads like the rules ("the company pays 40") while the states
the session keeps stay as immutable as a frozen dataclass's.

It is the one way every game changes its state (issue 30 item 2; docs/adding-a-game.md,
tests/test_state_style.py). Before, four games used frozen dataclasses changed by
`dataclasses.replace`, and Lost Atlas and the 18xx titles this draft. The draft was chosen: it
is what the two big games (9,000 lines) are written in, and their rules read as the rules text
does, where `replace` chains rebuild every dict and tuple on the way to one number. Its price
is a whole copy of the state at each move (`draft()`) and a second at `seal()`; the four small
games' states are small, and the copies cost nothing a replay notices: whole-game replays of
every scenario, after / before the move (bench/state_style.py, best of 3 rounds on a shared
machine): Congo Line 0.98, Union Station 0.88 (each step no longer rebuilds the state).
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any, NoReturn, Self

SEALED = "the state is sealed: play moves through Game.apply, or change a state.draft()"


def _refuse(self: object, *args: object, **kwargs: object) -> NoReturn:
    raise TypeError(SEALED)


class SealedDict(dict[Any, Any]):
    """A dict of a sealed state: reading as a dict, refusing every change."""

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse


class SealedList(list[Any]):
    """A list of a sealed state: reading as a list, refusing every change."""

    __setitem__ = __delitem__ = append = extend = insert = pop = remove = clear = _refuse
    sort = reverse = __iadd__ = __imul__ = _refuse


class Sealable:
    """A dataclass of the state: writable while it is a draft, read-only once sealed."""

    def __setattr__(self, name: str, value: object) -> None:
        if self.__dict__.get("_sealed"):
            raise FrozenInstanceError(f"cannot assign to {name}: {SEALED}")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete {name}: {SEALED}")

    def draft(self) -> Self:
        """A writable deep copy; the original stays as it is."""
        copy = object.__new__(type(self))
        copy.__dict__.update((k, _thaw(v)) for k, v in self.__dict__.items() if k != "_sealed")
        return copy

    def seal(self) -> Self:
        """Make this object, and everything it holds, read-only for good; return it."""
        if not self.__dict__.get("_sealed"):
            fields = self.__dict__
            for k, v in fields.items():
                fields[k] = _seal(v)
            fields["_sealed"] = True
        return self


def _thaw(value: Any) -> Any:
    if isinstance(value, Sealable):
        return value.draft()
    if isinstance(value, dict):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_thaw(v) for v in value]
    return value  # str, int, bool, None and tuples of them: immutable already


def _seal(value: Any) -> Any:
    if isinstance(value, Sealable):
        return value.seal()
    if isinstance(value, dict) and not isinstance(value, SealedDict):
        return SealedDict((k, _seal(v)) for k, v in value.items())
    if isinstance(value, list) and not isinstance(value, SealedList):
        return SealedList(_seal(v) for v in value)
    return value
