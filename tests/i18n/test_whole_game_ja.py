"""A whole short game in Japanese at a real terminal (issue 17): the locale alone chooses the
language; prompt, Tab completion, toolbar, undo, quit and resume; the final table lines up with
a Japanese player's name."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pexpect
import pytest
from wcwidth import wcswidth

from devtools import scenario
from tests.e2e.test_terminal import referee_program, spawn

SCENARIO = (
    Path(__file__).resolve().parents[1]
    / "scenarios"
    / ("express01-3p-short-three-decks-share-from-display.txt")
)
NAME = "花子"  # player A of the scenario, renamed: every word A of a move becomes her name


def moves() -> list[str]:
    s = scenario.load(SCENARIO)
    typed = [c.text for c in s.commands if not c.figures and c.refusal is None]
    return [re.sub(r"(?<!\S)A(?!\S)", NAME, line) for line in typed]


CPR = r"\x1b\[6n"  # prompt-toolkit asks where the cursor is, before each prompt


def expect(child: pexpect.spawn, pattern: str) -> None:
    """Wait for `pattern`, answering the terminal's cursor questions on the way."""
    while child.expect([CPR, pattern]) == 0:
        child.send("\x1b[20;1R")


def play(child: pexpect.spawn, line: str, then: str = "次: ") -> None:
    child.sendline(line)
    expect(child, then)


def test_a_whole_short_game_in_japanese_at_a_real_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("REFEREE_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    s = scenario.load(SCENARIO)
    said = re.search(r"^# board: (\S+)", SCENARIO.read_text(encoding="utf-8"), re.M)
    assert said is not None
    board = SCENARIO.parent / said[1]
    save = tmp_path / "night.toml"
    players = ",".join(NAME if p == "A" else p for p in s.players)
    lines = moves()
    child = spawn(
        [
            "new",
            "express01",
            "-p",
            players,
            "--variant",
            s.variant,
            "--save",
            str(save),
            "--board",
            str(board),
        ],
        tmp_path,
        cpr=True,
    )
    expect(child, "の新しいセッションを.*night.tomlにセーブしました")
    first, *rest = lines
    assert first == f"order C {NAME}"
    expect(child, f"express01 · プレイ順の決定 · {NAME}>")  # the game, its moment, who acts
    expect(child, "基本カード 0/12")  # the bottom toolbar, in words
    child.send("or")
    expect(child, "order")  # offered in the menu
    child.send("\t")  # Tab takes it (the log below keeps `order`)
    expect(child, "der")
    play(child, f" C {NAME}")
    half = len(rest) // 2
    for line in rest[:half]:
        play(child, line)
    child.sendline("undo")
    expect(child, f"取り消し: .*{re.escape(rest[half - 1])}")
    play(child, rest[half - 1])
    child.sendline("quit")
    expect(child, "にセーブしました")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    child = spawn(["resume", str(save)], tmp_path, cpr=True)
    expect(child, f"{NAME}, B, C")
    for line in rest[half:-1]:
        play(child, line)
    play(child, rest[-1], then="最終順位")
    expect(child, "Bの勝利")
    expect(child, "ゲーム終了>")  # the prompt says the game is over
    child.sendline("quit")
    expect(child, "にセーブしました")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    env = {**os.environ, "LANG": "ja_JP.UTF-8"}
    shown = subprocess.run(
        [referee_program(), "show", str(save), "--json"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert json.loads(shown.stdout)["moves"] == len(lines)
    logged = subprocess.run(
        [referee_program(), "log", str(save)], capture_output=True, text=True, env=env, check=True
    ).stdout
    assert f"手番順はC, {NAME}" in logged  # as Tab completed it, said as a sentence
    table = subprocess.run(
        [referee_program(), "show", str(save)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    lines_shown = table.splitlines()
    start = max(i for i, line in enumerate(lines_shown) if line.lstrip().startswith("#  "))
    standings = [line.rstrip() for line in lines_shown[start : start + 2 + len(s.players)]]
    assert "プレイヤー" in standings[0] and any(NAME in line for line in standings)
    widths = {wcswidth(line) for line in standings}
    assert len(widths) == 1, table
