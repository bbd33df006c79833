"""Rules §都市タイルの配置 (city placement), §ゲーム終了 (the end), and the railroads learned."""

from __future__ import annotations

import pytest

from referee.core.engine import Incomplete, UsageError
from referee.games.railroad_rivals.sections import R_PLACE

from .helpers import BOARD, edited, new, overridden, play, rejected, three_at_placement

# Chicago (0,0): PRR north, B&O east, blank south, NYC west.


def test_tile_must_touch_a_placed_city__rule_都市タイルの配置() -> None:
    s = three_at_placement()
    err = rejected(s, "place Denver 2,0 - - - B&O 2")
    assert err.rule == R_PLACE and "not next to" in err.reason
    assert "1,0" in err.legal


def test_at_least_one_edge_with_the_same_railroad__rule_都市タイルの配置() -> None:
    s = three_at_placement()
    err = rejected(s, "place Denver 1,0 - - - PRR 2")  # PRR west faces Chicago's B&O
    assert err.rule == R_PLACE and "same railroad" in err.reason
    play(s, "place Denver 1,0 - - - B&O 2")
    assert s.state.grid[(1, 0)] == "Denver"


def test_mismatched_edges_beside_a_match_are_allowed__rule_都市タイルの配置() -> None:
    """Only one touching edge must match; the others may differ."""
    s = three_at_placement()
    play(s, "place Denver 1,0 - - - B&O 2", "draw wood wood")
    play(s, "place Omaha 0,-1 - UP PRR - 1", "draw grain")
    play(s, "place Reno 1,-1 - - KCS UP 1", "draw grain")  # KCS south faces Denver's blank
    links = [(x.railroad, x.owner) for x in s.state.links]
    assert links == [("B&O", "A"), ("PRR", "B"), ("UP", "C")]


def test_a_link_on_every_matching_edge__rule_都市タイルの配置() -> None:
    s = three_at_placement()
    play(s, "place Denver 1,0 PRR - - B&O 2", "draw wood wood")
    play(s, "place Omaha 0,-1 - KCS PRR - 1", "draw grain")
    events = play(s, "place Reno 1,-1 - - PRR KCS 1")
    assert "C lays a PRR link Reno-Denver" in events
    assert "C lays a KCS link Reno-Omaha" in events
    owners = {(s.state.grid[x.a], s.state.grid[x.b]): (x.railroad, x.owner) for x in s.state.links}
    assert owners == {
        ("Denver", "Chicago"): ("B&O", "A"),
        ("Omaha", "Chicago"): ("PRR", "B"),
        ("Reno", "Denver"): ("PRR", "C"),
        ("Reno", "Omaha"): ("KCS", "C"),
    }
    assert s.state.phase == "cubes" and s.state.pending_cubes == 1


def test_blank_to_blank_needs_the_players_word__rule_都市タイルの配置() -> None:
    s = three_at_placement()
    err = rejected(s, "place Denver 0,1 - - - - 2")
    assert err.rule == R_PLACE and "blank" in err.legal
    play(s, "place Denver 0,1 - - - - 2 blank")
    assert s.state.links == ()


def test_blank_to_blank_refused_when_the_tile_matches_somewhere__rule_都市タイルの配置() -> None:
    s = three_at_placement()
    err = rejected(s, "place Denver 0,1 - - - B&O 2 blank")  # its B&O would match at 1,0
    assert err.rule == R_PLACE and "1,0" in err.legal


def test_blank_placement_needs_a_blank_contact__rule_都市タイルの配置() -> None:
    s = three_at_placement()
    err = rejected(s, "place Denver 1,0 - - - KCS 2 blank")
    assert err.rule == R_PLACE and "no blank edge" in err.reason


