"""The frame's own verbs (help, undo, force, ...): one table that drives dispatch, help and
completion, in every game.

Each verb registers itself beside its handler with `@frame_verb(...)`: the shell's commands in
`shell/shell.py`, the moves the session interprets in `play/session.py`. There are three kinds:

- "command": answered by the shell, never a move (`help`, `undo`, `save`, ...);
  handler(shell, words, line) -> Reply.
- "move": a move in the log that the frame itself applies (`adjust`, `count`);
  handler(session, state, words) -> (state, events).
- "prefix": changes how the move after it is played (`as NAME`, `force`);
  handler(session, how, words) -> the words left for the move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from referee.core.engine import Form
from referee.play import offers

if TYPE_CHECKING:
    from referee.play.session import Session

Kind = Literal["command", "move", "prefix"]
# The candidates for the next word, given the words typed after the verb.
Complete = Callable[["Session", list[str]], Sequence[str]]


def no_arguments(session: Session, words: list[str]) -> Sequence[str]:
    return ()


def always(session: Session) -> bool:
    return True


@dataclass(frozen=True)
class FrameVerb:
    name: str
    usage: str  # e.g. "undo [N]"
    summary: str  # one line
    kind: Kind
    handler: Callable[..., Any]
    complete: Complete = no_arguments
    offered: Callable[[Session], bool] = always  # offered by help and completion now?
    aliases: tuple[str, ...] = ()
    forms: tuple[Form, ...] = ()  # every form, each with an example (`help VERB`)
    rule: str = ""  # the frame's rule it follows, in one sentence (N_)


VERBS: dict[str, FrameVerb] = {}


def frame_verb(
    name: str,
    usage: str,
    summary: str,
    *,
    kind: Kind = "command",
    complete: Complete = no_arguments,
    offered: Callable[[Session], bool] = always,
    aliases: tuple[str, ...] = (),
    forms: tuple[Form, ...] = (),
    rule: str = "",
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register the decorated function as the handler of the frame verb `name`."""

    def register(handler: Callable[..., Any]) -> Callable[..., Any]:
        VERBS[name] = FrameVerb(
            name, usage, summary, kind, handler, complete, offered, aliases, forms, rule
        )
        return handler

    return register


def find(word: str) -> FrameVerb | None:
    """The frame verb typed as `word` (its name or an alias, any case), if it is one."""
    low = word.lower()
    for verb in VERBS.values():
        if low == verb.name or low in verb.aliases:
            return verb
    return None


def listed() -> list[FrameVerb]:
    """Every frame verb in the order help lists them: the shell's commands, then the moves."""
    return sorted(VERBS.values(), key=lambda v: v.kind != "command")


def offered(session: Session) -> list[FrameVerb]:
    return [v for v in listed() if v.offered(session)]


def candidates(session: Session, words: list[str]) -> list[str]:
    """What may be typed after `words` (the complete words before the cursor): only what leads
    to a move the session would accept now (referee/play/offers)."""
    now = offers.of(session)
    if not words:
        return [*now.verbs(), *(v.name for v in offered(session))]
    verb = find(words[0])
    if verb is not None:
        return list(verb.complete(session, words[1:]))
    return now.words(words)


def a_move(session: Session, words: list[str]) -> Sequence[str]:
    """Completion for verbs followed by a whole move (`force`, `what-if`)."""
    return candidates(session, words)


def a_player(session: Session, words: list[str]) -> Sequence[str]:
    """Completion for verbs whose first argument is a player (`count`)."""
    return list(session.players) if not words else ()
