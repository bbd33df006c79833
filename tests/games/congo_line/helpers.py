"""Shared helpers for the Congo Line tests: the fixture board and quick positions."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

from referee.core.engine import Event
from referee.games.congo_line.game import CongoLine
from referee.games.congo_line.state import State, Train

GAME = CongoLine()
ROOT = Path(__file__).resolve().parents[2]
BOARD: dict[str, Any] = tomllib.loads(
    (ROOT / "fixtures" / "congo-line-fixture-board.toml").read_text(encoding="utf-8")
)
TRAIN_ORDER = ("red", "yellow", "green", "blue")


def do(
    state: State, text: str, actor: str | None = None, forced: bool = False
) -> tuple[State, list[Event]]:
    actor = actor or GAME.options(state).actor
    assert actor is not None
    return GAME.apply(state, GAME.parse(state, actor, text.split()), forced=forced)


def run(state: State, *texts: str) -> State:
    for text in texts:
        state, _ = do(state, text)
    return state


def new(players: str = "A,B,C") -> State:
    return GAME.setup(players.split(","), "standard", GAME.check_board(BOARD))


def started(players: str = "A,B,C", opening: tuple[str, ...] = ()) -> State:
    """Starting shares red, yellow, green(, blue) in seat order; `opening` cubes (by default
    one round: each player one cube on the train of their own share); then start."""
    state = new(players)
    n = len(state.players)
    opening = opening or TRAIN_ORDER[:n]
    state = run(state, *(f"take {t}" for t in TRAIN_ORDER[:n]))
    state = run(state, *(f"place {t}" for t in opening))
    return run(state, "start")


def set_train(state: State, colour: str, at: str, goods: str = "") -> State:
    """Put a train in a city ("Likasi") or on a space ("Lubumbashi>Likasi:2", 1-based),
    carrying goods owned as listed ("AAB")."""
    owners = tuple(goods)
    if ":" in at:
        name, step = at.split(":")
        line = next(i for i, x in enumerate(state.board.lines) if x.name == name)
        old = state.trains[colour]
        train = Train(
            colour, city="", line=line, step=int(step) - 1, last_city=old.last_city, goods=owners
        )
    else:
        train = Train(colour, city=at, last_city=at, goods=owners)
    supply = dict(state.supply)
    for p in state.players:
        supply[p] -= owners.count(p) - state.trains[colour].goods.count(p)
    return replace(state, trains={**state.trains, colour: train}, supply=supply)


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)
