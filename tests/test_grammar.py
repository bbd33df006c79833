"""The verb table every game reads its moves through (referee/core/grammar.py, issue 30)."""

from __future__ import annotations

import pytest

from referee.core.engine import Form, UsageError, Verb
from referee.core.grammar import Grammar, Typed
from referee.games.titled.commands import GRAMMAR as TITLED
from referee.games.titled.moves import Done, Lay


def _say(t: Typed[None]) -> tuple[str, ...]:
    t.count(1, 2)
    return t.args


def _nothing(t: Typed[None]) -> str:
    t.count(0)
    return t.verb


TABLE: Grammar[None] = Grammar(
    (Verb("say", "say WORD [WORD]", "say a word or two", (Form("say hi"),)), _say),
    (Verb("done", "done", "end the turn", (Form("done"),)), _nothing),
    unlisted={"pass": _nothing},
)


def test_a_verb_s_parser_reads_the_words_after_it_and_any_unique_prefix_names_it() -> None:
    assert TABLE.parse(None, "A", ["sa", "hi", "there"]) == ("hi", "there")
    assert TABLE.parse(None, "A", ["pass"]) == "pass"
    assert [v.name for v in TABLE.verbs] == ["say", "done"]  # help lists no unlisted word


def test_a_refusal_names_the_verb_s_usage() -> None:
    with pytest.raises(UsageError) as said:
        TABLE.parse(None, "A", ["say"])
    assert "say WORD [WORD]" in str(said.value)
    with pytest.raises(UsageError) as empty:
        TABLE.parse(None, "A", [])
    assert "say, done, pass" in str(empty.value)


def test_a_move_refused_now_is_named_by_the_verb_that_types_it() -> None:
    """The 18xx titles named a refused move through a table of their own (VERB_OF); the verb
    table reads it from its parsers: the first verb whose parser makes that move."""
    assert TITLED.verb_of(Lay("A", "E13", "8", 1, 0)) == "tile"
    assert TITLED.verb_of(Done("A")) == "done"  # not `pass`, listed after it
    assert TITLED.verb_of(object()) == "?"
