"""Driving a described title's engine in the tests: moves as short text, states by hand."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from referee.core.engine import Event
from referee.games.titled.describe import load_title
from referee.games.titled.moves import (
    Bankrupt,
    BidPrivate,
    Buy,
    BuyPrivate,
    BuyTrain,
    Discard,
    Done,
    Lay,
    Par,
    PlaceBonus,
    Run,
    Sell,
    Token,
)
from referee.games.titled.play import apply
from referee.games.titled.state import IPO, POOL, State, new_state

TOY = str(Path(__file__).with_name("toy-line.toml"))


def move(text: str) -> object:
    """`A par PRR 100`, `A buy PRR` (from the initial offering), `A buy PRR pool`,
    `A sell PRR 2`, `A done`, `A bid SV 20`."""
    actor, verb, *rest = text.split()
    if verb == "par":
        return Par(actor, rest[0], int(rest[1]))
    if verb == "buy":
        return Buy(actor, rest[0], POOL if rest[1:] == ["pool"] else IPO)
    if verb == "sell":
        return Sell(actor, rest[0], int(rest[1]))
    if verb == "bid":
        return BidPrivate(actor, rest[0], int(rest[1]))
    if verb == "train":  # `C train 2`, `C train D 5` (trading a 5 in), `C train 2 from NYC 50`
        if rest[1:2] == ["from"]:
            return BuyTrain(actor, rest[0], seller=rest[2], price=int(rest[3]))
        return BuyTrain(actor, rest[0], trade=rest[1] if len(rest) > 1 else "")
    if verb == "run":
        return Run(actor, int(rest[0]), rest[1] if rest[1:] else "full")
    if verb == "token":
        return Token(actor, rest[0])
    if verb == "tile":  # `C tile H10 57 0 80 [PRIVATE]`: hex, tile, rotation, cost, by
        return Lay(actor, rest[0], rest[1], int(rest[2]), int(rest[3]), "".join(rest[4:5]))
    if verb == "discard":
        return Discard(actor, rest[0], rest[1])
    if verb == "private":  # `C private SV 40`, `C private SNAR G4` (its bonus token)
        if rest[1].isdigit():
            return BuyPrivate(actor, rest[0], int(rest[1]))
        return PlaceBonus(actor, rest[0], rest[1])
    if verb == "bankrupt":
        return Bankrupt(actor)
    assert verb == "done", text
    return Done(actor)


def play(state: State, *texts: str) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for text in texts:
        state, new = apply(state, move(text))
        events += new
    return state, events


def start(title: str, players: str) -> State:
    return new_state(load_title(title), players.split(","))


def after_1830_auction() -> State:
    """1830 for A,B,C,D with the privates bought at face value in turn: A SV, B CS, C DH, D MH,
    A CA, B BO (B&O parred at 100 by B). Stock round 1 starts with C (after B, the last to act)."""
    state, _ = play(
        start("1830", "A,B,C,D"),
        "A bid SV 20",
        "B bid CS 40",
        "C bid DH 70",
        "D bid MH 110",
        "A bid CA 160",
        "B bid BO 220",
        "B par B&O 100",
    )
    return state


def edited(state: State, change: Callable[[State], None]) -> State:
    """A state changed by hand (a position the test needs), sealed again."""
    draft = state.draft()
    change(draft)
    return draft.seal()
