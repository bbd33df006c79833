"""Matching typed words: names are case-insensitive and any unique prefix works (`bu bl` is
`buy blue`), matched first against what is legal now."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol, TypeVar

from referee.core.errors import UsageError
from referee.i18n import N_, _, language

T = TypeVar("T")


class Legal(Protocol):
    """What is legal now, as a game's `Options` says it (the contract imports this module:
    the words know the options only by what they read of them)."""

    @property
    def verbs(self) -> tuple[str, ...]: ...

    @property
    def args(self) -> Mapping[str, tuple[tuple[str, ...], ...]]: ...

    @property
    def amounts(self) -> Mapping[str, tuple[int, ...]]: ...


class Several(UsageError):
    """The words name several moves: `choices` are each of them in full, for the table to say
    which (the shell asks; in a pipe it is a refusal that lists them)."""

    def __init__(self, message: str, choices: Sequence[str]) -> None:
        self.choices = tuple(choices)
        super().__init__(message, _(" or ").join(self.choices))


def match(
    word: str, choices: Iterable[str], what: str, aliases: Mapping[str, str] | None = None
) -> str:
    """The one choice that `word` names, exactly or by unique prefix, ignoring case.
    `aliases`: other names of the choices (a Japanese name -> the choice), matched the same
    way and answered as the choice they name; `what` is said through the catalog."""
    options = list(dict.fromkeys(choices))
    if aliases:
        names = {**{c: c for c in options}, **aliases}
        return names[match(word, names, what)]
    low = word.lower()
    exact = [c for c in options if c.lower() == low]
    if exact:
        return exact[0]
    hits = [c for c in options if c.lower().startswith(low)]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise UsageError(
            _("'{word}' could be {what} {names}").format(
                word=word, what=_(what), names=", ".join(hits)
            ),
            _("type more letters"),
        )
    raise UsageError(
        _("unknown {what} '{word}'").format(what=_(what), word=word), ", ".join(options)
    )


def offered(names: Sequence[str], aliases: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """Names a completion offers: in Japanese their Japanese names too (the keys of `aliases`
    that name one of them, or else their catalog names), which the game's `match` accepts in
    either language; but only where there is a choice: a single candidate is a move the referee
    may make for the table, and the log keeps it in English."""
    if language() != "ja" or len(names) <= 1:
        return tuple(names)
    if aliases is None:
        japanese = [_(n) for n in names if _(n) != n]
    else:
        japanese = [alias for alias, name in aliases.items() if name in names]
    return (*names, *dict.fromkeys(japanese))


def amount(word: str, what: str = N_("amount"), *, low: int = 0, high: int = 1_000_000) -> int:
    """A whole number typed by a player, within [low, high]."""
    try:
        value = int(word)
    except ValueError:
        raise UsageError(
            _("{what} must be a whole number, not '{word}'").format(what=_(what), word=word)
        ) from None
    if not low <= value <= high:
        raise UsageError(
            _("{what} {value} is out of range").format(what=_(what), value=value),
            _("{low} to {high}").format(low=low, high=high),
        )
    return value


def legal_first(words: list[str], options: Legal) -> list[str]:
    """`words` with each prefix that names exactly one thing legal now (the verb among the
    verbs legal now, each argument among its candidates) written out in full."""
    if not words:
        return words
    verb = unique_legal(words[0], options.verbs)
    slots = options.args.get(verb, ())
    first = [unique_legal(words[1], slots[0]) if slots else words[1]] if len(words) > 1 else []
    slots = argument_slots(options, verb, first)
    args = [unique_legal(w, slots[i]) if i < len(slots) else w for i, w in enumerate(words[1:])]
    return [verb, *args]


def argument_slots(options: Legal, verb: str, args: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """The candidates for each argument of `verb`. A game may list them under `verb FIRST`
    for one first argument (`lay M25`: the lays legal on that hex); else those of `verb`."""
    return _keyed(options.args, verb, args, ())


def amount_positions(options: Legal, verb: str, args: Sequence[str]) -> tuple[int, ...]:
    """The argument positions of `verb` that take a whole number typed freely, keyed as
    `argument_slots` keys its candidates (`verb FIRST` before `verb`)."""
    return _keyed(options.amounts, verb, args, ())


def _keyed(table: Mapping[str, T], verb: str, args: Sequence[str], default: T) -> T:
    """What `table` holds under `verb FIRST` (any case), else under `verb`."""
    if args:
        key = f"{verb} {args[0]}".lower()
        for name, held in table.items():
            if name.lower() == key:
                return held
    return table.get(verb, default)


def unique_legal(word: str, legal: Iterable[str]) -> str:
    """The one legal choice that `word` names exactly or by prefix, else `word` as typed."""
    low = word.lower()
    exact = [c for c in legal if c.lower() == low]
    hits = exact or [c for c in legal if c.lower().startswith(low)]
    return hits[0] if len(hits) == 1 else word


ECHO_LIMIT = 40
# An echo opens with a quote that ends no word and closes with one that starts none: the
# apostrophes of possessives ("Tulsa's") and of typed words ("don't") are inside words, so
# they neither open nor close one. Words are ASCII words: Japanese joins a quote directly
# ('{word}'は, をの'{word}'), and a quote there opens or closes an echo.
_QUOTED = re.compile(rf"(?<!\w)'((?:[^']|'(?=\w)){{{ECHO_LIMIT + 1},}}?)'(?!\w)", re.ASCII)


def clip(text: str, limit: int = ECHO_LIMIT) -> str:
    """Typed input as echoed in a message: at most `limit` characters."""
    return text if len(text) <= limit else f"{text[: limit - 1]}…"


def clip_echoes(message: str) -> str:
    """A message with every quoted echo of typed input ('...') clipped to ECHO_LIMIT."""
    return _QUOTED.sub(lambda m: f"'{clip(m.group(1))}'", message)
