"""Benchmark: whole-game replays of two checkouts, per game, to price a change of state style.

    python bench/state_style.py --before /tmp/ss-main [--after .] [--rounds 5] [--games a,b]

Made for issue 30 item 2 (one state-update style for all six games: the sealed draft of
referee/core/sealed.py, whose `draft()` copies the whole state at each move, where frozen
dataclasses changed by `replace` copy only what a move changes). Each checkout's own code plays
every scenario of tests/scenarios/ once (through the shell, as the tests do) and saves it; then
each save is read back (`savefile.read`: the replay of every move, as `referee show` does) and
timed. The two checkouts run in turn, --rounds times each, and per game the best round's total
is kept, so that the load of a shared machine weighs on both alike. It prints, per game, the
seconds of each checkout and after/before.
"""

from __future__ import annotations

import argparse
import json
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
            best = float("inf")
            for _ in range(repeat):
                start = time.process_time()
                savefile.read(save)
                best = min(best, time.process_time() - start)
            totals[s.game] = totals.get(s.game, 0.0) + best
    return totals


def run(checkout: Path, games: list[str], repeat: int) -> dict[str, float]:
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", "--repeat", str(repeat)]
    if games:
        command += ["--games", ",".join(games)]
    env = {"REFEREE_TABLES": str(checkout / "tables"), "PATH": "/usr/bin:/bin"}
    out = subprocess.run(command, cwd=checkout, env=env, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(f"{checkout}: {out.stderr.strip().splitlines()[-1]}")
    result: dict[str, float] = json.loads(out.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path)
    parser.add_argument("--after", type=Path, default=HERE)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", default="")
    parser.add_argument("--worker", action="store_true")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    if args.worker:
        print(json.dumps(worker(games, args.repeat)))
        return
    if args.before is None:
        parser.error("--before CHECKOUT is needed (git worktree add --detach /tmp/ss-main main)")
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
