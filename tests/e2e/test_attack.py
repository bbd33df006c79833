"""The attack suite (issue 27): what a crash, a cut or junk on the disk, or a second writer can
do to a save, over every game. A save must come back with every answered move, or be refused in
one line; never a traceback, never a move lost or invented.

The default run takes a small sample of each attack. `pytest -m attack` runs the whole suite:
1,000 kill instants over all the scenarios (real `kill -9` of the program, and cuts at random
bytes inside the append a kill would interrupt), every byte offset of each game's save after
its first moves, random offsets of each finished save, junk after every game's last move, and
races of two writers through every path to one save. It prints its counts.
"""

from __future__ import annotations

import functools
import os
import random
import re
import signal
import subprocess
import tempfile
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from test_terminal import referee_program

from devtools import scenario
from referee.play.session import Session
from referee.shell.shell import Shell
from referee.store import savefile
from referee.store.savefile import ReplayError, SaveFileError

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
ONE_PER_GAME = [
    "union-station-3p-twentieth-dividend",
    "congo-line-3p-seventh-city",
    "railroad-rivals-2p-tie-on-stocks",
    "express01-2p-short-twelve-replaced",
    "lost-atlas-short-2p-bankruptcy",
    "18xx-toy-line-2p-four-sets",
]
EVERY_SCENARIO = sorted(p.stem for p in SCENARIOS.glob("*.txt"))
FULL_INSTANTS = 1000
FULL_REAL_KILLS = 250  # of the 1,000; the others cut the append a kill would interrupt
FIRST_MOVES = 8  # every byte offset of each game's save after its first moves
Moves = tuple[tuple[str, str], ...]  # (by, text) of each logged move, automatic ones too


@dataclass(frozen=True)
class Course:
    """A scenario as typed, and the moves logged after each of its lines."""

    name: str
    setup: list[str]  # the arguments of `referee new` without --save
    typed: list[str]
    after: list[Moves]  # after[i]: the log once the first i lines were answered


def logged(session: Session) -> Moves:
    return tuple((e.by, e.text) for e in session.entries)


@functools.cache
def course(name: str) -> Course:
    path = SCENARIOS / f"{name}.txt"
    played = scenario.load(path)
    typed = [c.text for c in played.commands if c.refusal is None and not c.figures]
    setup = ["new", played.game, "-p", ",".join(played.players)]
    setup += ["-v", played.variant] if played.variant else []
    board = re.search(r"^# board: (.+)$", path.read_text(), re.MULTILINE)
    setup += ["--board", str(path.parent / board.group(1).strip())] if board else []
    session = Session.new(played.game, played.players, played.variant, played.board)
    session.settle()
    shell = Shell(session)
    after = [logged(session)]
    for line in typed:
        assert shell.run(line).ok, line
        after.append(logged(session))
    return Course(name, setup, typed, after)


@functools.cache
def versions(name: str) -> tuple[list[bytes], bytes]:
    """Every version of the save the game went through, one per line, and the file as the
    shell leaves it at the end (written whole)."""
    with tempfile.TemporaryDirectory() as folder:
        return _versions(name, Path(folder) / f"{name}.toml")


def _versions(name: str, save: Path) -> tuple[list[bytes], bytes]:
    c = course(name)
    played = scenario.load(SCENARIOS / f"{name}.txt")
    session = Session.new(played.game, played.players, played.variant, played.board)
    savefile.create(session, save)
    session.settle()
    shell = Shell(session)
    seen = [save.read_bytes()]
    for line in c.typed:
        shell.run(line)
        seen.append(save.read_bytes())
    assert session.store is not None
    session.store.close(session)
    return seen, save.read_bytes()


def load(path: Path) -> tuple[Moves, list[str]] | str:
    """The moves a save loads with and its notes, or the one line that refuses it."""
    try:
        session, notes = savefile.read(path)
    except (SaveFileError, ReplayError) as e:
        said = str(e)
        assert "\n" not in said and e.exit_code in (1, 2), said
        return said
    assert all("\n" not in note for note in notes), notes
    return logged(session), notes


