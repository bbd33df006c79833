"""The page in a real browser (headless Chromium): a move made in the shell shows on the open
page, checked in the DOM (how soon is measured by bench/table.py, not here); a page refused for
want of a place gets one by itself; `lang` switches the whole page; screenshots of every game's
page for people to see."""

from __future__ import annotations

import asyncio
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
async def test_a_move_in_the_shell_shows_on_the_page(browser, game: str) -> None:
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
        await browser.wait_for(
            f"document.body.dataset.moves === '{after}' && "
            f"document.querySelector('table.moves td:nth-child(3)').textContent === {last!r}",
            10,
        )
        # The page comes to the version the shell is at (the charts drawn again may move it).
        for _attempt in range(1000):
            shown = await browser.js("document.body.dataset.version")
            if shown == shell.sharing.source.version:
                break
            await asyncio.sleep(0.01)
        assert shown == shell.sharing.source.version
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


LIVE_OK = "document.getElementById('live').className === 'live ok'"


async def test_a_page_refused_for_want_of_a_place_gets_one_by_itself(browser, monkeypatch) -> None:
    """Chromium's EventSource gives up after a 503 (too many pages open): the page's script
    tries again, waiting longer each time, and follows the game once a place is free."""
    from referee.web import server as server_module

    monkeypatch.setattr(server_module, "MAX_STREAMS", 0)
    session = played(ONE_OF_EACH["union-station"], 12)
    shell = Shell(session)
    url = URL.search(shell.run("share --host 127.0.0.1 --port 0").text).group(0)
    try:
        await browser.open(url)
        await browser.wait_for("document.getElementById('live').className === 'live lost'", 10)
        assert not shell.sharing.page.streams
        monkeypatch.setattr(server_module, "MAX_STREAMS", 64)  # other pages closed
        await browser.wait_for(LIVE_OK, 20)
        assert len(shell.sharing.page.streams) == 1
        assert shell.run(next_move(ONE_OF_EACH["union-station"], 12)).ok
        await browser.wait_for(f"document.body.dataset.moves === '{len(session.entries)}'", 10)
    finally:
        shell.run("share off")


async def test_several_moves_in_a_row_each_reach_the_page_and_none_is_skipped(browser) -> None:
    """Moves made one after the other: the page hears every version, in order, and ends at
    the shell's."""
    name = ONE_OF_EACH["union-station"]
    session = played(name, 12)
    shell = Shell(session)
    url = URL.search(shell.run("share --host 127.0.0.1 --port 0").text).group(0)
    try:
        await browser.open(url)
        await browser.wait_for(LIVE_OK, 10)
        await browser.js(
            "window.heard = []; new EventSource('events').addEventListener("
            "'version', (e) => window.heard.push(e.data))"
        )
        await browser.wait_for("window.heard.length === 1", 10)
        source = shell.sharing.source
        versions = [source.version]
        for move in ("undo", "redo", "undo", "redo"):
            assert shell.run(move).ok
            versions.append(source.version)
        await browser.wait_for(f"window.heard.length >= {len(versions)}", 10)
        heard = await browser.js("window.heard")
        assert heard[: len(versions)] == versions
        await browser.wait_for(f"document.body.dataset.version === {versions[-1]!r}", 10)
    finally:
        shell.run("share off")


async def test_lang_switches_the_title_the_lang_attribute_and_the_label_at_once(browser) -> None:
    from referee import i18n

    session = played(ONE_OF_EACH["congo-line"], 10)
    shell = Shell(session)
    url = URL.search(shell.run("share --host 127.0.0.1 --port 0").text).group(0)
    try:
        await browser.open(url)
        await browser.wait_for(LIVE_OK, 10)
        assert await browser.js("document.documentElement.lang") == "en"
        assert shell.run("lang ja").ok  # no move after it
        await browser.wait_for("document.documentElement.lang === 'ja'", 10)
        label = await browser.js("document.getElementById('live').textContent")
        assert label.startswith("実況中"), label
        with i18n.drawing("ja"):
            from referee.web.page import title_of

            title = title_of(session)
        assert await browser.js("document.title") == title
        assert await browser.js("document.getElementById('title').textContent") == title
        assert shell.run("lang en").ok
        await browser.wait_for("document.documentElement.lang === 'en'", 10)
        label = await browser.js("document.getElementById('live').textContent")
        assert label.startswith("live"), label
        await browser.open(url)  # a fresh tab after `lang en`: English
        await browser.wait_for(LIVE_OK, 10)
        assert await browser.js("document.documentElement.lang") == "en"
    finally:
        shell.run("share off")
        i18n.use("en")
