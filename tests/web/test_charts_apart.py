"""The charts travel apart from the views on the live stream: drawn at most every
CHART_SECONDS, they are most of a view's bytes, so a stream brings them only when it has not
had them, and the page puts them back where the view marks them (issue 29 item 6: 50 pages
at a move every few tens of milliseconds)."""

from __future__ import annotations

import asyncio
import json
import re

from referee.shell.shell import Shell
from referee.web import server as server_module
from referee.web.server import CHARTS_HERE
from tests.web.conftest import ONE_OF_EACH, next_move, played

URL = re.compile(r"http://\S+/")
NAME = ONE_OF_EACH["union-station"]


async def _events(content, count: int) -> list[tuple[str, str]]:
    """The next `count` events of a stream other than versions told: (name, data)."""
    found: list[tuple[str, str]] = []
    name = ""
    while len(found) < count:
        line = (await asyncio.wait_for(content.readline(), 30)).decode().rstrip("\n")
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: ") and name not in ("", "version"):
            found.append((name, line[6:]))
    return found


async def test_a_stream_brings_the_charts_once_and_again_when_they_are_drawn_again(
    shared, monkeypatch
) -> None:
    source, page, client = shared
    monkeypatch.setattr(server_module, "CHART_SECONDS", 0.3)
    response = await client.get(f"/{page.token}/events")
    (name, charts), (then, first) = await _events(response.content, 2)
    assert (name, then) == ("charts", "view")
    assert "<svg" in json.loads(charts) and CHARTS_HERE in json.loads(first)["html"]
    whole = json.loads((await page.rendered()).json)["html"]
    assert json.loads(first)["html"].replace(CHARTS_HERE, json.loads(charts)) == whole
    source.session.play(next_move(NAME, 12))
    source.check()
    [(name, moved)] = await _events(response.content, 1)  # with the charts of a moment ago
    assert name == "view" and json.loads(moved)["moves"] == json.loads(first)["moves"] + 1
    # The charts drawn again behind the move (as their own version): the stream brings them,
    # then the view that marks where they go.
    (name, again), (then, _view) = await _events(response.content, 2)
    assert (name, then) == ("charts", "view") and "<svg" in json.loads(again)
    response.close()


async def test_the_page_puts_the_charts_back_after_a_move() -> None:
    """In a real browser: after moves brought by the stream, the page shows the charts that
    view.json holds, where it holds them."""
    from tests.web.cdp import Browser

    session = played(NAME, upto=12)
    shell = Shell(session)
    url = URL.search(shell.run("share --host 127.0.0.1 --port 0").text).group(0)
    browser = Browser()
    await browser.start()
    try:
        await browser.open(url)
        await browser.wait_for("document.getElementById('live').className === 'live ok'", 10)
        assert shell.run(next_move(NAME, 12)).ok
        moves = len(session.entries)
        await browser.wait_for(f"document.body.dataset.moves === '{moves}'", 10)
        made = await shell.sharing.page.rendered()
        drawn = json.loads(made.json)["html"].count("<svg")
        assert drawn > 0
        assert await browser.js("document.querySelectorAll('#main svg').length") == drawn
    finally:
        shell.run("share off")
        await browser.close()
