"""Route rules, one test per rule; Lost Atlas tests name the section of lost-atlas.ja.txt."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from referee.core.engine import RuleError, UsageError
from referee.eighteen.exhaustive import best_revenue
from referee.eighteen.graph import build_graph
from referee.eighteen.position import load_position, position_from_data
from referee.eighteen.proposal import Found
from referee.eighteen.rules import Bonuses, RouteBonus, setup_for
from referee.eighteen.search import UNLIMITED, Answer, best_routes, solve
from referee.eighteen.trains import Train, parse_trains

HERE = Path(__file__).parent / "positions"


def run(data: dict[str, Any], trains: str, company: str = "A") -> int:
    position = position_from_data(data)
    answer = best_routes(position, company, parse_trains(trains), UNLIMITED)
    assert answer.proven
    assert answer.total == best_revenue(position, company, parse_trains(trains))
    return answer.total


def line_map(*contents: dict[str, Any]) -> dict[str, Any]:
    """Hexes A1, A3, A5 ... in one flat column; edge 0 (bottom) of each meets edge 3 of the next."""
    hexes = {}
    for i, content in enumerate(contents):
        hexes[f"A{2 * i + 1}"] = content
    return {"map": "line", "layout": "flat", "hexes": hexes}


def city(revenue: int, slots: int = 1, up: bool = True, down: bool = True) -> dict[str, Any]:
    paths = ([["e3", "n0"]] if up else []) + ([["e0", "n0"]] if down else [])
    return {
        "color": "gray",
        "nodes": [{"kind": "city", "revenue": revenue, "slots": slots}],
        "paths": paths,
    }


def test_lost_atlas_16_two_4_trains_310() -> None:
    position = load_position(HERE / "lost_atlas_16.toml")
    answer = best_routes(position, "NP", parse_trains("4,4"), UNLIMITED)
    assert sorted(answer.revenues) == [150, 160]
    assert answer.total == 310 and answer.proven


def test_avoided_track_is_left_alone() -> None:
    """The search can be told to leave some track alone (two identical ∞ trains start from
    one train's best, then the other's best on the track left): §16's second 4-train."""
    position = load_position(HERE / "lost_atlas_16.toml")
    graph = build_graph(position, "NP")
    four = parse_trains("4")
    setup = setup_for(position, "NP", parse_trains("4,4"))
    first = solve(graph, four, setup, UNLIMITED)
    assert first.total == 160 and first.routes[0] is not None
    second = solve(graph, four, setup, UNLIMITED, avoid=first.routes[0].mask)
    assert second.total == 150 and second.proven
    assert second.routes[0] is not None and not second.routes[0].mask & first.routes[0].mask


def test_1830_cleveland_chicago_phase_d_100() -> None:
    position = load_position(HERE / "1830_cleveland_chicago.toml")
    assert best_routes(position, "C&O", parse_trains("2"), UNLIMITED).total == 100


def test_1830_off_board_early_value_in_phase_4() -> None:
    position = load_position(HERE / "1830_cleveland_chicago.toml", phase="4")
    assert best_routes(position, "C&O", parse_trains("2"), UNLIMITED).total == 70


def test_n_train_counts_at_most_n_stops_without_skipping() -> None:
    data = line_map(city(10, up=False), city(50), city(10), city(50, down=False))
    data["tokens"] = [{"hex": "A1", "company": "A"}]
    assert run(data, "2") == 60  # A1 + A3; cannot skip A5 to reach A7
    assert run(data, "3") == 70
    assert run(data, "D") == 120


def test_full_city_of_others_may_end_but_not_be_passed() -> None:
    data = line_map(city(10, up=False), city(50), city(30, down=False))
    data["tokens"] = [{"hex": "A1", "company": "A"}, {"hex": "A3", "company": "B"}]
    assert run(data, "D") == 60


