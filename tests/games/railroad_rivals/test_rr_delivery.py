"""Rules §貨物の配送, §2人ゲーム変更点, §ホテルと給水塔, and the tally of §ゲーム終了."""

from __future__ import annotations

import pytest

from referee.core.engine import UsageError
from referee.games.railroad_rivals.delivery import price_text
from referee.games.railroad_rivals.scoring import standings
from referee.games.railroad_rivals.sections import R_DELIVER, R_HOTEL, R_TOWER

from .helpers import OPENING, edited, new, overridden, play, rejected, three_at_delivery

# three_at_delivery: A 6, B 8, C 10. Links: Denver-Chicago B&O (A), Omaha-Chicago PRR (B),
# Tulsa-Chicago NYC (C). Cubes: Chicago wood 2 grain 1; Denver wood 2; Omaha grain 2; Tulsa wood 1.


def test_points_3_2_1_by_colour_owner_2_price_up__rule_貨物の配送() -> None:
    s = three_at_delivery()
    play(s, "deliver wood Chicago Denver")  # A on A's own B&O link: first wood
    assert s.state.scores == {"A": 9, "B": 8, "C": 10}
    assert s.state.prices["B&O"] == 1
    play(s, "deliver wood Chicago Tulsa")  # B on C's NYC link: second wood
    assert s.state.scores == {"A": 9, "B": 10, "C": 12}
    play(s, "deliver wood Denver Chicago")  # C on A's B&O link: third wood
    assert s.state.scores == {"A": 11, "B": 10, "C": 13}
    assert s.state.prices == {"PRR": 0, "B&O": 2, "NYC": 1}


def test_delivered_cube_goes_back_to_the_bag__rule_貨物の配送() -> None:
    s = three_at_delivery()
    before = s.state.bag
    play(s, "deliver grain Chicago Omaha")
    assert s.state.bag == (before[0], before[1] + 1)
    assert s.state.cities["Chicago"].cubes == (2, 0)
    assert s.state.scores["A"] == 6 + 3 and s.state.scores["B"] == 8 + 2


def test_delivery_needs_a_cube_and_a_link__rule_貨物の配送() -> None:
    s = three_at_delivery()
    err = rejected(s, "deliver grain Denver Chicago")
    assert err.rule == R_DELIVER and not err.computable
    err = rejected(s, "deliver wood Denver Omaha")
    assert err.rule == R_DELIVER and "no link" in err.reason
    assert "Chicago" in err.legal


def test_colour_count_starts_again_each_turn__rule_貨物の配送() -> None:
    s = three_at_delivery()
    play(s, "deliver wood Chicago Denver", "pass", "pass")  # A 9
    play(s, "reveal city Boise Flint Waco stock PRR B&O NYC", "pass", "pass")  # A keeps first
    play(s, "take Boise", "take Flint", "take Waco", "take PRR", "take B&O", "take NYC")
    play(s, "pass", "pass", "pass")
    play(s, "deliver wood Tulsa Chicago")  # first wood of turn 2; C owns the NYC link
    assert s.state.scores == {"A": 12, "B": 8, "C": 12}


def test_price_passes_ten_and_shows_the_lap__rule_貨物の配送_3() -> None:
    s = three_at_delivery()
    play(s, 'adjust price B&O 10 --because "test"')
    events = play(s, "deliver wood Chicago Denver")
    assert s.state.prices["B&O"] == 11
    assert "B&O price 10 -> 11 (marker on 1, lap 2)" in events
    assert price_text(20) == "20 (marker on 10, lap 2)" and price_text(21).endswith("lap 3)")


def test_two_players_count_every_cube_as_one_colour__rule_2人ゲーム変更点() -> None:
    s = new("A,B")
    play(s, *OPENING, "order A B", "reveal city Denver Omaha stock PRR B&O")
    play(s, "take Denver", "take Omaha", "take PRR", "take B&O")
    play(s, "place Denver 1,0 - - - B&O 1", "draw grain", "pass")
    play(s, "deliver grain Denver Chicago")  # A: first cube
    play(s, "deliver wood Chicago Denver")  # B: a wood, yet the second cube: 2, A owns: +2
    assert s.state.scores == {"A": 6 + 3 + 2, "B": 8 + 2}


