"""One writer per save, tested with two real `referee` processes."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from pathlib import Path

from test_terminal import BOARD, referee_program

from referee.store import savefile


def env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")}


def start(tmp_path: Path, *args: str) -> subprocess.Popen[str]:
    """A referee shell fed through a pipe that stays open: it holds its save until closed."""
    return subprocess.Popen(
        [referee_program(), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env(tmp_path),
    )


def run(tmp_path: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [referee_program(), *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env(tmp_path),
        timeout=60,
    )


def wait_for(path: Path) -> None:
    deadline = time.monotonic() + 30
    while not (path.exists() and path.read_text()):
        assert time.monotonic() < deadline, f"{path} never appeared"
        time.sleep(0.05)


NEW = ["new", "union-station", "-p", "Ann,Bob,Cy", "--board", str(BOARD)]


def test_a_second_writer_is_refused_naming_the_first_and_readers_still_read(
    tmp_path: Path,
) -> None:
    save = tmp_path / "two.toml"
    first = start(tmp_path, *NEW, "--save", str(save))
    assert first.stdin is not None
    first.stdin.write("reveal blue green black orange white\n")
    first.stdin.flush()
    wait_for(tmp_path / ".two.toml.lock")

    refusal = f"host {socket.gethostname()}, process {first.pid}, since 20"
    for args in (["resume", str(save)], [*NEW, "--save", str(save), "--force"]):
        second = run(tmp_path, *args, stdin="reveal green\n")
        assert second.returncode == 2, second.stderr
        assert second.stderr.count("\n") == 1 and "is open in another referee" in second.stderr
        assert refusal in second.stderr
    other = run(
        tmp_path, *NEW, "--save", str(tmp_path / "other.toml"), stdin=f"save {save} --force\n"
    )
    assert other.returncode == 2 and refusal in other.stdout

    assert run(tmp_path, "show", str(save)).returncode == 0
    assert run(tmp_path, "log", str(save)).returncode == 0

    first.stdin.write("reveal green\n")
    first.stdin.close()  # end of input: the first shell saves and lets go
    assert first.wait(timeout=30) == 0
    assert not (tmp_path / ".two.toml.lock").exists()
    assert [e.text for e in savefile.read(save)[0].entries] == [
        "reveal blue green black orange white",
        "reveal green",
    ]
    third = run(tmp_path, "resume", str(save), stdin="bid 8\n")
    assert third.returncode == 0 and third.stderr == ""


def test_the_lock_of_a_killed_shell_is_taken_over_with_a_note(tmp_path: Path) -> None:
    save = tmp_path / "killed.toml"
    first = start(tmp_path, *NEW, "--save", str(save))
    wait_for(tmp_path / ".killed.toml.lock")
    wait_for(save)
    first.send_signal(signal.SIGKILL)
    first.wait()
    assert (tmp_path / ".killed.toml.lock").exists()  # nothing could remove it
    second = run(tmp_path, "resume", str(save), stdin="reveal blue green black orange white\n")
    assert second.returncode == 0, second.stderr
    assert second.stderr.count("\n") == 1
    assert f"took over the lock on {save} left by host {socket.gethostname()}" in second.stderr
    assert f"process {first.pid}, since 20" in second.stderr
    assert "no longer running" in second.stderr
    assert not (tmp_path / ".killed.toml.lock").exists()


def holding(tmp_path: Path, save: Path) -> subprocess.Popen[str]:
    """A first shell that has `save` open, one move in."""
    first = start(tmp_path, *NEW, "--save", str(save))
    assert first.stdin is not None
    first.stdin.write("reveal blue green black orange white\n")
    first.stdin.flush()
    wait_for(save.with_name(f".{save.name}.lock"))
    deadline = time.monotonic() + 30
    while not (save.exists() and "reveal blue" in save.read_text()):
        assert time.monotonic() < deadline, "the first move was never saved"
        time.sleep(0.05)
    return first


def finish(first: subprocess.Popen[str], save: Path) -> None:
    """The first shell plays one more move and quits: both moves are in its save."""
    assert first.stdin is not None
    first.stdin.write("reveal green\n")
    first.stdin.close()
    assert first.wait(timeout=30) == 0
    assert [e.text for e in savefile.read(save)[0].entries] == [
        "reveal blue green black orange white",
        "reveal green",
    ]


def test_every_path_to_an_open_save_is_refused_to_a_second_process(tmp_path: Path) -> None:
    """Issue 27's reproductions, one per path, each from a second `referee` while the first
    holds the save: `export --force` onto it, `export --force` onto its lock through a
    symlinked folder, `save --force` onto its lock, and `resume` of a hard link to it."""
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "real")
    save = tmp_path / "real" / "g.toml"
    first = holding(tmp_path, save)
    os.link(save, tmp_path / "h.toml")
    card = tmp_path / "real" / ".g.toml.lock"
    before = save.read_bytes(), card.read_bytes()
    other = [*NEW, "--save", str(tmp_path / "other.toml")]
    for line, said in (
        (f"export {save} --force", "is open in another referee"),
        (f"export {tmp_path / 'link' / '.g.toml.lock'} --force", "a name the referee keeps"),
        (f"save {card} --force", "a name the referee keeps"),
        (f"save {tmp_path / 'link' / 'g.toml'} --force", "is open in another referee"),
    ):
        second = run(tmp_path, *other, "--force", stdin=line + "\n")
        assert second.returncode == 2 and said in second.stdout, (line, second.stdout)
        assert (save.read_bytes(), card.read_bytes()) == before, line
    assert not save.with_name("g.toml.bak").exists()
    for args in (["resume", str(tmp_path / "h.toml")], ["resume", str(tmp_path / "link/g.toml")]):
        second = run(tmp_path, *args, stdin="reveal green\n")
        assert second.returncode == 2 and "is open in another referee" in second.stderr, args
    finish(first, save)
    assert not card.exists()
