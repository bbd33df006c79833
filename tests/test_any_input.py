"""Bad input anywhere gives one clear line, never a traceback: every game, fed random words
drawn from its own vocabulary, numbers (negative, huge) and junk, answers each line with a
Reply; the state only changes through accepted moves."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import games
from referee.play.session import Session
from referee.shell.shell import Shell

FIXTURES = Path(__file__).parent / "fixtures"
SETUPS = {
    "union-station": (["A", "B", "C"], "", "union-station-fixture-board.toml"),
    "congo-line": (["A", "B", "C"], "", "congo-line-fixture-board.toml"),
    "railroad-rivals": (["A", "B", "C"], "hotels", "railroad-rivals-fixture-board.toml"),
    "express01": (["A", "B", "C"], "short", "express01-fixture-board.toml"),
    "lost-atlas": (["A", "B", "C"], "short", ""),
    "18xx": (["A", "B", "C"], "", "../games/titled/toy-line.toml"),
}
JUNK = [
    "",
    "-1",
    "0",
    "999999999999999999999",
    "1e9",
    "x",
    "'",
    '"',
    "--because",
    "ö",
    "\\",
    "as",
    "force",
    "undo",
    "redo",
    "amend",
    "what-if",
    "help",
    "status",
    "log",
    "count",
]


def new_session(name: str) -> Session:
    players, variant, board_file = SETUPS[name]
    board = tomllib.loads((FIXTURES / board_file).read_text()) if board_file else {}
    return Session.new(name, players, variant, board)


def test_every_game_is_covered() -> None:
    assert sorted(SETUPS) == sorted(games.names())


@pytest.mark.parametrize("name", sorted(SETUPS))
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(data=st.data())
def test_random_lines_never_raise(name: str, data: st.DataObject) -> None:
    session = new_session(name)
    shell = Shell(session)
    game = session.game
    vocabulary = [v.name for v in game.verbs()] + session.players + JUNK
    for _ in range(25):
        options = game.options(session.state)
        words = list(options.verbs)
        for slots in options.args.values():
            for slot in slots:
                words += list(slot)
        pool = vocabulary + words
        line = " ".join(data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=6)))
        before = len(session.entries)
        reply = shell.run(line)
        assert isinstance(reply.text, str)
        if not reply.ok:
            assert reply.text.startswith("rejected: ") and "\n" not in reply.text
            assert reply.exit_code in (1, 2)
            assert len(session.entries) == before
