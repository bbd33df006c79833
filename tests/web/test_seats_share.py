"""The shell's `share` opens a seat for each player; `share seats [off]` (issue 32 item 1)."""

from __future__ import annotations

import asyncio
import re

import aiohttp

from referee.shell.shell import Shell
from tests.web.conftest import ONE_OF_EACH, played

SEAT = re.compile(r"^  (\w+): (http://\S+/seat/\S+/)$", re.MULTILINE)


async def _move(url: str, line: str, version: str = "") -> tuple[int, str]:
    async with aiohttp.ClientSession() as http:
        async with http.get(url) as r:
            if r.status != 200:  # a closed seat: not even its page
                page = None
            else:
                page = re.search(r'data-page="([^"]+)"', await r.text())
                assert page is not None
        if not version:
            async with http.get(url + "view.json") as r:
                version = (await r.json())["version"]
        token = page.group(1) if page else "none"
        body = {"line": line, "version": version, "page": token, "request": "x1"}
        async with http.post(url + "move", json=body) as r:
            return r.status, await r.text()


async def test_share_gives_each_player_a_seat_and_share_seats_off_closes_them() -> None:
    """Issue 32 item 1: `share` also gives each player a private seat address and QR code,
    `share seats` shows them again, `share seats off` closes them (403); the read-only address
    stays as it is."""
    session = played(ONE_OF_EACH["congo-line"], upto=3)
    shell = Shell(session)
    said: list[str] = []
    shell.printer = said.append
    reply = shell.run("share --host 127.0.0.1 --port 0")
    assert reply.ok, reply.text
    seats = dict(SEAT.findall(reply.text))
    assert list(seats) == ["A", "B", "C"] and len(set(seats.values())) == 3
    assert reply.text.count("▀") > 3 * 10  # a QR code each, and the page's
    assert "shared (read-only)" in reply.text
    await asyncio.sleep(0.05)
    status, answer = await _move(seats["A"], "place red")
    assert status == 200 and '"ok": true' in answer
    assert said[0].startswith("seat A: place red\n")
    assert session.seated == {"A"}  # whose seat page is open (the typist's double, item 3)
    again = shell.run("share seats")
    assert dict(SEAT.findall(again.text)) == seats
    assert shell.run("share seats off").text.startswith("the seats are closed")
    assert session.seated == set()
    status, answer = await _move(seats["B"], "place red", version="v")
    assert status == 403 and "closed" in answer
    assert shell.run("share seats off").text == "the seats are closed already"
    reopened = dict(SEAT.findall(shell.run("share seats").text))
    assert set(reopened.values()).isdisjoint(seats.values())
    status, answer = await _move(reopened["B"], "place red")
    assert status == 200 and '"ok": true' in answer
    assert len(session.entries) == 5
    assert shell.run("share seats now").exit_code == 2
    assert session.seated == {"B"}
    shell.run("share off")
    assert session.seated == set()
    await asyncio.sleep(0.1)


def test_share_seats_when_not_shared() -> None:
    """Issue 32 item 1: `share seats` needs the game shared first."""
    reply = Shell(played(ONE_OF_EACH["congo-line"], upto=3)).run("share seats")
    assert reply.text == "the game is not shared"


async def test_a_seats_answer_is_printed_above_the_prompt(capsys) -> None:
    """Issue 32 item 2: the answer of a seat's move is printed in the shell, naming the seat,
    through prompt_toolkit's run_in_terminal (above the prompt, which is drawn again)."""
    from referee.shell import loop

    loop.say_above_prompt("seat A: place red\n  done")
    await asyncio.gather(*loop._printing)
    assert capsys.readouterr().out == "seat A: place red\n  done\n"
