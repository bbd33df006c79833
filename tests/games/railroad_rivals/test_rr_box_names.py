"""Issue 32 item 5: the names printed on the box's city tiles, given as board data
(`city_names`), let a seat tap the tiles turned up and placed; the rules refuse a name the box
does not hold. Without them the names are typed and any is taken, as before."""

from __future__ import annotations

import pytest

from referee.core.engine import UsageError
from referee.games.railroad_rivals.board import check_board
from referee.play.session import Session

from .helpers import BOARD, OPENING, new, play, rejected
from .test_rr_seat_words import tapped

NAMES = ["Chicago", "St. Louis", "Cincinnati", "Denver", "Omaha", "Tulsa", "Reno", "Boise"]
BOX = {**BOARD, "railroads": ["PRR", "B&O", "NYC", "UP"], "city_names": NAMES}


def at_reveal(board: dict | None = None) -> Session:
    s = new("A,B,C", board=board or dict(BOX))
    play(s, *OPENING, "order A B C")
    return s


def at_placement() -> Session:
    """A took Denver + B&O, B Omaha + NYC, C PRR + Tulsa: each holds two tiles unseen."""
    s = at_reveal()
    play(
        s,
        "reveal Denver Omaha Tulsa stock PRR B&O NYC",
        *("take Denver", "take Omaha", "take PRR", "take B&O", "take NYC", "take Tulsa"),
    )
    return s


def test_the_box_names_are_board_data_kept_once_each() -> None:
    """`city_names` is optional (a board without it checks as before) and names a tile once."""
    assert "city_names" not in check_board(dict(BOARD))
    assert check_board({**BOARD, "city_names": "Denver, St.  Louis"})["city_names"] == [
        "Denver",
        "St. Louis",
    ]
    with pytest.raises(UsageError, match="names a city twice"):
        check_board({**BOARD, "city_names": ["Denver", "denver"]})


def test_the_tiles_turned_up_are_tapped_from_the_box__rule_タイルの補充とターン順のビッド() -> None:
    """§タイルの補充: the city tiles turned up are those of the box not seen yet (the start
    city on the table is not among them)."""
    s = at_reveal()
    unseen = ("St. Louis", "Cincinnati", "Denver", "Omaha", "Tulsa", "Reno", "Boise")
    assert s.game.options(s.state).args["reveal"][:3] == (unseen,) * 3
    assert tapped(s, "reveal Denver Omaha Tulsa stock PRR B&O NYC")


def test_a_tile_the_box_does_not_hold_is_not_revealed__rule_タイルの補充とターン順のビッド() -> (
    None
):
    """§タイルの補充: the tiles turned up come from the box; one not in its list is refused,
    and the box's spelling is kept whatever the case typed."""
    s = at_reveal()
    e = rejected(s, "reveal Denver Omaha Houston stock PRR B&O NYC")
    assert e.rule == "タイルの補充とターン順のビッド"
    assert "Houston is not a city tile of this box" in str(e)
    play(s, "reveal denver omaha tulsa stock PRR B&O NYC")
    assert s.state.display_cities == ("Denver", "Omaha", "Tulsa")


def test_a_tile_of_the_box_seen_already_is_not_revealed__rule_タイルの補充とターン順のビッド() -> (
    None
):
    """§準備 2: each tile exists once: the start city on the table is not turned up again."""
    s = at_reveal()
    e = rejected(s, "reveal Chicago Omaha Tulsa stock PRR B&O NYC")
    assert e.rule == "タイルの補充とターン順のビッド"


def test_a_hidden_tile_placed_is_tapped_from_those_not_seen__rule_都市タイルの配置() -> None:
    """§都市タイルの配置 (手札): besides the tile drafted, a player holding tiles dealt unseen
    (§準備 4) is offered the box's tiles not seen yet; a name outside the box is refused."""
    s = at_placement()
    tiles = s.game.options(s.state).args["place"][0]
    assert tiles == ("Denver", "St. Louis", "Cincinnati", "Reno", "Boise")
    assert tapped(s, "place Reno 1,0 - - - B&O 2", numbers=1)
    e = rejected(s, "place Houston 1,0 - - - B&O 2")
    assert e.rule == "都市タイルの配置"
    assert "Houston is not a city tile of this box" in str(e)


def test_only_drafted_tiles_offered_once_the_hidden_ones_are_placed__rule_都市タイルの配置() -> (
    None
):
    """§都市タイルの配置: a player whose every tile was drafted in view is offered those only."""
    s = at_placement()
    draft = s.state.draft()
    draft.hands = {**draft.hands, "A": 1}
    s.states[-1] = draft.seal()
    assert s.game.options(s.state).args["place"][0] == ("Denver",)


def test_without_the_box_names_the_tiles_are_typed_and_any_name_taken() -> None:
    """The board data without `city_names`: nothing listed, any name accepted (as before)."""
    s = at_reveal({**BOARD, "railroads": ["PRR", "B&O", "NYC", "UP"]})
    assert s.game.options(s.state).args["reveal"][:3] == ((),) * 3
    play(s, "reveal Denver Omaha Houston stock PRR B&O NYC")
    assert s.state.display_cities == ("Denver", "Omaha", "Houston")