def test_the_new_city_gets_its_corner_number_of_cubes__rule_都市タイルの配置() -> None:
    s = three_at_placement()
    play(s, "place Denver 1,0 - - - B&O 2")
    assert s.actor() == "A" and s.state.phase == "cubes"
    with pytest.raises(Incomplete, match="takes 2 cubes, not 1"):  # words missing
        s.what_if("draw wood")
    assert rejected(s, "draw wood grain wood").rule == R_PLACE
    play(s, "draw wood grain")
    assert s.state.cities["Denver"].cubes == (1, 1)
    assert s.actor() == "B" and s.state.phase == "place"


def test_occupied_square_and_a_city_twice_are_refused__rule_都市タイルの配置() -> None:
    s = three_at_placement()
    play(s, "place Denver 1,0 - - - B&O 2", "draw wood wood")
    assert not rejected(s, "place Omaha 1,0 - - - B&O 2").computable
    assert not rejected(s, "place Denver 0,-1 - - PRR - 2").computable


def test_a_player_with_no_legal_tile_places_none__rule_都市タイルの配置() -> None:
    s = three_at_placement()
    events = play(s, "pass")
    assert any("declares" in e for e in events)
    assert s.state.hands["A"] == 3 and s.actor() == "B"


def test_a_player_holding_no_tile_is_skipped__rule_都市タイルの配置() -> None:
    s = three_at_placement()
    play(s, 'adjust tiles B 0 --because "test"')
    play(s, "pass")
    assert s.actor() == "C"


def test_out_of_turn_placement_is_played_and_needs_force_for_more__rule_都市タイルの配置() -> None:
    s = three_at_placement()
    err = rejected(s, "as B place Omaha 5,5 - - - - 2")  # out of turn and not next to a city
    assert err.rule == R_PLACE and "turn" not in err.reason
    rules = overridden(s, 'as B force place Omaha 5,5 - - - - 2 --because "the table agreed"')
    assert s.state.grid[(5, 5)] == "Omaha" and s.state.hands["B"] == 2
    assert rules == [R_PLACE]  # the placement rule; being out of turn is said apart


def test_out_of_turn_placement_is_made_at_its_own_place__rule_都市タイルの配置() -> None:
    """Each player places in turn order (§都市タイルの配置): B placing before A is B's step, its
    cubes drawn by B; A's step is still to come, and B's is skipped when it comes."""
    s = three_at_placement()
    said = play(s, "as B place Omaha 0,-1 - - PRR - 2")
    assert said[0] == "out of turn: B goes on at their own place in the turn order"
    assert said[-1] == "A still to move, once B is done"
    assert s.state.grid[(0, -1)] == "Omaha" and s.actor() == "B"  # B draws Omaha's cubes
    assert play(s, "draw grain grain")[-1] == "A still to move"
    assert s.actor() == "A" and s.state.hands["A"] == 3
    said = play(s, "place Denver 1,0 - - - B&O 2", "draw wood wood")
    assert "B has already moved at this place, before it came: skipped" in said
    assert s.actor() == "C"


def test_last_city_tile_ends_the_game_after_the_turn__rule_ゲーム終了() -> None:
    s = three_at_placement()
    play(s, 'adjust tiles A 1 --because "test"')
    events = play(s, "place Denver 1,0 - - - B&O 2", "draw wood wood")
    assert s.state.ending and not s.game.is_over(s.state)
    play(s, "place Omaha 0,-1 - - PRR - 1", "draw grain")  # the turn goes on
    play(s, "pass")
    play(s, "deliver wood Denver Chicago", "pass")
    assert not s.game.is_over(s.state)
    events = play(s, "pass")
    assert s.game.is_over(s.state) and s.actor() is None
    assert "the game is over; stock tiles score their prices" in events
    # A: 6 + 3 (first wood) + B&O stock at 1 = 10; B: 8 + 0 (NYC at 0); C 10 + PRR 0 = 10
    assert {x.player: x.score for x in s.game.standings(s.state)} == {"A": 10, "B": 8, "C": 10}


