"""Start-up time: the single binary next to `python -m referee`, against `python -c pass`.

Run by hand (it is a benchmark, not a test):

    python bench/startup.py [--runs 10]

Each command is run --runs times as a subprocess; the best time is printed, and its ratio to
`python -c pass` (the floor of any Python program). The binary is timed if scripts/build-binary
has built dist/referee. `resume` of a long session is timed when a game of the registry has a
whole game in tests/scenarios/ to make the session from.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DIVIDEND = ["dividend", "310", "--major"]
POSITION_1889 = ROOT / "tests" / "eighteen" / "positions" / "1889_saijou_imabari.toml"
ROUTE_1889 = ["route", str(POSITION_1889), "--company", "IR", "--trains", "D"]


def best(command: list[str], runs: int, env: dict[str, str], stdin: str = "") -> float:
    """The best wall-clock time of `runs` runs; the command must succeed."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            command,
            input=stdin,
            text=True,
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        times.append(time.perf_counter() - start)
    return min(times)


LONG = 2000


def random_legal_play(game: str, players: list[str], board: dict, target: int, seed: int):
    """A session of `target` moves chosen at random among the legal ones (`options`)."""
    import random

    from referee.core.engine import RefereeError
    from referee.play.session import Session

    rng = random.Random(seed)
    session = Session.new(game, players, "", board)
    attempts = 0
    while len(session.entries) < target and attempts < target * 50:
        attempts += 1
        options = session.game.options(session.state)
        if options.actor is None:
            break
        verb = rng.choice(options.verbs)
        if rng.random() < 0.3 and {"pass", "done"} & set(options.verbs):
            verb = "pass" if "pass" in options.verbs else "done"
        words = [verb]
        for i, candidates in enumerate(options.args.get(verb, ())):
            if candidates and (i == 0 or rng.random() < 0.6):
                words.append(rng.choice(candidates))
        try:
            session.play(" ".join(words))
        except RefereeError:
            continue
    return session


def long_session(folder: Path) -> tuple[Path, str, int] | None:
    """A save file of 2,000 moves: random legal play of a game that lasts that long (Congo
    Line on its test fixture board does), else the longest whole game in tests/scenarios/."""
    import tomllib

    from devtools import scenario
    from referee import games
    from referee.store import savefile

    fixture = ROOT / "tests" / "fixtures" / "congo-line-fixture-board.toml"
    if "congo-line" in games.names() and fixture.exists():
        board = tomllib.loads(fixture.read_text())
        session = random_legal_play("congo-line", ["A", "B", "C", "D"], board, LONG, seed=1)
        if len(session.entries) == LONG:
            save = folder / "congo-line-random.toml"
            savefile.write(session, save)
            return save, "congo-line (random legal play)", LONG
    candidates = []
    for path in sorted((ROOT / "tests" / "scenarios").glob("*.txt")):
        s = scenario.load(path)
        if s.game in games.names():
            candidates.append((len(s.commands), path.stem, s))
    if not candidates:
        return None
    _, name, s = max(candidates, key=lambda c: c[0])
    session = scenario.play(s)
    save = folder / f"{name}.toml"
    savefile.write(session, save)
    return save, name, len(session.entries)


def main() -> int:
    from referee.shell.shell import register_verbs

    register_verbs()  # the frame's verbs, as the program puts them in force
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()

    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # this checkout's referee
    env.pop("REFEREE_TABLES", None)
    python = sys.executable
    script = Path(python).parent / "referee"
    binary = ROOT / "dist" / "referee"

    rows: list[tuple[str, list[str], str]] = [
        ("python -c pass", [python, "-c", "pass"], ""),
        ("python -m referee " + " ".join(DIVIDEND), [python, "-m", "referee", *DIVIDEND], ""),
        (
            "python -m referee " + " ".join(DIVIDEND) + " --json",
            [python, "-m", "referee", *DIVIDEND, "--json"],
            "",
        ),
        (
            "python -m referee route (1889 position, a D train)",
            [python, "-m", "referee", *ROUTE_1889],
            "",
        ),
    ]
    if script.exists() or shutil.which("referee"):
        console = str(script) if script.exists() else shutil.which("referee") or "referee"
        rows.append((f"{console} " + " ".join(DIVIDEND), [console, *DIVIDEND], ""))
    else:
        print("(no console script `referee` installed: pip install -e . to time it)")
    if binary.exists():
        rows.append(("dist/referee " + " ".join(DIVIDEND), [str(binary), *DIVIDEND], ""))
        rows.append(("dist/referee route (1889 position)", [str(binary), *ROUTE_1889], ""))
    else:
        print("(no dist/referee: scripts/build-binary to time the binary)")

    with tempfile.TemporaryDirectory() as tmp:
        made = long_session(Path(tmp))
        if made is None:
            print("(no registered game has a whole game in tests/scenarios/: resume not timed)")
        else:
            save, name, moves = made
            what = f"resume {name} ({moves} moves)"
            rows.append(
                (
                    f"python -m referee {what}",
                    [python, "-m", "referee", "resume", str(save)],
                    "status\n",
                )
            )
            if binary.exists():
                rows.append(
                    (f"dist/referee {what}", [str(binary), "resume", str(save)], "status\n")
                )

        results = [(label, best(command, args.runs, env, stdin)) for label, command, stdin in rows]
    floor = results[0][1]
    width = max(len(label) for label, _ in results)
    print(f"best of {args.runs} runs, as a ratio to `python -c pass`:")
    for label, seconds in results:
        print(f"  {label:<{width}}  {seconds * 1000:7.1f} ms  {seconds / floor:5.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
