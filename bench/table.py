"""The table page under load: does sharing the game slow the shell, and how soon do pages see
a move, from the shell (`share`) and from another process's save (`referee serve FILE`)?

    .venv/bin/python bench/table.py [--moves 1000] [--pages 50] [--gap 0.03]

MOVES lines of Union Station (4 players, from tests/scenarios: the game forward, then undone
and redone, over and over: every line an accepted change the pages must show) are played one
every GAP seconds, three times:

- shell, no page: the shell's loop plays them with the game shared and no page open;
- shell, PAGES pages: the same, with PAGES pages open;
- serve, PAGES pages: a shell in this process plays them into a save, which `referee serve`
  (another process, as at a table) follows and shows to PAGES pages.

The pages live in another process (phones are other machines): each holds the live stream open
and fetches the view whenever the stream says a newer version, as the page's script does.

It prints the shell's time to answer a line (from the moment it was due to its answer: waiting
for the loop counts), p50 and p99, with the ratio of PAGES pages to none; and for each source,
the time from an accepted move to a page holding the new view (p50, p99, max), with the ratio
of `serve` to the shell (the peer: the same pages and moves, without a file between), measured
on the system's monotonic clock shared by the processes. A page shown a newer move before it
could fetch one counts as having skipped it.

CI runs it small (`--moves 30 --pages 5`) as a smoke test: it fails only when a page never
catches up with the last move.

    .venv/bin/python bench/table.py --seats [--moves 300] [--pages 50] [--gap 0.03]

measures the players' seats (issue 32) instead: each line is a tap on a seat (the player to
move plays the scenario's next move, takes it back from the seat, plays it again), POSTed from
another process (the phones) one every GAP seconds, with PAGES read-only pages open. It prints
tap -> answer (POST sent to its answer received) and tap -> page (to a read-only page holding
the new view), p50 and p99, beside the read-only pages' own update time on the same run when
the same moves are typed in the shell (the peer), and their ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import multiprocessing as mp
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MOVES = re.compile(rb'"moves": (\d+)')
URL = re.compile(r"http://\S+/")
SCENARIO = ROOT / "tests" / "scenarios" / "union-station-4p-shares-run-out.txt"


def lines_to_play(count: int) -> tuple[Any, list[str]]:
    """A fresh session and `count` lines: the game forward, back (undo), forward (redo)..."""
    from devtools import scenario
    from referee.play.session import Session
    from referee.shell.shell import Shell

    s = scenario.load(SCENARIO)
    session = Session.new(s.game, s.players, s.variant, s.board)
    probe = Shell(Session.new(s.game, s.players, s.variant, s.board))
    typed = [c.text for c in s.commands if c.refusal is None and not c.figures]
    forward = [t for t in typed if probe.run(t).ok]
    lines: list[str] = list(forward)
    while len(lines) < count:
        lines += ["undo"] * len(forward) + ["redo"] * len(forward)
    return session, lines[:count]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


# --- the pages (another process) --------------------------------------------------------------
CATCH_UP_SECONDS = 10.0  # after the last move, how long the pages may take to show it


@dataclass
class Page:
    """What one page saw: the moves shown (and when), the version counts it heard of."""

    shown: list[tuple[int, float]] = field(default_factory=list)
    heard: list[int] = field(default_factory=list)


def take(seen: Page, event: bytes) -> None:
    """One event of the stream: a version told of, or the view of one (of which only what is
    needed is read: phones are other machines, this process takes as little as it can of the
    CPU the referee runs on)."""
    if event.startswith(b"event: version\n"):
        seen.heard.append(int(event.rsplit(b"-", 1)[1]))
    elif event.startswith(b"event: view\n"):
        moves = int(MOVES.search(event).group(1))
        if not seen.shown or seen.shown[-1][0] != moves:
            seen.shown.append((moves, time.perf_counter()))


async def _pages(url: str, count: int, ready: Any, last: Any, out: Any) -> None:
    import aiohttp

    pages = [Page() for _ in range(count)]
    connected = asyncio.Semaphore(0)
    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=None, sock_read=None)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as http:

        async def page(seen: Page) -> None:
            """As page.js: the stream tells of each version and brings the newest view."""
            async with http.get(url + "events") as stream:
                assert stream.status == 200, stream.status
                buffer = b""
                async for chunk in stream.content.iter_any():
                    told = bool(seen.heard)
                    buffer += chunk
                    *events, buffer = buffer.split(b"\n\n")
                    for event in events:
                        take(seen, event)
                    if seen.heard and not told:
                        connected.release()  # open, and told of the current version

        tasks = [asyncio.create_task(page(seen)) for seen in pages]
        for _ in range(count):
            await connected.acquire()
        ready.set()
        while last.value < 0:
            await asyncio.sleep(0.05)
        deadline = time.perf_counter() + CATCH_UP_SECONDS
        while time.perf_counter() < deadline and any(
            not p.shown or p.shown[-1][0] != last.value for p in pages
        ):
            await asyncio.sleep(0.05)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    out.send([(p.shown, p.heard) for p in pages])


def pages_process(url: str, count: int, ready: Any, last: Any, out: Any) -> None:
    asyncio.run(_pages(url, count, ready, last, out))


@dataclass
class Run:
    answers: list[float] = field(default_factory=list)  # due -> answered
    work: list[float] = field(default_factory=list)  # the answer alone, without waiting
    latencies: list[float] = field(default_factory=list)  # move accepted -> a page shows it
    skipped: int = 0  # (page, move) pairs a page never showed: a newer one came first
    unheard: int = 0  # versions a page's stream never told of (between its first and last)
    behind: int = 0  # pages that never showed the last move


class Pages:
    """PAGES pages in another process, following `url`."""

    def __init__(self, url: str, count: int) -> None:
        ctx = mp.get_context("spawn")
        self.ready, self.last = ctx.Event(), ctx.Value("i", -1)
        self.here, there = ctx.Pipe(duplex=False)
        self.process = ctx.Process(
            target=pages_process, args=(url, count, self.ready, self.last, there)
        )
        self.process.start()

    async def opened(self) -> None:
        if not await asyncio.to_thread(self.ready.wait, 60):
            raise SystemExit("the pages could not open their streams")

    async def seen(self, last: int) -> list[Page]:
        """What each page saw, once it shows `last` moves (or gave up waiting)."""
        self.last.value = last
        seen = await asyncio.to_thread(self.here.recv)
        await asyncio.to_thread(self.process.join, 30)
        return [Page(shown, heard) for shown, heard in seen]


@dataclass(frozen=True)
class Line:
    moves: int  # the moves of the game after it
    begun: float  # when the shell began to answer it (a page cannot show it before)
    done: float  # when the shell had answered it: accepted (and saved)


def matched(run: Run, accepted: list[Line], pages: list[Page]) -> None:
    """Each move a page showed, matched to the latest line begun before with that many moves
    (undo and redo come back to the same numbers: the latest is the one shown). `serve` may
    show a move before the shell has printed its answer (the move is saved first): that
    counts as no wait at all."""
    lines_of: dict[int, list[int]] = {}
    for i, line in enumerate(accepted):
        lines_of.setdefault(line.moves, []).append(i)
    for page in pages:
        lines: set[int] = set()
        for moves, at in page.shown:
            candidates = lines_of.get(moves, [])
            begun = [accepted[i].begun for i in candidates]
            found = bisect.bisect_right(begun, at)
            if found and candidates[found - 1] not in lines:
                line = candidates[found - 1]
                lines.add(line)
                run.latencies.append(max(0.0, at - accepted[line].done))
        run.skipped += len(accepted) - len(lines)
        if page.heard:
            run.unheard += page.heard[-1] - page.heard[0] + 1 - len(set(page.heard))
        if not page.shown or page.shown[-1][0] != accepted[-1].moves:
            run.behind += 1


async def play(shell: Any, lines: list[str], gap: float, run: Run) -> list[Line]:
    """Play the lines one every `gap` seconds; the moves after each, when it was answered."""
    accepted: list[Line] = []
    start = time.perf_counter() + 0.2
    for i, line in enumerate(lines):
        due = start + i * gap
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        begun = time.perf_counter()
        reply = shell.run(line)
        done = time.perf_counter()
        assert reply.ok, (line, reply.text)
        run.work.append(done - begun)
        run.answers.append(done - due)
        accepted.append(Line(len(shell.session.entries), begun, done))
    return accepted


# --- the shell (this process) -----------------------------------------------------------------
async def in_the_shell(moves: int, pages: int, gap: float, lines: list[str] | None = None) -> Run:
    from referee.shell.shell import Shell

    session, made = lines_to_play(moves)
    lines = lines or made
    shell = Shell(session)
    url = URL.search(shell.run("share --host 127.0.0.1 --port 0").text).group(0)
    await asyncio.sleep(0.1)
    run = Run()
    opened = Pages(url, pages) if pages else None
    if opened is not None:
        await opened.opened()
    accepted = await play(shell, lines, gap, run)
    if opened is not None:
        matched(run, accepted, await opened.seen(accepted[-1].moves))
    shell.run("share off")
    await asyncio.sleep(0.2)
    return run


# --- referee serve FILE (another process) -----------------------------------------------------
async def through_serve(moves: int, pages: int, gap: float) -> Run:
    from referee.shell.shell import Shell
    from referee.store import savefile

    session, lines = lines_to_play(moves)
    with tempfile.TemporaryDirectory() as folder:
        save = Path(folder) / "table.toml"
        savefile.create(session, save)
        serve = subprocess.Popen(
            [sys.executable, "-m", "referee", "serve", str(save), "--host=127.0.0.1", "--port=0"],
            stdout=subprocess.PIPE,
            text=True,
            env={"REFEREE_LANG": "en", "PATH": "/usr/bin:/bin"},
        )
        try:
            assert serve.stdout is not None
            found = None
            while found is None:
                line = await asyncio.to_thread(serve.stdout.readline)
                if not line:
                    raise SystemExit("referee serve did not start")
                found = URL.search(line)
            url = found.group(0)
            run = Run()
            opened = Pages(url, pages)
            await opened.opened()
            accepted = await play(Shell(session), lines, gap, run)
            matched(run, accepted, await opened.seen(accepted[-1].moves))
        finally:
            serve.terminate()
            serve.wait(10)
        if session.store is not None:
            session.store.close(session)  # the lock the writer took
    return run


# --- the seats (issue 32): taps from another process -------------------------------------------
@dataclass(frozen=True)
class Tap:
    player: str
    route: str  # "move" or "undo"
    line: str  # the move ("" for undo)
    moves: int  # the moves of the game after it


def taps_to_play(count: int) -> tuple[Any, list[Tap]]:
    """A fresh session and `count` taps: each move of the game by its player's seat, taken
    back from that seat, played again (every tap a change the pages must show)."""
    from referee.shell.shell import Shell

    session, lines = lines_to_play(count)
    probe = Shell(lines_to_play(0)[0])
    taps: list[Tap] = []
    for line in (t for t in lines if t not in ("undo", "redo")):
        player = probe.session.actor()
        for route, said in (("move", line), ("undo", ""), ("move", line)):
            reply = probe.seat_move(player, said) if said else probe.seat_undo(player)
            assert reply.ok, (player, said, reply.text)
            taps.append(Tap(player, route, said, len(probe.session.entries)))
        if len(taps) >= count:
            break
    return session, taps[:count]


async def _tap(seats: dict[str, str], taps: list[Tap], gap: float, out: Any) -> None:
    """As a seat page's script: a fresh request id per tap, the version it shows, its token."""
    import aiohttp

    said: list[tuple[float, float, bool]] = []
    async with aiohttp.ClientSession() as http:
        pages = {}
        for player, url in seats.items():
            async with http.get(url) as r:
                found = re.search(r'data-page="([^"]+)"', await r.text())
                assert found is not None, "the seat page gives no page token"
                pages[player] = found.group(1)
        async with http.get(next(iter(seats.values())) + "view.json") as r:
            version = (await r.json())["version"]
        start = time.perf_counter() + 0.2
        for i, tap in enumerate(taps):
            await asyncio.sleep(max(0.0, start + i * gap - time.perf_counter()))
            body = {"line": tap.line, "version": version, "page": pages[tap.player]}
            body["request"] = f"tap-{i}"
            begun = time.perf_counter()
            async with http.post(seats[tap.player] + tap.route, json=body) as r:
                answer = await r.json()
            said.append((begun, time.perf_counter(), r.status == 200 and answer["ok"]))
            version = answer["version"]
    out.send(said)


