"""Building Lost Atlas positions for the rule tests by playing typed moves."""

from __future__ import annotations

from referee.engine import Event
from referee.games.lost_atlas.rules import LostAtlas
from referee.games.lost_atlas.state import State

G = LostAtlas()
MICRO2 = "charters Expansive,Eastern / Express,Suburban"


def play(state: State, *lines: str, actor: str | None = None) -> State:
    for line in lines:
        state, _ = step(state, line, actor)
    return state


def step(state: State, line: str, actor: str | None = None) -> tuple[State, list[Event]]:
    who = actor or G.options(state).actor
    assert who is not None
    return G.apply(state, G.parse(state, who, line.split()))


def new(variant: str = "micro", players: tuple[str, ...] = ("A", "B"),
        charters: str = MICRO2) -> State:
    return play(G.setup(list(players), variant, {}), charters, "destinations 30/40/70/100")


def two_minors() -> State:
    """Micro, A and B: A founds Expansive at 120 (price 60), B Express at 130 (price 60, on
    top); both pass: Express is about to operate in OR1."""
    s = new()
    return play(s, "auction 120", "pass", "pick Expansive", "auction 130", "pass",
                "pick Express", "pass", "pass")
