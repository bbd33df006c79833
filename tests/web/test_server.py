"""The table page over HTTP: every endpoint, the token, the refusal of writes, the live stream."""

from __future__ import annotations

import asyncio
import json
import sys
import threading

import pytest

from referee.play.session import Session
from referee.web import server as server_module
from referee.web.server import TablePage
from referee.web.source import Source
from tests.web.conftest import ONE_OF_EACH, next_move

READ_PATHS = ("", "view.json", "events", "page.css", "page.js")
WRITE_METHODS = ("POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND")


async def test_the_page_shows_the_game(shared) -> None:
    source, page, client = shared
    response = await client.get(f"/{page.token}/")
    assert response.status == 200
    assert response.content_type == "text/html"
    text = await response.text()
    assert "Union Station" in text
    assert source.session.game.options(source.session.state).actor in text
    assert 'src="page.js"' in text and 'href="page.css"' in text  # served here, no CDN
    assert "http://" not in text.split("<main", 1)[0] and "https://" not in text


async def test_the_state_endpoint_is_the_shells_view(shared) -> None:
    source, page, client = shared
    response = await client.get(f"/{page.token}/view.json")
    assert response.status == 200
    data = await response.json()
    session = source.session
    assert data["version"] == source.version
    assert data["moves"] == len(session.entries)
    assert data["actor"] == session.game.options(session.state).actor
    scores = {row["player"]: row["score"] for row in data["standings"]}
    assert scores == {s.player: s.score for s in session.game.standings(session.state)}
    assert data["last_moves"][-1]["text"] == session.entries[-1].text
    assert data["next"].startswith("Next: ")


@pytest.mark.parametrize("name", ["page.css", "page.js"])
async def test_static_files_are_served(shared, name: str) -> None:
    _, page, client = shared
    response = await client.get(f"/{page.token}/{name}")
    assert response.status == 200
    assert len(await response.read()) > 200


@pytest.mark.parametrize("rest", READ_PATHS)
async def test_without_the_token_nothing_is_found(shared, rest: str) -> None:
    _, page, client = shared
    for path in (f"/{rest}", f"/wrong-token/{rest}", f"/{page.token[:-1]}/{rest}"):
        response = await client.get(path)
        assert response.status == 404, path
        assert page.token not in await response.text()


async def test_an_unknown_path_under_the_token_is_not_found(shared) -> None:
    _, page, client = shared
    for rest in ("admin", "view.json/x", "../etc/passwd", "static/page.css"):
        assert (await client.get(f"/{page.token}/{rest}")).status == 404


@pytest.mark.parametrize("method", WRITE_METHODS)
@pytest.mark.parametrize("rest", READ_PATHS)
async def test_every_method_but_a_read_is_refused(shared, method: str, rest: str) -> None:
    source, page, client = shared
    before = (len(source.session.entries), source.version)
    response = await client.request(method, f"/{page.token}/{rest}", data=b"play pass")
    assert response.status == 405
    assert response.headers["Allow"] == "GET, HEAD"
    assert (len(source.session.entries), source.version) == before


@pytest.mark.parametrize("rest", ["", "view.json", "page.css", "events"])
async def test_head_is_a_read(shared, rest: str) -> None:
    _, page, client = shared
    response = await client.head(f"/{page.token}/{rest}")
    assert response.status == 200


async def test_the_token_without_a_slash_leads_to_the_page(shared) -> None:
    _, page, client = shared
    response = await client.get(f"/{page.token}", allow_redirects=False)
    assert response.status == 302
    assert response.headers["Location"] == f"/{page.token}/"


async def test_the_token_is_unguessable() -> None:
    tokens = {TablePage(Source(_tiny())).token for _ in range(20)}
    assert len(tokens) == 20
    assert all(len(t) >= 24 for t in tokens)


def _tiny() -> Session:
    return Session.new("union-station", ["A", "B", "C"], board=_board())


def _board() -> dict:
    import tomllib
    from pathlib import Path

    path = Path(__file__).parent.parent / "fixtures" / "union-station-fixture-board.toml"
    return tomllib.loads(path.read_text())


async def _next_event(lines, timeout: float = 10.0) -> str:
    """The data of the next `version` event on an SSE stream."""
    event = ""
    while True:
        raw = await asyncio.wait_for(lines.readline(), timeout)
        line = raw.decode().rstrip("\n")
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: ") and event == "version":
            return line[6:]


async def test_a_move_reaches_the_stream(shared) -> None:
    source, page, client = shared
    response = await client.get(f"/{page.token}/events")
    assert response.status == 200
    assert response.headers["Content-Type"].startswith("text/event-stream")
    first = await _next_event(response.content)
    assert first == source.version  # told at once, so a reconnecting page catches up
    move = next_move(ONE_OF_EACH["union-station"], 12)
    source.session.play(move)
    source.check()
    second = await _next_event(response.content)
    assert second != first and second == source.version
    data = await (await client.get(f"/{page.token}/view.json")).json()
    assert data["version"] == second
    assert data["last_moves"][-1]["text"] == move
    response.close()


