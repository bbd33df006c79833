"""The typist one beat behind (issue 26, items 1 and 10): after the referee makes a move with no
choice in it, the typist types it anyway, as the player said it. Every whole game of
tests/scenarios/ played so, each automatic move typed again in full or by its first word, must
go through the same states with the same log as the game played without them: the typed line
confirms the automatic move, and never becomes a move for whoever acts next."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from referee import scenario
from referee.engine import Event, RefereeError
from referee.session import Session
from referee.shell.commands import Shell
from tests.test_scenarios import FILES

# How the typist says the referee's move again: in full, or by its verb alone.
TYPISTS: dict[str, Callable[[str], str]] = {
    "in-full": lambda text: text,
    "by-its-verb": lambda text: text.split()[0],
}


def played(s: scenario.Scenario, typist: Callable[[str], str] | None = None) -> Session:
    """The scenario through the shell; with a typist, each automatic move is typed after the
    line that made it, but for those the scenario's next line confirms itself (its scripts type
    some, as written before the referee made them)."""
    session = Session.new(s.game, s.players, s.variant, s.board)
    session.settle()
    shell = Shell(session)
    lines = [c for c in s.commands if not c.figures and c.refusal is None]
    for command, after in zip(lines, [*lines[1:], None], strict=True):
        made = len(session.entries)
        reply = shell.run(command.text)
        assert reply.ok, f"{s.path.name}:{command.number}: {reply.text}"
        if typist is not None:
            for number in _typed_by_the_typist(session, made, after):
                _confirm(shell, number, typist(session.entries[number].text))
    return session


def _typed_by_the_typist(session: Session, made: int, after: scenario.Command | None) -> list[int]:
    """The automatic moves made since entry `made`, up to the one the scenario's next line
    confirms, if it confirms one (found by asking a copy of the session)."""
    numbers = [n for n in range(made, len(session.entries)) if session.entries[n].auto]
    if after is None or not numbers:
        return numbers
    probe = replace(
        session,
        entries=list(session.entries),
        states=list(session.states),
        awaiting=list(session.awaiting),
        store=None,
    )
    if not any(e.text.startswith("confirmed:") for e in _quiet(probe, after.text)):
        return numbers
    confirmed = session.awaiting[len(session.awaiting) - len(probe.awaiting) - 1]
    return [n for n in numbers if n < confirmed]


def _quiet(session: Session, text: str) -> list[Event]:
    try:
        return session.play(text)
    except RefereeError:
        return []


def _confirm(shell: Shell, number: int, text: str) -> None:
    session = shell.session
    made, logged = session.entries[number], list(session.entries)
    reply = shell.run(text)
    assert f"confirmed: {made.by}: {made.text} (made automatically)" in reply.text, reply.text
    assert session.entries == logged


@pytest.mark.parametrize("typist", sorted(TYPISTS))
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_automatic_move_typed_again_confirms_it_and_the_game_is_the_same(
    path: Path, typist: str
) -> None:
    s = scenario.load(path)
    plain = played(s)
    behind = played(s, TYPISTS[typist])
    game = plain.game
    assert [(e.by, e.text, e.auto) for e in behind.entries] == [
        (e.by, e.text, e.auto) for e in plain.entries
    ]
    assert [game.snapshot(x) for x in behind.states] == [game.snapshot(x) for x in plain.states]
