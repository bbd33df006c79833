"""Helpers for the Union Station tests: the invented fixture board and a standard opening."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from referee.core.engine import Event, Overridden, RuleError
from referee.games.union_station.game import UnionStation
from referee.games.union_station.railroads import COLOURS
from referee.games.union_station.state import State
from referee.play.session import Session

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
GAME = UnionStation()


def fixture_board(name: str = "union-station-fixture-board.toml") -> dict[str, Any]:
    with (FIXTURES / name).open("rb") as f:
        return tomllib.load(f)


BOARD = fixture_board()

# A 3-player opening: after it A has blue (8) and orange (10), cash 12; B has green (6), cash 24;
# C has black (7) and white (5), cash 18. White is the lowest: C starts. Offer: +1 green;
# deck top blue.
OPENING = [
    "reveal blue green black orange white green",
    "bid 8", "pass", "pass",  # blue: A 8
    "pass", "bid 6", "pass",  # green: A passes, B 6, C passes
    "pass", "bid 7", "pass",  # black: B passes, C 7, A passes
    "pass", "bid 10", "pass",  # orange: C passes, A 10, B passes
    "pass", "pass", "bid 5",  # white: A, B pass, C 5
    "reveal blue",
]  # fmt: skip


def session(players: str = "A,B,C", board: dict[str, Any] | None = None) -> Session:
    return Session.new("union-station", players.split(","), "", board or BOARD)


def opened() -> Session:
    s = session()
    for line in OPENING:
        s.play(line)
    return s


def move(state: State, text: str, actor: str | None = None, forced: bool = False):
    """Apply one typed move to a state; return (new state, event texts)."""
    who = actor or GAME.options(state).actor
    assert who is not None
    new, events = GAME.apply(state, GAME.parse(state, who, text.split()), forced=forced)
    return new, [e.text for e in events]


def forced(state: State, text: str, actor: str | None = None) -> tuple[State, list[str]]:
    """Apply one move as forced by the table; return (new state, the rules it overrode)."""
    who = actor or GAME.options(state).actor
    assert who is not None
    new, events = GAME.apply(state, GAME.parse(state, who, text.split()), forced=True)
    return new, [e.rule for e in events if isinstance(e, Overridden)]


def refused(state: State, text: str, actor: str | None = None) -> RuleError:
    with pytest.raises(RuleError) as info:
        move(state, text, actor)
    return info.value


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def with_road(state: State, colour: str, **changes: Any) -> State:
    """A position the test needs: a railroad's pieces set by hand (on a draft, sealed again)."""
    s = state.draft()
    for name, value in changes.items():
        setattr(s.road(colour), name, value)
    return s.seal()


def with_seat(state: State, player: int, **changes: Any) -> State:
    """A position the test needs: a player's cash or shares set by hand."""
    s = state.draft()
    for name, value in changes.items():
        setattr(s.seats[player], name, value)
    return s.seal()


def with_prices(state: State, **prices: int) -> State:
    for colour, price in prices.items():
        state = with_road(state, colour, price=price)
    return state


def with_shares(state: State, player: str, **shares: int) -> State:
    p = state.players.index(player)
    held = list(state.seats[p].shares)
    for colour, n in shares.items():
        held[COLOURS.index(colour)] = n
    return with_seat(state, p, shares=held)


def with_cash(state: State, **cash: int) -> State:
    for player, amount in cash.items():
        state = with_seat(state, state.players.index(player), cash=amount)
    return state


def with_offer(
    state: State, a: str = "", b: str = "", c: str = "", top: str | None = None
) -> State:
    state = replace(state, offer=(a, b, c))
    return state if top is None else replace(state, top=top)
