"""Rules §準備, §タイルの補充とターン順のビッド, §タイルのドラフト, §都市タイルの不足,
§ビッドの選択ルール."""

from __future__ import annotations

import pytest

from referee.core.engine import Incomplete, UsageError
from referee.games.railroad_rivals.sections import (
    R_BID,
    R_DRAFT,
    R_SETUP,
    R_SHORTAGE,
)

from .helpers import OPENING, edited, new, play, rejected, three_at_placement


@pytest.mark.parametrize(
    ("players", "bag"),
    [
        ("A,B", (16, 10)),
        ("A,B,C", (16, 10)),
        ("A,B,C,D", (16, 10, 10)),
        ("A,B,C,D,E", (16, 10, 10, 10)),
    ],
)
def test_bag_by_player_count__rule_準備_3(players: str, bag: tuple[int, ...]) -> None:
    """§準備 3: 16 wood; grain for 3, coal for 4, iron for 5 (§2人: wood and grain)."""
    s = new(players)
    assert s.state.bag == bag
    assert all(v == 2 for v in s.state.hands.values())  # §準備 4: two city tiles each


def test_piles_after_dealing__rule_準備_and_2人ゲーム変更点() -> None:
    """§準備 2, 4: the start city and two tiles each leave the pile; §2人: 6 city tiles and one
    stock tile of each of the twelve railroads are removed."""
    three = new("A,B,C").state
    assert (three.city_pile, three.stock_pile) == (40 - 1 - 6, 48)
    two = new("A,B").state
    assert (two.city_pile, two.stock_pile) == (40 - 1 - 4 - 6, 48 - 12)


def test_two_players_remove_one_stock_tile_per_listed_company__rule_2人ゲーム変更点() -> None:
    """株タイルを会社ごとに1枚ずつ取り除く: as many as the companies the board lists."""
    board = {"city_tiles": 40, "stock_tiles": 30, "railroads": ["PRR", "B&O", "NYC"]}
    assert new("A,B", "", board).state.stock_pile == 30 - 3


def test_start_city_is_one_of_three__rule_準備_2() -> None:
    s = new()
    with pytest.raises(UsageError):
        play(s, "start Denver PRR - - - 2")
    play(s, "start cinc - - PRR - 2")
    assert s.state.grid[(0, 0)] == "Cincinnati"


def test_start_cubes_drawn_as_the_corner_number__rule_準備_3() -> None:
    s = new()
    play(s, OPENING[0])
    with pytest.raises(Incomplete, match="takes 3 cubes, not 1"):  # words missing
        s.what_if("draw wood")
    assert rejected(s, "draw wood grain wood grain").rule == R_SETUP
    play(s, "draw wood grain wood")
    assert s.state.cities["Chicago"].cubes == (2, 1)
    assert s.state.bag == (14, 9)


def test_draw_of_a_colour_the_bag_no_longer_holds__rule_準備_3() -> None:
    s = new()
    draw = "draw " + " ".join(["grain"] * 9 + ["wood"])  # the bag keeps 1 grain
    play(s, "start Chicago PRR B&O - NYC 10", draw, "order A B C")
    play(s, "reveal city Denver Omaha Tulsa stock PRR B&O NYC")
    play(s, "take Denver", "take Omaha", "take Tulsa", "take PRR", "take B&O", "take NYC")
    play(s, "place Denver 1,0 - - - B&O 2")
    err = rejected(s, "draw grain grain")
    assert "no more grain" in err.reason and not err.computable
    with pytest.raises(UsageError):  # no coal in a 3-player game
        play(s, "draw coal wood")
    play(s, "draw gw")  # the initials in one word
    assert s.state.cities["Denver"].cubes == (1, 1) and s.state.bag[1] == 0


