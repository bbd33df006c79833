"""Issue 32 item 5: a seat taps its moves. The options list each word of a Railroad Rivals move
the referee can know (the start cities, the railroads known, the squares, the colours in the
bag, the least bids) and mark the numbers (cargo, bid) for the number pad; what the seat
offers from them is accepted. The names printed on tiles the referee has not seen are typed."""

from __future__ import annotations

import shlex

import pytest

from referee.core.engine import Incomplete
from referee.play.session import Session
from referee.web import seat_page

from .helpers import BOARD, edited, new, play, three_at_placement

ROADS = {**BOARD, "railroads": ["PRR", "B&O", "NYC", "UP"]}


def tapped(s: Session, line: str, numbers: int = 0) -> bool:
    """Whether the seat of the player to move offers `line` word by word (the last as a whole
    move), but for `numbers` words at the end before a last `blank`, or at the very end:
    those come from the number pad."""
    actor = s.actor()
    assert actor is not None
    words = line.split()
    padded = {len(words) - 1 - i - (words[-1] == "blank") for i in range(numbers)}
    typed = ""
    for i in range(len(words)):
        want = shlex.join(words[: i + 1]) + ("" if i == len(words) - 1 else " ")
        if i not in padded and want not in seat_page.completions(s, actor, typed):
            return False
        typed = want
    return True


def test_the_start_city_and_its_edges_are_tapped_its_cargo_on_the_pad__rule_準備():
    """§準備 2: the start city is one of three; its edges are blank or railroads the board
    lists; its cargo is a number."""
    s = new(board=ROADS)
    options = s.game.options(s.state)
    assert options.args["start"][0] == ("Chicago", "St. Louis", "Cincinnati")
    assert options.args["start"][1:] == (("-", "PRR", "B&O", "NYC", "UP"),) * 4
    assert options.amounts == {"start": (5,)}
    assert tapped(s, "start Chicago PRR B&O - NYC 3", numbers=1)


def test_a_tile_typed_to_its_edges_needs_its_cargo__rule_都市タイルの配置():
    """The words before the cargo are the start of a move, not a railroad named `1,0`."""
    s = new(board=ROADS)
    with pytest.raises(Incomplete, match="Chicago needs its cargo"):
        s.what_if("start Chicago PRR B&O - NYC")
    s = three_at_placement()
    with pytest.raises(Incomplete, match="Denver needs its cargo"):
        s.what_if("place Denver 1,0 - - - B&O")


def test_the_cubes_drawn_are_tapped_one_by_one_or_as_one_handful__rule_準備():
    """§準備 3: the cubes drawn come from the bag: each a colour it holds, or all at once as
    their initials (`draw wwg`), each handful the bag can give once, in the colours' order."""
    s = new(board=ROADS)
    play(s, "start Chicago PRR B&O - NYC 3")
    slots = s.game.options(s.state).args
    assert slots["draw"][0] == ("wood", "grain", "www", "wwg", "wgg", "ggg")
    assert slots["draw"][1:] == (("wood", "grain"),) * 2
    assert tapped(s, "draw wwg") and tapped(s, "draw grain wood wood")
    assert seat_page.completions(s, "A", "draw wwg ") == []  # a handful is the whole draw


def test_a_handful_is_not_offered_beyond_what_the_bag_holds__rule_準備():
    """§準備 3: a handful the bag cannot give (more grain cubes than it holds) is not listed."""
    s = new(board=ROADS)
    play(s, "start Chicago PRR B&O - NYC 3")
    s.states[-1] = edited(s.state, bag=(16, 1, 0, 0))
    assert s.game.options(s.state).args["draw"][0] == ("wood", "grain", "www", "wwg")


def test_revealed_cities_are_typed_the_stock_tiles_tapped__rule_タイルの補充とターン順のビッド():
    """§タイルの補充: as many city tiles as players, by the names on them (typed), then as
    many stock tiles: `stock` and a railroad each; no railroad is offered where it would be
    read as a city's name."""
    s = new("A,B", board=ROADS)
    play(s, "start Chicago PRR B&O - NYC 2", "draw wg", "order B")
    slots = s.game.options(s.state).args["reveal"]
    assert slots == ((), (), ("stock",), ("PRR", "B&O", "NYC", "UP"), ("PRR", "B&O", "NYC", "UP"))
    assert seat_page.completions(s, "B", "reveal Denver ") == []
    offered = seat_page.completions(s, "B", "reveal Denver Omaha ")
    assert offered == ["reveal Denver Omaha stock "]
    assert "reveal Denver Omaha stock PRR 'B&O'" in seat_page.completions(
        s, "B", "reveal Denver Omaha stock PRR "
    )


def test_the_bid_is_on_the_pad_with_the_least_bids_listed__rule_タイルの補充とターン順のビッド():
    """§タイルの補充とターン順のビッド: a bid beats the high bid; by the reading bid-limit=score
    (the default) it is within the bidder's score."""
    s = new("A,B", board=ROADS)
    play(s, "start Chicago PRR B&O - NYC 2", "draw wg", "order B")
    play(s, "reveal Denver Omaha stock PRR B&O", "take Denver", "take PRR", "take B&O")
    play(s, "take Omaha", "place Denver 1,0 - UP - B&O 2", "draw ww")
    play(s, "place Omaha --PRR- 2", "draw gw", "deliver wood Chicago Denver")
    play(s, "deliver Chicago Omaha", "reveal Reno Flint stock PRR NYC")
    options = s.game.options(s.state)
    assert options.verbs == ("pass", "bid") and options.amounts == {"bid": (0,)}
    assert options.args["bid"] == (("1", "2", "3", "4", "5"),)
    assert tapped(s, "bid 1")


def test_a_drafted_tile_is_placed_by_taps_the_cargo_on_the_pad__rule_都市タイルの配置():
    """§都市タイルの配置: the tile (drafted in view), an empty square beside a city, its four
    edges (blank or a railroad known), its cargo; `blank` where it matches no railroad."""
    s = three_at_placement()
    options = s.game.options(s.state)
    place = options.args["place"]
    assert place[:2] == (("Denver",), ("0,-1", "-1,0", "1,0", "0,1"))
    assert place[2:] == (("-", "PRR", "B&O", "NYC"),) * 4 + ((), ("blank",))
    assert options.amounts == {"place": (6,)}
    assert tapped(s, "place Denver 1,0 - - - B&O 2", numbers=1)
    assert tapped(s, "place Denver 0,1 - - - - 2 blank", numbers=1)
    # a tile dealt face down is typed by its name; the rest is tapped
    assert seat_page.completions(s, "A", "place Boise ") == [
        "place Boise 0,-1 ",
        "place Boise -1,0 ",
        "place Boise 1,0 ",
        "place Boise 0,1 ",
    ]
    assert "place Boise 0,-1 - - - - 2 blank" not in seat_page.completions(
        s, "A", "place Boise 0,-1 - - - - 2 "
    )
