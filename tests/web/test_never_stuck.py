"""The page's server is never held by its clients (issue 29, item 4): a closed stream frees its
place at once, idle and half-open connections are closed, and what aiohttp refuses itself is
answered as the page answers, with its security headers and without repeating the request."""

from __future__ import annotations

import asyncio

import pytest

from referee.play.session import Session
from referee.web import server as server_module
from referee.web.server import HEADERS, TablePage
from referee.web.source import Source


@pytest.fixture
async def served(us_session: Session, monkeypatch):
    """The page served on a free port of this machine, as `share` serves it."""
    monkeypatch.setattr(server_module, "HEARTBEAT_SECONDS", 60.0)  # no write finds the gone
    monkeypatch.setattr(server_module, "IDLE_SECONDS", 0.5)
    page = TablePage(Source(us_session))
    await page.start("127.0.0.1", 0)
    port = int(page.url.split(":")[2].split("/")[0])
    yield page, port
    await page.stop()


async def _request(port: int, raw: bytes) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(raw)
    await writer.drain()
    answer = await asyncio.wait_for(reader.read(), 10)
    writer.close()
    return answer


async def _open_stream(
    page: TablePage, port: int
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET /{page.token}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    await writer.drain()
    head = await asyncio.wait_for(reader.readuntil(b"event: version"), 10)
    assert head.startswith(b"HTTP/1.1 200")
    return reader, writer


async def _until(condition, seconds: float = 10.0) -> None:
    """Wait for `condition()` (a behaviour that must come: the deadline only ends the test)."""
    for _ in range(int(seconds / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("it never happened")


async def test_a_closed_stream_frees_its_place_at_once(served, monkeypatch) -> None:
    """The stream's handler ends when its client goes, not at the next heartbeat (60 s here):
    a page that was refused for want of a place gets the freed one."""
    page, port = served
    monkeypatch.setattr(server_module, "MAX_STREAMS", 1)
    _, first = await _open_stream(page, port)
    assert len(page.streams) == 1
    refused = await _request(port, f"GET /{page.token}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    assert refused.startswith(b"HTTP/1.1 503")
    first.close()
    await _until(lambda: not page.streams, seconds=5.0)
    _, second = await _open_stream(page, port)
    assert len(page.streams) == 1
    second.close()


async def test_an_open_stream_is_not_an_idle_connection(served) -> None:
    """A page's stream says nothing for long stretches: it is never closed as idle."""
    page, port = served
    reader, writer = await _open_stream(page, port)
    await asyncio.sleep(1.0)  # twice IDLE_SECONDS
    page.source.touch()
    told = f"event: version\ndata: {page.source.version}\n\n".encode()
    await asyncio.wait_for(reader.readuntil(told), 10)
    writer.close()


async def test_idle_and_half_open_connections_are_closed_and_never_hold_the_page(
    served,
) -> None:
    """100 connections that say nothing and 500 that stop in the middle of their request line
    are closed after IDLE_SECONDS; meanwhile the page is served to whoever asks."""
    page, port = served
    opened = [await asyncio.open_connection("127.0.0.1", port) for _ in range(600)]
    for _, writer in opened[100:]:
        writer.write(f"GET /{page.token}/view".encode())  # never ends its line
    answer = await _request(port, f"GET /{page.token}/ HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    assert answer.startswith(b"HTTP/1.1 200")

    async def closed(reader: asyncio.StreamReader) -> bytes:
        # A server closing on unread bytes resets the connection: closed all the same. The
        # wait is generous: this checks that they close, not how fast (a loaded machine).
        try:
            return await asyncio.wait_for(reader.read(), 60)
        except ConnectionResetError:
            return b""

    said = await asyncio.gather(*(closed(reader) for reader, _ in opened))
    assert all(b"token" not in s and page.token.encode() not in s for s in said)
    for _, writer in opened:
        writer.close()


@pytest.mark.parametrize(
    "request_head",
    [
        "GET /{token}/{long} HTTP/1.1\r\nHost: x\r\n\r\n",  # a request line over 8 KB
        "GET /{token}/ HTTP/1.1\r\nHost: x\r\nX-Long: {long}\r\n\r\n",  # a header too long
        "GET /{token}/ HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n",  # not a header
    ],
)
async def test_a_request_refused_by_the_parser_gets_the_pages_headers_and_no_echo(
    served, request_head: str
) -> None:
    page, port = served
    raw = request_head.format(token=page.token, long="a" * 9000).encode()
    answer = (await _request(port, raw)).decode(errors="replace")
    head, _, body = answer.partition("\r\n\r\n")
    assert head.split(" ")[1].startswith("4"), head
    lines = {line.split(":", 1)[0].lower(): line for line in head.split("\r\n")[1:]}
    for name in HEADERS:
        assert name.lower() in lines, f"{name} missing from {head!r}"
    assert page.token not in answer and "aaaa" not in answer and "Bad Header" not in answer
    assert body.strip() in ("bad request", "request headers too large", "request too large")
