"""The fast search agrees with the exhaustive one on generated positions (1,320 in all)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from randpos import random_position, random_trains

from referee.eighteen.config import DEFAULT, SearchConfig
from referee.eighteen.exhaustive import best_revenue
from referee.eighteen.position import position_from_data
from referee.eighteen.search import UNLIMITED, best_routes
from referee.eighteen.trains import parse_trains

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


# The lone ∞/D train's walk uses its tight ceilings and remembers walks from the start
# (floor.py), not only once the walk is long, as it would on these small positions.
EAGER = replace(DEFAULT, tight_after=0, dominate_after=0)


def check(
    seed: int,
    lost_atlas: bool | None,
    trains_drawn: str | None = None,
    config: SearchConfig = DEFAULT,
) -> None:
    data, company = random_position(seed, lost_atlas=lost_atlas)
    position = position_from_data(data)
    # Lost Atlas has ∞ trains (paid the normal values) where other games have D trains.
    drawn = trains_drawn or random_trains(seed)
    trains = parse_trains(drawn.replace("D", "∞") if data.get("game") == "lost-atlas" else drawn)
    if company not in position.companies():
        return
    answer = best_routes(position, company, trains, UNLIMITED, config)
    assert answer.proven
    assert answer.total == best_revenue(position, company, trains)
    assert answer.total == sum(answer.revenues)
    used = 0
    for route in answer.routes:  # the routes returned really share no track
        if route is not None:
            assert route.mask & used == 0
            used |= route.mask


# derandomize: CI runs the same 1,200 positions every time, so a red run always reproduces.
# Hunting for new counterexamples is done by hand with far more seeds.
@settings(
    max_examples=700,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
    derandomize=True,
)
@given(SEEDS)
def test_fast_equals_exhaustive_standard_rules(seed: int) -> None:
    check(seed, lost_atlas=False)


@settings(
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
    derandomize=True,
)
@given(SEEDS)
@example(seed=341)
@example(seed=6408)
@example(seed=1670)
@example(seed=5264)
def test_fast_equals_exhaustive_lost_atlas_options(seed: int) -> None:
    """Each route is kept from one of its ends only, so the enumeration must reach every route
    from both: seeds 1670 (junctions) and 5264 (Overnight passing full cities) broke that
    while the stops-to-a-token bound overestimated. Seeds 341 and 6408 once failed: an
    Overnight unlimited train's best route starts at an off-board behind a city full of
    others (A5 - A1 - A3 ...; a D train then, ∞ now). Overnight may pass that city, so the
    off-board is on the company's network; the fast search had pruned its start points with
    a reachability that stopped at full cities (rules §16, Overnight ■26)."""
    check(seed, lost_atlas=True, config=EAGER)


# One test per set of trains, 40 positions each (120 in all), so that pytest's workers share
# them: the exhaustive search of these is the dearest check of the suite.
@pytest.mark.parametrize(("part", "trains"), list(enumerate(["D,D", "D,D,3", "D,D,D"])))
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
    derandomize=True,
)
@given(seed=SEEDS)
def test_fast_equals_exhaustive_trains_counting_every_stop(
    part: int, trains: str, seed: int
) -> None:
    """Two or three trains that count every stop (D; ∞ in Lost Atlas, §16), the Lost Atlas
    endgame: besides a lone one, which random_trains draws most often. Each set of trains gets
    positions of its own (the same derandomized seeds, told apart by `part`)."""
    check((seed * 3 + part) % 2**32, lost_atlas=None, trains_drawn=trains, config=EAGER)