# --- kill -9 at random instants --------------------------------------------------------------
@dataclass
class Tally:
    instants: int = 0
    real_kills: int = 0
    cuts: int = 0
    files: int = 0
    lines: int = 0
    lost: int = 0

    def __str__(self) -> str:
        return (
            f"{self.instants} instants ({self.real_kills} kill -9, {self.cuts} cut appends), "
            f"{self.files} files, {self.lines} lines, {self.lost} moves lost"
        )


def answered(out: str, typed: list[str]) -> int:
    """How many lines had their answer printed (each answer starts with its line echoed)."""
    count = 0
    for shown in out.splitlines():
        if count < len(typed) and shown == f"> {typed[count]}":
            count += 1
    return count


def kill_once(name: str, rng: random.Random, folder: Path, tally: Tally) -> None:
    c = course(name)
    save = folder / f"kill-{tally.real_kills}.toml"
    env = {**os.environ, "XDG_CONFIG_HOME": str(folder / "config")}
    proc = subprocess.Popen(
        [referee_program(), *c.setup, "--save", str(save)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    assert proc.stdin is not None and proc.stdout is not None
    # The game begins once its file is written: a kill before that (the program takes most
    # of a second to start on a busy machine) would test nothing.
    began = proc.stdout.readline()
    sent = rng.randint(1, len(c.typed))
    for line in c.typed[:sent]:
        proc.stdin.write(f"{line}\n".encode())
        proc.stdin.flush()
        time.sleep(rng.choice([0.0, 0.001, 0.003]))
    time.sleep(rng.uniform(0.0, 0.3))
    proc.send_signal(signal.SIGKILL)
    out = (began + proc.stdout.read()).decode()
    proc.wait()
    tally.real_kills += 1
    tally.instants += 1
    tally.lines += sent
    done = answered(out, c.typed)
    assert began.startswith(b"new ") and save.exists(), began
    tally.files += 1
    loaded = load(save)
    assert not isinstance(loaded, str), loaded
    moves, _ = loaded
    assert moves == c.after[-1][: len(moves)], "a move was changed or invented"
    if len(moves) < len(c.after[done]):
        tally.lost += len(c.after[done]) - len(moves)
    assert len(moves) >= len(c.after[done]), "an answered move was lost"
    assert len(moves) <= len(c.after[sent])
    session, _ = savefile.resume(save)  # the dead shell's lock taken over, its litter cleared
    assert session.store is not None
    session.store.close(session)
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]
    save.unlink()


def cut_appends(name: str, rng: random.Random, folder: Path, count: int, tally: Tally) -> None:
    """A kill inside an append leaves the file cut at some byte of the blocks it was adding."""
    c = course(name)
    seen, _ = versions(name)
    grew = [k for k in range(1, len(seen)) if len(seen[k]) > len(seen[k - 1])]
    appended = [k for k in grew if seen[k].startswith(seen[k - 1])]
    assert appended, name
    save = folder / "cut.toml"
    for _ in range(count):
        k = rng.choice(appended)  # line k was being answered: lines 1..k-1 were
        before, after = seen[k - 1], seen[k]
        save.write_bytes(after[: rng.randint(len(before), len(after))])
        loaded = load(save)
        assert not isinstance(loaded, str), loaded
        moves, _ = loaded
        assert len(c.after[k - 1]) <= len(moves) <= len(c.after[k])
        assert moves == c.after[k][: len(moves)]
        tally.instants += 1
        tally.cuts += 1
        tally.files += 1


def test_kill_at_random_instants_in_every_game(tmp_path: Path) -> None:
    rng = random.Random(20261127)
    tally = Tally()
    for name in ONE_PER_GAME:
        kill_once(name, rng, tmp_path, tally)
        cut_appends(name, rng, tmp_path, 6, tally)
    assert tally.lost == 0 and tally.real_kills == len(ONE_PER_GAME)
    assert tally.files == tally.instants


@pytest.mark.attack
def test_kill_at_1000_random_instants_over_every_scenario(tmp_path: Path) -> None:
    rng = random.Random(20261128)
    tally = Tally()
    for n in range(FULL_REAL_KILLS):
        kill_once(EVERY_SCENARIO[n % len(EVERY_SCENARIO)], rng, tmp_path, tally)
    cuts = FULL_INSTANTS - FULL_REAL_KILLS
    for n, name in enumerate(EVERY_SCENARIO):
        share = cuts // len(EVERY_SCENARIO) + (n < cuts % len(EVERY_SCENARIO))
        cut_appends(name, rng, tmp_path, share, tally)
    print(f"\nattack: kill: {tally}")
    assert tally.instants == tally.files == FULL_INSTANTS and tally.lost == 0


# --- a save cut at a byte offset, or with junk after it ---------------------------------------
def expected_cut(whole: bytes, end: int) -> tuple[int, bool]:
    """What a save cut at `end` must load with: the moves whose text ends before the cut; and
    whether the file must be refused instead (cut in its header, or before moves its last full
    save wrote)."""
    first = whole.index(savefile.MOVES_BYTES)
    head = tomllib.loads(whole[:first].decode())
    complete = [m.end() - 2 for m in re.finditer(rb'\ntext = "(?:[^"\\\n]|\\.)*"\n', whole)]
    kept = sum(1 for quote in complete if quote < end)  # its text closed: the move is whole
    return kept, end < first or kept < head.get("snapshot_after", 0)


def check_cut(whole: bytes, end: int, save: Path, moves: Moves) -> None:
    autos = [m.get("auto", False) for m in tomllib.loads(whole.decode()).get("moves", [])]
    save.write_bytes(whole[:end])
    kept, refused = expected_cut(whole, end)
    loaded = load(save)
    if refused:
        assert isinstance(loaded, str), (end, loaded)
        assert re.search(r"line \d+", loaded), loaded
        assert "moves are kept" not in loaded
        return
    assert not isinstance(loaded, str), (end, loaded)
    got, notes = loaded
    assert got == moves[: len(got)] and len(got) >= kept, (end, len(got), kept)
    assert all(autos[kept : len(got)]), "only automatic moves are made again on loading"
    if whole[:end].count(savefile.MOVES_BYTES) > kept:  # a move begun and cut: said, counted
        assert len(notes) == 1 and re.search(rf"\b{kept} moves? before it|no other move", notes[0])


def offsets_of(whole: bytes, rng: random.Random, count: int) -> list[int]:
    first = whole.index(savefile.MOVES_BYTES)
    inside = [rng.randrange(first) for _ in range(count // 3)]
    return sorted(set(inside + [rng.randrange(first, len(whole) + 1) for _ in range(count)]))


def moves_of(whole: bytes) -> Moves:
    data = tomllib.loads(whole.decode())
    return tuple((m["by"], m["text"]) for m in data.get("moves", []))


@pytest.mark.parametrize("name", ONE_PER_GAME)
def test_a_save_cut_at_random_bytes_loads_its_whole_moves_or_is_refused(
    tmp_path: Path, name: str
) -> None:
    rng = random.Random(name)
    seen, final = versions(name)
    save = tmp_path / "cut.toml"
    for whole in (seen[FIRST_MOVES], final):  # appended to since the start; written whole
        moves = moves_of(whole)
        for end in offsets_of(whole, rng, 9):
            check_cut(whole, end, save, moves)


JUNK = [b"\0" * 512, bytes(range(256)), b"\xff\xfe junk\n", b"\n[[moves]]\nby = \0\0"]


@pytest.mark.parametrize("name", ONE_PER_GAME)
def test_junk_after_the_last_move_keeps_every_move_in_every_game(tmp_path: Path, name: str):
    seen, final = versions(name)
    save = tmp_path / "junk.toml"
    for whole in (seen[FIRST_MOVES], final):
        moves = moves_of(whole)
        for junk in JUNK:
            save.write_bytes(whole + junk)
            loaded = load(save)
            assert not isinstance(loaded, str), loaded
            got, notes = loaded
            assert got == moves and len(notes) == 1
            assert re.search(
                rf"(all its|the) {len(moves)} moves? (are|is|before it are) kept", notes[0]
            )


@pytest.mark.attack
def test_every_byte_offset_of_every_games_save(tmp_path: Path) -> None:
    rng = random.Random(20261129)
    files = 0
    for name in ONE_PER_GAME:
        seen, final = versions(name)
        save = tmp_path / "cut.toml"
        early = seen[FIRST_MOVES]
        for end in range(len(early) + 1):
            check_cut(early, end, save, moves_of(early))
            files += 1
        for end in offsets_of(final, rng, 300):
            check_cut(final, end, save, moves_of(final))
            files += 1
        for junk in JUNK:
            for whole in (early, final):
                save.write_bytes(whole + junk)
                loaded = load(save)
                assert not isinstance(loaded, str) and loaded[0] == moves_of(whole)
                files += 1
    print(f"\nattack: cuts and junk: {files} files, 0 tracebacks")


# --- two writers -----------------------------------------------------------------------------
def race(tmp_path: Path, first: Path, second: Path, save: Path, tally: Tally) -> None:
    """Two shells opened on one save at the same instant: one plays, the other is refused in
    one line; every move the one that plays answered is in the file."""
    c = course("union-station-3p-twentieth-dividend")
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    lines = "".join(f"{line}\n" for line in c.typed[1:6])
    procs = [
        subprocess.Popen(
            [referee_program(), "resume", str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        for path in (first, second)
    ]
    try:
        played = one_refused(procs, lines)
    finally:
        for proc in procs:  # neither refused: end both, the test has failed
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    loaded = load(save)
    assert not isinstance(loaded, str), loaded
    assert loaded[0] == c.after[1 + answered(played, c.typed[1:])]
    tally.files += 1
    tally.lines += len(c.typed[1:6]) * 2


def one_refused(procs: list[subprocess.Popen[bytes]], lines: str) -> str:
    """The output of the writer that plays `lines`, once the other was refused in one line."""
    deadline = time.monotonic() + 30
    while all(p.poll() is None for p in procs):  # the winner waits for its lines, holding on
        assert time.monotonic() < deadline, "neither writer was refused"
        time.sleep(0.02)
    loser = next(p for p in procs if p.poll() is not None)
    winner = procs[1 - procs.index(loser)]
    refused = loser.communicate(timeout=60)[1].decode()
    assert loser.returncode == 2, refused
    assert refused.count("\n") == 1 and "is open in another referee" in refused, refused
    played = winner.communicate(lines.encode(), timeout=120)[0].decode()
    assert winner.returncode == 0
    return played


def fresh_save(tmp_path: Path, name: str) -> Path:
    c = course("union-station-3p-twentieth-dividend")
    save = tmp_path / name
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}
    subprocess.run(
        [referee_program(), *c.setup, "--save", str(save)],
        input=f"{c.typed[0]}\n".encode(),
        capture_output=True,
        check=True,
        env=env,
    )
    return save


WAYS = ["same path", "symlink", "symlinked folder", "hard link"]


def paths_to_one_save(folder: Path, way: str) -> tuple[Path, Path, Path]:
    """Two paths to one new save, the second reaching it `way`, and the save itself."""
    (folder / "real").mkdir(parents=True)
    save = fresh_save(folder / "real", "g.toml")
    other = {
        "same path": save,
        "symlink": folder / "link.toml",
        "symlinked folder": folder / "folder" / "g.toml",
        "hard link": folder / "h.toml",
    }[way]
    if way == "symlink":
        other.symlink_to(save)
    elif way == "symlinked folder":
        (folder / "folder").symlink_to(folder / "real")
    elif way == "hard link":
        os.link(save, other)
    return save, other, save


@pytest.mark.parametrize("way", ["same path", "hard link"])
def test_two_writers_at_once_one_plays_and_the_other_is_refused(tmp_path: Path, way: str):
    race(tmp_path, *paths_to_one_save(tmp_path, way), Tally())


@pytest.mark.attack
def test_two_writers_through_every_path_to_one_save(tmp_path: Path) -> None:
    tally = Tally()
    for attempt in range(5):
        for way in WAYS:
            folder = tmp_path / f"race-{attempt}-{way.replace(' ', '-')}"
            race(folder, *paths_to_one_save(folder, way), tally)
    print(f"\nattack: races: {tally.files} races, 0 moves lost")


def test_the_suite_covers_every_game() -> None:
    from referee import games

    assert sorted(course(name).setup[1] for name in ONE_PER_GAME) == sorted(games.names())