def test_a_draw_from_a_bag_of_one_colour_is_made_by_the_referee__rule_準備_3() -> None:
    """Cubes equal to the corner number come from the bag: with one colour left in it, the
    draw has no choice in it and is made automatically."""
    s = new()
    play(s, "start Chicago PRR B&O - NYC 10", "draw " + " ".join(["grain"] * 10), "order A B C")
    play(s, "reveal city Denver Omaha Tulsa stock PRR B&O NYC")
    play(s, "take Denver", "take Omaha", "take Tulsa", "take PRR", "take B&O", "take NYC")
    events = play(s, "place Denver 1,0 - - - B&O 2")
    assert "automatic: A: draw wood wood (no other move)" in events
    assert s.state.cities["Denver"].cubes == (2, 0) and s.entries[-1].auto


def test_turn_order_and_starting_scores__rule_準備_5_6() -> None:
    s = new()
    play(s, *OPENING)
    assert rejected(s, "order A").rule == R_SETUP
    assert rejected(s, "order A A").rule == R_SETUP
    play(s, "order C A B")
    assert s.state.order == ("C", "A", "B")
    assert s.state.scores == {"C": 6, "A": 8, "B": 10}
    assert all(v == 0 for v in s.state.prices.values())  # §準備 7


def test_the_last_name_of_the_order_is_the_one_left__rule_準備_5_6() -> None:
    """With every player but one named, the last character card is the one left."""
    s = new()
    play(s, *OPENING)
    assert "turn order: C (6), A (8), B (10)" in play(s, "order C A")
    assert s.state.order == ("C", "A", "B")


def test_reveal_names_before_stock_are_cities__rule_タイルの補充() -> None:
    s = new()
    play(s, *OPENING, "order A B C")
    long = s.game.parse(
        s.state, "A", ["reveal", "city", "Denver", "Omaha", "Tulsa", "stock", "PRR", "B&O", "NYC"]
    )
    short = s.game.parse(
        s.state, "A", ["reveal", "Denver", "Omaha", "Tulsa", "stock", "PRR", "B&O", "NYC"]
    )
    assert short == long
    assert rejected(s, "reveal PRR B&O NYC").rule == R_BID  # forgot 'stock': 3 cities, 0 stock


def test_reveal_player_count_of_each__rule_タイルの補充() -> None:
    s = new()
    play(s, *OPENING, "order A B C")
    assert rejected(s, "reveal city Denver Omaha stock PRR B&O NYC").rule == R_BID
    assert rejected(s, "reveal city Denver Omaha Chicago stock PRR B&O NYC").rule == R_BID
    play(s, "reveal city Denver Omaha Tulsa stock PRR B&O NYC")
    assert s.state.city_pile == 33 - 3 and s.state.stock_pile == 45


def test_no_bid_on_the_first_turn__rule_ターン順のビッド() -> None:
    s = new()
    play(s, *OPENING, "order A B C", "reveal city Denver Omaha Tulsa stock PRR B&O NYC")
    assert s.game.options(s.state).verbs == ("take",)
    assert s.actor() == "A"


def test_draft_second_pick_is_the_other_kind__rule_タイルのドラフト() -> None:
    s = new()
    play(s, *OPENING, "order A B C", "reveal city Denver Omaha Tulsa stock PRR B&O NYC")
    play(s, "take Denver", "take Omaha", "take PRR")
    err = rejected(s, "take Tulsa")  # A took a city first: a stock tile now
    assert err.rule == R_DRAFT
    events = play(s, "take NYC")
    # B must take a stock tile and C a city, one of each left: the referee takes them
    assert "automatic: B: take B&O (no other move)" in events
    assert "automatic: C: take Tulsa (no other move)" in events
    assert s.state.stocks["B"] == ("B&O",) and s.state.phase == "place"
    with pytest.raises(UsageError):  # NYC is no longer on display
        play(s, "take NYC")


def test_draft_records_hidden_tiles_and_stock_tiles__rule_タイルのドラフト() -> None:
    s = three_at_placement()
    assert s.state.hands == {"A": 3, "B": 3, "C": 3}
    assert s.state.stocks == {"A": ("B&O",), "B": ("NYC",), "C": ("PRR",)}
    assert s.state.phase == "place"


