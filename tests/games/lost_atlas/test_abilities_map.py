"""Abilities of the minors (rules ■26) played on a built long-game map (LONG_MAP): bridges
laid on water, and routes found and run with `run best` in a game state.

Edges on the map (flat hexes): 0 = south, 1 = south-west, 2 = north-west, 3 = north,
4 = north-east, 5 = south-east. Yellow cities are worth 20, a yellow capital 40 (■14).
"""

from __future__ import annotations

import pytest

from referee.core.engine import RuleError
from referee.games.lost_atlas import routes, sections, track, trains
from referee.games.lost_atlas.state import State, Train

from .helpers import LONG_MAP, G, long_mapped, play, step

R_ABILITY = sections.R_ABILITY
MINORS = (
    "Adaptive",
    "Agricultural",
    "Bridging",
    "Eastern",
    "Expansive",
    "Express",
    "Northern",
    "Overnight",
    "Resourceful",
    "Spacious",
    "Suburban",
    "Tunneling",
)


def founded(*minors: str) -> State:
    """Long game, A, B, C: each minor in turn is founded at 120 by the next player (price 60);
    then all pass: operating round 1 starts (the last founded operates first, ■7/■11)."""
    rest = [m for m in MINORS if m not in minors]
    columns: list[list[str]] = [[m] for m in minors] + [[] for _ in range(3 - len(minors))]
    for column in columns:  # the wanted minors on top of the columns, the rest below
        while len(column) < 4:
            column.append(rest.pop(0))
    s = long_mapped(charters="charters " + " / ".join(",".join(c) for c in columns))
    players = ["A", "B", "C"]
    for i, minor in enumerate(minors):
        s = play(s, "auction 120", "pass", "pass", f"pick {minor}")
        assert s.companies[minor].president == players[i % 3]
    return play(s, "pass", "pass", "pass")


def at_turn(s: State, name: str) -> State:
    """Let the companies before `name` finish their turn without doing anything."""
    while s.orr is not None and s.orr.current != name:
        s = s.draft()
        co = s.companies[s.orr.current]
        co.trains = [Train("2")]  # so that no forced purchase stops the walk
        s = play(s, "run best")
        s = play(s, "done") if s.orr.paid else play(s, "withhold", "done")
    return s


def lay_tiles(s: State, *lays: tuple[str, str, int]) -> State:
    """Track the table laid in earlier turns (each lay legal on this map; set directly)."""
    s = s.draft()
    for hex_, tile, rot in lays:
        s.tiles[hex_] = (tile, rot)
        s.hexes[hex_] = "yellow"
    return s


def ran(s: State) -> tuple[int, list[str]]:
    s2, events = step(s, "run best")
    assert s2.orr is not None
    return s2.orr.revenue or 0, [e.text for e in events]


# --- Bridging (■26) ------------------------------------------------------------------------
def bridging_turn() -> State:
    s = founded("Bridging")  # A; home M23 (printed, exits N to the water M21, NE, SE, S)
    assert s.orr is not None and s.orr.current == "Bridging"
    return play(s, "buy 2")


def test_bridge_laid_on_water_as_a_yellow_lay__rule_26_bridging() -> None:
    s = play(bridging_turn(), "lay M21 721 0")  # straight bridge: M23 (south) to M19 (north)
    co = s.companies["Bridging"]
    assert s.tiles["M21"] == ("721", 0) and co.bridges_left == 4
    assert co.cash == 20  # 120 - 100 for the 2-train; a bridge costs nothing
    s = play(s, "lay M19 9 0")  # the bridge was one of the two yellow lays (■14)
    with pytest.raises(RuleError, match="two yellow"):
        step(s, "lay N22 9 1")


def test_only_bridging_builds_on_water__rule_26_bridging() -> None:
    s = bridging_turn()
    s = s.draft()
    s.companies["Bridging"].abilities = []
    with pytest.raises(RuleError, match="only Bridging") as e:
        step(s, "lay M21 721 0")
    assert e.value.rule == R_ABILITY


def test_bridging_track_may_point_into_water__rule_26_bridging() -> None:
    s = founded("Bridging")
    # tile 7 turned 2 on the mountain M25: one end to M23, the other into the water L24
    s2 = play(s, "lay M25 7 2")
    assert s2.tiles["M25"] == ("7", 2) and s2.companies["Bridging"].cash == 120 - 40
    s = s.draft()
    s.companies["Bridging"].abilities = []
    with pytest.raises(RuleError, match="runs into water") as e:
        step(s, "lay M25 7 2")
    assert e.value.rule == R_ABILITY


