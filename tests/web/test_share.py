"""Starting and stopping the page: the shell's `share`, `--share`, `referee serve`, the diary."""

from __future__ import annotations

import asyncio
import html
import io
import re
from pathlib import Path

import aiohttp
import pytest
from click.testing import CliRunner

from referee.cli.main import cli
from referee.core.engine import RefereeError, UsageError
from referee.play.session import Session
from referee.shell.shell import Shell
from referee.store import savefile
from referee.web import share as share_module
from tests.web.conftest import ONE_OF_EACH, SCENARIOS, next_move, played

URL = re.compile(r"http://\S+/")


async def _get_json(url: str) -> dict:
    async with aiohttp.ClientSession() as http, http.get(url + "view.json") as r:
        assert r.status == 200
        return await r.json()


async def test_share_prints_the_address_and_a_qr_code_and_serves_the_session(
    us_session: Session,
) -> None:
    shell = Shell(us_session)
    reply = shell.run("share --host 127.0.0.1 --port 0")
    assert reply.ok, reply.text
    url = URL.search(reply.text).group(0)
    assert "▀" in reply.text or "█" in reply.text  # the QR code, drawn in the terminal
    await asyncio.sleep(0.05)  # the server starts in the shell's loop
    assert (await _get_json(url))["moves"] == len(us_session.entries)
    move = next_move(ONE_OF_EACH["union-station"], 12)
    assert shell.run(move).ok
    assert (await _get_json(url))["last_moves"][-1]["text"] == move
    again = shell.run("share")
    assert url in again.text and "already shared" in again.text
    assert shell.run("share off").text.startswith("the page is stopped")
    await asyncio.sleep(0.1)
    with pytest.raises(aiohttp.ClientConnectionError):
        await _get_json(url)
    assert shell.run("share off").text == "the game is not shared"


def test_share_outside_the_interactive_shell_says_where_it_works(us_session: Session) -> None:
    reply = Shell(us_session).run("share")
    assert not reply.ok and reply.exit_code == 2
    assert "share works in the interactive shell" in reply.text


@pytest.mark.parametrize(
    ("words", "says"),
    [
        ("share --port x", "'x' is not a port number"),
        ("share --port 70000", "70000 is not a port number"),
        ("share --colour red", "share does not understand '--colour'"),
        ("share --host", "share does not understand '--host'"),
        ("share off now", "share off takes nothing more"),
    ],
)
async def test_share_refuses_bad_words_in_one_line(us_session: Session, words, says) -> None:
    reply = Shell(us_session).run(words)
    assert not reply.ok and reply.exit_code == 2
    assert says in reply.text and "Traceback" not in reply.text


async def test_a_taken_port_is_said_in_one_line(us_session: Session) -> None:
    first = Shell(us_session)
    url = URL.search(first.run("share --host 127.0.0.1 --port 0").text).group(0)
    port = url.split(":")[2].split("/")[0]
    reply = Shell(us_session).run(f"share --host 127.0.0.1 --port {port}")
    assert not reply.ok and f"cannot listen on 127.0.0.1:{port}" in reply.text
    first.run("share off")


def test_export_html_is_one_self_contained_page(tmp_path: Path) -> None:
    session = played(ONE_OF_EACH["lost-atlas"])
    path = tmp_path / "diary.html"
    reply = Shell(session).run(f"export {path}")
    assert reply.ok, reply.text
    text = path.read_text()
    assert "Final table" in text and "The whole log" in text
    for number in range(1, len(session.entries) + 1):
        sentence = session.tell(number - 1).sentence
        assert f"<td>{number}</td>" in text and html.escape(sentence) in text
    assert text.count("<svg") >= 3  # the map and both charts
    assert not re.search(r"""(src|href)=["'](?!#)""", text)  # nothing fetched from anywhere
    assert "<script" not in text


@pytest.mark.parametrize("told", [True, False], ids=["inotify", "polling"])
async def test_serve_follows_a_save_as_its_shell_writes_it(
    tmp_path: Path, monkeypatch, told: bool
) -> None:
    """Told by the system (inotify), or where it cannot tell, by looking at the file."""
    from referee.web import watch

    if not told:
        monkeypatch.setattr(watch, "_inotify", lambda folder: -1)
    save = tmp_path / "us.toml"
    writer = played(ONE_OF_EACH["union-station"], upto=12)
    savefile.create(writer, save)  # the writer's shell holds the lock; serve needs none
    out = io.StringIO()
    task = asyncio.create_task(share_module.follow(save, "127.0.0.1", 0, out))
    for _ in range(100):
        await asyncio.sleep(0.02)
        if URL.search(out.getvalue()):
            break
    url = URL.search(out.getvalue()).group(0)
    moves = len(writer.entries)
    assert (await _get_json(url))["moves"] == moves
    writer.play(next_move(ONE_OF_EACH["union-station"], 12))  # autosaves
    loop = asyncio.get_running_loop()
    start = loop.time()
    while (await _get_json(url))["moves"] != moves + 1:
        assert loop.time() - start < 10.0, "the page did not follow the save"
        await asyncio.sleep(0.05)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


def test_share_flags_need_the_interactive_shell(tmp_path: Path) -> None:
    save = tmp_path / "g.toml"
    board = Path(__file__).parent.parent / "fixtures" / "union-station-fixture-board.toml"
    args = ["new", "union-station", "-p", "A,B,C", "--save", str(save), "--board", str(board)]
    result = CliRunner().invoke(cli, [*args, "--share"], input="")
    assert result.exit_code == 2
    assert "--share needs the interactive shell" in result.stderr
    assert not save.exists()  # refused before any file was made
    result = CliRunner().invoke(cli, [*args, "--port", "8000"], input="")
    assert result.exit_code == 2
    assert "--host and --port go with --share" in result.stderr


