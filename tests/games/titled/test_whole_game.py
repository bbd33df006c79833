"""A whole game of the made-up Toy Line, played through the Game contract (parse, options,
apply), every figure worked out by hand from the title's description (toy-line.toml)."""

from __future__ import annotations

import shlex
import tomllib
from pathlib import Path

import pytest

from referee.core.engine import UsageError, typed_move
from referee.games.titled.game import Titled
from referee.games.titled.state import State
from tests.games.titled.helpers import TOY

GAME = Titled()
BOARD = tomllib.loads(Path(TOY).read_text(encoding="utf-8"))

# (player, line) in order; comments give the hand working.
LINES = """
A bid P1 30          # fixed price: A 270; B has the priority deal
B par BLU 40         # 80 to BLU (incremental), which floats
B done
A par RED 30         # 60 to RED; A 210
A done
B buy RED            # 30 to RED (90); B 190
B done
A buy BLU            # 40 to BLU (120); A 170
A done
B done
A done               # operating round 1.1; P1 pays A 5 (175)
B train 2            # BLU had no train: it does not run (40 -> 30); BLU 60
B done
A train 2            # the same for RED: 30 -> 20; RED 30
A done
B sell RED 1         # 20 to B (210); one step left for the block: 20 -> 10
B done
A buy RED pool       # 10 to the bank; A 165
A done
B done
A done               # OR 2.1: A 170
B run 40             # B 16 (226), A 8 (178), the initial offering's 16 to BLU (76); 30 -> 40
B done
A run 30 half        # keeps 15; 3 a share: A 9 (187), initial offering 6 to RED (51)
A done
B done
A done               # OR 3.1: A 192
B run 40             # B 242, A 200, BLU 92; 40 -> 50
B done
A run 0              # 10 -> 0, a closing space (trusted)
A done
B done
A done               # OR 4.1: A 205
B run 40             # B 258, A 213, BLU 108; 50 -> 60
B train 2            # BLU 48
B done
A run 20             # A 12 (225), RED 8 (59); 0 -> 10
A done               # the fourth set ends the game
"""


def play_lines() -> tuple[State, list[str]]:
    state = GAME.setup(["A", "B"], "described", BOARD)
    said: list[str] = []
    for raw in LINES.strip().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        who, *words = shlex.split(line)
        assert GAME.options(state).actor == who, (line, GAME.options(state))
        state, events = GAME.apply(state, typed_move(GAME, state, who, words))
        said += [e.text for e in events]
    return state, said


def test_a_whole_toy_line_game_ends_with_the_figures_worked_by_hand() -> None:
    state, said = play_lines()
    assert GAME.is_over(state) and GAME.options(state).actor is None
    assert state.cash == {"A": 225, "B": 258}
    assert (state.corps["BLU"].cash, state.corps["RED"].cash, state.bank) == (48, 59, 1410)
    assert state.space(state.corps["BLU"]).price == 60
    assert state.space(state.corps["RED"]).price == 10
    assert state.phase == "A" and state.privates["P1"] == "A"
    assert any(s.startswith("trusted: RED reaches a closing space") for s in said)
    assert "BLU does not run: nothing paid" in said
    # worth: cash + shares at market price + privates at face (P1 30)
    standings = GAME.standings(state)
    assert [(s.player, s.score, s.place) for s in standings] == [("B", 378, 1), ("A", 345, 2)]


def test_the_snapshot_is_plain_data() -> None:
    state, _ = play_lines()

    def plain(value: object) -> bool:
        if isinstance(value, dict):
            return all(isinstance(k, str) and plain(v) for k, v in value.items())
        if isinstance(value, list):
            return all(plain(v) for v in value)
        return isinstance(value, str | int | bool)

    snap = GAME.snapshot(state)
    assert plain(snap) and snap["companies"]["BLU"]["price"] == 60
    assert "game over" in GAME.status(state) and "bank 1410£" in GAME.toolbar(state)


def test_words_that_are_not_a_move_are_one_line_usage_errors() -> None:
    state = GAME.setup(["A", "B"], "described", BOARD)
    for words in (["bid"], ["bid", "P1", "lots"], ["fly"], ["train", "2", "trade"]):
        with pytest.raises(UsageError):
            GAME.parse(state, "A", words)
    with pytest.raises(UsageError, match="toy-line is for 2, 3 players, not 4"):
        GAME.setup(["A", "B", "C", "D"], "described", BOARD)
    with pytest.raises(UsageError, match="18xx banks a title: say which"):
        GAME.check_board({})


def test_adjusting_cash_takes_the_difference_from_the_bank() -> None:
    state = GAME.setup(["A", "B"], "described", BOARD)
    state, _ = GAME.adjust(state, "cash A", 350)
    assert state.cash["A"] == 350 and state.money_total() == 2000


def test_the_market_trains_and_companies_views() -> None:
    state, _ = play_lines()
    market = GAME.view(state, "market")
    assert "60[BLU]" in market and "10[RED]" in market and "moves: pay right" in market
    trains = GAME.view(state, "trains")
    assert "phase A: tiles yellow; train limit 3" in trains
    assert "for sale now: 3" in trains and "BLU 2 2" in trains
    assert "RED: initial offering 40%, pool 0%" in GAME.view(state, "companies")
