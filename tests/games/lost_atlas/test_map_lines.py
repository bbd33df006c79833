"""Map setup in a few lines: the pieces and capitals in the order drawn (rules ■3)."""

from __future__ import annotations

import pytest

from referee.core.engine import RuleError, UsageError
from referee.games.lost_atlas import atlas, render, sections

from .helpers import SHORT_MAP, G, play, step


def one_line(lines: tuple[str, ...]) -> str:
    return "map " + ", ".join(line.removeprefix("place ") for line in lines)


def test_the_whole_map_in_one_line_is_the_map_placed_piece_by_piece__rule_3() -> None:
    start = G.setup(["A", "B"], "short", {})
    after, events = step(start, one_line(SHORT_MAP))
    assert render.snapshot(after) == render.snapshot(play(start, *SHORT_MAP))
    assert after.map_state == "done"
    assert events[-1].text.startswith("the map as entered (undo takes this line back):")
    assert atlas.picture(after) in events[-1].text  # the drawing, to confirm


def test_a_row_at_a_time_and_no_commas_needed__rule_3() -> None:
    start = G.setup(["A", "B"], "short", {})
    rows = (SHORT_MAP[:5], SHORT_MAP[5:12], SHORT_MAP[12:])
    s = play(start, *(one_line(r).replace(",", "") for r in rows))
    assert render.snapshot(s) == render.snapshot(play(start, *SHORT_MAP))


def test_a_bad_piece_refuses_the_whole_line_naming_it__rule_3() -> None:
    start = G.setup(["A", "B"], "short", {})
    with pytest.raises(RuleError) as e:
        step(start, "map 25 M21 0, 3 O23 1, 2 M21 4")  # the third piece on a taken hex
    assert e.value.rule == sections.R_MAP
    assert e.value.reason == "item 3 (piece 2): M21 already has a hex"
    with pytest.raises(RuleError, match=r"item 2 \(capital\): a basic city is on the map"):
        step(play(start, "place 25 M21 0", "place 3 O23 1"), "map 2 M27 4, capital none")
    with pytest.raises(UsageError):
        G.parse(start, "A", ["map", "25", "M21"])  # a piece is number, hex and rotation


def test_the_line_is_the_drawers__rule_3() -> None:
    start = G.setup(["A", "B"], "short", {})
    with pytest.raises(RuleError, match="it is A's turn"):
        G.apply(start, G.parse(start, "B", ["map", "25", "M21", "0"]))
    assert "map" in G.options(start).verbs