def test_railroads_are_learned_up_to_twelve__rule_準備() -> None:
    s = new()
    play(s, "start Chicago R1 R2 R3 R4 2", "draw wood wood", "order A B C")
    play(s, "reveal city Denver Omaha Tulsa stock R5 R6 R7")
    play(s, "take Denver", "take Omaha", "take Tulsa", "take R5", "take R6", "take R7")
    play(s, "place Denver 1,0 R8 R9 R10 R2 1", "draw wood")
    play(s, "place Omaha 0,-1 R11 R12 R1 - 1", "draw wood")
    assert len(s.state.railroads) == 12
    with pytest.raises(UsageError, match="did you mean R12"):
        play(s, "place Tulsa -1,0 - R4 - R12X 1")
    play(s, "place Tulsa -1,0 - r4 - r12 1")  # known names, any case
    assert s.state.cities["Tulsa"].edges == ("", "R4", "", "R12")


def test_a_new_railroad_like_a_known_one_is_pointed_out__rule_準備() -> None:
    """Before the twelfth, a typo is learned as a new railroad: the answer says so."""
    s = three_at_placement()
    play(s, "place Denver 1,0 - - - B&O 2", "draw wood wood")
    events = play(s, "place Omaha 0,-1 - NYX PRR - 2")  # its east edge touches nothing yet
    assert any("NYX looks like NYC" in e and "undo" in e for e in events)


def test_a_listed_board_catches_typos_with_the_nearest_name__rule_準備() -> None:
    board = {**BOARD, "railroads": ["B&O", "PRR", "NYC"]}
    s = new(board=board)
    with pytest.raises(UsageError, match="did you mean B&O"):
        play(s, "start Chicago PRR B&Q - NYC 3")


def test_bad_words_are_usage_errors() -> None:
    s = three_at_placement()
    for line in (
        "fly Denver",
        "place Denver",
        "place Denver x,y - - - B&O 2",
        "place Denver 1,0 - - - B&O -2",
        "place Denver 1,0 - - - B&O 99",
        "place Denver 1,0 - - - B&O 2 maybe",
        "place Denver 1,0 - - - B@O 2",
        "bid -3",
        "deliver coal Chicago Denver",
        "deliver wood Atlantis Chicago",
    ):
        with pytest.raises(UsageError):
            play(s, line)


def test_a_city_drafted_by_another_player_cannot_be_placed__rule_都市タイルの配置() -> None:
    """A tile taken from the face-up display is known to be that player's: §都市タイルの配置
    has each player place 自分の都市タイル (手札または今取ったタイル)."""
    s = three_at_placement()  # A took Denver, B Omaha, C Tulsa
    err = rejected(s, "place Omaha 1,0 - - - B&O 2")
    assert err.rule == R_PLACE and "B" in err.reason and "Omaha" in err.reason
    play(s, "place Denver 1,0 - - - B&O 2", "draw wood wood")
    assert s.state.known == {"A": (), "B": ("Omaha",), "C": ("Tulsa",)}


def test_a_player_whose_tiles_are_all_known_places_one_of_them__rule_都市タイルの配置() -> None:
    s = three_at_placement()
    play(s, 'adjust tiles A 1 --because "A holds only the drafted Denver"')
    err = rejected(s, "place Reno 1,0 - - - B&O 2")
    assert err.rule == R_PLACE and "Denver" in err.legal


def test_a_drafted_city_keeps_its_name_however_it_is_typed() -> None:
    s = three_at_placement()
    play(s, "place denver 1,0 - - - B&O 2")
    assert s.state.grid[(1, 0)] == "Denver" and s.state.known["A"] == ()


def test_a_forced_placement_of_a_known_tile_moves_it__rule_都市タイルの配置() -> None:
    s = three_at_placement()
    play(s, 'force place Omaha 1,0 - - - B&O 2 --because "B passed it to A"')
    assert s.state.known["B"] == () and s.state.hands == {"A": 2, "B": 3, "C": 3}


