"""Completion that offers only what is meaningful now: verbs, names, few amounts."""

from __future__ import annotations

from collections.abc import Iterable

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from referee.session import Session
from referee.shell.commands import FRAME_VERBS


def candidates(session: Session, words: list[str]) -> list[str]:
    """What may come after `words` (the complete words before the cursor)."""
    game, state = session.game, session.state
    options = game.options(state)
    if not words:
        return [*options.verbs, *FRAME_VERBS]
    verb = words[0].lower()
    if verb == "as":
        if len(words) == 1:
            return list(session.players)
        return candidates(session, words[2:])
    if verb in ("force", "what-if"):
        return candidates(session, words[1:])
    if verb == "help" and len(words) == 1:
        return [v.name for v in game.verbs()] + list(FRAME_VERBS)
    if verb == "count" and len(words) == 1:
        return list(session.players)
    if verb == "adjust" and len(words) == 1:
        return sorted({key.split()[0] for key in game.adjustables(state)})
    if verb == "adjust" and len(words) == 2:
        return sorted(
            key.split(None, 1)[1]
            for key in game.adjustables(state)
            if key.split()[0] == words[1] and " " in key
        )
    slots = options.args.get(verb, ())
    position = len(words) - 1
    return list(slots[position]) if position < len(slots) else []


class ShellCompleter(Completer):
    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        text = document.text_before_cursor
        words = text.split()
        current = "" if not words or text.endswith(" ") else words.pop()
        low = current.lower()
        try:
            options = candidates(self.session, words)
        except Exception:  # completion must never break typing
            return
        for option in dict.fromkeys(options):
            if option.lower().startswith(low):
                yield Completion(option, start_position=-len(current))
