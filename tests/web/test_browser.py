"""The page in a real browser (headless Chromium): a move made in the shell shows on the open
page within a second, checked in the DOM; screenshots of every game's page for people to see."""

from __future__ import annotations

import re

import pytest

from referee import render
from referee.engine import RefereeError
from referee.shell.commands import Shell
from tests.web.cdp import Browser, screenshot_dir
from tests.web.conftest import ONE_OF_EACH, SCENARIOS, next_move, played

URL = re.compile(r"http://\S+/")


def _half(name: str) -> int:
    from referee import scenario

    return len(scenario.load(SCENARIOS / name).commands) // 2


@pytest.fixture
async def browser():
    b = Browser()
    await b.start()
    yield b
    await b.close()


@pytest.mark.parametrize("game", list(ONE_OF_EACH))
async def test_a_move_in_the_shell_shows_on_the_page_within_a_second(browser, game: str) -> None:
    name = ONE_OF_EACH[game]
    upto = _half(name)
    while True:  # a move the table types: not one the referee already made automatically
        session = played(name, upto)
        try:
            session.what_if(next_move(name, upto))
            break
        except RefereeError:
            upto += 1
    shell = Shell(session)
    url = URL.search(shell.run("share --host 127.0.0.1 --port 0").text).group(0)
    try:
        await browser.open(url)
        await browser.wait_for("document.getElementById('live').className === 'live ok'", 10)
        before = len(session.entries)
        assert await browser.js("document.body.dataset.moves") == str(before)
        move = next_move(name, upto)
        reply = shell.run(move)
        assert reply.ok, reply.text
        after = len(session.entries)  # with automatic moves
        last = render.described(session, after - 1)  # the move in full, with its effect
        assert after > before
        took = await browser.wait_for(
            f"document.body.dataset.moves === '{after}' && "
            f"document.querySelector('table.moves td:nth-child(3)').textContent === {last!r}",
            1.0,
        )
        assert took < 1.0
        # Who acts next, at what step, as the session says it (without the shell's verb list).
        assert await browser.js("document.getElementById('next').textContent") == (
            session.next_step()
        )
        # What just happened, at the top: the lines the shell answered, the last move's first.
        panel = await browser.js(
            "document.querySelector('main section.happened .just').textContent"
        )
        for index in range(before, after):
            for line in render.event_lines(session.tell(index)):
                assert line in panel and line in reply.text
        first = await browser.js("document.querySelector('main').firstElementChild.className")
        assert first == "happened"
        await browser.screenshot(screenshot_dir() / f"{game}-phone.png", 412)
    finally:
        shell.run("share off")


async def test_undo_shows_too_and_the_page_reconnects_after_the_server_returns(browser) -> None:
    name = ONE_OF_EACH["congo-line"]
    session = played(name, _half(name))
    shell = Shell(session)
    url = URL.search(shell.run("share --host 127.0.0.1 --port 0").text).group(0)
    port = int(url.split(":")[2].split("/")[0])
    try:
        await browser.open(url)
        await browser.wait_for("document.getElementById('live').className === 'live ok'", 10)
        moves = len(session.entries)
        assert shell.run("undo").ok  # the typed move, with any automatic moves after it
        undone = len(session.entries)
        assert undone < moves
        await browser.wait_for(f"document.body.dataset.moves === '{undone}'", 1.0)
        # The Wi-Fi drops: the page says so, then catches up by itself when it is back.
        shell.run("share off")
        await browser.wait_for("document.getElementById('live').className === 'live lost'", 5)
        assert shell.run("redo").ok  # made while the page could not hear
        token = url.split("/")[3]
        from referee.web.server import TablePage
        from referee.web.share import Sharing
        from referee.web.source import Source

        source = Source(session)
        page = TablePage(source, token=token)
        await page.start("127.0.0.1", port)
        shell.sharing = Sharing(source, page)
        await browser.wait_for(f"document.body.dataset.moves === '{moves}'", 5)
    finally:
        shell.run("share off")


async def test_screenshots_of_the_final_table_wide_and_dark(browser) -> None:
    session = played(ONE_OF_EACH["lost-atlas"])
    shell = Shell(session)
    url = URL.search(shell.run("share --host 127.0.0.1 --port 0").text).group(0)
    try:
        await browser.open(url)
        await browser.wait_for("document.getElementById('live').className === 'live ok'", 10)
        assert "Final table" in await browser.js("document.getElementById('main').textContent")
        await browser.screenshot(screenshot_dir() / "lost-atlas-final-tv.png", 1600)
        await browser.dark(True)
        await browser.screenshot(screenshot_dir() / "lost-atlas-final-phone-dark.png", 360)
        width = await browser.js("document.documentElement.scrollWidth")
        assert width <= 360, f"the page is {width} px wide on a 360 px phone"
    finally:
        shell.run("share off")
