"""Every answer reads whole (issue 26): `clip_echoes` shortens only the quoted echoes of typed
input ('...'), never the words around them, in every message of the catalog, in English and
in Japanese."""

from __future__ import annotations

import re

from referee.core.words import ECHO_LIMIT, clip, clip_echoes
from tests.i18n.test_catalog import messages

FIELD = re.compile(r"(?<!\{)\{(\w*)(?:[!:][^{}]*)?\}(?!\})")
# Typed input long enough to be clipped, with an apostrophe of its own before the cut.
ECHO = "Tulsa's railroad at the far end " + "x" * ECHO_LIMIT
# Names and numbers said around an echo; a possessive is what paired with a quote before.
OTHER = "Ann's"


def filled(template: str, echo: str) -> str:
    """`template` with each quoted field ('{word}') holding `echo`, every other field OTHER."""

    def one(m: re.Match[str]) -> str:
        start, end = m.start(), m.end()
        quoted = template[start - 1 : start] == "'" and template[end : end + 1] == "'"
        return echo if quoted else OTHER

    return FIELD.sub(one, template).replace("{{", "{").replace("}}", "}")


def texts() -> list[str]:
    return sorted({t for pair in messages() for t in pair})


def test_the_echo_is_long_enough_to_be_clipped() -> None:
    assert clip(ECHO) != ECHO and "'" in clip(ECHO)


# One test over every message rather than one per message: the same checks, and a failure
# lists every message it fails on (9,700 tests of a few milliseconds each cost CI a minute).
def test_only_the_quoted_echoes_are_clipped() -> None:
    wrong = [t for t in texts() if clip_echoes(filled(t, ECHO)) != filled(t, clip(ECHO))]
    assert not wrong, wrong


def test_a_message_without_long_echoes_is_left_whole() -> None:
    wrong = [t for t in texts() if clip_echoes(filled(t, "Tulsa's")) != filled(t, "Tulsa's")]
    assert not wrong, wrong


def test_the_possessive_then_a_quoted_word_reads_whole() -> None:
    """The refusal seen at the table: a possessive, then a quoted word 40 characters on."""
    message = (
        "rejected: Tulsa's railroads match at nowhere: say the squares, "
        "or add 'blank' if none of your tiles can match"
    )
    assert clip_echoes(message) == message
