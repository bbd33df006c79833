"""Shared helpers for the Railroad Rivals tests (fixture board: invented, not the real game)."""

from __future__ import annotations

from typing import Any

from referee.core.engine import Overridden, RuleError
from referee.games.railroad_rivals.state import State
from referee.play.session import Session

BOARD = {"city_tiles": 40, "stock_tiles": 48, "railroads": []}

# Chicago at 0,0 with PRR north, B&O east, a blank south and NYC west; 3 cargo.
OPENING = ["start Chicago PRR B&O - NYC 3", "draw wood wood grain"]


def new(
    players: str = "A,B,C",
    variant: str = "",
    board: dict | None = None,
    readings: dict[str, str] | None = None,
) -> Session:
    return Session.new(
        "railroad-rivals", players.split(","), variant, board or dict(BOARD), readings
    )


def edited(state: State, **changes: Any) -> State:
    """A position the test needs, set by hand (on a draft, sealed again)."""
    draft = state.draft()
    for name, value in changes.items():
        setattr(draft, name, value)
    return draft.seal()


def play(session: Session, *lines: str) -> list[str]:
    """Play lines; return the event texts of the last one."""
    texts: list[str] = []
    for line in lines:
        texts = [e.text for e in session.play(line)]
    return texts


def overridden(session: Session, line: str) -> list[str]:
    """Play a forced line; return the rules it overrode."""
    return [e.rule for e in session.play(line) if isinstance(e, Overridden)]


def rejected(session: Session, line: str) -> RuleError:
    try:
        session.play(line)
    except RuleError as e:
        return e
    raise AssertionError(f"'{line}' was accepted")


def three_at_placement(variant: str = "") -> Session:
    """3 players A, B, C in that order, turn 1, at the placement phase.

    A took Denver + B&O, B took Omaha + NYC, C took PRR + Tulsa: each holds 3 city tiles.
    """
    s = new("A,B,C", variant)
    play(
        s,
        *OPENING,
        "order A B C",
        "reveal city Denver Omaha Tulsa stock PRR B&O NYC",
        "take Denver",
        "take Omaha",
        "take PRR",
        "take B&O",
        "take NYC",
        "take Tulsa",
    )
    return s


def three_at_delivery(variant: str = "") -> Session:
    """As three_at_placement, then: A places Denver east of Chicago (B&O link, A's),
    B places Omaha north (PRR link, B's), C places Tulsa west (NYC link, C's).

    Cubes: Chicago wood 2 grain 1; Denver wood 2; Omaha grain 2; Tulsa wood 1.
    """
    s = three_at_placement(variant)
    play(
        s,
        "place Denver 1,0 - - - B&O 2",
        "draw wood wood",
        "place Omaha 0,-1 - - PRR - 2",
        "draw grain grain",
        "place Tulsa -1,0 - NYC - - 1",
        "draw wood",
    )
    return s
