"""Benchmark: our exact route search on late-game positions, against the exhaustive search.

    python bench/routes.py [--count N] [--exhaustive-seconds S]

Late-game positions come from bench/latepos.py (1889 and 1830 grown tile by tile to brown,
up to four trains including a D; a Lost Atlas long-game map of all 33 pieces with purple and
gray tiles). Per position: tiles laid, routes listed (for a lone ∞ or D train only those that
could be in a better answer, see referee/eighteen/search.py), our best-of-3 time and whether it
is proven, and the exhaustive search's time in a child process (stopped after
--exhaustive-seconds; then its ratio is only a lower bound, printed with '>').
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.latepos import lost_atlas_position, map_position
from bench.peer import peer_revenue
from referee.eighteen.exhaustive import best_revenue
from referee.eighteen.position import Position
from referee.eighteen.search import Answer, best_routes
from referee.eighteen.trains import parse_trains


def _exhaustive_child(args: tuple[Position, str, str], out: Any) -> None:
    position, company, trains = args
    start = time.perf_counter()
    total = best_revenue(position, company, parse_trains(trains))
    out.send((total, time.perf_counter() - start))


def exhaustive(
    position: Position, company: str, trains: str, limit: float
) -> tuple[int | None, float]:
    recv, send = mp.Pipe(duplex=False)
    child = mp.Process(target=_exhaustive_child, args=((position, company, trains), send))
    child.start()
    child.join(limit)
    if child.is_alive():
        child.terminate()
        child.join()
        return None, limit
    return recv.recv() if recv.poll() else (None, limit)


def ours_best_of(position: Position, company: str, trains: str, runs: int, limit: float) -> Answer:
    """Our search run `runs` times; the fastest run (all runs give the same total)."""
    answers = [best_routes(position, company, parse_trains(trains), limit) for _ in range(runs)]
    if len({a.total for a in answers}) != 1:
        print(f"  UNSTABLE: totals {[a.total for a in answers]}")
    return min(answers, key=lambda a: a.seconds)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=8, help="positions per game")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--games", default="1889,1830,lost_atlas")
    parser.add_argument("--exhaustive-seconds", type=float, default=60.0, help="0: skip it")
    parser.add_argument("--max-seconds", type=float, default=30.0)
    parser.add_argument("--runs", type=int, default=3, help="our search: best of this many")
    args = parser.parse_args()
    makers = {
        "1889": lambda s: map_position("1889", s),
        "1830": lambda s: map_position("1830", s),
        "lost_atlas": lost_atlas_position,
    }
    print(
        f"{'game':<11}{'seed':>5} {'trains':<9}{'tiles':>6}{'routes':>8}{'total':>7}{'proven':>7}"
        f"{'ours s':>9}{'exh s':>9}{'exh/ours':>10}"
    )
    for game in args.games.split(","):
        times: list[float] = []
        peer_ratios: list[float] = []
        unproven = 0
        for seed in range(args.first_seed, args.first_seed + args.count):
            position, company, trains = makers[game](seed)
            answer = ours_best_of(position, company, trains, args.runs, args.max_seconds)
            times.append(answer.seconds)
            unproven += not answer.proven
            ex_text, ratio = "skipped", ""
            if args.exhaustive_seconds > 0:
                ex_total, ex_time = exhaustive(position, company, trains, args.exhaustive_seconds)
                if ex_total is None:
                    ex_text, ratio = "timeout", f">{ex_time / max(answer.seconds, 1e-6):.0f}"
                else:
                    if ex_total != answer.total:
                        print(f"  MISMATCH: exhaustive {ex_total} vs ours {answer.total}")
                    ex_text, ratio = f"{ex_time:.2f}", f"{ex_time / max(answer.seconds, 1e-6):.1f}"
            peer_text = ""
            if game == "1889":
                try:
                    peer_total, peer_time = peer_revenue(position, company, trains)
                except ImportError as e:
                    peer_text = f"  routes-18xx not installed: {e}"
                else:
                    if peer_total != answer.total:
                        print(f"  MISMATCH: routes-18xx {peer_total} vs ours {answer.total}")
                    peer_ratios.append(peer_time / max(answer.seconds, 1e-6))
                    peer_text = f"  peer {peer_time:.2f} s, peer/ours {peer_ratios[-1]:.0f}"
            print(
                f"{game:<11}{seed:>5} {trains:<9}{len(position.laid):>6}{answer.routes_listed:>8}"
                f"{answer.total:>7}{'yes' if answer.proven else 'NO':>7}{answer.seconds:>9.3f}"
                f"{ex_text:>9}{ratio:>10}{peer_text}",
                flush=True,
            )
        print(
            f"{game}: our search median {statistics.median(times):.3f} s, worst "
            f"{max(times):.3f} s, {len(times) - unproven}/{len(times)} proven optimal"
        )
        if peer_ratios:
            print(f"{game}: routes-18xx / ours, median {statistics.median(peer_ratios):.0f}x")
        print()


if __name__ == "__main__":
    main()
