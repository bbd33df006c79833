"""The page in a real browser (headless Chromium): an undo shows, a page reconnects by itself
after the server comes back, and screenshots of a finished game, wide and dark. A move of each
game reaching 50 open pages, a page refused for want of a place, `lang` and the clipping are
checked in test_table_done.py (how soon is measured by bench/table.py, not here)."""

from __future__ import annotations

import re

import pytest

from referee.shell.shell import Shell
from tests.web.cdp import Browser, screenshot_dir
from tests.web.conftest import ONE_OF_EACH, SCENARIOS, played

URL = re.compile(r"http://\S+/")


def _half(name: str) -> int:
    from devtools import scenario

    return len(scenario.load(SCENARIOS / name).commands) // 2


@pytest.fixture
async def browser():
    b = Browser()
    await b.start()
    yield b
    await b.close()


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
        await browser.wait_for(f"document.body.dataset.moves === '{undone}'", 10)
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
