"""What the rules of every game need once: judging a move (whose turn, rules a forced move may
override, facts it may not), counting a verb's words, dispatching a move to its handler
and ranking with ties. Random play, for the tests, is in devtools/random_play.py.

A game writes its checks through one `Judge` per move:

    judge.turn(move.actor, state.player, R_FLOW)
    judge.rule(len(goods) < 5, "the train is full", R_LOAD)        # the table may override
    judge.fact(player in state.players, "no such player", R_SETUP)  # nobody can

and returns its events through `judge.events(...)` (via `Handlers.apply`), so that a forced
move says which rules it broke.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Generic, TypeVar

from referee.core.engine import (
    Confirm,
    Event,
    OutOfTurn,
    Overridden,
    RuleError,
    Standing,
    UsageError,
    Verb,
)
from referee.i18n import _, ngettext

S = TypeVar("S")


class Judge:
    """The checks of one move. A broken rule raises RuleError, unless the table forced the
    move: then it is recorded as one `Overridden` event per rule and the move goes on. A
    broken fact (the move's effect cannot be computed without it) always raises."""

    def __init__(self, forced: bool = False, confirmed: bool = False) -> None:
        self.forced = forced
        self.confirmed = confirmed  # the table said yes to the steps the move skips
        self.overridden: list[Overridden] = []
        self.skipped: list[Event] = []

    def ask(self, ok: bool, reason: str, rule: str, legal: str) -> bool:
        """A step the move would skip at a cost: refused (`Confirm`, saying what comes first)
        unless the table confirmed it or forced the move; then said among the events."""
        if ok:
            return True
        if not (self.confirmed or self.forced):
            raise Confirm(reason, rule, legal)
        self.skipped.append(Event(_("confirmed by the table: {reason}").format(reason=reason)))
        return False

    def rule(self, ok: bool, reason: str, rule: str, legal: str = "", reading: str = "") -> bool:
        """A rule the table may override; returns `ok` (False only when forced past it).
        `reading`: the reading that made it a rule here (`Readings.note`), if one did."""
        if not ok:
            self.broken(RuleError(reason, rule, legal, reading=reading))
        return ok

    def fact(self, ok: bool, reason: str, rule: str, legal: str = "") -> None:
        """A condition without which the move cannot be carried out, forced or not."""
        if not ok:
            raise impossible(reason, rule, legal)

    def turn(self, actor: str, expected: str, rule: str) -> bool:
        """It is `expected`'s turn: the one check and the one message of every game. Skipped,
        it is recorded as `OutOfTurn`, the one check that `as NAME` may skip without force."""
        if actor == expected:
            return True
        error = RuleError(
            _("it is {expected}'s turn, not {actor}'s").format(expected=expected, actor=actor),
            rule,
            _("{expected} acts now").format(expected=expected),
        )
        if not self.forced:
            raise error
        if not any(isinstance(o, OutOfTurn) for o in self.overridden):
            self.overridden.append(OutOfTurn(overridden(error), rule))
        return False

    def broken(self, error: RuleError) -> None:
        """A rule found broken by a check written elsewhere: raise it, or record it if forced."""
        if not self.forced or not error.computable:
            raise error
        # Said once per rule; a turn check of the same section does not count (it is OutOfTurn).
        if all(o.rule != error.rule or isinstance(o, OutOfTurn) for o in self.overridden):
            self.overridden.append(Overridden(overridden(error), error.rule))

    @contextmanager
    def overridable(self) -> Iterator[None]:
        """Around a check written elsewhere that raises RuleError: a forced move records the
        rule it finds broken (the rest of the block is skipped) and goes on."""
        try:
            yield
        except RuleError as error:
            self.broken(error)

    def events(self, events: Iterable[Event]) -> list[Event]:
        """The move's events, after the rules it overrode."""
        return [*self.overridden, *self.skipped, *events]


def overridden(error: RuleError) -> str:
    """What a forced move says of a rule it broke: the reason alone, for the answer puts the
    rule before it once (`overrides [rule]: reason`, referee/play/render.py)."""
    return error.reason


def impossible(reason: str, rule: str, legal: str = "") -> RuleError:
    """The error of a move that cannot be carried out, forced or not (for code with no Judge)."""
    return RuleError(reason, rule, legal, computable=False)


Handler = Callable[[S, Any, Judge], tuple[S, list[Event]]]


class Handlers(Generic[S]):
    """Which handler carries out a move, by the move's class."""

    def __init__(self, title: str, handlers: Mapping[type, Handler[S]]) -> None:
        self.title = title
        self.handlers = dict(handlers)

    def of(self, move: object) -> Handler[S]:
        handler = self.handlers.get(type(move))
        if handler is None:
            raise UsageError(f"not a {self.title} move: {move!r}")
        return handler

    def apply(self, state: S, move: object, judge: Judge) -> tuple[S, list[Event]]:
        new, events = self.of(move)(state, move, judge)
        return new, judge.events(events)


def usage_of(verbs: Sequence[Verb], verb: str) -> str:
    """The usage line of `verb`; the verb itself for an alias without one (`pass` for `done`)."""
    return next((v.usage for v in verbs if v.name == verb), verb)


def count_words(
    verbs: Sequence[Verb], verb: str, args: Sequence[str], low: int, high: int | None = -1
) -> None:
    """`verb` takes from `low` to `high` words after it (`high` -1: exactly `low`; None: no
    limit). One message for every game: `bid takes 1 argument, not 0 (allowed: bid AMOUNT)`."""
    most = low if high == -1 else high
    if low <= len(args) and (most is None or len(args) <= most):
        return
    raise UsageError(
        _("{verb} takes {arguments}, not {count}").format(
            verb=verb, arguments=_arguments(low, most), count=len(args)
        ),
        usage_of(verbs, verb),
    )


def _arguments(low: int, high: int | None) -> str:
    if high == 0:
        return _("no arguments")
    if high is None:
        return ngettext("at least {n} argument", "at least {n} arguments", low).format(n=low)
    if low == high:
        return ngettext("{n} argument", "{n} arguments", low).format(n=low)
    return _("{low} to {high} arguments").format(low=low, high=high)


def ranked(standings: Iterable[Standing], key: Callable[[Standing], Any]) -> list[Standing]:
    """Best (highest `key`) first, equal keys in the order given and sharing a place."""
    rows = list(standings)
    keys = [key(s) for s in rows]
    order = sorted(range(len(rows)), key=lambda i: keys[i], reverse=True)
    return [replace(rows[i], place=1 + sum(k > keys[i] for k in keys)) for i in order]
