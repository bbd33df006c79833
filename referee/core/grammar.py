"""A game's verb table: each verb declared once, its help (usage, summary, forms, rule) beside
the one parser that reads its words, as the frame's verbs are (referee/play/frame.py).

A game's commands.py builds `Grammar((Verb(...), parser), ...)`; its Game returns
`grammar.verbs` from `verbs()` and `grammar.parse(state, actor, words)` from `parse`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, get_args, get_type_hints

from referee.core.engine import UsageError, Verb
from referee.core.rules_kit import count_words, usage_of
from referee.core.words import match
from referee.i18n import N_, _

S = TypeVar("S")


@dataclass(frozen=True)
class Typed(Generic[S]):
    """The words of one move as typed, after its verb: what a verb's parser reads."""

    state: S
    actor: str
    verb: str
    args: tuple[str, ...]
    verbs: Sequence[Verb]

    @property
    def usage(self) -> str:
        """The verb's usage line, for a refusal's "allowed: ..."."""
        return usage_of(self.verbs, self.verb)

    def count(self, low: int, high: int | None = -1) -> None:
        """From `low` to `high` words after the verb (-1: exactly `low`; None: no limit)."""
        count_words(self.verbs, self.verb, self.args, low, high)

    def as_verb(self, verb: str, args: tuple[str, ...]) -> Typed[S]:
        """The same move's words read as another verb's (a verb made of others)."""
        return Typed(self.state, self.actor, verb, args, self.verbs)


Parser = Callable[[Typed[S]], Any]


class Grammar(Generic[S]):
    """The verbs of a game in the order help lists them, each with its parser."""

    def __init__(
        self,
        *entries: tuple[Verb, Parser[S]],
        unlisted: Mapping[str, Parser[S]] | None = None,
        empty: str = N_("say a move"),
    ) -> None:
        """`unlisted`: words read as moves that help does not list (an older verb's name);
        `empty`: the refusal of a line without words."""
        self.verbs = tuple(verb for verb, _parser in entries)
        self.parsers = {verb.name: parser for verb, parser in entries} | dict(unlisted or {})
        self.empty = empty

    def verb_of(self, move: object) -> str:
        """The verb that types `move`, to name it in a refusal: the first whose parser makes
        moves of its class (read from the parser's return annotation); "?" if none does."""
        made: dict[type, str] = {}
        for verb, parser in self.parsers.items():
            returned = get_type_hints(parser, sys.modules[parser.__module__].__dict__)["return"]
            for kind in get_args(returned) or (returned,):
                made.setdefault(kind, verb)
        return made.get(type(move), "?")

    def parse(self, state: S, actor: str, words: Sequence[str]) -> Any:
        """The move `words` say; UsageError naming the verbs when there is none."""
        if not words:
            raise UsageError(_(self.empty), ", ".join(self.parsers))
        verb = match(words[0], list(self.parsers), N_("verb"))
        return self.parsers[verb](Typed(state, actor, verb, tuple(words[1:]), self.verbs))
