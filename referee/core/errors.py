"""The errors the referee reports as one line, apart from the rest of the game contract
(engine.py) so that quick commands can raise them without loading it."""

from __future__ import annotations

from typing import ClassVar

from referee.core.citations import bracket
from referee.i18n import _


class RefereeError(Exception):
    """Base of every error the referee reports as one line."""

    exit_code: ClassVar[int] = 1


class UsageError(RefereeError):
    """The words typed are not a move of this game (unknown verb, wrong argument)."""

    exit_code = 2

    def __init__(self, message: str, allowed: str = "") -> None:
        self.message = message
        self.allowed = allowed
        super().__init__(str(self))

    def __str__(self) -> str:
        if not self.allowed:
            return self.message
        return _("{message} (allowed: {allowed})").format(
            message=self.message, allowed=self.allowed
        )


class Incomplete(UsageError):
    """The words typed are the start of a move that needs more words the referee cannot list
    (a name drawn, the line a train takes): what is offered may stop there (referee/offers)."""


class RuleError(RefereeError):
    """A well-formed move the rules forbid. `rule` names the section of the rules file."""

    exit_code = 1

    def __init__(
        self,
        reason: str,
        rule: str,
        legal: str = "",
        *,
        computable: bool = True,
        reading: str = "",
    ) -> None:
        self.reason = reason
        self.rule = rule
        self.legal = legal
        # False when even a forced move cannot be carried out (e.g. no such share exists).
        self.computable = computable
        # The reading that decided the refusal, as `Readings.note` names it, if one did.
        self.reading = reading
        super().__init__(str(self))

    def __str__(self) -> str:
        text = f"{self.reason} {bracket(self.rule, self.reading)}"
        return f"{text}; {self.legal}" if self.legal else text


class Confirm(RuleError):
    """A move that would skip a step with a cost (a choice the table has not made): played only
    when the table confirms it (the shell asks; batch mode refuses; a saved log has confirmed
    it), or else after what must come first (`legal`)."""