def test_hotels_are_an_option__rule_ホテル() -> None:
    s = three_at_delivery()
    assert rejected(s, "hotel Chicago").rule == R_HOTEL
    assert "hotel" not in s.game.options(s.state).verbs


def test_hotel_and_water_tower__rule_ホテル_給水塔() -> None:
    s = three_at_delivery("hotels")
    play(s, "hotel Chicago")
    play(s, "deliver wood Denver Chicago")  # A: first wood 3, own link, own hotel 1
    assert s.state.scores["A"] == 10
    assert not rejected(s, "hotel Chicago").computable  # one hotel a city
    play(s, "hotel Denver")
    play(s, "deliver grain Omaha Chicago")  # B: first grain 3, own PRR link; A's hotel 1
    assert s.state.scores == {"A": 11, "B": 11, "C": 10}
    err = rejected(s, "deliver wood Tulsa Chicago Denver")  # C has no tower in Chicago
    assert err.rule == R_TOWER
    play(s, "tower Chicago")
    events = play(s, "deliver wood Tulsa Chicago Denver")
    # C: second wood 2 (not doubled); A owns the B&O link: 2; B's hotel at the end: 1;
    # A's hotel in Chicago, the middle, nothing.
    assert s.state.scores == {"A": 13, "B": 12, "C": 12}
    assert s.state.prices == {"PRR": 1, "B&O": 2, "NYC": 1}
    assert "B: 11 -> 12 (hotel in Denver)" in events


def test_one_hotel_and_one_tower_each__rule_ホテル_給水塔() -> None:
    s = three_at_delivery("hotels")
    play(s, "hotel Chicago", "tower Omaha")
    assert rejected(s, "hotel Denver").rule == R_HOTEL
    assert rejected(s, "tower Denver").rule == R_TOWER
    assert overridden(s, 'force hotel Denver --because "house rule"') == [R_HOTEL]
    assert s.state.cities["Denver"].hotel == "A" and s.state.cities["Chicago"].hotel == "A"
    assert s.game.options(s.state).verbs == ("deliver", "pass")


def test_water_tower_second_link_must_be_another__rule_給水塔() -> None:
    s = three_at_delivery("hotels")
    play(s, "tower Chicago")
    assert rejected(s, "deliver wood Denver Chicago Denver").rule == R_TOWER


def test_tie_goes_to_the_highest_stock_then_the_next__rule_ゲーム終了() -> None:
    base = new("A,B,C,D").state
    prices = {"P": 5, "Q": 4, "R": 2, "S": 1, "Z": 0}
    state = edited(
        base,
        railroads=tuple(prices),
        prices=prices,
        scores={"A": 10, "B": 11, "C": 10, "D": 20},
        stocks={"A": ("P", "S", "S"), "B": ("Q", "S", "Z"), "C": ("P", "R"), "D": ("Z",)},
    )
    # Totals: A 10+7 = 17, B 11+5 = 16, C 10+7 = 17, D 20+0 = 20.
    # A and C tie at 17 with a 5 each; next: A 1, C 2: C ahead.
    ranked = [(x.player, x.score, x.place) for x in standings(state)]
    assert ranked == [("D", 20, 1), ("C", 17, 2), ("A", 17, 3), ("B", 16, 4)]


def test_full_tie_shares_the_place__rule_ゲーム終了() -> None:
    base = new("A,B").state
    state = edited(
        base,
        railroads=("P", "Q"),
        prices={"P": 3, "Q": 3},
        scores={"A": 10, "B": 10},
        stocks={"A": ("P",), "B": ("Q",)},
    )
    assert [(x.player, x.place) for x in standings(state)] == [("A", 1), ("B", 1)]


def test_deliver_words() -> None:
    s = three_at_delivery()
    with pytest.raises(UsageError):
        play(s, "deliver wood Chicago")
    with pytest.raises(UsageError):
        play(s, "deliver wood Chicago Denver Omaha Tulsa")


def test_the_colour_may_be_left_out_when_the_city_holds_one__rule_貨物の配送() -> None:
    """配送はその都市に繋がっているリンクを1つ使用して行う: Denver holds wood only, so
    `deliver Denver Chicago` is its wood; Chicago holds two colours, so it needs the colour."""
    s = three_at_delivery()
    short = s.game.parse(s.state, "A", ["deliver", "Denver", "Chicago"])
    assert short == s.game.parse(s.state, "A", ["deliver", "wood", "Denver", "Chicago"])
    with pytest.raises(UsageError) as e:
        play(s, "deliver Chicago Denver")
    assert "name the colour" in str(e.value)
    play(s, "deliver Denver Chicago")
    assert s.state.scores["A"] == 6 + 3