def _four_to_turn_two_bid(variant: str = "", **readings: str):
    s = new("A,B,C,D", variant, readings={k.replace("_", "-"): v for k, v in readings.items()})
    play(s, *OPENING, "order A B C D")
    play(s, "reveal city Denver Omaha Tulsa Reno stock PRR B&O NYC PRR")
    play(s, "take Denver", "take Omaha", "take Tulsa", "take Reno")
    play(s, "take PRR", "take B&O", "take NYC", "take PRR")
    play(s, *["pass"] * 8)  # nobody places (declared), nobody delivers
    play(s, "reveal city Boise Flint Tampa Waco stock PRR B&O NYC NYC")
    return s


def test_bid_in_reverse_order_winner_pays_and_goes_first__rule_ターン順のビッド() -> None:
    s = _four_to_turn_two_bid()
    assert s.state.scores == {"A": 6, "B": 8, "C": 10, "D": 12}
    assert s.actor() == "D"  # reverse turn order
    play(s, "bid 1")
    assert s.actor() == "C"
    assert rejected(s, "bid 1").rule == R_BID  # must beat the high bid
    assert rejected(s, "bid 11").rule == R_BID  # C has only 10 points
    play(s, "bid 2", "pass", "pass")
    assert s.actor() == "D"  # B and A passed for good; D is asked again
    play(s, "pass")
    assert s.state.scores["C"] == 8
    assert s.state.order == ("C", "A", "B", "D")  # the others keep their order
    assert s.state.phase == "draft" and s.actor() == "C"


def test_all_pass_first_player_stays_first_for_nothing__rule_ターン順のビッド() -> None:
    s = _four_to_turn_two_bid()
    play(s, "pass", "pass", "pass")
    assert s.state.order == ("A", "B", "C", "D")
    assert s.state.scores["A"] == 6


def test_dropback_passers_fall_back_in_pass_order__rule_ビッドの選択ルール() -> None:
    """The first to pass ends last, the next one before them, and so on."""
    s = _four_to_turn_two_bid("dropback")
    play(s, "bid 1", "bid 2", "pass", "pass", "pass")  # D, C bid; B, A, D pass
    assert s.state.order == ("C", "D", "A", "B")
    assert s.state.scores["C"] == 8


def test_reading_dropback_order_first_next__rule_ビッドの選択ルール() -> None:
    """L73 パスを行った順にターン順が後になる, read as: passers follow the winner in the order
    they passed, so the first to pass comes second."""
    s = _four_to_turn_two_bid("dropback", dropback_order="first-next")
    events = play(s, "bid 1", "bid 2", "pass", "pass", "pass")  # D, C bid; B, A, D pass
    assert s.state.order == ("C", "B", "A", "D")
    assert "turn order: C, B, A, D [reading railroad-rivals.dropback-order=first-next]" in events


def test_reading_dropback_order_first_last_is_the_default__rule_ビッドの選択ルール() -> None:
    s = _four_to_turn_two_bid("dropback", dropback_order="first-last")
    events = play(s, "bid 1", "bid 2", "pass", "pass", "pass")
    assert s.state.order == ("C", "D", "A", "B")
    assert "turn order: C, D, A, B [reading railroad-rivals.dropback-order=first-last]" in events


def test_reading_bid_limit_score_refuses_a_bid_above_the_score__rule_ターン順のビッド() -> None:
    s = _four_to_turn_two_bid(bid_limit="score")
    play(s, "bid 1")
    error = rejected(s, "bid 11")  # C has 10 points
    assert error.rule == R_BID and error.reading == "reading railroad-rivals.bid-limit=score"


def test_reading_bid_limit_none_lets_the_score_go_below_zero__rule_ターン順のビッド() -> None:
    s = _four_to_turn_two_bid(bid_limit="none")
    play(s, "bid 1", "bid 11", "pass", "pass", "pass")  # C bids 11 with 10 points
    assert s.state.scores["C"] == -1 and s.state.order[0] == "C"


