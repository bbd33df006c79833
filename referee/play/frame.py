"""The frame's own verbs (help, undo, force, ...): one table that drives dispatch, help and
completion, in every game.

Each module declares its verbs in a table of its own (`Table`), beside their handlers: the
shell's commands in `shell/commands.py`, the moves the session interprets in `session.py`.
`register` puts tables in force, explicitly, once at the start of a program (the CLI, the
tests): what a run knows never depends on which modules it happened to import. Three kinds:

- "command": answered by the shell, never a move (`help`, `undo`, `save`, ...);
  handler(shell, words, line) -> Reply.
- "move": a move in the log that the frame itself applies (`adjust`, `count`);
  handler(session, state, words) -> (state, events).
- "prefix": changes how the move after it is played (`as NAME`, `force`);
  handler(session, how, words) -> the words left for the move.

The frame sits below the session: it knows a session only as what its verbs are given (typed
`Any` here; the handlers and completions type it as `Session`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from referee.core.engine import Form

Kind = Literal["command", "move", "prefix"]
# The candidates for the next word, given the session and the words typed after the verb.
Complete = Callable[[Any, list[str]], Sequence[str]]


def no_arguments(session: Any, words: list[str]) -> Sequence[str]:
    return ()


def always(session: Any) -> bool:
    return True


@dataclass(frozen=True)
class FrameVerb:
    name: str
    usage: str  # e.g. "undo [N]"
    summary: str  # one line
    kind: Kind
    handler: Callable[..., Any]
    complete: Complete = no_arguments
    offered: Callable[[Any], bool] = always  # offered by help and completion now?
    aliases: tuple[str, ...] = ()
    forms: tuple[Form, ...] = ()  # every form, each with an example (`help VERB`)
    rule: str = ""  # the frame's rule it follows, in one sentence (N_)
    # A whole move follows this many words after the verb (`force`: 0, `as NAME`: 1): they
    # are completed by `complete`, the move's words as a move is (referee/offers).
    move_after: int | None = None


class Table(list[FrameVerb]):
    """The frame verbs one module declares, in the order it declares them."""

    def verb(
        self,
        name: str,
        usage: str,
        summary: str,
        *,
        kind: Kind = "command",
        complete: Complete = no_arguments,
        offered: Callable[[Any], bool] = always,
        aliases: tuple[str, ...] = (),
        forms: tuple[Form, ...] = (),
        rule: str = "",
        move_after: int | None = None,
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Declare the decorated function as the handler of the frame verb `name`."""

        def declare(handler: Callable[..., Any]) -> Callable[..., Any]:
            self.append(
                FrameVerb(
                    name,
                    usage,
                    summary,
                    kind,
                    handler,
                    complete,
                    offered,
                    aliases,
                    forms,
                    rule,
                    move_after,
                )
            )
            return handler

        return declare


# The verbs in force: filled by `register` only.
VERBS: dict[str, FrameVerb] = {}


def register(*tables: Iterable[FrameVerb]) -> None:
    """Put the verbs of `tables` in force (again: registering twice changes nothing)."""
    for table in tables:
        for verb in table:
            VERBS[verb.name] = verb


def find(word: str) -> FrameVerb | None:
    """The frame verb typed as `word` (its name or an alias, any case), if it is one."""
    if not VERBS:
        raise RuntimeError("no frame verbs registered: call register() when the program starts")
    low = word.lower()
    for verb in VERBS.values():
        if low == verb.name or low in verb.aliases:
            return verb
    return None


def listed() -> list[FrameVerb]:
    """Every frame verb in the order help lists them: the shell's commands, then the moves."""
    return sorted(VERBS.values(), key=lambda v: v.kind != "command")


def offered(session: Any) -> list[FrameVerb]:
    return [v for v in listed() if v.offered(session)]


def a_player(session: Any, words: list[str]) -> Sequence[str]:
    """Completion for verbs whose first argument is a player (`count`, `as`)."""
    return list(session.players) if not words else ()