def test_lost_atlas_26_overnight_passes_full_city_for_nothing() -> None:
    data = line_map(city(10, up=False), city(50), city(30, down=False))
    data |= {"game": "lost-atlas", "companies": {"A": {"abilities": ["overnight"]}}}
    data["tokens"] = [{"hex": "A1", "company": "A"}, {"hex": "A3", "company": "B"}]
    assert run(data, "2") == 60  # ends at A3 (counted) ...
    assert run(data, "D") == 60  # ... or passes it for nothing to A5: 10 + 30 = 40 < 60


def test_lost_atlas_26_express_one_more_stop_with_a_single_train() -> None:
    data = line_map(city(10, up=False), city(20), city(30, down=False))
    data |= {"game": "lost-atlas", "companies": {"A": {"abilities": ["express"]}}}
    data["tokens"] = [{"hex": "A1", "company": "A"}]
    assert run(data, "2") == 60
    assert run(data, "2,2") == 30 + 10  # two trains: no bonus; the second runs A1 alone


def test_lost_atlas_16_local_route_runs_home_alone_several_times() -> None:
    data = line_map(city(40, up=False, down=False), {"terrain": "plain"})
    data |= {"game": "lost-atlas"}
    data["tokens"] = [{"hex": "A1", "company": "A"}]
    assert run(data, "2,3,4") == 120


def test_no_local_routes_outside_lost_atlas() -> None:
    data = line_map(city(40, up=False, down=False), {"terrain": "plain"})
    data["tokens"] = [{"hex": "A1", "company": "A"}]
    assert run(data, "2") == 0


def test_lost_atlas_26_suburb_adds_10_per_train() -> None:
    data = line_map(city(10, up=False), city(20, down=False))
    data |= {"game": "lost-atlas", "suburbs": [{"hex": "A3"}]}
    data["tokens"] = [{"hex": "A1", "company": "A"}]
    assert run(data, "2") == 40


def test_lost_atlas_26_rusted_train_only_for_resourceful() -> None:
    data = line_map(city(10, up=False), city(20, down=False))
    data["tokens"] = [{"hex": "A1", "company": "A"}]
    with pytest.raises(RuleError):
        run(data, "2r")
    data |= {"game": "lost-atlas", "companies": {"A": {"abilities": ["resourceful"]}}}
    assert run(data, "3,2r") == 30 + 10


def test_lost_atlas_16_port_circles_are_one_city() -> None:
    # Port tile LA2 on B4, rotation 0: half n0 on edges 0/1 (B6, A5), half n1 on 4/5 (C3, C5).
    # B6 (city 10) and C5 (plain track) join the two halves: a loop back into the port.
    hexes = {
        "B4": {"label": "port", "nodes": [{"kind": "city", "revenue": 0, "slots": 1}] * 2},
        "B6": {
            "color": "gray",
            "nodes": [{"kind": "city", "revenue": 10, "slots": 1}],
            "paths": [["e3", "n0"], ["e4", "n0"]],
        },
        "C5": {"color": "gray", "paths": [["e1", "e2"]]},
        "A5": {"terrain": "plain"},
        "C3": {"terrain": "plain"},
    }
    data = {
        "map": "port",
        "layout": "flat",
        "hexes": hexes,
        "game": "lost-atlas",
        "tiles": [{"hex": "B4", "tile": "LA2", "rotation": 0}],
        "tokens": [{"hex": "B4", "city": 0, "company": "A"}],
    }
    assert run(data, "D") == 60 + 10  # not 60 + 10 + 60 through both halves


def test_lost_atlas_16_mine_circles_are_two_cities() -> None:
    hexes = {
        "A1": {"label": "mine", "nodes": [{"kind": "city", "revenue": 0, "slots": 1}] * 2},
        "A3": {"terrain": "plain"},
    }
    data = {
        "map": "mine",
        "layout": "flat",
        "hexes": hexes,
        "game": "lost-atlas",
        "tiles": [{"hex": "A1", "tile": "LA1", "rotation": 0}],
        "tokens": [{"hex": "A1", "city": 1, "company": "A"}],
    }
    # LA1 rotation 0 has exits 0 and 1; edge 1 of A1 is off the map, so it is refused ...
    with pytest.raises(UsageError, match="hex A1"):
        position_from_data(data)
    data["tiles"] = [{"hex": "A1", "tile": "LA1", "rotation": 5}]  # exits 5, 0: B2 and A3
    data["hexes"]["B2"] = {"terrain": "plain"}
    assert run(data, "2") == 50 + 30  # both circles counted by one train


