"""Express 01: the command language, bad input, board data, status and snapshot."""

from __future__ import annotations

import json

import pytest

from referee.core.engine import RuleError, UsageError
from referee.games.express01.board import check

OPEN = ("order A B C", "lay 9 terminal red +1", "done")


@pytest.mark.parametrize(
    "line",
    [
        "fly 9",  # unknown verb
        "lay",  # missing arguments
        "lay 9",
        "lay 36 route",  # no such board card
        "lay -1 route",
        "lay 9 tunnel red",  # unknown card type
        "lay 9 through",  # a station needs a company
        "lay 9 through orange",  # unknown company
        "lay 8 route red",  # a route card has no company
        "lay 9 through red +99",  # absurd bonus
        "lay 10 through red pay x9",  # unknown deck
        "lay 10 through red pay t1",  # ambiguous: through or terminal
        "lay 10 through red pay r3*0",  # absurd repeat
        "buy red",  # where from
        "buy red r4",
        "buy pink r1",
        "run red 9",  # two stations at least
        "swap",
        "swap Z",
        "done now",
        "take",
    ],
)
def test_bad_input_is_a_usage_error(new, line):
    s = new(*OPEN)
    with pytest.raises(UsageError):
        s.play(line)


def test_prefixes_and_short_deck_codes(new):
    s = new(*OPEN, "la 10 th bl pay route3", "bu bl r1 pay r3")
    assert s.state.spot(10).company == "blue"
    assert s.state.shares["B"] == {"blue": 1}


def test_order_must_name_everyone_but_maybe_the_last(new):
    s = new()
    with pytest.raises(UsageError):
        s.play("order A")
    with pytest.raises(RuleError):  # named twice: ゲームの準備, one position each
        s.play("order A B A")
    with pytest.raises(UsageError):
        s.play("order A 5 B 5 C 7")  # two cards cannot have the same number


def test_board_data_is_checked(board):
    ok = check(board)
    assert ok["decks"]["r3"] == 30 and ok["station_bases"][:2] == [3, 9]
    as_typed = check(
        {
            "companies": "red, blue",
            "decks": " ".join(f"{d}=4" for d in ok["decks"]),
            "station_bases": "9 13",
            "track": "yes",
        }
    )
    assert as_typed["track"] and as_typed["companies"] == ["red", "blue"]
    for bad in (
        {**board, "decks": {**board["decks"], "r9": 3}},
        {**board, "decks": {k: v for k, v in board["decks"].items() if k != "c3"}},
        {**board, "station_bases": [36]},
        {**board, "companies": ["red", "red"]},
        {**board, "companies": ["white"]},
        {**board, "track": "maybe"},
        {k: v for k, v in board.items() if k != "decks"},
    ):
        with pytest.raises(UsageError):
            check(bad)


def test_status_shows_what_the_issue_asks(new):
    s = new(*OPEN, "buy red r1")
    text = s.game.status(s.state)
    for needle in (
        "hand",
        "shares",
        "red 1",
        "base cards",
        "9s",  # hands, displays
        "stations",
        "shares out",  # each company's stations and shares out
        "locomotive",
        "the train has left",
        "black loco",  # position cards, faces, loco
        "decks: r1 9",
        "end: 1/12 base cards replaced, 0/3 decks empty",
    ):
        assert needle in text, needle
    bar = s.game.toolbar(s.state)
    assert bar.startswith("round 1 | ") and "cards, capital " in bar
    assert "base cards replaced" in bar
    assert "B's turn: acquire; next: lay, buy, done" in text


def test_status_shows_hand_cards_and_a_paid_route_card(new):
    s = new(*OPEN, "lay 10 through blue pay r3", "lay 11 route")
    s.play("adjust hand B th2 1 --because test")
    text = s.game.status(s.state)
    assert "r3*4 th2" in text  # what B can pay with
    assert "the next route card is already paid for; next: lay, buy, done" in text


def test_snapshot_is_plain_data(new):
    s = new(*OPEN, "buy red r1", "lay 10 through blue")
    snap = s.game.snapshot(s.state)
    assert json.loads(json.dumps(snap)) == snap
    assert snap["hands"]["B"] == {"r3": 4}
    assert snap["board"][0]["card"] == 9


def test_options_follow_the_turn(new):
    s = new(*OPEN)
    opts = s.game.options(s.state)
    assert opts.actor == "B" and opts.verbs[:4] == ("lay", "buy", "run", "swap")
    s.play("buy red r1")
    assert s.game.options(s.state).verbs == ("lay", "buy", "done")
    assert "round 1" in s.game.options(s.state).phase


def test_count_compares_the_hand(new):
    s = new(*OPEN)
    events = s.play("count A 5")
    assert "matches" in events[0].text


def test_adjust_shares_by_hand_and_what_if_shows_them(new):
    s = new(*OPEN)
    s.play("adjust shares C red 2 --because a share lay in the wrong display")
    assert s.state.shares["C"] == {"red": 2}
    s.play("adjust shares C red 0 --because undo that")
    assert s.state.shares["C"] == {}
    state, _ = s.what_if("buy red r1")
    assert s.game.adjustables(state)["shares B red"] == 1


@pytest.mark.parametrize(
    "line",
    ["lay 9 terminal red green", "lay 9 terminal red +1 +2", "lay 9 terminal red to"],
)
def test_lay_refuses_two_companies_two_bonuses_or_an_empty_to(new, line):
    s = new("order A B C")
    with pytest.raises(UsageError):
        s.play(line)
