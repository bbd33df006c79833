"""One writer per save, tested with two real `referee` processes."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from pathlib import Path

from test_terminal import BOARD, referee_program

from referee import savefile


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