def test_no_reversing_at_a_y_switch() -> None:
    # Tile 23 on A3 (edges 0-3 and 0-4): from A1 down through A3 one cannot come back up to B2.
    hexes = {
        "A1": city(10, up=False),
        "A3": {"terrain": "plain"},
        "A5": city(20, down=False),
        "B2": {
            "color": "gray",
            "nodes": [{"kind": "city", "revenue": 90, "slots": 1}],
            "paths": [["e1", "n0"]],
        },
    }
    data = {
        "map": "y",
        "layout": "flat",
        "hexes": hexes,
        "tiles": [{"hex": "A3", "tile": "23", "rotation": 0}],
        "tokens": [{"hex": "A1", "company": "A"}],
    }
    # A1-A3: A1's edge 0 meets A3's edge 3. 23 joins 3-0 (to A5) and 0-4 (to B2 via A3 edge 4).
    assert run(data, "D") == 30
    assert run(data, "D,D") == 30  # the two routes would share the track at A3's edge 0


def test_crossing_tile_two_routes_cross() -> None:
    hexes = {
        "A1": city(10, up=False),
        "A3": {"terrain": "plain"},
        "A5": city(20, down=False),
        "B2": {
            "color": "gray",
            "nodes": [{"kind": "city", "revenue": 30, "slots": 1}],
            "paths": [["e1", "n0"]],
        },
        "B4": {
            "color": "gray",
            "nodes": [{"kind": "city", "revenue": 40, "slots": 1}],
            "paths": [["e2", "n0"]],
        },
    }
    # Tile 16 (0-2, 1-3) turned 3: A1 (edge 3) to B4 (edge 5), crossing B2 (edge 4) to A5 (edge 0).
    data = {
        "map": "x",
        "layout": "flat",
        "hexes": hexes,
        "tiles": [{"hex": "A3", "tile": "16", "rotation": 3}],
        "tokens": [{"hex": "A1", "company": "A"}, {"hex": "B2", "company": "A"}],
    }
    assert run(data, "2,2") == (10 + 40) + (30 + 20)


def test_1889_d_train_collects_diesel_value_at_imabari() -> None:
    data = {
        "map": "1889",
        "phase": "D",
        "tiles": [{"hex": "F3", "tile": "57", "rotation": 0}],
        "tokens": [{"hex": "F3", "company": "IR"}],
    }
    position = position_from_data(data)
    spec = position.map.hexes["F3"].printed
    assert any(n.kind == "city" for n in spec.nodes)  # Saijou, next to Imabari (F1)
    d = best_routes(position, "IR", parse_trains("D"), UNLIMITED).total
    six = best_routes(position, "IR", parse_trains("6"), UNLIMITED).total
    assert d - six == 100 - 60


def town(revenue: int) -> dict[str, Any]:
    return {
        "color": "gray",
        "nodes": [{"kind": "town", "revenue": revenue}],
        "paths": [["e3", "n0"], ["e0", "n0"]],
    }


def test_towns_free_a_train_counts_cities_only_and_collects_every_town() -> None:
    """Rules.towns_free (a title's operating.towns_free; 18GA's trains, g_18_ga/trains.rb: a
    train counts cities and off-boards, passes any number of towns and is paid for them): a
    2-train runs city, two towns, city for all four; otherwise the towns count as stops."""
    data = line_map(city(20, up=False), town(10), town(10), city(30, down=False))
    data["tokens"] = [{"hex": "A1", "company": "A"}]
    assert run(data, "2") == 30  # the city and the town next to it
    data["towns_free"] = True
    assert run(data, "2") == 70
    assert run(data, "2,2") == 70  # no more to share: the other train stays home


def _trains(text: str, **rule: Any) -> list[Train]:
    return [replace(t, **rule) for t in parse_trains(text)]