def tapper_process(seats: dict[str, str], taps: list[Tap], gap: float, out: Any) -> None:
    asyncio.run(_tap(seats, taps, gap, out))


async def from_seats(count: int, pages: int, gap: float) -> tuple[Run, Run]:
    """The taps on the seats, with PAGES pages open: tap -> answer (in `answers`) and tap ->
    page; and, the peer, the same moves typed in the shell on the same run."""
    from referee.shell.shell import Shell

    session, taps = taps_to_play(count)
    shell = Shell(session)
    said = shell.run("share --host 127.0.0.1 --port 0").text
    url = URL.search(said).group(0)
    seats = dict(re.findall(r"^  (\S+): (http://\S+/seat/\S+/)$", said, re.MULTILINE))
    shell.printer = lambda text: None  # the seats' answers are not printed in a bench
    await asyncio.sleep(0.1)
    run = Run()
    opened = Pages(url, pages)
    await opened.opened()
    ctx = mp.get_context("spawn")
    here, there = ctx.Pipe(duplex=False)
    tapper = ctx.Process(target=tapper_process, args=(seats, taps, gap, there))
    tapper.start()
    answered = await asyncio.to_thread(here.recv)
    await asyncio.to_thread(tapper.join, 30)
    assert all(ok for _b, _d, ok in answered), "a tap was refused"
    run.answers = [done - begun for begun, done, _ok in answered]
    accepted = [Line(t.moves, b, d) for t, (b, d, _ok) in zip(taps, answered, strict=True)]
    # from the tap: the phone's wait for its pages is from the moment it sent
    matched(
        run,
        [Line(a.moves, a.begun, a.begun) for a in accepted],
        await opened.seen(accepted[-1].moves),
    )
    shell.run("share off")
    await asyncio.sleep(0.2)
    typed = await in_the_shell(len(taps), pages, gap, [t.line or "undo" for t in taps])
    return run, typed


