"""End to end: the installed program in a real pseudo-terminal (pexpect), as a player uses it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pexpect

BOARD = Path(__file__).resolve().parents[1] / "fixtures" / "union-station-fixture-board.toml"


def referee_program() -> str:
    beside = Path(sys.executable).with_name("referee")  # the venv's console script
    found = str(beside) if beside.exists() else shutil.which("referee")
    assert found, "the referee program is not installed (pip install -e .)"
    return found


def spawn(args: list[str], cwd: Path, *, cpr: bool = False) -> pexpect.spawn:
    """The program at a terminal. prompt-toolkit draws the bottom toolbar only where it can ask
    the terminal where the cursor is: with `cpr` the test must answer (`Screen.expect`)."""
    env = {
        **{k: v for k, v in os.environ.items() if k != "PROMPT_TOOLKIT_NO_CPR"},
        "TERM": "xterm",
        "XDG_CONFIG_HOME": str(cwd / "config"),
    }
    if not cpr:
        env["PROMPT_TOOLKIT_NO_CPR"] = "1"
    child = pexpect.spawn(
        referee_program(),
        args,
        cwd=str(cwd),
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(40, 160),
    )
    return child


def test_play_undo_quit_and_resume_in_a_terminal(tmp_path: Path) -> None:
    save = tmp_path / "night.toml"
    child = spawn(
        ["new", "union-station", "-p", "Ann,Bob,Cy", "--save", str(save), "--board", str(BOARD)],
        tmp_path,
    )
    child.expect("Union Station with Ann, Bob, Cy")
    child.expect("union-station · .*Ann>")
    child.sendline("reveal blue green black orange white")
    child.expect("auction share 5 of 5: white")
    child.sendline("reveal green")
    child.expect("Ann bids first")
    child.sendline("bid 8")
    child.expect("Bob")
    child.sendline("bid 9")
    child.expect("Cy")
    child.sendline("undo")
    child.expect("undone: Bob: bid 9")
    child.sendline("bid 99")
    child.expect("rejected: .*")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    child = spawn(["resume", str(save)], tmp_path)
    child.expect("union-station · .*Bob>")
    child.sendline("pass")
    child.expect("Bob passes")
    child.expect("Cy>")  # the prompt is ready for Cy
    child.sendcontrol("d")  # Ctrl-D saves and quits
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    shown = subprocess.run(
        [referee_program(), "show", str(save), "--json"], capture_output=True, text=True, check=True
    )
    data = json.loads(shown.stdout)
    assert data["moves"] == 4 and data["actor"] == "Cy"
    log = subprocess.run([referee_program(), "log", str(save)], capture_output=True, text=True)
    assert [line.split()[1:4] for line in log.stdout.splitlines()[2:]] == [
        ["Ann", "Ann", "reveals"],
        ["Ann", "Ann", "reveals"],
        ["Ann", "Ann", "bids"],
        ["Bob", "Bob", "passes"],
    ]
