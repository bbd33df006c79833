"""The tile laid where the title names a map (issue 18): the colours its phase allows
('1830 phases.N.tiles'), the supply of each design ('18xx tile supply': the counts of
tables/tiles.toml for the map), and what may replace what is on a hex ('18xx upgrades')."""

from __future__ import annotations

import pytest

from referee import i18n
from referee.core.engine import Overridden
from referee.core.errors import RuleError
from referee.games.titled.play import apply
from referee.games.titled.state import IPO, State
from tests.games.titled.helpers import edited, move, play, start
from tests.games.titled.test_operating import or_1830

SUPPLY = "18xx tile supply"
UPGRADES = "18xx upgrades"


def in_phase(state: State, phase: str, tiles: dict[str, tuple[str, int]] | None = None) -> State:
    """The same turn in `phase`, with `tiles` (hex -> tile, rotation) on the map already."""

    def change(draft: State) -> None:
        draft.phase = phase
        draft.tiles.update(tiles or {})

    return edited(state, change)


def or_1889() -> State:
    """1889 for A,B: AR (B president) operates in phase 2 with 500."""

    def ar_operates(draft: State) -> None:
        draft.round, draft.stock_round = "operating", 2
        ar = draft.corps["AR"]
        ar.par, ar.row, ar.column, ar.president, ar.floated, ar.cash = 70, 4, 3, "B", True, 500
        ar.held.update({IPO: 40, "B": 60})
        draft.order, draft.operating = ["AR"], 0

    return edited(start("1889", "A,B"), ar_operates)


def refused(state: State, text: str, match: str, rule: str = UPGRADES) -> None:
    """`text` is refused by `rule`, saying `match`."""
    with pytest.raises(RuleError, match=match) as no:
        play(state, text)
    assert no.value.rule == rule


def laid(state: State, text: str) -> tuple[str, int]:
    """What lies on the hex after `text` (`C tile F4 14 0 0`) is played."""
    after, _ = play(state, text)
    return after.tiles[text.split()[2]]


def test_the_phase_allows_the_colour_of_the_tile() -> None:
    """1830 phases: phase 2 lays yellow tiles only, phase 3 green too."""
    with pytest.raises(RuleError) as no:
        play(or_1830(), "C tile D10 59 0 80")
    assert no.value.rule == "1830 phases.2.tiles"
    assert "green tiles are not laid in phase 2" in str(no.value)
    assert laid(in_phase(or_1830(), "3"), "C tile D10 59 0 80") == ("59", 0)


def test_no_more_tiles_of_a_design_than_the_box_holds() -> None:
    """1830 has three of tile 63 (tables/tiles.toml counts): a fourth is refused."""
    three = {"F4": ("63", 0), "H16": ("63", 0), "H10": ("63", 0), "H4": ("14", 0)}
    state = in_phase(or_1830(), "5", {"F4": ("14", 0), "H16": ("63", 0), "H10": ("63", 0)})
    assert laid(state, "C tile F4 63 0 0") == ("63", 0)
    state = in_phase(or_1830(), "5", three)
    refused(state, "C tile H4 63 0 0", "no tile 63 is left: 1830 has 3", SUPPLY)


def test_a_tile_not_in_the_box_of_the_map_is_refused() -> None:
    """1889's box has no tile 4 (a straight town), 1830's has two."""
    refused(or_1889(), "B tile J9 4 1 0", "1889 has no tile 4", SUPPLY)
    assert laid(or_1889(), "B tile J9 58 2 0") == ("58", 2)


def test_a_tile_replaced_by_an_upgrade_goes_back_to_the_supply() -> None:
    """1830 has four of tile 57: with four on the map, one upgraded to 14 frees one."""
    fours = {h: ("57", 0) for h in ("F4", "H16", "H4", "H10")}
    state = in_phase(or_1830(), "3", fours)
    refused(state, "C tile F16 57 0 0", "no tile 57 is left: 1830 has 4", SUPPLY)
    state, events = play(state, "C tile F4 14 0 0")
    assert "tile 57 goes back to the supply" in [e.text for e in events]
    state = edited(state, lambda d: setattr(d.op, "lays", 0))
    assert laid(state, "C tile F16 57 0 0") == ("57", 0)


def test_an_upgrade_is_the_next_colour() -> None:
    """18xx upgrades: yellow on a white hex, green on yellow, brown on green; none skipped."""
    state = in_phase(or_1830(), "5", {"F4": ("57", 0)})
    refused(state, "C tile F4 63 0 0", "a green tile replaces yellow, not a brown one")
    refused(state, "C tile H16 14 0 0", "a yellow tile replaces white, not a green one")
    refused(state, "C tile F4 57 1 0", "a green tile replaces yellow, not a yellow one")
    assert laid(state, "C tile F4 14 0 0") == ("14", 0)