def test_a_drafted_city_cannot_be_revealed_again__rule_タイルの補充() -> None:
    s = three_at_placement()
    play(s, *["pass"] * 6)
    err = rejected(s, "reveal city Omaha Boise Waco stock PRR B&O NYC")
    assert "Omaha" in err.reason and "B" in err.reason


def _apply(s, state, line: str):
    """Apply one typed move to a state built by hand (what the table cannot reach quickly)."""
    game = s.game
    move = game.parse(state, game.options(state).actor, line.split())
    return game.apply(state, move)


def test_a_new_city_gets_what_the_bag_still_holds__rule_都市タイルの配置() -> None:
    """The rules draw 四隅に等しい数 from the bag; an emptied bag gives what it has."""
    s = three_at_placement()
    state = edited(s.state, bag=(1, 0))
    state, events = _apply(s, state, "place Denver 1,0 - - - B&O 2")
    texts = [e.text for e in events]
    assert "the bag holds only 1 cube: draw it" in texts
    assert state.pending_cubes == 1
    state, _ = _apply(s, state, "draw wood")
    assert state.bag == (0, 0) and state.cities["Denver"].cubes == (1, 0)
    state, events = _apply(s, state, "place Omaha 0,-1 - - PRR - 2")  # nothing to draw
    assert state.phase == "place" and s.game.options(state).actor == "C"


def test_edges_of_known_railroads_may_run_together__rule_都市タイルの配置() -> None:
    """`-B&O--` is `- B&O - -`: the four edges, each `-` or a railroad already known; a word
    that is not four such edges, or splits more than one way, is refused."""
    s = three_at_placement()
    words = ["place", "Denver", "1,0"]
    long = s.game.parse(s.state, "A", [*words, "-", "-", "-", "B&O", "2"])
    assert s.game.parse(s.state, "A", [*words, "--" + "-b&o", "2"]) == long
    for bad in ("--B&O", "-XX--", "--PRR-B&O"):
        with pytest.raises(UsageError):
            s.game.parse(s.state, "A", [*words, bad, "2"])
    play(s, "place Denver 1,0 ---B&O 2 ")
    assert s.state.cities["Denver"].edges == ("", "", "", "B&O")


def test_completion_offers_drafted_tiles_and_railroads__rule_都市タイルの配置() -> None:
    from referee.play import offers

    s = three_at_placement()
    assert offers.candidates(s, ["place"]) == ["Denver"]  # A's tile taken from the display
    assert offers.candidates(s, ["place", "Denver", "1,0"])[:1] == ["-"]
    assert "B&O" in offers.candidates(s, ["place", "Denver", "1,0", "-"])


def test_a_tile_without_its_square_goes_where_its_railroads_match__rule_都市タイルの配置() -> None:
    """最低1辺は、接する辺同士に同じ鉄道名を持つ: `---B&O` matches Chicago's B&O only east of it,
    so the square may be left out; a tile matching at several squares, or none, needs it."""
    s = three_at_placement()
    with pytest.raises(UsageError) as e:
        play(s, "place Denver ---PRR 2")  # PRR west of it matches nowhere
    assert "say the square" in str(e.value)
    with pytest.raises(UsageError):
        play(s, "place Denver ---- 2 blank")  # a blank placement names its square
    events = play(s, "place Denver ---B&O 2")
    assert "Denver goes to 1,0, the one square where its railroads match" in events
    assert s.state.grid[(1, 0)] == "Denver"


def test_a_player_without_a_city_tile_places_nothing__rule_都市タイルの配置() -> None:
    """各プレイヤーは自分の都市タイル...を1枚配置する: with none left there is no choice, and
    the referee passes for them."""
    s = three_at_placement()
    events = play(s, 'adjust tiles A 0 --because "the test empties A\'s hand"')
    assert "automatic: A: pass (no other move)" in events
    assert s.game.options(s.state).actor == "B"
