"""Board data (entered by the players, never invented), the command grammar, status, snapshot
and corrections."""

from __future__ import annotations

import pytest
import tomli_w

from referee.core.engine import RuleError, UsageError
from referee.games.union_station import board

from .helpers import BOARD, GAME, fixture_board, forced, move, opened, session, with_seat


def test_board_fields_ask_for_shares_track_gold_and_map():
    assert [f.key for f in GAME.board_fields()] == ["shares", "value_track", "gold", "map", "note"]


def test_board_as_typed_strings_is_normalised():
    data = board.check(
        {
            "shares": "black 7, green 6 blue 6 orange 6 white 5",
            "value_track": "5 - 52",
            "gold": "13 9",
        }
    )
    assert data == {
        "shares": {"black": 7, "green": 6, "blue": 6, "orange": 6, "white": 5},
        "value_track": "5-52",
        "gold": [9, 13],
    }


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ({"shares": "black 6 green 6 blue 6 orange 6 white 5"}, "shares"),  # 29, not 30 (内容物)
        ({"shares": "black 30 green 0 blue 0 orange 0 white 0"}, "shares"),
        ({"value_track": "1-52"}, "value_track"),  # the bottom row is 5-10
        ({"gold": "9 60"}, "gold"),
        ({"gold": "nine"}, "gold"),
        ({"map": "CHI chicago A1; A1 town"}, "map"),  # no destinations
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_board_data_names_the_key(change, key):
    with pytest.raises(UsageError) as info:
        board.check({**BOARD, **change})
    assert key in str(info.value)


def test_board_is_required():
    with pytest.raises(UsageError):
        session(board={"note": "x"})


def test_map_neighbours_are_mutual():
    data = board.check(fixture_board("union-station-fixture-map.toml"))
    assert "CHI" in data["map"]["A1"].split() and "A1" in data["map"]["B1"].split()


@pytest.mark.parametrize(
    "text",
    [
        "fly",
        "buy",
        "buy red",
        "bid",
        "bid -3",
        "bid lots",
        "sell",
        "reveal",
        "start Z",
        "lay",
        "bl b",
        "buy green +",
        "buy green ++2",
        "buy green +4",
    ],
)
def test_bad_words_are_usage_errors(text):
    with pytest.raises(UsageError):
        GAME.parse(opened().state, "C", text.split())


def test_prefixes_and_railroad_names():
    state = opened().state
    assert GAME.parse(state, "C", ["bu", "gr"]).colour == "green"
    assert GAME.parse(state, "C", ["sell", "PRR"]).colour == "white"
    assert GAME.parse(state, "C", ["buy", "green", "+1"]).slot == 0
    assert GAME.parse(state, "C", ["buy", "green", "3"]).slot == 2
    assert GAME.parse(state, "C", ["la", "alton", "t", "c"]).discs[1].kind == "city"


def test_status_shows_everything_at_a_glance():
    text = GAME.status(opened().state)
    for needle in (
        "cash", "black", "price", "+1 green", "deck top blue", "dividends paid: 0 of 20",
        "Union Station Company", "USC", "to move: C", "25 shares unbought",
        "can lay track: black green blue orange white", "invented fixture",
    ):  # fmt: skip
        assert needle in text, needle
    # no share has been bought (the auction moves no disc): not "again" before any buy
    assert "$10 once black and green and blue and orange and white are each bought\n" in text
    after_buy, _ = move(opened().state, "buy green")
    assert "once black and blue and orange and white are each bought\n" in GAME.status(after_buy)
    bar = GAME.toolbar(opened().state)
    assert "C $18" in bar and "dividends 0 of 20" in bar and "blk" not in bar


def test_standings_table_names_shares_in_words_and_the_total_once__rule_ゲームの終了():
    """ゲームの終了: cash plus the value of each share held."""
    from referee.play.render import standings

    text = standings(GAME.standings(opened().state), over=False)
    header = text.splitlines()[1]
    assert header.split().count("total") == 1
    assert "1 black 1 white" in text and "{" not in text  # C: cash 18 + black 7 + white 5
    c_row = next(line for line in text.splitlines() if line.split()[1:2] == ["C"])
    assert c_row.split()[-1] == "30"


def test_snapshot_is_toml_data_at_every_point():
    s = session()
    from .helpers import OPENING

    for line in OPENING[:3]:
        s.play(line)
    tomli_w.dumps({"snapshot": GAME.snapshot(s.state)})  # mid-auction
    for line in OPENING[3:]:
        s.play(line)
    snap = GAME.snapshot(s.state)
    tomli_w.dumps({"snapshot": snap})
    assert snap["players"][2] == {
        "name": "C", "cash": 18,
        "shares": {"black": 1, "green": 0, "blue": 0, "orange": 0, "white": 1},
    }  # fmt: skip


def test_adjust_and_count():
    s = opened()
    state, _events = GAME.adjust(s.state, "price blue", 12)
    assert state.road("blue").price == 12 and state.dividends == 0  # a correction pays nothing
    with pytest.raises(UsageError):
        GAME.adjust(s.state, "price blue", 99)
    state, _events = GAME.adjust(s.state, "usc green", 3)  # a forgotten USC move, put right
    assert state.road("green").usc == 3 and state.seats[0].cash == s.state.seats[0].cash
    with pytest.raises(UsageError):
        GAME.adjust(s.state, "usc green", 5)
    s.play('adjust cash A 40 --because "miscounted"')
    assert s.state.seats[0].cash == 40
    assert "matches" in s.play("count A 40")[0].text


def test_forced_buy_without_cash():
    s = opened()
    state, _ = move(s.state, "sell white")
    state = with_seat(state, 0, cash=1)
    state, rules = forced(state, "buy green")
    assert state.seats[0].cash == 1 - 6
    assert rules == ["株式の購入"]


def test_as_player_out_of_turn_is_played_at_their_place_and_said_so():
    """`as NAME` is for the table that played out of turn: the turn goes clockwise (準備: the
    order of turns), and A selling on C's turn is A's own turn, had early: C's is not used
    up, and A's is skipped when it comes. The answer says who is still to move."""
    s = opened()
    assert s.actor() == "C"
    events = [e.text for e in s.play("as A sell blue")]
    assert events[0] == "out of turn: A has moved at their own place in the turn order"
    assert events[-1] == "C still to move"
    assert s.state.seats[0].shares[2] == 0 and s.actor() == "C"
    with pytest.raises(RuleError, match="it is C's turn, and A has no place still to come"):
        s.play("as A sell orange")  # A has had that turn already
    events = [e.text for e in s.play(f"sell {GAME.options(s.state).args['sell'][0][0]}")]
    assert "A has already had this turn, before it came: skipped" in events
    assert s.actor() == "B"


def test_as_player_out_of_turn_still_needs_force_for_another_rule():
    s = opened()
    with pytest.raises(RuleError) as info:
        s.play("as A sell black")  # A holds no black share
    assert "turn" not in info.value.reason


def test_a_move_anyone_may_make_is_not_out_of_turn():
    """Revealing the auction order (準備) is no one's turn: `as` another player is not marked."""
    s = session()
    events = s.play("as B reveal blue green black orange white")
    assert not any("out of turn" in e.text for e in events)
    assert s.marks() == [""]