def test_an_upgrade_keeps_every_old_path_as_it_lies() -> None:
    """18xx upgrades: 57 turned 0 runs edges 0 and 3 to its city; 14 turned 1 runs 1, 2, 4,
    5 and loses both, turned 0 keeps them."""
    state = in_phase(or_1830(), "3", {"F4": ("57", 0)})
    refused(state, "C tile F4 14 1 0", "loses the track edge 0-city, city-edge 3")
    assert laid(state, "C tile F4 14 0 0") == ("14", 0)


def test_an_upgrade_keeps_the_label_the_towns_and_the_cities() -> None:
    """18xx upgrades: 1889 Kotohira (I4) is labelled H, so only 438 goes there; a town hex
    (1830 F10) takes a town tile, not plain track; a city a city tile."""
    refused(or_1889(), "B tile I4 57 0 0", "the hex is labelled H; tile 57 has no label")
    assert laid(or_1889(), "B tile I4 438 0 0") == ("438", 0)
    refused(or_1830(), "C tile F10 8 0 0", "tile 8 has 0 towns; the hex has 1")
    state = in_phase(or_1830(), "3", {"F4": ("57", 0)})
    refused(state, "C tile F4 53 0 0", "tile 53 is labelled B; the hex has no label")


def test_a_printed_yellow_hex_upgrades_to_green_with_its_label() -> None:
    """1830 Boston (E23) is printed yellow, labelled B, its city on edges 3 and 5: 53 (B, green,
    edges 0, 2, 4 unturned) turned 1 keeps them; 14 (green, no label) may not go there."""
    state = in_phase(or_1830(), "3")
    refused(state, "C tile E23 14 2 0", "the hex is labelled B; tile 14 has no label")
    assert laid(state, "C tile E23 53 1 0") == ("53", 1)


def test_force_lays_past_the_tile_rules_and_says_which() -> None:
    """The table may override each rule; the tile lies as entered."""
    state = in_phase(or_1830(), "2", {"F4": ("57", 0)})
    forced, events = apply(state, move("C tile F4 63 1 0"), forced=True)
    assert forced.tiles["F4"] == ("63", 1)
    rules = {e.rule for e in events if isinstance(e, Overridden)}
    assert rules == {"1830 phases.2.tiles", UPGRADES}


def test_the_tile_rules_in_japanese() -> None:
    """The refusals in the catalog's words; the title's key stays as its file writes it."""
    i18n.use("ja")
    state = in_phase(or_1830(), "5", {"F4": ("57", 0)})
    with pytest.raises(RuleError) as no:
        play(state, "C tile F4 63 0 0")
    assert str(no.value).startswith(
        "F4のタイル 63(タイル 57の上): 黄を置き換えるのは緑のタイルで、茶のタイルではありません"
        " [ルール 18xx アップグレード]"
    )
    with pytest.raises(RuleError) as no:
        play(or_1830(), "C tile D10 59 0 80")
    assert (
        "フェイズ2では緑タイルは敷けません [ルール 1830 そのフェイズに置けるタイル(phases.2.tiles)]"
        in str(no.value)
    )


def test_an_oo_upgrade_keeps_each_city_on_its_own_track() -> None:
    """1830 D10 (OO): 59 turned 0 has a city on edge 0, another on edge 2. Brown 64 turned 0
    puts both on one city and leaves the other without old track; turned 2 it keeps them apart."""
    state = in_phase(or_1830(), "5", {"D10": ("59", 0)})
    refused(state, "C tile D10 64 0 0", "a city or town of it takes none of the old track")
    assert laid(state, "C tile D10 64 2 0") == ("64", 2)


def test_a_station_moves_with_its_city_when_its_tile_is_upgraded() -> None:
    """18xx upgrades: a station stays with its city. G19's printed cities reach edge 3 (city 0,
    NYNH's home) and edge 0 (city 1); tile 54 laid at rotation 0 numbers them the other way
    (city 1 reaches edges 2 and 3, city 0 edges 0 and 1), so NYNH's station goes to city 1 and
    B&O's to city 0 (as 18xx.games moves them, Hex#lay)."""

    def stations(draft: State) -> None:
        draft.stations += [("G19", 0, "NYNH"), ("G19", 1, "B&O")]

    state = edited(in_phase(or_1830(), "3"), stations)
    state, events = play(state, "C tile G19 54 0 0")
    assert ("G19", 1, "NYNH") in state.stations and ("G19", 0, "B&O") in state.stations
    said = [e.text for e in events]
    assert "NYNH's station on G19 moves with its city: city 0 -> 1" in said
