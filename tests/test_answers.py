"""Every answer says why money moved and counts agree in number (issue 26, item 6): whole
games of each game played through the shell, every answer read."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from devtools import scenario
from referee.play.session import Session
from referee.shell.shell import Shell
from tests.i18n.test_catalog import messages

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.txt"))
# A change of cash or money said alone: `Tunneling: cash 90 -> 150`, with no cause.
BARE_CASH = re.compile(r"^\s*\S+: (cash|money) -?\d+ -> -?\d+\s*$")
# A count of one said with a plural noun, or a count of none set aside.
ONE_PLURAL = re.compile(r"(?<![\d.,/])\b1 (cubes|cards|goods|spaces|shares|colours|trains|tiles)\b")
NONE_SET_ASIDE = re.compile(r"\bthe last 0\b")
# A word said twice in a row (names and data such as dice faces may repeat; words may not).
DOUBLED = re.compile(
    r"\b(the|a|an|is|are|to|of|and|or|in|on|for|with|at|by|from|rule|overridden) \1\b"
)


def answers(path: Path) -> list[str]:
    s = scenario.load(path)
    session = Session.new(s.game, s.players, s.variant, s.board)
    said = [e.text for e in session.settle()]
    shell = Shell(session)
    for command in s.commands:
        if not command.figures:
            said += shell.run(command.text).text.splitlines()
    return said


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_cash_change_names_its_cause_and_counts_agree(path: Path) -> None:
    lines = answers(path)
    assert not [line for line in lines if BARE_CASH.match(line)]
    assert not [line for line in lines if ONE_PLURAL.search(line)]
    assert not [line for line in lines if NONE_SET_ASIDE.search(line)]
    assert not [line for line in lines if DOUBLED.search(line)]


def test_no_message_counts_with_an_s_in_brackets() -> None:
    """ "good(s)": a count is said with ngettext, in the number it agrees with."""
    assert not [msgid for msgid, _ in messages() if "(s)" in msgid]


def union_station_in_its_first_auction() -> Shell:
    with (SCENARIOS.parent / "fixtures" / "union-station-fixture-board.toml").open("rb") as f:
        board = tomllib.load(f)
    session = Session.new("union-station", ["A", "B", "C"], "", board)
    session.settle()
    shell = Shell(session)
    for line in ("reveal blue green black orange white", "reveal green"):
        assert shell.run(line).ok
    return shell


def test_a_refusal_and_an_override_name_the_rule_once() -> None:
    """Not "rejected: rule overridden: ... [rule] ...[rule]": the reason and its rule, once."""
    shell = union_station_in_its_first_auction()
    reply = shell.run("bid 40")
    assert reply.text == "rejected: A has only $30 [rule The first auction]; bid less or pass"
    reply = shell.run('force bid 40 --because "a loan"')
    assert "    overrides [rule The first auction]: A has only $30" in reply.text.splitlines()
    assert "rule overridden" not in reply.text and reply.text.count("The first auction") == 1
