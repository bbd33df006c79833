"""What the table is offered now (completion, `Next:`, `help`), built from the check that
accepts a move: the game's options say what may come, and each verb and each word is kept only
where `Session.interpret` (what `what-if` and every move go through) accepts a line it leads
to, or the line is explicitly the start of a move that needs words no list can hold.

A line of words is judged once per state:
- accepted: the move would be played;
- open: the game says more words are needed that it cannot list (`Incomplete`), or a usage
  error with no candidates for the next word (a tile number), or where the next word is an
  amount the options mark as typed freely (`Options.amounts`: a bid, a revenue, a price);
- refused: a rule refuses it, or a usage error where every listed next word leads nowhere.
A refused or incomplete line is still offered as a prefix when a listed word after it leads to
an accepted or open line; such a word is marked as needing more.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Literal, cast

from referee.core.engine import Game, Incomplete, Options, RefereeError, RuleError
from referee.core.words import amount_positions, argument_slots, unique_legal
from referee.i18n import language
from referee.play import frame
from referee.play.session import Session

Verdict = Literal["accepted", "open", "usage", "refused"]
# Lines tried per question before the rest are taken as leading nowhere (a game with many
# words per move and many candidates each: deliveries over four cities, twelve names).
BUDGET = 300


class Offers:
    """The offers of one state of a session; each line is tried at most once."""

    def __init__(self, session: Session, state: Any) -> None:
        self.session = session
        self.state = state
        self.options: Options = session.game.options(state)
        # Each trial asks the game who acts (and, for a prefix, what is legal): the options
        # of this state are worked out once (a map's placements take a while).
        self.trial = replace(
            session, game=cast("Game[Any, Any]", _OptionsOnce(session.game, state, self.options))
        )
        self.verdicts: dict[tuple[str, ...], Verdict] = {}
        self.viable_lines: dict[tuple[str, ...], bool] = {}
        self.tries = 0
        self.budget = BUDGET
        self.lang = language()  # Japanese names are offered beside the English ones

    # --- one line -------------------------------------------------------------------------
    def verdict(self, words: Sequence[str]) -> Verdict:
        key = tuple(words)
        if key not in self.verdicts:
            self.tries += 1
            self.verdicts[key] = self._judge(shlex.join(words))
        return self.verdicts[key]

    def _judge(self, line: str) -> Verdict:
        try:
            self.trial.interpret(self.state, line)
        except Incomplete:
            return "open"
        except RuleError:
            return "refused"
        except RefereeError:  # a usage error: a word wrong or missing
            return "usage"
        return "accepted"

    def following(self, words: Sequence[str]) -> tuple[str, ...]:
        """The words the options list for the place after `words` (a verb and its arguments);
        none where the words are typed freely (an amount, a name drawn)."""
        verb = unique_legal(words[0], self.options.verbs)
        slots = argument_slots(self.options, verb, list(words[1:]))
        position = len(words) - 1
        return tuple(dict.fromkeys(slots[position])) if position < len(slots) else ()

    def amount_next(self, words: Sequence[str]) -> bool:
        """Whether the word after `words` (a verb and its arguments) is an amount typed freely:
        a whole number, whatever `following` lists there besides (a minimum bid)."""
        verb = unique_legal(words[0], self.options.verbs)
        positions = amount_positions(self.options, verb, list(words[1:]))
        return verb in self.options.verbs and len(words) - 1 in positions

    def viable(self, words: Sequence[str]) -> bool:
        """Whether `words` are a move accepted now, or lead to one (or to open words)."""
        key = tuple(words)
        if key not in self.viable_lines:
            self.viable_lines[key] = self._viable(key)
        return self.viable_lines[key]

    def _viable(self, words: tuple[str, ...]) -> bool:
        verdict = self.verdict(words)
        if verdict in ("accepted", "open"):
            return True
        if verdict == "usage" and self.amount_next(words):
            return True  # the amount is typed freely: no list of it to try
        after = self.following(words)
        if not after:
            return verdict == "usage"  # the next words are typed freely, not listed
        if self.tries >= self.budget:
            return False  # not worked out: not offered (what is offered must be accepted)
        return any(self.viable((*words, word)) for word in after)

    def _offered(self, words: tuple[str, ...]) -> bool:
        """`viable`, as one question: it may try BUDGET lines more."""
        self.budget = self.tries + BUDGET
        return self.viable(words)

    # --- what is offered ------------------------------------------------------------------
    def verbs(self) -> tuple[str, ...]:
        """The verbs legal now, in the game's order: each leads to a move accepted now."""
        return tuple(v for v in self.options.verbs if self._offered((v,)))

    def legal_now(self, verbs: Sequence[str]) -> tuple[str, ...]:
        """The verbs legal now for `help`: those offered, then any other of `verbs` accepted
        as it is (`done` where `pass` is offered, the one meaning the other)."""
        offered = self.verbs()
        alone = (v for v in verbs if v not in offered and self.verdict((v,)) == "accepted")
        return (*offered, *alone)

    def words(self, words: Sequence[str]) -> list[str]:
        """The words offered after `words` (the verb typed and the arguments after it)."""
        if not words:
            return list(self.verbs())
        return [w for w in self.following(words) if self._offered((*words, w))]

    def needs_more(self, words: Sequence[str]) -> bool:
        """Whether `words` are only the start of a move: more must be typed."""
        return self.verdict(words) != "accepted"


class _OptionsOnce:
    """A game whose options for one state are known already; the rest is the game's."""

    def __init__(self, game: Game[Any, Any], state: Any, options: Options) -> None:
        self._game, self._state, self._options = game, state, options

    def options(self, state: Any) -> Options:
        return self._options if state is self._state else self._game.options(state)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


# The last offers made in each language: a seat in Japanese and a shell in English each keep
# theirs while the state stays.
_LAST: dict[str, Offers] = {}


def of(session: Session) -> Offers:
    """The offers of the session's state now, in the language in force (remembered until the
    state changes)."""
    state, lang = session.state, language()
    last = _LAST.get(lang)
    if last is not None and last.session is session and last.state is state:
        return last
    offers = Offers(session, state)
    _LAST[lang] = offers
    return offers


def candidates(session: Session, words: list[str]) -> list[str]:
    """What may be typed after `words` (the complete words before the cursor): only what leads
    to a move the session would accept now, and the frame's verbs offered now."""
    now = of(session)
    if not words:
        return [*now.verbs(), *(v.name for v in frame.offered(session))]
    verb = frame.find(words[0])
    if verb is None:
        return now.words(words)
    args = words[1:]
    if verb.move_after is not None and len(args) >= verb.move_after:
        return candidates(session, args[verb.move_after :])
    return list(verb.complete(session, args))