@pytest.mark.parametrize("action", ["undo", "redo", "amend"])
async def test_undo_redo_and_amend_reach_the_stream(shared, action: str) -> None:
    source, page, client = shared
    session = source.session
    response = await client.get(f"/{page.token}/events")
    first = await _next_event(response.content)
    if action == "undo":
        session.undo()
    elif action == "redo":
        session.undo()
        source.check()
        first = await _next_event(response.content)
        session.redo()
    else:
        session.amend(len(session.entries), session.entries[-1].text)
    assert source.check()
    assert await _next_event(response.content) not in ("", first)
    response.close()


async def test_streams_are_capped(shared, monkeypatch) -> None:
    _, page, client = shared
    monkeypatch.setattr(server_module, "MAX_STREAMS", 2)
    open_ = [await client.get(f"/{page.token}/events") for _ in range(2)]
    for r in open_:
        await _next_event(r.content)
    refused = await client.get(f"/{page.token}/events")
    assert refused.status == 503
    for r in open_:
        r.close()


async def test_a_broken_view_is_a_plain_error(shared, monkeypatch) -> None:
    _, page, client = shared

    def broken(*args, **kwargs):
        raise ValueError("boom")

    monkeypatch.setattr(server_module.view, "body", broken)
    response = await client.get(f"/{page.token}/view.json")
    assert response.status == 500
    text = await response.text()
    assert "Traceback" not in text and "boom" not in text


async def test_the_view_json_is_cached_per_version(shared) -> None:
    source, page, _ = shared
    first = await page.rendered()
    assert await page.rendered() is first
    source.session.play(next_move(ONE_OF_EACH["union-station"], 12))
    source.check()
    assert json.loads((await page.rendered()).json)["moves"] == json.loads(first.json)["moves"] + 1


async def test_charts_drawn_from_an_earlier_version_are_drawn_again_soon(
    shared, monkeypatch
) -> None:
    source, page, _ = shared
    monkeypatch.setattr(server_module, "CHART_SECONDS", 0.3)
    await page.rendered()  # draws the charts
    source.session.play(next_move(ONE_OF_EACH["union-station"], 12))
    source.check()
    moved = source.version
    await page.rendered()  # the move at once, the charts of a moment ago
    await asyncio.sleep(0.5)
    assert source.version != moved  # the pages are told to fetch the new charts
    scores = json.loads((await page.rendered()).json)["html"]
    assert scores.count("<svg") >= 2


async def test_a_move_is_shown_without_waiting_for_the_charts(shared, monkeypatch) -> None:
    """Once the charts are drawn, a move's view takes the charts of a moment ago and is made
    while they are drawn again behind it (pygal takes a while: a move must not wait for it);
    the charts drawn again come as a version of their own."""
    source, page, _ = shared
    monkeypatch.setattr(server_module, "CHART_SECONDS", 0.0)
    await page.rendered()  # draws the charts
    draw = server_module.view.chart_sections
    drawing, go_on = threading.Event(), threading.Event()

    def slow(*args, **kwargs):
        drawing.set()
        go_on.wait(30)  # until the move's view is out
        return draw(*args, **kwargs)

    monkeypatch.setattr(server_module.view, "chart_sections", slow)
    move = next_move(ONE_OF_EACH["union-station"], 12)
    source.session.play(move)
    source.check()
    moved = source.version
    try:
        made = await asyncio.wait_for(page.rendered(), 30)
        assert made.version == moved and json.loads(made.json)["last_moves"][-1]["text"] == move
        assert await asyncio.to_thread(drawing.wait, 30)  # drawn again behind the move
        assert source.version == moved
    finally:
        go_on.set()
    for _ in range(300):
        if source.version != moved:
            break
        await asyncio.sleep(0.05)
    assert source.version != moved  # the charts drawn again: the pages are told


async def _next_view(lines) -> dict:
    """The view the stream brings next (the page needs no request of its own)."""
    event = ""
    while True:
        line = (await asyncio.wait_for(lines.readline(), 10)).decode().rstrip("\n")
        if line.startswith("event: "):
            event = line[7:]
        elif line.startswith("data: ") and event == "view":
            return json.loads(line[6:])


async def test_the_stream_brings_the_view_and_only_what_the_page_lacks(shared) -> None:
    """A page that says which version it shows is told nothing until the game moves; then the
    stream brings the new version and its whole view."""
    source, page, client = shared
    response = await client.get(f"/{page.token}/events?shown={source.version}")
    move = next_move(ONE_OF_EACH["union-station"], 12)
    await asyncio.sleep(0.2)  # nothing to say: the page is up to date
    source.session.play(move)
    source.check()
    told = await _next_event(response.content)  # the first it is told: the new version
    view = await _next_view(response.content)
    assert told == view["version"] == source.version
    assert view["last_moves"][-1]["text"] == move and view["page"]["lang"] == "en"
    response.close()


async def test_the_switch_interval_is_restored_when_the_page_stops(us_session: Session) -> None:
    """Serving lowers the interpreter's switch interval (the page is drawn in a thread); a
    page that stops leaves it as it found it, also when two pages overlap."""
    outside = sys.getswitchinterval()
    sys.setswitchinterval(0.005)  # the interpreter's default
    try:
        first, second = TablePage(Source(us_session)), TablePage(Source(us_session))
        await first.start("127.0.0.1", 0)
        await second.start("127.0.0.1", 0)
        assert sys.getswitchinterval() < 0.005
        await first.stop()
        assert sys.getswitchinterval() < 0.005
        await second.stop()
        assert sys.getswitchinterval() == 0.005
    finally:
        sys.setswitchinterval(outside)