def test_the_city_a_cube_goes_to_may_be_left_out_on_a_city_s_one_link__rule_貨物の配送() -> None:
    """配送はその都市に繋がっているリンクを1つ使用して行う: Denver's one link leads to Chicago;
    Chicago has three, so it needs the city."""
    s = three_at_delivery()
    with pytest.raises(UsageError) as e:
        play(s, "deliver grain Chicago")
    assert "say where the cube goes" in str(e.value)
    events = play(s, "deliver Denver")  # its wood, along the B&O link to Chicago
    assert s.state.scores["A"] == 6 + 3 and s.state.prices["B&O"] == 1
    assert any("Chicago" in t for t in events)


def test_a_delivery_typed_before_its_place_is_made_at_it__rule_貨物の配送() -> None:
    """§貨物の配送: each player delivers one cube in turn order. B delivering while A is still
    to deliver is B's delivery: A's is not used up, B has no second one without force, and
    B's place is skipped when it comes."""
    s = three_at_delivery()
    said = play(s, "as B deliver wood Chicago Tulsa")
    assert said[0] == "out of turn: B has moved at their own place in the turn order"
    assert said[-1] == "A still to move" and said.count("A still to move") == 1
    assert s.state.scores == {"A": 6, "B": 11, "C": 12} and s.actor() == "A"
    err = rejected(s, "as B deliver grain Chicago Omaha")  # B has delivered this turn
    assert "B has no place still to come" in err.reason and s.actor() == "A"
    said = play(s, "deliver wood Chicago Denver")  # A's delivery is still A's: second wood
    assert "B has already moved at this place, before it came: skipped" in said
    assert s.state.scores == {"A": 8, "B": 11, "C": 12} and s.actor() == "C"
    assert s.marks()[-2:] == ["out of turn: A's turn", ""]


def test_a_player_who_delivered_cannot_deliver_again_out_of_turn__rule_貨物の配送() -> None:
    s = three_at_delivery()
    play(s, "deliver wood Chicago Denver")
    err = rejected(s, "as A deliver wood Chicago Tulsa")  # A's step has passed
    assert "A has no place still to come" in err.reason
    said = play(s, 'as A force deliver wood Chicago Tulsa --because "the table let A"')
    assert "it is B's turn, and A has no place still to come in it" in said
    assert s.actor() == "B" and s.state.scores["A"] == 9 + 2  # B's delivery is still B's


def test_a_hotel_placed_early_keeps_the_delivery_to_come__rule_ホテル() -> None:
    s = three_at_delivery("hotels")
    said = play(s, "as C hotel Tulsa")
    assert said[0].startswith("out of turn: C's turn is held at their own place")
    assert s.actor() == "A" and s.state.cities["Tulsa"].hotel == "C"
    play(s, "as C deliver wood Tulsa Chicago")  # C's delivery, still C's own
    play(s, "deliver wood Chicago Denver", "deliver grain Chicago Omaha")
    assert s.state.phase != "deliver" or s.actor() != "C"


def test_an_early_cube_counts_by_when_or_by_turn_order_as_read__rule_貨物の配送_1() -> None:
    """§貨物の配送 (L48: in turn order; L53-55: the first cube of its colour this turn scores
    3): B's wood delivered before A's is first by when (as-delivered, the default) or second
    by turn order (turn-order: A's wood, delivered later, comes before it; B loses a point)."""
    for reading, a, b in (("as-delivered", 6 + 2, 8 + 3), ("turn-order", 6 + 3, 8 + 3 - 1)):
        s = new("A,B,C", readings={"early-delivery": reading})
        play(s, *(e.text for e in three_at_delivery().entries if not e.auto))
        play(s, "as B deliver wood Chicago Tulsa")  # B 8 + 3 (first wood), C +2 (NYC link)
        said = play(s, "deliver wood Chicago Denver")
        assert (s.state.scores["A"], s.state.scores["B"]) == (a, b)
        corrected = [t for t in said if "A's wood cube comes before it in turn order" in t]
        assert len(corrected) == (reading == "turn-order")
