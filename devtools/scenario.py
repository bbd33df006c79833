"""Whole games as command scripts (tests/scenarios/*.txt), with their expected standings.

A scenario file is what a player would type, one command per line, plus headers:

    # game: union-station
    # players: A,B,C
    # variant: standard                (optional)
    # board: ../fixtures/us-board.toml   (optional; relative to this file)
    # expect-over: yes
    # expect-score: A 123
    # expect-winner: A                   (several, comma-separated, for a shared win)

Other lines starting with '#' are comments (the hand working goes there). A command line
starting with '!' must be refused, and says why; the game goes on without it:

    ! buy blue  # rule: 株式の購入         (a RuleError whose `rule` is exactly this)
    ! buy  # usage: buy needs a colour     (a UsageError whose message holds this text)
    ! bye  # usage                         (any UsageError: the words are not a move)

Any other refusal (another rule, a usage error where a rule was expected) fails the line.

A line starting with '=' checks figures of the game at that point, by the names the game gives
its numbers for `adjust` (`Game.adjustables`), comma-separated:

    = cash A 21, cash B 7, price blue 12
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.core.engine import RuleError, UsageError

USAGE = "usage"


@dataclass(frozen=True)
class Refusal:
    """Why a '!' line must be refused: by `rule` (its exact name), or as a usage error."""

    rule: str = ""  # RuleError.rule; empty for a usage error
    usage: str = ""  # for a usage error: text its message must hold (may be empty)

    def __str__(self) -> str:
        return f"rule: {self.rule}" if self.rule else f"usage: {self.usage}".rstrip(": ")


@dataclass(frozen=True)
class Command:
    number: int  # the line of the file
    text: str  # as typed, without the '!' and its reason
    refusal: Refusal | None = None  # set on a '!' line: the move must be refused so
    figures: tuple[tuple[str, int], ...] = ()  # set on a '=' line: no move, these must hold


@dataclass
class Scenario:
    path: Path
    game: str
    players: list[str]
    variant: str = ""
    board: dict[str, Any] = field(default_factory=dict)
    commands: list[Command] = field(default_factory=list)
    expect_over: bool | None = None
    expect_scores: dict[str, int] = field(default_factory=dict)
    expect_winners: list[str] = field(default_factory=list)


def load(path: Path) -> Scenario:
    headers: dict[str, list[str]] = {}
    commands: list[Command] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            key, sep, value = line[1:].partition(":")
            key = key.strip()
            if sep and key in {"game", "players", "variant", "board"} | {
                "expect-over",
                "expect-score",
                "expect-winner",
            }:
                headers.setdefault(key, []).append(value.strip())
            continue
        commands.append(_command(path, number, line))
    if "game" not in headers or "players" not in headers:
        raise ValueError(f"{path}: a scenario needs '# game:' and '# players:' headers")
    board: dict[str, Any] = {}
    if "board" in headers:
        with (path.parent / headers["board"][0]).open("rb") as f:
            board = tomllib.load(f)
    scores = {}
    for entry in headers.get("expect-score", []):
        player, value = entry.rsplit(maxsplit=1)
        scores[player] = int(value)
    over = headers.get("expect-over")
    return Scenario(
        path=path,
        game=headers["game"][0],
        players=[p.strip() for p in headers["players"][0].split(",")],
        variant=headers.get("variant", [""])[0],
        board=board,
        commands=commands,
        expect_over=None if over is None else over[0].lower() in {"yes", "true"},
        expect_scores=scores,
        expect_winners=[w.strip() for w in headers.get("expect-winner", [""])[0].split(",") if w],
    )


def _command(path: Path, number: int, line: str) -> Command:
    if line.startswith("="):
        return Command(number, line, figures=_figures(path, number, line[1:]))
    if not line.startswith("!"):
        return Command(number, line)
    text, _, reason = line[1:].partition("#")
    kind, _, detail = reason.strip().partition(":")
    kind, detail = kind.strip(), detail.strip()
    if kind == "rule" and detail:
        return Command(number, text.strip(), Refusal(rule=detail))
    if kind == USAGE:
        return Command(number, text.strip(), Refusal(usage=detail))
    raise ValueError(
        f"{path.name}:{number}: a '!' line says why it is refused: "
        "'! MOVE  # rule: RULE' or '! MOVE  # usage[: TEXT]'"
    )


def _figures(path: Path, number: int, text: str) -> tuple[tuple[str, int], ...]:
    figures = []
    for item in text.split(","):
        name, _, value = item.strip().rpartition(" ")
        if not name or not value.lstrip("-").isdigit():
            raise ValueError(f"{path.name}:{number}: '= NAME N, NAME N ...', not '{item.strip()}'")
        figures.append((name, int(value)))
    return tuple(figures)


def wrong_figures(session: Any, command: Command) -> str:
    """'' if the game's numbers at this point are those the line gives; else which are not."""
    have = session.game.adjustables(session.state)
    wrong = [
        f"{name} is {have.get(name, 'unknown')}, not {value}"
        for name, value in command.figures
        if have.get(name) != value
    ]
    return "; ".join(wrong)


def refused_as_expected(session: Any, command: Command) -> str:
    """'' if the session refuses the command for its expected reason; else what happened."""
    refusal = command.refusal
    assert refusal is not None
    try:
        session.what_if(command.text)
    except RuleError as e:
        if refusal.rule == e.rule:
            return ""
        if not refusal.rule:
            return f"refused by a rule, not as a usage error: {e}"
        return f"refused by another rule than '{refusal.rule}': {e}"
    except UsageError as e:
        if not refusal.rule and refusal.usage in str(e):
            return ""
        return f"refused as a usage error, not for '{refusal}': {e}"
    return "was accepted"


def play(scenario: Scenario) -> Any:
    """Play a scenario through the shell's command layer, in memory; return the session."""
    from referee.play.session import Session
    from referee.shell.shell import Shell, register_verbs

    register_verbs()
    session = Session.new(scenario.game, scenario.players, scenario.variant, scenario.board)
    session.settle()
    shell = Shell(session)
    for command in scenario.commands:
        where = f"{scenario.path.name}:{command.number}: '{command.text}'"
        if command.figures:
            wrong = wrong_figures(session, command)
            if wrong:
                raise AssertionError(f"{where}: {wrong}")
            continue
        if command.refusal is not None:
            wrong = refused_as_expected(session, command)
            if wrong:
                raise AssertionError(f"{where} {wrong}")
        reply = shell.run(command.text)
        if reply.ok != (command.refusal is None):
            raise AssertionError(f"{where} {reply.text or 'was accepted'}")
    return session
