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
starting with '!' must be rejected by the rules; the game goes on without it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Scenario:
    path: Path
    game: str
    players: list[str]
    variant: str = ""
    board: dict[str, Any] = field(default_factory=dict)
    commands: list[tuple[int, str]] = field(default_factory=list)  # (line number, text)
    expect_over: bool | None = None
    expect_scores: dict[str, int] = field(default_factory=dict)
    expect_winners: list[str] = field(default_factory=list)


def load(path: Path) -> Scenario:
    headers: dict[str, list[str]] = {}
    commands: list[tuple[int, str]] = []
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
        commands.append((number, line))
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


def play(scenario: Scenario) -> Any:
    """Play a scenario through the shell's command layer, in memory; return the session."""
    from referee.session import Session
    from referee.shell.commands import Shell

    session = Session.new(scenario.game, scenario.players, scenario.variant, scenario.board)
    shell = Shell(session)
    for number, text in scenario.commands:
        must_fail = text.startswith("!")
        reply = shell.run(text.lstrip("!").strip())
        where = f"{scenario.path.name}:{number}"
        if not reply.ok and not must_fail:
            raise AssertionError(f"{where}: '{text}' {reply.text}")
        if reply.ok and must_fail:
            raise AssertionError(f"{where}: '{text}' was accepted")
    return session
