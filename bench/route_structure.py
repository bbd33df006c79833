"""Benchmark: the route search of two checkouts on the same positions, same answers, how dear.

    python bench/route_structure.py --before /tmp/rs-main [--after .] [--count 3] [--runs 3]

Made for issue 30 item 6 (the route search restructured: "same answers and no slower"), kept
to compare any two checkouts (`git worktree add --detach /tmp/rs-main main`). Each checkout's
own code, tables and bench/latepos.py build the positions of bench/routes.py (the first
--count seeds of 1889, 1830 and Lost Atlas), plus Lost Atlas seed 0's two ∞ trains walked as a
pair (pair.py, which the listing spares them while the network is small). Per class it prints:

- instructions: the search alone, counted by valgrind (cachegrind) on one core (no fork to the
  second: when a walk splits depends on the clock): a child that reads the positions (built
  once, natively, and pickled) and searches them once, less one that only reads them and
  imports the search. The machine's load does not change them (two runs agree to 0.01%).
- wall seconds: per position the best of --runs, both cores as a player's search has them,
  summed over the class; noisy on a shared machine.
- whether every answer (revenues and each train's stops and links) is identical.

The searches have no time budget, so that no answer depends on the machine's load.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import pickle
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from subprocess import PIPE
from typing import Any

HERE = Path(__file__).resolve().parent.parent
CLASSES = ("1889", "1830", "lost_atlas", "pair")
PAIR_SEEDS = (0,)  # Lost Atlas seeds whose ∞,∞ are walked as a pair


def _search(one_core: bool, pair: bool) -> Any:
    """The checkout's best_routes with its knobs set (a SearchConfig, or the older module
    knobs); the positions it returns to are searched with no time budget."""
    import referee.eighteen.search as search

    try:
        from dataclasses import replace

        from referee.eighteen.config import DEFAULT  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        from referee.eighteen import cores

        cores.SPLIT_AFTER = math.inf if one_core else cores.SPLIT_AFTER  # type: ignore[attr-defined,unused-ignore]
        search.PAIR_AFTER = 0 if pair else search.PAIR_AFTER  # type: ignore[attr-defined,unused-ignore]
        return lambda p, c, t: search.best_routes(p, c, t, math.inf)
    config = DEFAULT
    if one_core:
        config = replace(config, split_after=math.inf)
    if pair:
        config = replace(config, pair_after=0)
    return lambda p, c, t: search.best_routes(p, c, t, math.inf, config=config)


def _positions(kind: str, count: int) -> list[tuple[Any, str, str]]:
    """The class's positions: `kind` is a game of bench/routes.py (its first `count` seeds),
    "pair", or either with its own seeds ("lost_atlas=2+7")."""
    from bench.latepos import lost_atlas_position, map_position

    game, _, listed = kind.partition("=")
    seeds = [int(s) for s in listed.split("+")] if listed else None
    if game == "pair":
        return [lost_atlas_position(seed) for seed in seeds or PAIR_SEEDS]
    if game == "lost_atlas":
        return [lost_atlas_position(seed) for seed in seeds or range(count)]
    return [map_position(game, seed) for seed in seeds or range(count)]


def _said(answer: Any) -> list[Any]:
    routes = [None if r is None else [list(r.stops), list(r.links)] for r in answer.routes]
    return [answer.total, list(answer.revenues), routes, answer.proven]


def child(args: argparse.Namespace) -> None:
    """Run in the checkout `args.child`: build the class's positions (and keep them in
    --positions) or read them from there, search them unless --build-only, print the answers
    and each position's best wall time as JSON."""
    sys.path.insert(0, args.child)
    import referee

    assert Path(referee.__file__).resolve().is_relative_to(Path(args.child).resolve())
    from referee.eighteen.trains import parse_trains

    kept = Path(args.positions)
    if kept.exists():
        positions = pickle.loads(kept.read_bytes())
    else:
        positions = _positions(args.kind, args.count)
        kept.write_bytes(pickle.dumps(positions))
    best_routes = _search(args.one_core, args.kind.startswith("pair"))
    if args.build_only:
        return
    said, seconds = [], []
    for position, company, trains in positions:
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            answer = best_routes(position, company, parse_trains(trains))
            times.append(time.perf_counter() - start)
        said.append(_said(answer))
        seconds.append(min(times))
    print(json.dumps({"answers": said, "seconds": seconds}))