def test_serve_refuses_a_file_that_is_not_a_save(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("not toml [")
    result = CliRunner().invoke(cli, ["serve", str(bad), "--host", "127.0.0.1", "--port", "0"])
    assert result.exit_code == 2  # as `referee show` says of the same file
    assert "not valid TOML" in result.stderr and "Traceback" not in result.stderr


def test_only_a_taken_port_is_a_port_taken() -> None:
    """`listen` falls back to any free port only when the usual one is taken; a host that is
    not this machine's is reported as it is, with the port asked for."""
    from referee.web.server import PortTaken, bind

    with pytest.raises(UsageError, match=r"cannot listen on 192\.0\.2\.1:8470") as info:
        bind("192.0.2.1", 8470)
    assert not isinstance(info.value, PortTaken)
    taken = bind("127.0.0.1", 0)
    try:
        with pytest.raises(PortTaken):
            bind("127.0.0.1", taken.getsockname()[1])
    finally:
        taken.close()


async def test_serve_shows_every_version_when_several_moves_are_saved_at_once(
    tmp_path: Path,
) -> None:
    """Moves written quickly, one after the other, before `serve` reads the file: each is a
    version of its own, in order (the open pages hear of each), none merged into the last; a
    move's automatic moves come with it, as in the shell."""
    save = tmp_path / "us.toml"
    name = ONE_OF_EACH["union-station"]
    writer = played(name, upto=12)
    savefile.create(writer, save)
    follower = share_module.SaveFollower(save)
    moves: list[int] = []
    follower.source.listeners.append(lambda: moves.append(len(follower.source.session.entries)))
    played_moves: list[int] = []  # the moves after each line, automatic ones included
    for upto in range(12, 40):
        if len(played_moves) == 3:
            break
        try:
            writer.play(next_move(name, upto))  # each autosaves
        except RefereeError:
            continue
        played_moves.append(len(writer.entries))
    assert follower.poll()
    assert moves == played_moves  # as the shell showed them: one version a line
    assert follower.source.session.entries == writer.entries


async def test_serve_follows_quick_writes_by_notification_and_hears_every_one(
    tmp_path: Path,
) -> None:
    """`referee serve` reads the save when the system says it changed: an undo, a redo and
    each of several quick writes reach the stream as versions of their own."""
    save = tmp_path / "us.toml"
    writer = played(ONE_OF_EACH["union-station"], upto=12)
    savefile.create(writer, save)
    out = io.StringIO()
    task = asyncio.create_task(share_module.follow(save, "127.0.0.1", 0, out))
    for _ in range(200):
        await asyncio.sleep(0.02)
        if URL.search(out.getvalue()):
            break
    url = URL.search(out.getvalue()).group(0)
    heard: list[int] = []
    async with aiohttp.ClientSession() as http, http.get(url + "events") as stream:

        async def listen() -> None:
            buffer = b""
            async for chunk in stream.content.iter_any():
                *events, buffer = (buffer + chunk).split(b"\n\n")
                for event in events:
                    if event.startswith(b"event: version\n"):
                        heard.append(int(event.rsplit(b"-", 1)[1]))

        listening = asyncio.create_task(listen())
        shell = Shell(writer)
        for line in ("undo", "redo", "undo", "redo"):
            assert shell.run(line).ok
            await asyncio.sleep(0.1)  # one save at a time, as a table types them
        for _ in range(500):
            if (await _get_json(url))["moves"] == len(writer.entries) and len(heard) >= 5:
                break
            await asyncio.sleep(0.02)
        listening.cancel()
    # One version per save, in order, none skipped (a redraw of the charts may add one).
    assert len(heard) >= 5 and heard == list(range(heard[0], heard[0] + len(heard)))
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


@pytest.mark.parametrize("game", list(ONE_OF_EACH))
def test_a_save_read_again_is_what_a_whole_read_gives(tmp_path: Path, game: str) -> None:
    """`referee serve` replays only the moves that changed since it last read the save, and
    parses only the pieces of the file that changed (savefile.reread): after each move, undo,
    redo and amend of a whole game, automatic moves included, it holds what reading the file
    whole gives, what each move did included."""
    from devtools import scenario

    name = ONE_OF_EACH[game]
    s = scenario.load(SCENARIOS / name)
    typed = [c.text for c in s.commands if c.refusal is None and not c.figures]
    writer = played(name, upto=0)
    save = tmp_path / "g.toml"
    savefile.create(writer, save)
    shell = Shell(writer)
    known = savefile.read(save)[0]
    pieces = savefile.Pieces()  # what was parsed of the file, kept from reading to reading
    lines = [*typed[:30], "undo", "undo", "redo", *typed[30:34], "undo", "redo", "redo"]
    for line in lines:
        shell.run(line)  # refused lines change nothing and are read again all the same
        (again, note), whole = savefile.reread(save, known, pieces), savefile.read(save)[0]
        assert note == "", line
        assert again.entries == whole.entries, line
        assert [writer.game.snapshot(x) for x in again.states] == [
            writer.game.snapshot(x) for x in whole.states
        ], line
        assert (again.awaiting, again.redo_stack) == (whole.awaiting, whole.redo_stack), line
        assert again.told == whole.told, line
        known = again
    writer.store.close(writer)