def run_trains(data: dict[str, Any], trains: list[Train], bonuses: Bonuses | None = None) -> Answer:
    position = position_from_data(data)
    answer = best_routes(position, "A", trains, UNLIMITED, bonuses=bonuses)
    assert answer.proven
    assert answer.total == best_revenue(position, "A", trains, bonuses)
    assert answer.total == sum(answer.revenues)
    return answer


def _city_towns_city() -> dict[str, Any]:
    data = line_map(city(20, up=False), town(10), town(10), city(30, down=False))
    data["tokens"] = [{"hex": "A1", "company": "A"}]
    return data


def test_a_train_passing_towns_free_counts_cities_only_while_another_counts_them() -> None:
    """Train.towns_free, one rule per train (18AL's trains.*.towns_free, g_18_al/game.rb
    TRAINS: towns pay 99, visit 99; 18GA's operating.towns_free sets it for every train): the
    free 2-train runs city, two towns, city for 70; a 2-train that counts towns beside it
    finds no track left, and alone it runs the city and the town next to it."""
    data = _city_towns_city()
    assert run_trains(data, _trains("2", towns_free=True)).total == 70
    mixed = [*_trains("2", towns_free=True), *parse_trains("2")]
    assert run_trains(data, mixed).revenues == [70, 0]
    assert run_trains(data, parse_trains("2")).total == 30


def test_a_multiplying_train_doubles_its_cities_not_its_towns() -> None:
    """Train.multiplier (18AL's 4D, trains.4D.multiplier; g_18_al/game.rb TRAINS 4D:
    'multiplier' => 2 on the city and off-board row, revenue_center.rb revenue_multiplier):
    cities 20 and 30 doubled, the towns paid once: 120."""
    data = _city_towns_city()
    answer = run_trains(data, _trains("2", towns_free=True, multiplier=2))
    assert answer.total == 2 * (20 + 30) + 10 + 10
    found = Found.of(answer)
    assert sorted(s.value for s in found.runs[0].stops) == [10, 10, 40, 60]


def test_a_stop_bonus_is_earned_by_each_train_stopping_there_never_doubled() -> None:
    """Bonuses.stops (18AL's SNAR Warrior Coal Field token, g_18_al/game.rb
    bonuses_for_hex_on_route: +10 to each route that stops on the token's hex, added after
    the doubling of a 4D)."""
    data = _city_towns_city()
    coal = Bonuses(stops=(("A7", 10),))
    assert run_trains(data, _trains("2", towns_free=True), coal).total == 80
    doubled = _trains("2", towns_free=True, multiplier=2)
    assert run_trains(data, doubled, coal).total == 130


def _two_lines() -> dict[str, Any]:
    """Two cities each side of a token city A3: A1 - A3 - A5, one train either way."""
    data = line_map(city(20, up=False), city(10, slots=2), city(30, down=False))
    data["tokens"] = [{"hex": "A3", "company": "A"}]
    return data


def test_a_route_bonus_goes_once_to_one_route_stopping_at_all_its_hexes() -> None:
    """Bonuses.routes (18AL's M&C markers, g_18_al/game.rb bonuses_for_routes: the best route
    through both hexes takes the marker, once a run; both markers may go to one route)."""
    data = _two_lines()
    ends = RouteBonus(frozenset({"A1", "A5"}), 40)
    near = RouteBonus(frozenset({"A1", "A3"}), 20)
    assert run_trains(data, parse_trains("3"), Bonuses(routes=(ends,))).total == 60 + 40
    both = Bonuses(routes=(ends, near))
    assert run_trains(data, parse_trains("3"), both).total == 60 + 60
    # two 2-trains, A1-A3 and A3-A5 (30 + 40): only the first stops at A1 and A3, and no
    # route at both ends; a bonus both routes could take is still paid once
    assert run_trains(data, parse_trains("2,2"), both).total == 30 + 40 + 20
    twice = Bonuses(routes=(RouteBonus(frozenset({"A3"}), 50),))
    assert run_trains(data, parse_trains("2,2"), twice).total == 30 + 40 + 50
