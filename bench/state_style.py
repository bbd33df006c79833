"""Benchmark: whole-game replays of two checkouts, per game, to price a change of state style.

    python bench/state_style.py --before /tmp/ss-main [--after .] [--rounds 5] [--games a,b]

Made for issue 30 item 2 (one state-update style for all six games: the sealed draft of
referee/core/sealed.py, whose `draft()` copies the whole state at each move, where frozen
dataclasses changed by `replace` copy only what a move changes). Each checkout's own code plays
every scenario of tests/scenarios/ once (through the shell, as the tests do) and saves it; then
each save is read back (`savefile.read`: the replay of every move, as `referee show` does) and
timed. The two checkouts run in turn, --rounds times each, and per game the best round's total
is kept, so that the load of a shared machine weighs on both alike. It prints, per game, the
seconds of each checkout and after/before. CPU seconds vary by a fifth from run to run on a
shared machine; with --instructions the replays are counted in instructions instead
(valgrind's cachegrind, one replay of each save less none; slow, but two runs agree).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def worker(games: list[str], repeat: int) -> dict[str, float]:
    """In a checkout: the best of `repeat` replays of each scenario, summed per game."""
    sys.path.insert(0, str(Path.cwd()))
    from devtools import scenario
    from referee.store import savefile

    totals: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as folder:
        for path in sorted((Path.cwd() / "tests" / "scenarios").glob("*.txt")):
            s = scenario.load(path)
            if games and s.game not in games:
                continue
            save = Path(folder) / f"{path.stem}.toml"
            save.write_text(savefile.render(scenario.play(s)), encoding="utf-8")
            best = float("inf") if repeat else 0.0
            for _ in range(repeat):
                start = time.process_time()
                savefile.read(save)
                best = min(best, time.process_time() - start)
            totals[s.game] = totals.get(s.game, 0.0) + best
    return totals


def _env(checkout: Path) -> dict[str, str]:
    """The worker's environment: the checkout's tables, and string hashing fixed, so that the
    sets a replay walks are walked in the same order at each count."""
    return {
        "REFEREE_TABLES": str(checkout / "tables"),
        "PATH": "/usr/bin:/bin",
        "PYTHONHASHSEED": "0",
    }


def run(checkout: Path, games: list[str], repeat: int) -> dict[str, float]:
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", "--repeat", str(repeat)]
    if games:
        command += ["--games", ",".join(games)]
    out = subprocess.run(command, cwd=checkout, env=_env(checkout), capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"{checkout}: {out.stderr.strip().splitlines()[-1]}")
    result: dict[str, float] = json.loads(out.stdout)
    return result


def instructions(checkout: Path, game: str, repeat: int) -> int:
    """Instructions of a worker that plays `game`'s scenarios and replays each save `repeat`
    times."""
    command = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        str(Path(__file__).resolve()),
        "--worker",
        "--repeat",
        str(repeat),
        "--games",
        game,
    ]
    out = subprocess.run(command, cwd=checkout, env=_env(checkout), capture_output=True, text=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if out.returncode or not found:
        raise SystemExit(f"{checkout}: {out.stderr.strip().splitlines()[-1]}")
    return int(found.group(1).replace(",", ""))


def count(checkouts: dict[str, Path], games: list[str]) -> None:
    for checkout in checkouts.values():  # compiled first: a fresh checkout would count it once
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", "referee", "devtools"], cwd=checkout
        )
    print(f"{'game':<16} {'before Mi':>10} {'after Mi':>10} {'after/before':>13}")
    for game in games:
        replays = {
            side: instructions(c, game, 1) - instructions(c, game, 0)
            for side, c in checkouts.items()
        }
        before, after = replays["before"] / 1e6, replays["after"] / 1e6
        print(f"{game:<16} {before:10.1f} {after:10.1f} {after / before:13.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path)
    parser.add_argument("--after", type=Path, default=HERE)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", default="")
    parser.add_argument("--worker", action="store_true")
    parser.add_argument("--instructions", action="store_true")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    if args.worker:
        print(json.dumps(worker(games, args.repeat)))
        return
    if args.before is None:
        parser.error("--before CHECKOUT is needed (git worktree add --detach /tmp/ss-main main)")
    if args.instructions:
        count({"before": args.before.resolve(), "after": args.after.resolve()}, games)
        return
    best: dict[str, dict[str, float]] = {"before": {}, "after": {}}
    for _ in range(args.rounds):
        for side, checkout in (("before", args.before), ("after", args.after)):
            for game, seconds in run(checkout.resolve(), games, args.repeat).items():
                best[side][game] = min(best[side].get(game, float("inf")), seconds)
    print(f"{'game':<16} {'before s':>9} {'after s':>9} {'after/before':>13}")
    for game in sorted(best["before"]):
        before, after = best["before"][game], best["after"].get(game, float("nan"))
        print(f"{game:<16} {before:9.3f} {after:9.3f} {after / before:13.3f}")


if __name__ == "__main__":
    main()
