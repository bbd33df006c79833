"""Random play from `Game.options`, for the property tests: a line a player might type now,
and a game played on by such lines, each accepted move with its state before and after.

Moved out of referee.core.rules_kit (issue 30): it is test code, not shipped."""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from referee.core.engine import Event, Game, Options, RefereeError, typed_move, with_automatic

S = TypeVar("S")

Pick = Callable[[Sequence[str]], str]
Speller = Callable[[Pick], str]


def random_line(
    options: Options,
    pick: Pick,
    spell: Mapping[str, Speller] | None = None,
    extra_verbs: Sequence[str] = (),
) -> str:
    """A line a player might type now: a verb `options` offers (or one of `extra_verbs`), then
    one candidate for each argument it lists; `spell` writes the verbs that need more."""
    verb = pick([*options.verbs, *extra_verbs])
    if spell and verb in spell:
        return spell[verb](pick)
    words = [verb]
    for candidates in options.args.get(verb, ()):
        if not candidates:
            break
        words.append(pick(candidates))
    return shlex.join(words)


@dataclass(frozen=True)
class Step(Generic[S]):
    """One accepted move of random play."""

    actor: str
    line: str
    before: S
    after: S
    events: list[Event]


def random_play(
    game: Game[S, Any],
    state: S,
    pick: Pick,
    *,
    steps: int,
    spell: Mapping[str, Speller] | Callable[[S], Mapping[str, Speller]] | None = None,
    extra_verbs: Sequence[str] = (),
) -> Iterator[Step[S]]:
    """Play up to `steps` random lines (refused ones are skipped), yielding each accepted move,
    its state after the automatic moves that follow it (`automatic_move`).
    `spell` may depend on the state: then it is called with the state before each line."""
    for _step in range(steps):
        options = game.options(state)
        if options.actor is None or game.is_over(state):
            return
        spellers = spell(state) if callable(spell) else spell
        line = random_line(options, pick, spellers, extra_verbs)
        try:
            move = typed_move(game, state, options.actor, shlex.split(line))
            new, events = game.apply(state, move)
        except RefereeError:
            continue
        new, automatic = with_automatic(game, new)  # as the session does
        events = [*events, *automatic]
        yield Step(options.actor, line, state, new, events)
        state = new
