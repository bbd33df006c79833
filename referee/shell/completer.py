"""Completion that offers only what is meaningful now: verbs, names, few amounts.

What may come next is decided by the frame's table of verbs (referee/play/frame.py) and the game's
options; this module only fits it to prompt-toolkit, quoting what has spaces (`"St. Louis"`).
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from referee.i18n import _
from referee.play import frame, offers
from referee.play.session import Session


def typed_so_far(text: str) -> tuple[list[str], str, str]:
    """The complete words before the cursor, the word being typed as it reads, and as typed
    (with its quotes, possibly still open: `"St. Lo`)."""
    start, quote = 0, ""
    for i, c in enumerate(text):
        if quote:
            quote = "" if c == quote else quote
        elif c in "\"'":
            quote = c
        elif c.isspace():
            start = i + 1
    raw = text[start:]
    return shlex.split(text[:start]), "".join(shlex.split(raw + quote)), raw


def quoted(option: str) -> str:
    return shlex.quote(option) if any(c.isspace() for c in option) else option


class ShellCompleter(Completer):
    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterable[Completion]:
        try:
            words, current, raw = typed_so_far(document.text_before_cursor)
            options = offers.candidates(self.session, words)
            low = current.lower()
            shown = [o for o in dict.fromkeys(options) if o.lower().startswith(low)]
            more = {o: self._needs_more(words, o) for o in shown}
        except Exception:  # completion must never break typing
            return
        for option in shown:
            meta = _("… needs more words") if more[option] else ""
            yield Completion(
                quoted(option), start_position=-len(raw), display=option, display_meta=meta
            )

    def _needs_more(self, words: list[str], option: str) -> bool:
        """Whether the line with `option` is only the start of a move (said beside it)."""
        if frame.find((words or [option])[0]) is not None:
            return False  # the frame's own words: commands and their arguments
        return offers.of(self.session).needs_more([*words, option])
