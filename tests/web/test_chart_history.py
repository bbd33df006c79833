"""The page's charts follow undo: points of a state that was undone are never kept, even when
a new state lands where the undone one was in memory."""

from __future__ import annotations

import pytest

from referee.web import charts
from referee.web.charts import History

from .conftest import ONE_OF_EACH, played


def no_prices(game: object, state: object) -> dict[str, int]:
    return {}


def test_points_after_undo_and_another_move_are_those_of_the_new_states(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The worst case of memory reuse: every object at the same address.
    monkeypatch.setattr(charts, "id", lambda obj: 1, raising=False)
    s = played(ONE_OF_EACH["railroad-rivals"], upto=30)
    history = History()
    history.update(s, no_prices)
    for round_ in range(5):
        s.undo()  # the page is drawn at most every 2 s: no update between these two
        s.play(f'adjust score {s.players[round_ % len(s.players)]} +{round_ + 1} --because "x"')
        assert history.update(s, no_prices) == History().update(s, no_prices)
