"""Matching typed words: names are case-insensitive and any unique prefix works (`bu bl` is
`buy blue`), matched first against what is legal now."""

from __future__ import annotations

from collections.abc import Iterable

from referee.engine import UsageError


def match(word: str, choices: Iterable[str], what: str) -> str:
    """The one choice that `word` names, exactly or by unique prefix, ignoring case."""
    options = list(dict.fromkeys(choices))
    low = word.lower()
    exact = [c for c in options if c.lower() == low]
    if exact:
        return exact[0]
    hits = [c for c in options if c.lower().startswith(low)]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise UsageError(f"'{word}' could be {what} {', '.join(hits)}", "type more letters")
    raise UsageError(f"unknown {what} '{word}'", ", ".join(options))


def amount(word: str, what: str = "amount", *, low: int = 0, high: int = 1_000_000) -> int:
    """A whole number typed by a player, within [low, high]."""
    try:
        value = int(word)
    except ValueError:
        raise UsageError(f"{what} must be a whole number, not '{word}'") from None
    if not low <= value <= high:
        raise UsageError(f"{what} {value} is out of range", f"{low} to {high}")
    return value
