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
was a whole copy of the state at each move (`draft()`) and a second at `seal()`, about a sixth
of a small game's replay; so a draft now copies a part only when the move reads it, and seals
what it copied in place. What remains, counted in instructions (bench/state_style.py
--instructions; CPU seconds vary by a fifth from run to run on a shared machine): replaying
Congo Line's scenarios takes 1.07 times the instructions it takes with its frozen dataclasses
put back on the same code (228 against 214 million); a dict of parts (Congo Line's trains,
Railroad Rivals' cities) drafts only the parts a move reads (LazyDict). Railroad Rivals' replays
take 0.975 times their instructions with frozen dataclasses. Lost Atlas and the 18xx titles draft
lazily too (not measured in instructions).
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from dataclasses import fields as dataclass_fields
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


class DraftDict(dict[Any, Any]):
    """A dict of a draft, copied by `draft()`: a plain dict, until `seal()` makes it a
    SealedDict in place (no second copy)."""


class LazyDict(DraftDict):
    """A dict of a draft copied from a sealed dict that holds parts (Sealables, dicts, lists):
    each part stays the sealed original until the move reads it, then is replaced by its draft.
    A move that reads one train of four copies that one. Once every part was read (`values()`
    and `items()` read them all) it is a DraftDict. Reads that bypass these methods (`dict(d)`,
    `{**d}`) see sealed parts, which refuse any change."""

    def __getitem__(self, key: Any) -> Any:
        value = dict.__getitem__(self, key)
        if _is_sealed_part(value):
            value = _thaw(value)
            dict.__setitem__(self, key, value)
        return value

    def get(self, key: Any, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def values(self) -> Any:
        return dict.values(_thaw_all(self))

    def items(self) -> Any:
        return dict.items(_thaw_all(self))

    def pop(self, key: Any, *default: Any) -> Any:
        return dict.pop(_thaw_all(self), key, *default)

    def popitem(self) -> Any:
        return dict.popitem(_thaw_all(self))

    def setdefault(self, key: Any, default: Any = None) -> Any:
        return dict.setdefault(_thaw_all(self), key, default)

    def copy(self) -> Any:
        return dict.copy(_thaw_all(self))


def _is_sealed_part(value: Any) -> bool:
    kind = type(value)
    if kind is SealedDict or kind is SealedList:
        return True
    return isinstance(value, Sealable) and "_sealed" in value.__dict__


def _thaw_all(lazy: DraftDict) -> DraftDict:
    """Every part of a LazyDict drafted: a DraftDict now."""
    for key, value in dict.items(lazy):
        if _is_sealed_part(value):
            dict.__setitem__(lazy, key, _thaw(value))
    lazy.__class__ = DraftDict
    return lazy


class DraftList(list[Any]):
    """A list of a draft, copied by `draft()`: a plain list, until `seal()` makes it a
    SealedList in place."""


# What a state holds that is immutable already: shared by a draft, never copied or sealed.
# What else a draft shares as it is (a frozen dataclass: board data, readings) joins it when
# first met (`_shared`), so that it is passed over as fast as a number afterwards.
VALUES: set[type] = {str, int, bool, float, type(None), tuple, frozenset}


class Sealable:
    """A dataclass of the state: writable while it is a draft, read-only once sealed.

    A draft copies its plain values at once and each dict, list or Sealable it holds when the
    move first reads it: what a move never reads it shares, sealed, with the state it was
    drafted from (a sealed part never changes, so sharing it is safe). A move that touches a
    few parts of a large state copies only those."""

    def __setattr__(self, name: str, value: object) -> None:
        if self.__dict__.get("_sealed"):
            raise FrozenInstanceError(f"cannot assign to {name}: {SEALED}")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete {name}: {SEALED}")

    def __getattr__(self, name: str) -> Any:
        """A part of a draft not read yet: copied from the sealed original now."""
        origin = self.__dict__.get("_origin")
        if origin is None or name.startswith("__"):
            raise AttributeError(name)
        value = _thaw(origin.__dict__[name]) if name in origin.__dict__ else getattr(origin, name)
        object.__setattr__(self, name, value)
        return value

    def draft(self) -> Self:
        """A writable deep copy; the original stays as it is."""
        copy = object.__new__(type(self))
        fields = self.__dict__
        if not fields.get("_sealed"):  # a draft of a draft: copied whole, at once
            fields = {k: getattr(self, k) for k in _names(self)}
            copy.__dict__.update({k: _thaw(v) for k, v in fields.items()})
            return copy
        _lazy(type(self))
        parts = copy.__dict__
        parts.update(fields)
        del parts["_sealed"]
        holders = _holders(parts)
        for k in holders:
            del parts[k]
        if holders:
            parts["_origin"] = self
        return copy

    def seal(self) -> Self:
        """Make this object, and everything it holds, read-only for good; return it."""
        fields = self.__dict__
        if fields.get("_sealed"):
            return self
        origin = fields.pop("_origin", None)
        for k in _holders(fields):
            fields[k] = _seal(fields[k])
        if origin is not None:  # the parts never read: the original's, sealed and unchanged
            parts = origin.__dict__
            for k in parts.keys() - fields.keys():
                fields[k] = parts[k]
        fields["_sealed"] = True
        return self


def _lazy(cls: type) -> None:
    """Let a draft read its parts not read yet through `__getattr__`: a dataclass keeps a
    field's plain default as a class attribute, which a lookup would find first. The default
    stays in the generated `__init__`, which does not read the class attribute."""
    if "_lazy_ready" in cls.__dict__:
        return
    for f in dataclass_fields(cls):
        for owner in cls.__mro__:
            if f.name in owner.__dict__ and not isinstance(owner.__dict__[f.name], property):
                delattr(owner, f.name)
    type.__setattr__(cls, "_lazy_ready", True)


def _names(obj: Sealable) -> list[str]:
    """Every field of a Sealable, a draft's parts not read yet included."""
    origin = obj.__dict__.get("_origin")
    names = [k for k in obj.__dict__ if k not in ("_origin", "_sealed")]
    if origin is not None:
        names += [k for k in origin.__dict__ if k != "_sealed" and k not in obj.__dict__]
    return names


def _holders(fields: dict[Any, Any]) -> list[Any]:
    """The keys whose values are not immutable values (the common case, none, found fast).
    Read as a plain dict: a LazyDict's parts are not drafted by it."""
    if all(map(VALUES.__contains__, map(type, dict.values(fields)))):
        return []
    return [k for k, v in dict.items(fields) if type(v) not in VALUES]


def _shared(value: Any) -> Any:
    """A value neither a Sealable, a dict nor a list: immutable (a frozen dataclass), shared
    by every state as it is; its type is one of VALUES from now on."""
    VALUES.add(type(value))
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, Sealable):
        return value.draft()
    if type(value) is SealedDict:  # sealed through: its parts are drafted when read
        if all(map(VALUES.__contains__, map(type, value.values()))):
            return DraftDict(value)
        return LazyDict(value)
    if isinstance(value, dict):  # a draft's own dict (a draft of a draft): copied whole
        copy = DraftDict(value)
        for k in _holders(copy):
            copy[k] = _thaw(copy[k])
        return copy
    if isinstance(value, list):
        return DraftList([v if type(v) in VALUES else _thaw(v) for v in value])
    return _shared(value)  # a frozen value (board data, readings): immutable already


def _seal(value: Any) -> Any:
    kind = type(value)
    if kind is SealedDict or kind is SealedList:
        return value  # sealed already (taken from a sealed state)
    if kind is DraftDict or kind is LazyDict:
        for k in _holders(value):  # values replaced in place: the size never changes
            dict.__setitem__(value, k, _seal(dict.__getitem__(value, k)))
        value.__class__ = SealedDict
        return value
    if kind is DraftList:
        for i, v in enumerate(value):
            if type(v) not in VALUES:
                list.__setitem__(value, i, _seal(v))
        value.__class__ = SealedList
        return value
    if isinstance(value, Sealable):
        return value.seal()
    if isinstance(value, dict):  # a dict the rules made: sealed as a copy
        return SealedDict({k: _seal(v) for k, v in value.items()})
    if isinstance(value, list):
        return SealedList([_seal(v) for v in value])
    return _shared(value)
