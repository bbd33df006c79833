"""Track, stations and routes on the real map (rules ■14, ■15, ■16, ■22, ■26)."""

from __future__ import annotations

import pytest

from referee.core.engine import RuleError, UsageError
from referee.core.rules_kit import Judge
from referee.games.lost_atlas import routes, sections, track
from referee.games.lost_atlas.commands import LayTile
from referee.games.lost_atlas.state import Train

from .helpers import G, mapped, play, step

R_TRACK = sections.R_TRACK
R_UPGRADE = sections.R_UPGRADE


def eastern_built():
    """Eastern (home M27, the mine; printed track leaves it at the top) lays 9 on M25 and the
    capital 291a on M23; it has a 2-train."""
    return play(mapped(), "buy 2", "lay M25 9 0", "lay M23 291a 0")


def test_lay_names_tile_and_rotation_on_a_known_map__rule_14() -> None:
    s = play(mapped(), "buy 2")
    with pytest.raises(RuleError, match="name the tile") as e:
        step(s, "lay M25 yellow")
    assert e.value.rule == R_TRACK
    with pytest.raises(UsageError):
        G.parse(s, "B", ["lay", "M25", "999", "0"])


def test_new_track_joins_what_the_company_reaches__rule_14() -> None:
    s = play(mapped(), "buy 2")
    with pytest.raises(RuleError, match="cannot reach I31") as e:
        step(s, "lay I31 9 0")
    assert e.value.rule == sections.R_REACH
    s = play(s, "lay M25 9 0")  # joins the mine's printed track
    assert s.tiles["M25"] == ("9", 0)


def test_tile_must_suit_the_hex__rule_14() -> None:
    s = play(mapped(), "buy 2")
    with pytest.raises(RuleError, match="57 cannot go on a plain hex") as e:
        step(s, "lay M25 57 0")  # no city tile where there is no city
    assert e.value.rule == R_UPGRADE
    s = play(s, "lay M25 9 0")
    with pytest.raises(RuleError, match="57 cannot go on a capital hex"):
        step(s, "lay M23 57 0")  # a capital takes the star tiles only


def test_no_track_off_the_map_or_into_a_border__rule_14() -> None:
    s = play(mapped(), "buy 2", "lay M25 9 0")
    with pytest.raises(RuleError, match="leaving N runs off the map or into a border") as e:
        step(s, "lay M23 293a 0")  # straight through M23 into the border hex M21
    assert e.value.rule == R_TRACK


def test_colour_follows_the_phase__rule_14() -> None:
    s = play(mapped(), "buy 2")
    with pytest.raises(RuleError, match="green tiles are not laid in the yellow phase"):
        step(s, "lay M27 LA1 2")


def test_no_track_into_water__rule_26_bridging() -> None:
    s = play(mapped(), "buy 2", "run best", "withhold", "done")  # Expansive's turn
    with pytest.raises(RuleError, match="runs into water") as e:
        step(s, "lay I33 6 4")  # edge 4 of I33 faces the water hex J32
    assert e.value.rule == sections.R_ABILITY
    assert play(s, "lay I33 6 0").tiles["I33"] == ("6", 0)


def test_mountain_costs_40_from_the_map__rule_14() -> None:
    s = play(mapped(), "buy 2", "run best", "withhold", "done", "lay I33 6 0")
    cash = s.companies["Expansive"].cash
    hex_, tile, rot = next(
        lay for lay in track.legal_lays(s, s.companies["Expansive"], 20) if lay[0] == "H32"
    )  # the mountain beside Expansive's home
    s = play(s, f"lay {hex_} {tile} {rot}")
    assert s.companies["Expansive"].cash == cash - 40
    s2 = play(mapped(), "buy 2", "run best", "withhold", "done", "lay I33 6 0")
    with pytest.raises(RuleError, match="costs 40"):
        step(s2, f"lay {hex_} {tile} {rot} cost 20")


def test_upgrade_keeps_the_old_track__rule_14() -> None:
    s = eastern_built()
    s = s.draft()
    s.colour, s.level = "green", 3  # as if a 3-train had been bought
    s.orr.lays = []
    with pytest.raises(RuleError, match="leaving S, N would be lost") as e:
        step(s, "lay M25 23 1")
    assert e.value.rule == R_UPGRADE
    assert play(s, "lay M25 23 0").tiles["M25"] == ("23", 0)


def test_mine_upgrades_two_ways_by_its_sides__rule_26_eastern_mining() -> None:
    s = eastern_built()
    s = s.draft()
    s.colour, s.level = "green", 3
    s.orr.lays = []
    for rot in (2, 3):  # the new leg clockwise or anticlockwise of the old one
        assert play(s, f"lay M27 LA1 {rot}").tiles["M27"] == ("LA1", rot)
    with pytest.raises(RuleError, match="would be lost"):
        step(s, "lay M27 LA1 0")
    with pytest.raises(RuleError, match="cannot go on a mine hex"):
        step(s, "lay M27 14 3")  # the mine takes its own chain only


