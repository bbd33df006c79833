"""Map building at the table (rules ■3 マップの作成)."""

from __future__ import annotations

import pytest

from referee.core.engine import RuleError, UsageError
from referee.games.lost_atlas import atlas, sections

from .helpers import SHORT_CHARTERS, SHORT_MAP, G, play, step

R_MAP = sections.R_MAP


def start(variant: str = "short", players: tuple[str, ...] = ("A", "B")):
    return G.setup(list(players), variant, {})


def test_first_piece_anywhere_and_its_three_hexes__rule_3() -> None:
    s, events = step(start(), "place 12 M21 0")
    # h2 across h1's edge 5 (lower right), h3 across edge 0 (below).
    assert "piece 12 on M21, N22, M23" in events[0].text
    assert set(atlas.board(s).cells) == {"M21", "N22", "M23"}
    s, events = step(start(), "place 12 M21 1")  # turned once: h2 below, h3 lower left
    assert set(atlas.board(s).cells) == {"M21", "M23", "L22"}


def test_new_piece_touches_three_edges__rule_3() -> None:
    s = play(start(), "place 12 M21 0")
    with pytest.raises(RuleError, match="touches the map along 1 edge;") as e:
        step(s, "place 13 M25 0")
    assert e.value.rule == R_MAP
    with pytest.raises(RuleError, match="along 2 edges"):
        step(s, "place 13 L24 0")
    s = play(s, "place 13 N24 1")  # touches along 3 edges
    assert len(s.pieces) == 2


def test_pieces_do_not_overlap__rule_3() -> None:
    s = play(start(), "place 12 M21 0")
    with pytest.raises(RuleError, match="already has a hex"):
        step(s, "place 13 N22 1")


def test_border_hex_outer_edges_touch_nothing__rule_3() -> None:
    s = play(start(), "place 12 M21 0")
    # Piece 23's border hex (h1) would sit right against the map.
    with pytest.raises(RuleError, match="border hex on L24 would touch M23") as e:
        step(s, "place 23 L24 1")
    assert e.value.rule == R_MAP
    s = play(s, "place 23 N18 1")  # the border points away; h2 N20, h3 M19 touch the map
    # No piece may then be laid against the border's outer edges.
    with pytest.raises(RuleError, match="O19 would touch a border hex's outer edges"):
        step(s, "place 13 O19 0")


def test_players_draw_in_turn__rule_3() -> None:
    s = play(start(), "place 12 M21 0")
    assert G.options(s).actor == "B"
    with pytest.raises(RuleError, match="B's turn"):
        G.apply(s, G.parse(s, "A", ["place", "13", "N24", "1"]))


def test_piece_numbers_of_the_short_game__rule_3() -> None:
    """Short: pieces 9, 10, 11, 21, 26 and one copy of 12, 13, 14 are out."""
    assert sum(atlas.pieces_left(start()).values()) == 25
    with pytest.raises(RuleError, match="no piece 21"):
        step(start(), "place 21 M21 0")
    s = play(start(), "place 12 M21 0")
    with pytest.raises(RuleError, match="no piece 12"):
        step(s, "place 12 M27 0")
    assert sum(atlas.pieces_left(start("long", ("A", "B", "C"))).values()) == 33


def test_capital_goes_on_a_basic_city__rule_3() -> None:
    s = play(start(), "place 16 M21 0")  # h1 M21 is a basic city
    with pytest.raises(RuleError, match="not a basic city") as e:
        step(s, "capital N22")
    assert e.value.rule == R_MAP
    with pytest.raises(RuleError, match="a basic city is on the map"):
        step(s, "capital none")
    s, _events = step(s, "capital M21")
    assert s.capitals == ["M21"] and atlas.board(s).cells["M21"].label == "capital"


def test_capital_project_back_under_the_stack_when_no_city__rule_3() -> None:
    s, events = step(start(), "capital none")
    assert "bottom of the stack" in events[0].text and s.capitals == []
    assert G.options(s).actor == "B"  # the draw passed on


def test_capital_not_on_a_home__rule_3() -> None:
    s = play(start(), "place 3 M21 0")  # h1 city M21, h2 the Agricultural home N22
    with pytest.raises(RuleError, match="not a basic city"):
        step(s, "capital N22")


def test_whole_map_then_charters__rule_3() -> None:
    s = start()
    for line in SHORT_MAP[:-1]:
        s = play(s, line)
    with pytest.raises(RuleError, match="map is not complete"):
        step(s, SHORT_CHARTERS)
    s, events = step(s, SHORT_MAP[-1])
    assert s.map_state == "done"
    text = " ".join(e.text for e in events)
    # Blank hexes around the homes; H38 (next to Express's home I39) is not one: it would
    # touch the border hex H36's outer edges.
    assert "blank hexes on N32, N38, H40" in text
    assert atlas.board(s).homes()["Expansive"] == "I33"
    s = play(s, SHORT_CHARTERS)
    with pytest.raises(RuleError, match="before the charters"):
        G.apply(s, G.parse(s, atlas.drawer(s), ["place", "12", "A1", "0"]))


def test_micro_charters_are_the_homes_on_the_map__rule_3() -> None:
    s = start("micro")
    # A 2-player micro stack: 4 home pieces and 7 others, one capital project.
    s = play(
        s,
        "place 12 M21 0",
        "place 1 K21 5",
        "place 2 J18 0",
        "capital none",
        "place 3 H18 5",
        "place 4 G15 0",
    )
    with pytest.raises(RuleError, match="the stack holds 4 home pieces"):
        step(s, "place 5 E15 5")  # a fifth home piece cannot be in this stack
    others = ["place 13 E15 5"]
    s = play(s, *others)
    with pytest.raises(RuleError, match="the map is not complete"):
        step(s, "charters Expansive,Eastern / Agricultural,Resourceful")


def test_status_draws_the_map_with_names__rule_3() -> None:
    s = play(start(), *SHORT_MAP)
    text = G.status(s)
    assert "I33" in text and "(EA)" in text and "###" in text and "(*)" in text
    assert G.snapshot(s)["map"]["pieces"][0] == [25, "M21", 0]


def test_bad_place_words() -> None:
    with pytest.raises(UsageError):
        G.parse(start(), "A", ["place", "29", "M21", "0"])
    with pytest.raises(UsageError):
        G.parse(start(), "A", ["place", "12", "M21", "6"])
    with pytest.raises(UsageError):
        G.parse(start(), "A", ["place", "12", "21", "0"])
    with pytest.raises(RuleError, match="not a hex of the sheet"):
        step(start(), "place 12 M22 0")  # doubled coordinates: M takes odd numbers