def report_seats(args: argparse.Namespace, seats: Run, typed: Run) -> None:
    every = f"one every {args.gap * 1000:.0f} ms"
    print(f"{args.moves} taps on the seats, {every}, {args.pages} pages open")
    rows = [
        ("tap -> answer", seats.answers),
        (f"tap -> page ({args.pages})", seats.latencies),
        (f"typed move -> page ({args.pages})", typed.latencies),
    ]
    table(rows)
    for name, values in (("tap -> answer", seats.answers), ("tap -> page", seats.latencies)):
        print(
            f"{name} / typed move -> page (the peer): p50 "
            f"{ratio(values, typed.latencies, 50)}, p99 {ratio(values, typed.latencies, 99)}"
        )
    print(f"moves a page never showed: seats {seats.skipped}, typed {typed.skipped}")


# --- the report -------------------------------------------------------------------------------
def table(rows: list[tuple[str, list[float]]]) -> None:
    """Each row's p50, p99 and most, in milliseconds, under one heading."""
    print(f"{'':32} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for name, values in rows:
        most = f"{max(values) * 1e3:8.1f}" if values else f"{'-':>8}"
        print(f"{name:32} {ms(values, 50)} {ms(values, 99)} {most}")


def ms(values: list[float], p: float) -> str:
    return f"{percentile(values, p) * 1e3:8.1f}" if values else f"{'-':>8}"


def ratio(a: list[float], b: list[float], p: float) -> str:
    if not a or not b or percentile(b, p) == 0:
        return "-"
    return f"{percentile(a, p) / percentile(b, p):.2f}x"


def report(args: argparse.Namespace, alone: Run, shell: Run, serve: Run) -> None:
    print(f"{args.moves} lines, one every {args.gap * 1000:.0f} ms (Union Station, 4 players)")
    rows = [
        ("shell answers, no page", alone.answers),
        (f"shell answers, {args.pages} pages", shell.answers),
        (f"move -> page, shell ({args.pages})", shell.latencies),
        (f"move -> page, serve ({args.pages})", serve.latencies),
    ]
    table(rows)
    print(
        f"answers, {args.pages} pages / none: p50 {ratio(shell.answers, alone.answers, 50)}, "
        f"p99 {ratio(shell.answers, alone.answers, 99)}"
    )
    print(
        f"move -> page, serve / shell (the peer): p50 "
        f"{ratio(serve.latencies, shell.latencies, 50)}, "
        f"p99 {ratio(serve.latencies, shell.latencies, 99)}"
    )
    if shell.latencies and serve.latencies:
        print(
            f"mean move -> page: shell {statistics.fmean(shell.latencies) * 1e3:.1f} ms, "
            f"serve {statistics.fmean(serve.latencies) * 1e3:.1f} ms"
        )
    total = args.pages * args.moves
    print(
        f"moves a page never showed (a newer one came first): shell {shell.skipped}, "
        f"serve {serve.skipped} of {total}"
    )
    print(f"versions a page's stream never told of: shell {shell.unheard}, serve {serve.unheard}")


def main() -> None:
    from referee.shell.shell import register_verbs

    register_verbs()  # the frame's verbs, as the program puts them in force
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--gap", type=float, default=0.03, help="seconds between lines")
    parser.add_argument("--seats", action="store_true", help="measure the players' seats")
    args = parser.parse_args()
    if args.seats:
        seats, typed = asyncio.run(from_seats(args.moves, args.pages, args.gap))
        report_seats(args, seats, typed)
        if seats.behind or typed.behind:
            raise SystemExit(f"pages that never showed the last move: seats {seats.behind}")
        return
    alone = asyncio.run(in_the_shell(args.moves, 0, args.gap))
    shell = asyncio.run(in_the_shell(args.moves, args.pages, args.gap))
    serve = asyncio.run(through_serve(args.moves, args.pages, args.gap))
    report(args, alone, shell, serve)
    if shell.behind or serve.behind or shell.unheard or serve.unheard:
        raise SystemExit(
            f"pages that never showed the last move: shell {shell.behind}, serve "
            f"{serve.behind}; versions never told of: shell {shell.unheard}, serve "
            f"{serve.unheard}"
        )


if __name__ == "__main__":
    main()
