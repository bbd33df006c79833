"""Congo Line rules: 収入を得る (arrival payouts), ゲームの終了と勝者, board data."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.core.engine import RuleError, UsageError
from referee.games.congo_line.board import check_board

from .helpers import BOARD, GAME, do, run, set_train, started, texts


def test_arrival_pays_bonus_shares_and_goods__rule_収入を得る() -> None:
    """The rules' own example: the mover takes the bonus 2 of an A city, red carries 3 goods
    (two of B, one of C) so a red share is worth 6; A holds two red shares (12), B one (6);
    B's goods pay 4, C's 2."""
    state = run(started(), "roll red red red red", "buy red")  # A: 2 red shares
    state = replace(
        state,
        shares={**state.shares, "B": {**state.shares["B"], "red": 1}},
        available={**state.available, "red": state.available["red"] - 1},
    )
    state = set_train(state, "red", "Lubumbashi>Likasi:1", "BBC")
    state, events = do(state, "move red 2")
    assert state.money == {"A": 5 + 2 + 12, "B": 5 + 6 + 4, "C": 5 + 2}
    red = state.trains["red"]
    assert red.city == "Likasi" and red.goods == () and red.last_city == "Likasi"
    assert state.shares["A"]["red"] == 0 and state.shares["B"]["red"] == 0
    # 5 - A's starting share - 4 rolled into the box (reserve empty) + the three sold
    assert state.reserve["red"] == 3 and state.available["red"] == 2
    assert state.supply["B"] == 15 - 1 and state.supply["C"] == 15 - 1  # cubes returned
    assert state.reached == ("Likasi",) and state.bonus["Likasi"] == 0
    assert "New Market Bonus of Likasi" in texts(events)


def test_new_market_bonus_only_the_first_time__rule_収入を得る() -> None:
    state = run(started(), "roll red red red red")
    state = set_train(state, "blue", "Lubumbashi>Likasi:2", "AAA")
    state = run(state, "move blue 1", "done", "roll red red red red")
    assert state.money["A"] == 5 + 2 + 6
    state = set_train(state, "red", "Lubumbashi>Likasi:2", "BBB")
    state, events = do(state, "move red 1")
    assert "New Market Bonus" not in texts(events)
    assert state.money["B"] == 5 + 6 and state.reached == ("Likasi",)


def test_auto_move_into_a_city_pays_like_any_arrival__rule_自動移動_収入を得る() -> None:
    board = dict(BOARD)
    board["lines"] = [*BOARD["lines"], {"from": "Likasi", "to": "Kamina", "spaces": []}]
    state = GAME.setup(["A", "B", "C"], "standard", GAME.check_board(board))
    state = run(
        state,
        "take red",
        "take yellow",
        "take green",
        "place red",
        "place yellow",
        "place green",
        "start",
        "roll red red red red",
    )
    state = set_train(state, "blue", "Lubumbashi", "AAA")
    state = set_train(state, "green", "Likasi", "CCC")
    state = run(state, "move blue 1 Likasi")
    state, _ = do(state, "auto green Kamina")
    assert state.trains["green"].city == "Kamina"
    assert state.money["A"] == 5 + 3  # the bonus of Kamina goes to the player moving
    assert state.money["C"] == 5 + 6 + 6  # C's green share at 6, and three goods at 2


def test_seventh_city_reached_ends_the_game__rule_ゲームの終了と勝者() -> None:
    state = run(started(), "roll red red red red")
    state = replace(
        state,
        reached=("Likasi", "Kolwezi", "Kamina", "Kananga", "Kisangani", "Matadi"),
        bonus={
            **state.bonus,
            **dict.fromkeys(["Likasi", "Kolwezi", "Kamina", "Kananga", "Kisangani", "Matadi"], 0),
        },
    )
    state = set_train(state, "blue", "Kananga>Kinshasa:2", "ABC")
    state = set_train(state, "red", "Lubumbashi", "ABC")
    state, _ = do(state, "move blue 1")
    assert GAME.is_over(state)
    assert state.money == {"A": 5 + 4 + 2, "B": 7, "C": 7}
    assert GAME.options(state).actor is None
    with pytest.raises(RuleError) as e:
        do(state, "done", actor="A")
    assert e.value.rule == "ゲームの終了と勝者"


def test_most_money_wins_ties_to_most_shares__rule_ゲームの終了と勝者() -> None:
    state = started("A,B,C,D")
    state = replace(
        state,
        money={"A": 10, "B": 12, "C": 12, "D": 10},
        shares={"A": {"red": 1}, "B": {"red": 1}, "C": {"red": 2}, "D": {"red": 1}},
    )
    table = [(s.player, s.score, s.place) for s in GAME.standings(state)]
    assert table == [("C", 12, 1), ("B", 12, 2), ("A", 10, 3), ("D", 10, 3)]


def test_board_text_form_is_read_and_normalised() -> None:
    board = check_board(
        {
            "cities": "Likasi A, Kolwezi a, Kamina B, Kananga:B, Kisangani=C, Matadi C, Kinshasa C",
            "lines": "Lubumbashi > Likasi: 1 2; likasi > Kolwezi: 3",
        }
    )
    assert board["cities"]["Kolwezi"] == "A"
    assert board["lines"][1] == {"from": "Likasi", "to": "Kolwezi", "spaces": [3]}
    assert check_board(board) == board  # normalised data checks again unchanged


@pytest.mark.parametrize(
    ("change", "word"),
    [
        ({"cities": "Likasi A, Kolwezi A"}, "cities"),
        ({"cities": {**BOARD["cities"], "Likasi": "D"}}, "class"),
        ({"lines": "Lubumbashi > Paris: 1"}, "not a city"),
        ({"lines": "Lubumbashi > Likasi: 3 2"}, "go down"),
        ({"lines": "Lubumbashi > Likasi: 1 x"}, "not a number"),
        ({"lines": "Likasi > Kolwezi: 1"}, "no line leaves Lubumbashi"),
        ({"lines": "Lubumbashi > Likasi: 1; Lubumbashi > Likasi: 2"}, "twice"),
    ],
)
def test_bad_board_data_is_refused(change: dict, word: str) -> None:
    with pytest.raises(UsageError) as e:
        check_board({**BOARD, **change})
    assert word in str(e.value)
    with pytest.raises(UsageError):
        check_board({"cities": BOARD["cities"]})


def test_status_shows_money_trains_goods_boxes_cities_and_lines() -> None:
    state = run(started(), "roll red red blue purple")
    state = set_train(state, "blue", "Lubumbashi>Kolwezi:2", "AAB")
    text = GAME.status(state)
    for piece in (
        "money",
        "A:2 B:1",
        "reserve",
        "available",
        "Kinshasa",
        "bonus left",
        "Lubumbashi(red,yellow,green) > 1 > 2[blue] > 3 > Kolwezi",
    ):
        assert piece in text
    bar = GAME.toolbar(state)
    assert bar.startswith("money A 5, B 5, C 5 | share prices red ")
    assert "| goods on the trains red " in bar and "cities reached" in bar and "@" not in bar


def test_status_says_what_the_dice_still_allow__rule_ダイスアクションの実行() -> None:
    state = run(started(), "roll red yellow purple purple")  # 3 colours: load 3 or move 2
    text = GAME.status(state)
    assert "load 3 or move 2" in text and "share step open" in text
    state = run(state, "load red 2")
    text = GAME.status(state)
    assert "loaded, 1 more may be loaded" in text and "share step over" in text
    state = run(started(), "roll red red red red")
    state = set_train(state, "blue", "Lubumbashi>Kolwezi:1", "AAB")
    state = run(state, "move blue 2")
    assert "moved the blue train (purple move takes it further)" in GAME.status(state)


def test_the_game_ends_at_once_dropping_pending_auto_moves__rule_ゲームの終了と勝者() -> None:
    """The 7th city ends the game when its payouts are done: red, due an auto-move because
    blue left Likasi, does not move, and no dice of the turn remain to be used."""
    six = ("Likasi", "Kamina", "Kananga", "Kisangani", "Matadi", "Kinshasa")
    state = run(started(), "roll red red red purple")  # 2 colours: move 3, one purple
    state = replace(state, reached=six, bonus={**state.bonus, **dict.fromkeys(six, 0)})
    state = set_train(state, "blue", "Likasi", "ABC")
    state = set_train(state, "red", "Lubumbashi", "CCC")
    state, events = do(state, "move blue 3 Kolwezi")  # Likasi > 3 > Kolwezi: stops after 2
    assert GAME.is_over(state) and state.turn is None
    assert state.trains["red"].city == "Lubumbashi"
    assert "auto-move" not in texts(events)
    assert state.money == {"A": 5 + 2 + 2, "B": 5 + 2, "C": 5 + 2}
