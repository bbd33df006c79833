"""Killing the program at any instant leaves a loadable save with every accepted move.

200 instants: real `kill -9` of the program at random moments of a game fed through a pipe,
and, for the instants inside an append that a real kill rarely hits, the save cut at random
byte offsets of its last block (what a kill or a power cut in the middle of the write leaves).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import time
from pathlib import Path

from test_terminal import BOARD, referee_program

from devtools import scenario
from referee.play.session import Session
from referee.store import config, savefile

SCENARIO = (
    Path(__file__).resolve().parents[1] / "scenarios" / "union-station-3p-twentieth-dividend.txt"
)
REAL_KILLS = 8  # each waits for the program to start: the attack suite (-m attack) has 250
CUT_APPENDS = 200 - REAL_KILLS


def moves() -> list[str]:
    """The scenario's accepted moves, without its refused lines and checked figures."""
    commands = scenario.load(SCENARIO).commands
    return [c.text for c in commands if c.refusal is None and not c.figures]


def leftovers(save: Path) -> list[str]:
    return [
        p.name
        for p in save.parent.iterdir()
        if p.name.startswith(f".{save.name}.") and p.name.endswith((".tmp", ".lock"))
    ]


def test_sigkill_at_random_instants_never_loses_an_accepted_move(tmp_path: Path) -> None:
    rng = random.Random(20261122)
    typed = moves()
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    for attempt in range(REAL_KILLS):
        save = tmp_path / f"kill-{attempt}.toml"
        args = ["new", "union-station", "-p", "A,B,C", "--save", str(save), "--board", str(BOARD)]
        proc = subprocess.Popen(
            [referee_program(), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        assert proc.stdin is not None and proc.stdout is not None
        # Once the game began: the program takes most of a second to start on a busy machine,
        # and a kill before it wrote the file would test nothing.
        began = proc.stdout.readline()
        sent = rng.randint(1, len(typed))  # the kill lands somewhere in the game
        for line in typed[:sent]:
            proc.stdin.write(f"{line}\n".encode())
            proc.stdin.flush()
            time.sleep(0.002)
        time.sleep(rng.uniform(0.0, 0.2))
        proc.send_signal(signal.SIGKILL)
        out = (began + proc.stdout.read()).decode()
        proc.wait()
        answered = out.count("\n> ") + out.startswith("> ")  # moves whose answer was printed
        assert began.startswith(b"new ") and save.exists(), began
        session, _ = savefile.read(save)
        kept = [e.text for e in session.entries]
        assert kept == typed[: len(kept)] and len(kept) <= sent  # a prefix of what was typed
        assert len(kept) >= answered  # every move answered was saved before its answer
        # The next resume takes the dead shell's lock over and clears what it left behind.
        again = subprocess.run(
            [referee_program(), "resume", str(save)], input=b"", capture_output=True, env=env
        )
        assert again.returncode == 0, again.stderr
        assert leftovers(save) == []
        assert [e.text for e in savefile.read(save)[0].entries] == kept


def test_a_kill_in_the_middle_of_an_append_loses_at_most_that_move(tmp_path: Path) -> None:
    """Every version of the file the game went through, and cuts of it inside each append."""
    rng = random.Random(20261124)
    typed = moves()
    save = tmp_path / "cut.toml"
    session = Session.new("union-station", ["A", "B", "C"], board=config.read_board_file(BOARD))
    savefile.create(session, save)
    versions = [save.read_bytes()]
    for line in typed:
        session.play(line)
        versions.append(save.read_bytes())
    assert session.save_error == ""
    appends = [k for k in range(1, len(versions)) if versions[k].startswith(versions[k - 1])]
    assert len(appends) == len(typed)  # this game is short: every move was an append
    for _ in range(CUT_APPENDS):
        k = rng.choice(appends)  # move k was being appended: moves 1..k-1 were answered
        before, after = versions[k - 1], versions[k]
        save.write_bytes(after[: rng.randint(len(before), len(after))])
        loaded, _ = savefile.read(save)
        kept = [e.text for e in loaded.entries]
        assert kept in (typed[: k - 1], typed[:k])