def test_bridges_never_upgrade__rule_26_bridging() -> None:
    s = play(bridging_turn(), "lay M21 721 0")
    s = s.draft()
    s.colour, s.level = "green", 3
    s.orr.lays = []
    with pytest.raises(RuleError, match="cannot go on tile 721") as e:
        step(s, "lay M21 8 0")
    assert e.value.rule == sections.R_UPGRADE and "final" in e.value.legal


def test_five_bridges_two_straight_two_gentle_one_sharp__rule_26_bridging() -> None:
    s = play(bridging_turn(), "lay M21 723 0")  # the only sharp bridge
    assert track.in_supply(s, "723") == 0
    assert (track.in_supply(s, "721"), track.in_supply(s, "722")) == (2, 2)
    s = s.draft()
    s.companies["Bridging"].bridges_left = 0
    s.orr.lays = []
    with pytest.raises(RuleError, match="no bridge tile left"):
        step(s, "lay M21 721 0")


def test_no_bridging_in_the_short_game__rule_3_rule_26() -> None:
    s = G.setup(["A", "B"], "short", {})
    with pytest.raises(RuleError):
        step(
            s,
            "charters Bridging,Eastern,Express,Suburban / "
            "Tunneling,Northern,Resourceful,Agricultural",
        )


# --- routes run on the map (■16, ■26) -------------------------------------------------------
def test_overnight_passes_a_full_city__rule_26_overnight() -> None:
    """Overnight (home M17) and a line of yellow cities M17 - L16 (capital) - L14 - L12 - L10.
    Expansive holds the single spot of L14: the city is full (■15)."""
    s = founded("Overnight", "Expansive")
    s = lay_tiles(
        s,
        ("M17", "57", 2),
        ("L16", "292a", 3),
        ("L14", "57", 0),
        ("L12", "57", 0),
        ("L10", "57", 0),
    )
    s = s.draft()
    s.companies["Expansive"].hubs = ["L14"]
    s = at_turn(s, "Overnight")
    s = s.draft()
    s.companies["Overnight"].trains = [Train("4")]
    # A 4-train: M17 20 + L16 40, skip L14 (no stop, no value), L12 20 + L10 20 = 100.
    revenue, text = ran(s)
    assert revenue == 100
    assert any("M17 20 - L16 40 - L12 20 - L10 20 = 100" in t for t in text)
    # Without the ability the full city ends the route: M17 20 + L16 40 + L14 20 = 80.
    s.companies["Overnight"].abilities = []
    assert ran(s)[0] == 80


def test_express_single_train_counts_one_more_stop__rule_26_express() -> None:
    """Express (home J24): J24 - J22 (plain) - J20 (Resourceful's home, not founded) - I21
    (capital). Its single 2-train counts 3 stops: 20 + 20 + 40 = 80."""
    s = founded("Express")
    s = lay_tiles(s, ("J24", "57", 0), ("J22", "9", 0), ("J20", "5", 0), ("I21", "291a", 4))
    s = s.draft()
    s.companies["Express"].trains = [Train("2")]
    assert ran(s)[0] == 80
    # Two trains: no bonus, two stops each. J24 - J20 (40) and J24 - J26, the port's circle
    # facing J24 (20 + 30 = 50): 90. (One train of 3 stops there: J26 30 + J24 + J20 = 70.)
    s.companies["Express"].trains = [Train("2"), Train("2")]
    assert ran(s)[0] == 90


def test_resourceful_runs_its_rusted_train_once__rule_26_resourceful() -> None:
    """Resourceful (home J20) on J20 - I21 (capital): a 2-train runs 20 + 40 = 60."""
    s = founded("Resourceful", "Expansive")
    s = lay_tiles(s, ("J20", "5", 0), ("I21", "291a", 4))
    s = s.draft()
    s.companies["Expansive"].trains = [Train("2")]
    s.companies["Resourceful"].trains = [Train("2")]
    events: list = []
    trains.rust(s, "2", events)  # a 4-train was bought earlier this round (■5)
    assert s.companies["Expansive"].trains == []
    assert s.companies["Resourceful"].trains == [Train("2", rusted=True)]
    s = at_turn(s, "Resourceful") if s.orr.current != "Resourceful" else s
    s = s.draft()
    s.companies["Resourceful"].trains = [Train("2", rusted=True)]
    s2, ev = step(s, "run best")
    assert s2.orr.revenue == 60
    assert s2.companies["Resourceful"].trains == []  # ran its last: it leaves the game
    assert any("ran its last" in e.text for e in ev)


