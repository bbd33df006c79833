"""The table page under load: does sharing the game slow the shell, and how soon do pages see
a move?

    .venv/bin/python bench/table.py [--moves 1000] [--pages 50] [--gap 0.03]

The shell's loop plays MOVES lines (Union Station, 4 players, from tests/scenarios: the game
forward, then undone and redone, over and over: every line an accepted change the pages must
show), one every GAP seconds, with the page shared. It runs twice: with no page open, then
with PAGES pages open. The pages live in another process (phones are other machines): each
holds the live stream open and fetches the view whenever the stream says the version moved,
as the page's script does.

It prints, for each run, the shell's time to answer a line (from the moment it was due to its
answer: waiting for the loop counts), p50 and p99, their ratio, and the time from an accepted
move to a page holding the new view (p50, p99, max), measured on the system's monotonic clock
shared by both processes.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing as mp
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

VERSION = re.compile(rb'"version": "([^"]+)"')
SCENARIO = ROOT / "tests" / "scenarios" / "union-station-4p-shares-run-out.txt"


def lines_to_play(count: int) -> tuple[object, list[str]]:
    """A fresh session and `count` lines: the game forward, back (undo), forward (redo)..."""
    from referee import scenario
    from referee.session import Session
    from referee.shell.commands import Shell

    s = scenario.load(SCENARIO)
    session = Session.new(s.game, s.players, s.variant, s.board)
    probe = Shell(Session.new(s.game, s.players, s.variant, s.board))
    forward = [t for _, t in s.commands if not t.startswith("!") and probe.run(t).ok]
    lines: list[str] = list(forward)
    while len(lines) < count:
        lines += ["undo"] * len(forward) + ["redo"] * len(forward)
    return session, lines[:count]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


# --- the pages (another process) --------------------------------------------------------------
async def _pages(url: str, count: int, ready, stop, out) -> None:
    import aiohttp

    seen: list[tuple[str, float]] = []
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:

        async def page() -> None:
            async with http.get(url + "events") as stream:
                assert stream.status == 200, stream.status
                shown = ""
                event = ""
                async for raw in stream.content:
                    line = raw.decode().rstrip("\n")
                    if line.startswith("event: "):
                        event = line[7:]
                    elif line.startswith("data: ") and event == "version" and line[6:] != shown:
                        async with http.get(url + "view.json") as r:
                            body = await r.read()
                        # Phones are other machines: read only the version, so that this
                        # process takes as little as it can of the CPU the shell runs on.
                        shown = VERSION.search(body[:200]).group(1).decode()
                        seen.append((shown, time.perf_counter()))

        tasks = [asyncio.create_task(page()) for _ in range(count)]
        await asyncio.sleep(1.0)
        ready.set()
        while not stop.is_set():
            await asyncio.sleep(0.1)
        await asyncio.sleep(1.0)  # the last updates
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    out.send(seen)


def pages_process(url: str, count: int, ready, stop, out) -> None:
    asyncio.run(_pages(url, count, ready, stop, out))


# --- the shell (this process) -----------------------------------------------------------------
async def run(moves: int, pages: int, gap: float) -> dict[str, object]:
    from referee.shell.commands import Shell

    session, lines = lines_to_play(moves)
    shell = Shell(session)
    reply = shell.run("share --host 127.0.0.1 --port 0")
    url = reply.text.split("\n")[1].strip()
    await asyncio.sleep(0.1)
    process = None
    if pages:
        ctx = mp.get_context("spawn")
        ready, stop = ctx.Event(), ctx.Event()
        here, there = ctx.Pipe(duplex=False)
        process = ctx.Process(target=pages_process, args=(url, pages, ready, stop, there))
        process.start()
        await asyncio.to_thread(ready.wait, 60)
        while len(shell.sharing.page.streams) < pages:
            await asyncio.sleep(0.05)
    answers: list[float] = []
    work: list[float] = []  # the answer alone, without waiting for the loop
    accepted: dict[str, float] = {}
    start = time.perf_counter() + 0.2
    for i, line in enumerate(lines):
        due = start + i * gap
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        begun = time.perf_counter()
        reply = shell.run(line)
        done = time.perf_counter()
        work.append(done - begun)
        assert reply.ok, (line, reply.text)
        answers.append(done - due)
        accepted[shell.sharing.source.version] = done
    latencies: list[float] = []
    missed = 0
    if process is not None:
        stop.set()
        seen = await asyncio.to_thread(here.recv)
        await asyncio.to_thread(process.join, 30)
        for version, at in seen:
            if version in accepted:
                latencies.append(at - accepted[version])
        missed = pages * len(lines) - len(latencies)
    shell.run("share off")
    await asyncio.sleep(0.2)
    return {"answers": answers, "work": work, "latencies": latencies, "missed": missed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--gap", type=float, default=0.03, help="seconds between lines")
    args = parser.parse_args()
    alone = asyncio.run(run(args.moves, 0, args.gap))
    watched = asyncio.run(run(args.moves, args.pages, args.gap))
    a, w = alone["answers"], watched["answers"]
    print(f"{args.moves} lines, one every {args.gap * 1000:.0f} ms (Union Station, 4 players)")
    print(f"{'':24} {'p50 ms':>8} {'p99 ms':>8}")
    print(f"{'answer, no page':24} {percentile(a, 50) * 1e3:8.2f} {percentile(a, 99) * 1e3:8.2f}")
    print(
        f"{f'answer, {args.pages} pages':24} {percentile(w, 50) * 1e3:8.2f} "
        f"{percentile(w, 99) * 1e3:8.2f}"
    )
    print(
        f"ratio {args.pages} pages / none: p50 {percentile(w, 50) / percentile(a, 50):.2f}x, "
        f"p99 {percentile(w, 99) / percentile(a, 99):.2f}x"
    )
    aw, ww = alone["work"], watched["work"]
    print(
        f"of which the answer itself: p50 {percentile(aw, 50) * 1e3:.2f} / "
        f"{percentile(ww, 50) * 1e3:.2f} ms, p99 {percentile(aw, 99) * 1e3:.2f} / "
        f"{percentile(ww, 99) * 1e3:.2f} ms (no page / {args.pages} pages)"
    )
    lat = watched["latencies"]
    if lat:
        print(
            f"move -> page updated ({len(lat)} updates): p50 {percentile(lat, 50) * 1e3:.1f} ms, "
            f"p99 {percentile(lat, 99) * 1e3:.1f} ms, max {max(lat) * 1e3:.1f} ms, "
            f"mean {statistics.fmean(lat) * 1e3:.1f} ms"
        )
    print(
        f"versions a page skipped (a newer one came first): {watched['missed']} of "
        f"{args.pages * args.moves}"
    )


if __name__ == "__main__":
    main()
