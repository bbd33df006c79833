"""A lone ∞ train's walk (floor.py) with its tight ceilings and remembered walks from the start
gives the same answers as without either, on late Lost Atlas positions too big for the
exhaustive search (§16: an ∞ train counts every stop; the other trains share no track)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_property import EAGER

from bench.latepos import lost_atlas_position
from referee.eighteen.config import DEFAULT
from referee.eighteen.search import UNLIMITED, best_routes
from referee.eighteen.trains import parse_trains


@pytest.mark.parametrize("seed", [13, 21, 27, 43])
def test_tight_ceilings_and_remembered_walks_change_no_answer(seed: int) -> None:
    position, company, trains = lost_atlas_position(seed)
    assert "∞" in trains
    eager = best_routes(position, company, parse_trains(trains), UNLIMITED, EAGER)
    never = replace(DEFAULT, tight_after=1 << 40, dominate_after=1 << 40)
    plain = best_routes(position, company, parse_trains(trains), UNLIMITED, never)
    assert eager.proven and plain.proven
    assert eager.total == plain.total
    assert sum(eager.revenues) == eager.total