def test_suburb_adds_10_to_suburban_trains_only__rule_26_suburban() -> None:
    """Suburban (home L28) and M29 (a basic city) joined: L28 57/2 faces M29 (edge 5)."""
    s = founded("Suburban", "Expansive")
    s = lay_tiles(s, ("L28", "57", 2), ("M29", "57", 2))
    s = at_turn(s, "Suburban") if s.orr.current != "Suburban" else s
    s = play(s, "buy 2", "suburb M29")
    revenue, text = ran(s)
    assert revenue == 20 + 20 + 10  # L28 20, M29 20 +10 suburb
    assert any("+10 suburb" in t for t in text)
    # Another company's train through the same city gets no +10.
    s = s.draft()
    exp = s.companies["Expansive"]
    exp.hubs, exp.trains = ["M29"], [Train("2")]
    assert routes.proven_best(s, exp, routes.search(s, exp)) == 40


def test_suburb_not_on_a_home__rule_26_suburban() -> None:
    """■26: suburbs go on basic cities; ■2 lists a minor's home beside the basic city."""
    s = founded("Suburban")
    s = lay_tiles(s, ("L28", "57", 2), ("M29", "57", 2), ("L26", "8", 0))
    with pytest.raises(RuleError, match="hub of Suburban"):
        step(s, "suburb L28")  # its own home
    with pytest.raises(RuleError, match="not a basic city") as e:
        step(s, "suburb P26")  # Tunneling's home
    assert e.value.rule == R_ABILITY
    with pytest.raises(RuleError, match="not a basic city"):
        step(s, "suburb J20")  # Resourceful's home, not founded
    with pytest.raises(RuleError, match="not a basic city"):
        step(s, "suburb K27")  # a capital
    assert play(s, "suburb M29").companies["Suburban"].suburbs == ["M29"]


def test_mine_two_cities_on_one_route__rule_16_rule_26_eastern() -> None:
    """Eastern's home J18 is the mine: two cities (30 and 20), one route counts both."""
    s = play(founded("Eastern"), "buy 2")
    revenue, text = ran(s)
    assert revenue == 50 and any("J18 30 - J18.1 20 = 50" in line for line in text)
    s = play(s, "run best", "payout")
    assert s.cash["A"] == 300 - 120 + 2 * 10  # 50 / 5 = 10 a share (■17)


def test_port_two_circles_are_one_city__rule_16_rule_26_northern() -> None:
    """Northern's home J26 is the port: its two circles (30, 30) are one city (■16), so a
    train never counts both. On this map the home circle's track runs into water (K25) and
    the other circle's north to J24: a 2-train runs the port alone, 30, not 30 + 30; with
    J24 laid, Northern's train still cannot turn through the other half (no switchback)."""
    s = play(founded("Northern"), "buy 2")
    revenue, text = ran(s)
    assert revenue == 30 and any("J26 30 = 30" in line for line in text)
    s = lay_tiles(s, ("J24", "57", 0))
    assert ran(s)[0] == 30


def test_long_map_is_legal__rule_3() -> None:
    s = long_mapped()
    assert s.map_state == "done" and len(s.pieces) == 33 and len(s.capitals) == 3
    assert sum(line.startswith("place") for line in LONG_MAP) == 33


def test_overnight_merger_link_passes_a_full_city__rule_22_rule_26_overnight() -> None:
    """■22 needs a route (路線) from the proposer's station to the other's; Overnight's routes
    pass full cities (■26). Line M17 - L16 - L14 (full: Expansive) - L12 (Bridging)."""
    s = founded("Overnight", "Expansive", "Bridging")
    s = lay_tiles(s, ("M17", "57", 2), ("L16", "292a", 3), ("L14", "57", 0), ("L12", "57", 0))
    s = s.draft()
    s.companies["Expansive"].hubs = ["L14"]
    s.companies["Bridging"].hubs = ["L12"]
    ov, br = s.companies["Overnight"], s.companies["Bridging"]
    assert routes.connected(s, ov, br) is True
    assert routes.connected(s, br, ov) is False  # Bridging's own routes stop at L14
    ov.abilities = []
    assert routes.connected(s, ov, br) is False