def _three_with_city_tiles(count: int):
    board = {"city_tiles": count, "stock_tiles": 48, "railroads": []}
    return new("A,B,C", "", board)


def test_city_tile_shortage__rule_都市タイルの不足() -> None:
    s = _three_with_city_tiles(11)  # 11 - 1 start - 6 dealt = 4 face down
    play(s, *OPENING, "order A B C", "reveal city Denver Omaha Tulsa stock PRR B&O NYC")
    play(s, "take Denver", "take Omaha", "take Tulsa", "take PRR", "take B&O", "take NYC")
    events = play(s, *["pass"] * 6)
    assert any("run short" in e for e in events)
    assert s.state.shortage and s.state.city_pile == 0  # the last tile is set aside
    err = rejected(s, "reveal city Boise Flint Waco stock PRR B&O NYC")
    assert err.rule == R_SHORTAGE
    play(s, "reveal stock PRR B&O NYC PRR B&O NYC")  # twice the player count
    play(s, "pass", "pass")  # C and B pass the bid: A stays first for nothing
    play(s, "take PRR", "take PRR", "take NYC", "take B&O", "take B&O", "take NYC")
    # each took one stock tile on turn 1 and two now
    assert s.state.stocks == {
        "A": ("PRR", "PRR", "B&O"),
        "B": ("B&O", "PRR", "B&O"),
        "C": ("NYC", "NYC", "NYC"),
    }
    assert s.state.hands == {"A": 3, "B": 3, "C": 3}
    assert s.state.phase == "place"


def test_stock_tiles_running_out__rule_タイルの補充() -> None:
    """Fewer stock tiles than players are revealed when the pile runs low; a player whose
    second pick has no tile of the other kind takes nothing (the rules are silent)."""
    s = new()
    play(s, *OPENING, "order A B C")
    s.states[-1] = edited(s.state, stock_pile=1)  # as if the pile were nearly spent
    assert rejected(s, "reveal city Denver Omaha Tulsa stock PRR B&O NYC").rule == R_BID
    play(s, "reveal city Denver Omaha Tulsa stock PRR", "take PRR", "take Denver")
    events = play(s, "take Omaha")  # A's second pick, Tulsa, is made; no stock tile for B, C
    assert "automatic: A: take Tulsa (no other move)" in events
    assert "B has no tile to take" in events and "C has no tile to take" in events
    assert s.state.phase == "place" and s.state.hands == {"A": 3, "B": 3, "C": 3}


def test_no_tiles_left_to_reveal__rule_都市タイルの不足() -> None:
    s = _three_with_city_tiles(10)  # 10 - 1 - 6 = 3 face down: short on turn 2
    play(s, *OPENING, "order A B C", "reveal city Denver Omaha Tulsa stock PRR B&O NYC")
    play(s, "take Denver", "take Omaha", "take Tulsa", "take PRR", "take B&O", "take NYC")
    s.states[-1] = edited(s.state, stock_pile=0)  # as if the stock pile were spent
    events = play(s, *["pass"] * 6)
    assert "no tiles are left to reveal" in events
    assert s.state.phase == "bid"  # the turn order is still bid for


def test_a_bidding_with_no_bid_says_so_and_who_goes_first__rule_ターン順のビッド() -> None:
    """§タイルの補充とターン順のビッド: when all but one have passed the bidding ends; with no
    bid the one left never had a turn to pass, and the answer says the bidding is over and who
    goes first (not that A won a bid A never made)."""
    s = new()
    play(s, *OPENING, "order A B C", "reveal city Denver Omaha Tulsa stock PRR B&O NYC")
    play(s, "take Denver", "take Omaha", "take Tulsa", "take PRR", "take B&O", "take NYC")
    play(s, *["pass"] * 6, "reveal city Reno Boise Provo stock PRR B&O NYC", "pass")
    events = play(s, "pass")
    assert "the bidding ends with no bid: A, the last not to pass, goes first" in events
    assert not any("wins the bid" in text for text in events)
    assert s.actor() == "A" and s.state.phase == "draft"
