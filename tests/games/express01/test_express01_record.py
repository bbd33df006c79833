"""Express 01's record says its decks in words (issue 29 item 3): the sentences of the log, the
diary and the page name a deck by its card type and stage, as the page's deck table does, never
by the code typed in moves (r2, te2)."""

from __future__ import annotations

import re

from referee import i18n
from referee.games.express01.names import deck_words
from tests.web.conftest import played

SCENARIO = "express01-3p-long-four-decks-empty.txt"


def test_the_record_says_each_deck_in_words_not_its_code() -> None:
    with i18n.speaking("en"):
        session = played(SCENARIO, upto=40)
        said = [session.tell(i).sentence for i in range(len(session.entries))]
    typed = " ".join(e.text for e in session.entries)
    assert re.search(r"\b(r|te)\d\b", typed)  # the moves name decks by their codes
    assert not [s for s in said if re.search(r"\b(r|t|te|c)\d\b", s)]
    assert "A acquires a red share from route 2 (red): A's money 4 → 2" in said


def test_a_deck_in_words_in_the_tables_language() -> None:
    with i18n.speaking("en"):
        assert deck_words("r3") == "route 3 (blue)"
        assert deck_words("B") == "B"  # a player, not a deck
    with i18n.speaking("ja"):
        assert deck_words("r3") == "ルート 3 (青)"
