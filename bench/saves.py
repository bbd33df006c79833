"""What saving costs as a game grows: one accepted move at 100, 1,000 and 10,000 moves, and a
10,000-move game entered through a pipe.

Run by hand (it is a benchmark, not a test):

    python bench/saves.py [--moves 100,1000,10000] [--pipe 10000]

The game is Tally, the frame's test game (tests/frame/tally.py), in which two players can pass
money back and forth for ever. For each length the session is built in memory, saved whole,
and then more moves are played and saved one by one as the shell does (append, fsync, and
the whole-file rewrites that fall due; at least one whole period between two rewrites): the
mean per move is printed with its ratio to the shortest game. The pipe run starts `referee new
tally` (through python -c, to register Tally) and feeds it every move on stdin; it also times
`referee show` of the result (a load: the replay of every move).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRAME = ROOT / "tests" / "frame"
sys.path[:0] = [str(ROOT), str(FRAME)]

# `python -m referee` with Tally registered, as the frame tests register it.
from referee.store.savefile import SNAPSHOT_EVERY  # noqa: E402

PROGRAM = (
    f"import sys; sys.path[:0] = [{str(ROOT)!r}, {str(FRAME)!r}]; from referee import games; "
    "games._REGISTRY['tally'] = 'tally:Tally'; from referee.cli.main import main; "
    "sys.argv = ['referee', *sys.argv[1:]]; main()"
)


def move(i: int) -> str:
    return "give bob 1" if i % 2 == 0 else "give ann 1"


def per_move(length: int, sample: int, folder: Path) -> float:
    """Mean seconds to play and save one move once the game has `length` moves."""
    from referee import games
    from referee.play.session import Session
    from referee.store import savefile

    games._REGISTRY["tally"] = "tally:Tally"
    session = Session.new("tally", ["Ann", "Bob"])
    for i in range(length):
        session.play(move(i))
    savefile.create(session, folder / f"game-{length}.toml")
    start = time.perf_counter()
    for i in range(length, length + sample):
        session.play(move(i))
    spent = (time.perf_counter() - start) / sample
    assert session.store is not None and not session.save_error
    session.store.close(session)
    return spent


def through_a_pipe(moves: int, folder: Path) -> tuple[float, float]:
    """Seconds to enter `moves` moves through a pipe, and to load the result again."""
    board = folder / "tally-board.toml"
    board.write_text("bonus = 0\n")
    save = folder / "piped.toml"
    lines = "".join(f"{move(i)}\n" for i in range(moves))
    program = [sys.executable, "-c", PROGRAM]
    start = time.perf_counter()
    subprocess.run(
        [*program, "new", "tally", "-p", "Ann,Bob", "--save", str(save), "--board", str(board)],
        input=lines,
        text=True,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    entered = time.perf_counter() - start
    start = time.perf_counter()
    subprocess.run([*program, "show", str(save)], check=True, stdout=subprocess.DEVNULL)
    return entered, time.perf_counter() - start


def main() -> None:
    from referee.shell.shell import register_verbs

    register_verbs()  # the frame's verbs, as the program puts them in force
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", default="100,1000,10000", help="game lengths to time")
    parser.add_argument("--sample", type=int, default=400, help="moves timed at each length")
    parser.add_argument("--pipe", type=int, default=10_000, help="moves entered through a pipe")
    args = parser.parse_args()
    lengths = [int(n) for n in args.moves.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        # At least one whole period between two rewrites, so that their cost is in the mean.
        samples = [max(args.sample, SNAPSHOT_EVERY, n // 4 + 1) for n in lengths]
        times = [per_move(n, k, folder) for n, k in zip(lengths, samples, strict=True)]
        print("saving one accepted move (append + fsync; the mean includes the rewrites):")
        for n, k, t in zip(lengths, samples, times, strict=True):
            print(f"  at {n:>6,} moves: {t * 1000:7.2f} ms  ({t / times[0]:.2f}x, mean of {k:,})")
        if args.pipe:
            entered, loaded = through_a_pipe(args.pipe, folder)
            print(f"{args.pipe:,} moves entered through a pipe: {entered:.1f} s")
            print(f"`referee show` of that game (load and replay): {loaded:.2f} s")


if __name__ == "__main__":
    main()
