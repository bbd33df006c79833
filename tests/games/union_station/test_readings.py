"""Union Station readings (union-station.ja.txt): each choice plays the situation it decides."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.core.engine import choose_readings
from referee.games.union_station.state import State

from .helpers import GAME, move, opened, with_cash, with_prices, with_road, with_shares


@pytest.fixture
def play() -> State:
    """C to move; offer +1 green; A holds blue and orange, B green, C black and white."""
    return opened().state


def reading(state: State, key: str, choice: str) -> State:
    return replace(state, readings=choose_readings(GAME.readings(), {key: choice}))


# --- buy-order (L65, L69, L76-L78, L141) ------------------------------------------------


def _twentieth_by_a_buy(state: State, choice: str) -> tuple[State, list[str]]:
    """C buys green (12 -> 13, gold: the 20th dividend); every other railroad's Union Station
    Company disc is past the $10 line, so the same buy also crosses it."""
    state = reading(replace(state, dividends=19), "buy-order", choice)
    for colour in ("black", "blue", "orange", "white"):
        state = with_road(state, colour, usc=2)
    return move(with_prices(state, green=12), "buy green")


def test_buy_order_rise_first_ends_the_game_before_the_special__rule_株式の購入(play):
    state, events = _twentieth_by_a_buy(play, "rise-first")
    assert state.phase == "over" and state.dividends == 20
    assert not any("special" in e for e in events)
    assert state.seats[2].cash == 18 - 12 + 7  # ceil(13 / 2) for C's green
    assert state.seats[1].cash == 24 + 7


def test_buy_order_usc_first_pays_the_special_then_ends__rule_株式の購入(play):
    state, events = _twentieth_by_a_buy(play, "usc-first")
    assert state.phase == "over" and state.dividends == 20
    special = [e for e in events if "special dividend" in e]
    assert special and "reading union-station.buy-order=usc-first" in special[0]
    # $10 a railroad, divided by its shares held: C black 10, white 10, green 10/2 = 5.
    assert state.seats[2].cash == 18 - 12 + 25 + 7
    assert state.seats[1].cash == 24 + 5 + 7  # B's green
    assert state.seats[0].cash == 12 + 10 + 10  # A's blue and orange; no dividend


# --- top-square (L121-L125, L139) ---------------------------------------------------------


def _on_a_gold_top(state: State, choice: str) -> tuple[State, list[str]]:
    """White (C's) stands on the top square, 52, made gold here; C lays a town (+2)."""
    state = replace(state, board=replace(state.board, gold=(*state.board.gold, 52)))
    state = reading(with_prices(state, white=52), "top-square", choice)
    return move(state, "lay white town plain")


def test_top_square_stays_pays_nothing_more__rule_配当(play):
    state, events = _on_a_gold_top(play, "stays")
    assert state.road("white").price == 52 and state.dividends == 0
    assert state.seats[2].cash == 18
    assert any("reading union-station.top-square=stays" in e for e in events)


def test_top_square_re_enters_pays_its_dividend__rule_配当(play):
    state, events = _on_a_gold_top(play, "re-enters")
    assert state.road("white").price == 52 and state.dividends == 1
    assert state.seats[2].cash == 18 + 52  # C holds the only white share
    assert any("reading union-station.top-square=re-enters" in e for e in events)


# --- stuck (L61, L145-L149) -------------------------------------------------------------


def _nobody_can_act(state: State, choice: str) -> tuple[State, list[str]]:
    """No cash to buy, no railroad anyone holds can lay, selling is over (17 dividends)."""
    state = reading(replace(state, dividends=17), "stuck", choice)
    state = with_cash(state, A=0, B=0, C=0)
    for colour in ("black", "green", "blue", "orange", "white"):
        state = with_road(state, colour, arrived=True, discs=0)
    state = with_road(state, "blue", arrived=False, discs=5)  # only blue could lay: A holds it
    return move(with_shares(state, "A", blue=0), "pass")


def test_stuck_play_on_says_so_and_goes_on__rule_ゲームの流れ(play):
    state, events = _nobody_can_act(play, "play-on")
    assert state.phase != "over" and GAME.options(state).actor is not None
    assert any("reading union-station.stuck=play-on" in e for e in events)


def test_stuck_ends_scores_the_game_as_it_stands__rule_ゲームの終了(play):
    state, _ = _nobody_can_act(play, "ends")
    assert state.phase == "over" and GAME.is_over(state)
    assert "reading union-station.stuck=ends" in state.ended
    assert GAME.standings(state)[0].place == 1