def test_tiles_come_from_the_supply__rule_14() -> None:
    s = eastern_built()
    assert track.in_supply(s, "291a") == 0  # one in the box, now on M23
    move = LayTile("B", "O23", "yellow", 0, "291a", 0)
    problem = track.lay_problem(s, s.companies["Eastern"], move)
    assert problem is not None and problem[0] == "no tile 291a is left in the supply"


def test_station_must_be_reached_and_free__rule_15() -> None:
    s = play(mapped(), "buy 2", "run best", "withhold", "done", "lay I33 57 0")
    with pytest.raises(RuleError, match="cannot reach M31") as e:
        step(s, "token M31 cost 40")  # Expansive's second station
    assert e.value.rule == sections.R_TOKEN
    with pytest.raises(RuleError, match="already has a station on I33"):
        step(s, "token I33 cost 40")


def test_reserved_home_keeps_its_spot__rule_15() -> None:
    s = mapped()
    co = s.companies["Expansive"]
    # O25 is Agricultural's home (not founded): its only spot stays open.
    assert (
        track.token_problem(s, co, "O25", 0) == "the last spot of O25 is kept for "
        "Agricultural's home"
    )


def test_routes_proposed_and_typed_revenue_capped__rule_16() -> None:
    s = eastern_built()
    s2, events = step(s, "routes")
    text = "\n".join(e.text for e in events)
    assert "2-train: M23 40 - M27 30 = 70" in text and "proven best" in text
    with pytest.raises(RuleError, match="the best routes earn 70, not 80") as e:
        step(s2, "run 80")
    assert e.value.rule == "■16 経営アクション5:(可能なら)列車の運行"
    assert play(s2, "run best").orr.revenue == 70
    assert play(s2, "run 60").orr.revenue == 60  # less than the best: the table's choice


def test_destination_value_follows_the_card_and_phase__rule_16() -> None:
    s = play(mapped(), "buy 2", "run best", "withhold", "done", "buy 2", "lay I33 57 0")
    answer = routes.search(s, s.companies["Expansive"])
    assert answer is not None and answer.total == 50  # home 20 + destination 30 (yellow)
    s = s.draft()
    s.colour = "green"
    assert routes.search(s, s.companies["Expansive"]).total == 60  # destination 40 in green


def test_local_route_at_the_home__rule_16() -> None:
    """A train may run its home city alone (the mine's two cities are two stops)."""
    s = play(mapped(), "buy 2")
    eastern = s.companies["Eastern"]
    assert routes.proven_best(s, eastern, routes.search(s, eastern)) == 50  # mine 30 + 20


def test_merger_needs_a_track_link__rule_22() -> None:
    s = eastern_built()
    assert routes.connected(s, s.companies["Eastern"], s.companies["Expansive"]) is False
    s = s.draft()
    s.companies["Expansive"].hubs.append("M23")
    assert routes.connected(s, s.companies["Eastern"], s.companies["Expansive"]) is True


def test_abilities_reach_the_route_search__rule_26() -> None:
    """Overnight skips full cities, Express counts a stop more, Resourceful runs rusted
    trains: the search gets each company's powers."""
    s = mapped()
    s = s.draft()
    s.companies["Eastern"].abilities.append("Overnight")
    s.companies["Expansive"].abilities = ["Express", "Resourceful"]
    pos = routes.position(s)
    assert pos.abilities["Eastern"] == frozenset({"overnight"})
    assert pos.abilities["Expansive"] == frozenset({"express", "resourceful"})
    s.companies["Eastern"].trains = [Train("2", rusted=True)]
    assert routes.route_trains(s.companies["Eastern"])[0].rusted


def test_adaptive_home_is_an_empty_basic_city__rule_26() -> None:
    s = mapped()
    assert track.home_for(s, "Adaptive", "M31", Judge()) == "M31"
    for bad in ("I33", "M23", "M27", "M25"):  # a home, a capital, the mine, a plain hex
        with pytest.raises(RuleError, match="not a basic city"):
            track.home_for(s, "Adaptive", bad, Judge())


def test_suburb_on_a_reachable_basic_city__rule_26_suburban() -> None:
    s = eastern_built()
    s = s.draft()
    s.companies["Eastern"].abilities.append("Suburban")
    with pytest.raises(RuleError, match="not a basic city"):
        step(s, "suburb M23")  # the capital
    with pytest.raises(RuleError, match="cannot reach M31"):
        step(s, "suburb M31")
