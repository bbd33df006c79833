"""Killing the program at any instant leaves a loadable save with every accepted move."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import time
from pathlib import Path

from test_terminal import BOARD, referee_program

from referee import savefile, scenario

SCENARIO = (
    Path(__file__).resolve().parents[1] / "scenarios" / "union-station-3p-twentieth-dividend.txt"
)


def moves() -> list[str]:
    """The scenario's accepted moves, without its refused lines and checked figures."""
    commands = scenario.load(SCENARIO).commands
    return [c.text for c in commands if c.refusal is None and not c.figures]


def test_sigkill_at_random_instants_never_loses_an_accepted_move(tmp_path: Path) -> None:
    rng = random.Random(20261122)
    typed = moves()
    for attempt in range(8):
        save = tmp_path / f"kill-{attempt}.toml"
        proc = subprocess.Popen(
            [
                referee_program(),
                "new",
                "union-station",
                "-p",
                "A,B,C",
                "--save",
                str(save),
                "--board",
                str(BOARD),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")},
        )
        assert proc.stdin is not None and proc.stdout is not None
        sent = rng.randint(1, len(typed))  # the kill lands somewhere in the game
        for line in typed[:sent]:
            proc.stdin.write(f"{line}\n".encode())
            proc.stdin.flush()
            time.sleep(0.003)
        time.sleep(rng.uniform(0.0, 0.05))
        proc.send_signal(signal.SIGKILL)
        out = proc.stdout.read().decode()
        proc.wait()
        answered = out.count("\n> ") + out.startswith("> ")  # moves whose answer began
        if not save.exists():
            assert answered == 0  # killed before the session file was first written
            continue
        session, _ = savefile.read(save)
        kept = [e.text for e in session.entries]
        assert kept == typed[: len(kept)] and len(kept) <= sent  # a prefix of what was typed
        # Every move echoed before the last one was accepted, so it was saved before its answer.
        assert len(kept) >= max(answered - 1, 0)
