"""One state-update style for every game, and a contract typed per game (issue 30 item 2).

Every game plays a move on `state.draft()` and seals it (referee/core/sealed.py): a state a
caller holds, old or new, refuses every change, down to the last dict and list in it. Every
game declares its state and move types (`Game[State, Move]`), so that strict mypy checks its
methods against the contract. docs/adding-a-game.md says so to a newcomer.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, get_args

import pytest

from devtools import scenario
from referee.core.engine import Game
from referee.core.gamespec import GAMES, spec
from referee.core.sealed import Sealable, SealedDict, SealedList
from referee.play.session import Session
from referee.shell.shell import Shell, register_verbs

REGISTERED = sorted(name for name, package in GAMES.items() if ":" not in package)
SCENARIOS = Path(__file__).parent / "scenarios"
MOVES = 12  # moves played into each game's first scenario: past the setup into play


def first_scenario(name: str) -> Path:
    for path in sorted(SCENARIOS.glob("*.txt")):
        if scenario.load(path).game == name:
            return path
    raise AssertionError(f"no scenario of {name} in {SCENARIOS}")


def states_of(name: str) -> list[Any]:
    """The states of the first moves of one of the game's scenarios, the setup's first."""
    s = scenario.load(first_scenario(name))
    register_verbs()
    session = Session.new(s.game, s.players, s.variant, s.board)
    session.settle()
    shell = Shell(session)
    played = [c for c in s.commands if c.refusal is None and not c.figures][:MOVES]
    for command in played:
        assert shell.run(command.text).ok, command.text
    assert len(session.states) > MOVES // 2
    return list(session.states)


def parts(value: Any) -> Iterator[Any]:
    """Every object a state holds, itself included, depth first; not what a frozen value
    holds (a game's board data, such as an 18xx title: made at setup, shared by every state,
    changed by no move)."""
    yield value
    if isinstance(value, Sealable) and dataclasses.is_dataclass(value):
        children: list[Any] = [getattr(value, f.name) for f in dataclasses.fields(value)]
    elif isinstance(value, dict):
        children = [*value.keys(), *value.values()]
    elif isinstance(value, list | tuple | set | frozenset):
        children = list(value)
    else:
        return
    for child in children:
        yield from parts(child)


def changes(part: Any) -> list[Callable[[], object]]:
    """Ways a caller could change one part of a state in place."""
    if isinstance(part, Sealable) and dataclasses.is_dataclass(part):
        name = dataclasses.fields(part)[0].name
        return [lambda: setattr(part, name, getattr(part, name))]
    if isinstance(part, dict):
        return [lambda: part.update({}), lambda: part.clear()]
    if isinstance(part, list):
        return [lambda: part.append(None), lambda: part.clear()]
    return []


def style_faults(state: Any) -> list[str]:
    """What in a state does not follow the sealed draft: a dataclass that is neither a sealed
    Sealable nor a frozen value, a dict or list that is not sealed, a set."""
    faults = []
    if not (isinstance(state, Sealable) and state.__dict__.get("_sealed")):
        faults.append(f"the state itself is a {type(state).__name__}, not a sealed Sealable")
    for part in parts(state):
        kind = type(part).__name__
        if isinstance(part, Sealable):
            if not part.__dict__.get("_sealed"):
                faults.append(f"a {kind} is not sealed")
        elif dataclasses.is_dataclass(part) and not isinstance(part, type):
            if not type(part).__dataclass_params__.frozen:  # type: ignore[attr-defined]
                faults.append(f"a {kind} is a dataclass neither Sealable nor frozen")
        elif isinstance(part, dict | list) and not isinstance(part, SealedDict | SealedList):
            faults.append(f"a {kind} in it is not sealed")
        elif isinstance(part, set):
            faults.append("a set in it can be changed")
    return sorted(set(faults))


@pytest.mark.parametrize("name", REGISTERED)
def test_every_state_of_every_game_is_a_sealed_draft(name: str) -> None:
    """One style for all six games (referee/core/sealed.py): each state is a Sealable sealed
    before the game hands it out, holding only sealed parts and frozen values."""
    for number, state in enumerate(states_of(name)):
        assert not style_faults(state), f"state {number} of {name}: {style_faults(state)}"


@pytest.mark.parametrize("name", REGISTERED)
def test_changing_a_state_a_caller_holds_raises(name: str) -> None:
    """A state the session keeps (the setup's, and each move's) cannot be changed in place:
    undo, replays and the page read old states as they were made."""
    for number, state in enumerate(states_of(name)):
        tried = 0
        for part in parts(state):
            for change in changes(part):
                with pytest.raises((dataclasses.FrozenInstanceError, TypeError)):
                    change()
                tried += 1
        assert tried, f"state {number} of {name}: nothing in it was tried"


@pytest.mark.parametrize("name", REGISTERED)
def test_every_game_declares_its_state_and_move_types(name: str) -> None:
    """`class CongoLine(Game[State, CongoMove])`: strict mypy checks the game's methods
    against the contract only when the game names its types (not Any, not a bare Game)."""
    game = spec(name).new_game()
    bases = [b for b in getattr(type(game), "__orig_bases__", ()) if b.__origin__ is Game]
    assert bases, f"{type(game).__name__} does not subclass Game[State, Move]"
    state_type, move_type = get_args(bases[0])
    assert Any not in (state_type, move_type), f"{type(game).__name__}: Game[{state_type}, ...]"
    assert isinstance(states_of(name)[0], state_type)
