"""One language at a time on the page (issue 29, item 5): `lang` in the shell reaches the whole
page at once (its lang attribute, title and status words, not only the body), a fresh page
opens in the language in force, and `referee serve` speaks the chosen language throughout."""

from __future__ import annotations

import asyncio
import io
import re
import threading
from pathlib import Path

import aiohttp

from referee import i18n
from referee.i18n import _
from referee.play.session import Session
from referee.shell.shell import Shell
from referee.store import savefile
from referee.web import share as share_module
from tests.web.conftest import ONE_OF_EACH, played

URL = re.compile(r"http://\S+/")
LIVE_JA = "実況中"  # the Japanese of "live · move {moves}"


async def _get(url: str) -> tuple[str, dict]:
    async with aiohttp.ClientSession() as http:
        async with http.get(url) as r:
            page = await r.text()
        async with http.get(url + "view.json") as r:
            return page, await r.json()


async def test_lang_in_the_shell_reaches_the_whole_page_at_once(us_session: Session) -> None:
    shell = Shell(us_session)
    url = URL.search(shell.run("share --host 127.0.0.1 --port 0").text).group(0)
    try:
        await asyncio.sleep(0.05)
        page, view = await _get(url)
        assert '<html lang="en">' in page and view["page"]["lang"] == "en"
        before = view["version"]
        assert shell.run("lang ja").ok  # no move: the page must follow all the same
        page, view = await _get(url)
        assert view["version"] != before  # the open pages are told
        assert '<html lang="ja">' in page  # a fresh page
        assert view["page"]["lang"] == "ja" and LIVE_JA in view["page"]["words"]["live"]
        assert LIVE_JA in page and "connection lost" not in page
        assert view["page"]["title"] in page
        assert shell.run("lang en").ok
        page, view = await _get(url)
        assert '<html lang="en">' in page and view["page"]["lang"] == "en"  # a fresh tab too
        assert LIVE_JA not in page and LIVE_JA not in view["html"]
    finally:
        shell.run("share off")
        i18n.use("en")


def test_a_page_drawn_in_a_thread_keeps_its_language_while_the_shell_switches() -> None:
    """The page is drawn in a worker thread in its version's language (a context variable);
    the shell's `lang` switching the process meanwhile changes nothing of that drawing."""
    drawing, switched = threading.Event(), threading.Event()
    said: list[str] = []

    def draw() -> None:
        with i18n.drawing("ja"):
            drawing.set()
            switched.wait(10)
            said.append(_("connecting…"))

    worker = threading.Thread(target=draw)
    worker.start()
    drawing.wait(10)
    assert _("connecting…") == "connecting…"  # the process is not switched by the drawing
    i18n.use("en")
    switched.set()
    worker.join(10)
    assert said == ["接続中…"]


async def _follow(save: Path) -> tuple[asyncio.Task[None], io.StringIO, str]:
    out = io.StringIO()
    task = asyncio.create_task(share_module.follow(save, "127.0.0.1", 0, out))
    for _attempt in range(200):
        await asyncio.sleep(0.02)
        if "following" in out.getvalue() or "追っています" in out.getvalue():
            break
    return task, out, URL.search(out.getvalue()).group(0)


async def test_serve_speaks_japanese_throughout_and_a_damaged_save_says_so_in_japanese(
    tmp_path: Path,
) -> None:
    save = tmp_path / "us.toml"
    savefile.create(played(ONE_OF_EACH["union-station"], upto=12), save)
    i18n.use("ja")
    try:
        task, out, url = await _follow(save)
        said = out.getvalue()
        assert "Ctrl-Cで止まります" in said and "追っています" in said
        assert "share off" not in said and "following" not in said and "stops it" not in said
        save.write_text("this is no save any more\n")
        for _attempt in range(500):
            _page, view = await _get(url)
            if "今はセーブを読めません" in view["html"]:
                break
            await asyncio.sleep(0.02)
        notice = re.search(r'<p class="notice">(.*?)</p>', view["html"]).group(1)
        assert "今はセーブを読めません" in notice and "last good state" not in notice
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    finally:
        i18n.use("en")