def _start(tree: str, kind: str, kept: Path, extra: list[str], valgrind: bool) -> Any:
    """The child in checkout `tree` on class `kind`, its positions kept in `kept`."""
    command = [sys.executable, __file__, "--child", tree, "--kind", kind, "--positions", str(kept)]
    if valgrind:
        tool = [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
        ]
        command = [*tool, *command]
    env = dict(os.environ, REFEREE_TABLES=str(Path(tree) / "tables"), PYTHONHASHSEED="0")
    return subprocess.Popen(
        [*command, *extra], env=env, cwd=tree, stdout=PIPE, stderr=PIPE, text=True
    )


def _finish(child: Any, what: str) -> tuple[str, int]:
    """The child's output, and its instructions if run under valgrind (else 0)."""
    out, err = child.communicate()
    if child.returncode != 0:
        sys.exit(f"{what}: {err[-2000:]}")
    counted = re.search(r"I\s+refs:\s+([\d,]+)", err)
    return out, int(counted.group(1).replace(",", "")) if counted else 0


def measure(trees: list[str], kind: str, args: argparse.Namespace, into: Path) -> list[Any]:
    """Per checkout: its answers, wall seconds, and the search's instructions (searching,
    less reading the positions and importing the search)."""
    results = []
    for n, tree in enumerate(trees):
        kept = into / f"{n}-{kind}.pickle"
        walled = _start(
            tree, kind, kept, ["--count", str(args.count), "--runs", str(args.runs)], False
        )
        out, _ = _finish(walled, f"{tree} {kind}")
        results.append(json.loads(out))
    if args.instructions:
        runs = [
            (n, extra)
            for n in range(len(trees))
            for extra in (["--build-only"], ["--one-core", "--runs", "1"])
        ]
        counted: dict[tuple[int, bool], int] = {}
        for at in range(0, len(runs), args.jobs):
            batch = runs[at : at + args.jobs]
            started = [
                _start(trees[n], kind, into / f"{n}-{kind}.pickle", extra, True)
                for n, extra in batch
            ]
            for (n, extra), child in zip(batch, started, strict=True):
                counted[n, extra[0] == "--build-only"] = _finish(child, f"{trees[n]} {kind}")[1]
        for n, result in enumerate(results):
            result["instructions"] = counted[n, False] - counted[n, True]
    return results


def compare(args: argparse.Namespace) -> None:
    before, after = str(Path(args.before).resolve()), str(Path(args.after).resolve())
    print(f"before {before}, after {after}; {args.count} positions a game, best of {args.runs}")
    print(f"{'class':<16}{'same':>5}{'instr before':>15}{'after':>15}{'ratio':>7}", end="")
    print(f"{'wall before':>13}{'after':>9}{'ratio':>7}", flush=True)
    with tempfile.TemporaryDirectory() as into:
        for kind in args.classes.split(","):
            old, new = measure([before, after], kind, args, Path(into))
            same = "yes" if old["answers"] == new["answers"] else "NO"
            count_old, count_new = old.get("instructions", 0), new.get("instructions", 0)
            ratio = count_new / count_old if count_old else math.nan
            wall_old, wall_new = sum(old["seconds"]), sum(new["seconds"])
            print(f"{kind:<16}{same:>5}{count_old:>15,}{count_new:>15,}{ratio:>7.3f}", end="")
            print(f"{wall_old:>13.3f}{wall_new:>9.3f}{wall_new / wall_old:>7.3f}", flush=True)
            for k, (a, b) in enumerate(zip(old["answers"], new["answers"], strict=True)):
                if a != b:
                    print(f"  position {k}: before {a}, after {b}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", help="the checkout to compare against (e.g. main's)")
    parser.add_argument("--after", default=str(HERE), help="the checkout measured (this one)")
    parser.add_argument("--count", type=int, default=3, help="positions per game")
    parser.add_argument("--runs", type=int, default=3, help="wall time: best of this many")
    parser.add_argument("--classes", default=",".join(CLASSES))
    parser.add_argument("--no-instructions", dest="instructions", action="store_false")
    parser.add_argument("--jobs", type=int, default=1, help="valgrind runs at once")
    parser.add_argument("--positions", help=argparse.SUPPRESS)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--kind", help=argparse.SUPPRESS)
    parser.add_argument("--build-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--one-core", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args)
    elif args.before:
        compare(args)
    else:
        parser.error("--before is required")


if __name__ == "__main__":
    main()
