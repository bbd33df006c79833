"""The table page over HTTP (aiohttp), served from the shell's own asyncio loop.

Read-only and private: every address starts with an unguessable token, anything else is 404;
only GET and HEAD are answered (405 for every other method, on any path), but for the players'
seats under `/seat/<seat token>/` (referee/web/seats.py). Every accepted move, undo, redo
or amend reaches the open pages through server-sent events: the stream tells of each new
version and brings the view of the newest (drawn once for all pages; the charts, drawn again
at most every CHART_SECONDS, come apart, only to a stream that lacks them); a page that lost its
connection reconnects by itself, says which version it shows and is given what it missed at
once, and a page refused (too many pages) tries again later.
A slow or hostile client never blocks the shell: each stream has a queue of one, every write
has a deadline, the number of streams is capped, a closed stream frees its place at once, and
a connection that sends no whole request in IDLE_SECONDS is closed (idle or half-open alike).
Every answer, errors of aiohttp's own included, carries the security headers and never repeats
the request (its address holds the token).
"""

from __future__ import annotations

import asyncio
import errno
import itertools
import json
import logging
import secrets
import socket
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from importlib import resources
from typing import Protocol

from aiohttp import web, web_protocol

from referee import i18n
from referee.core.engine import UsageError
from referee.core.files import system_error
from referee.i18n import _
from referee.play.session import Session
from referee.web import view
from referee.web.page import live_words, page_html, title_of
from referee.web.source import Source

DEFAULT_PORT = 8470  # the usual port, so a bookmarked address often works again
SWITCH_SECONDS = 0.001
CHART_SECONDS = 2.0  # the charts are drawn again at most this often (pygal takes a while)
CHARTS_HERE = "<!--charts-->"  # where a stream's view takes the charts it had (page.js)
MAX_STREAMS = 64  # open pages at once; more get 503 and retry by themselves (page.js)
WRITE_SECONDS = 5.0  # a client that cannot take a few bytes in this time is dropped
HEARTBEAT_SECONDS = 15.0  # keeps phones' connections (and proxies) from going idle
RETRY_MS = 1000  # how soon a page's EventSource reconnects
IDLE_SECONDS = 10.0  # a connection without a whole request in this time is closed
UNACKED_MS = 30_000  # a stream whose phone left without a word: dropped when unanswered
MAX_LINE = 4096  # the request line and each header; longer is a plain 400
STREAM_BUFFER = 64 * 1024  # bytes a stream may hold unsent: about two views
STATIC = {"page.css": "text/css", "page.js": "text/javascript"}
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # the token is in the address
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'"
    ),
}

# A bad request is answered plainly; nothing of aiohttp's own logging reaches the shell.
_log = logging.getLogger("aiohttp")
_log.addHandler(logging.NullHandler())
_log.propagate = False


def plain(status: int, text: str, **extra: str) -> web.Response:
    return web.Response(status=status, text=text + "\n", headers={**HEADERS, **extra})


ERRORS = {400: "bad request", 413: "request too large", 431: "request headers too large"}


class _Connection(web_protocol.RequestHandler):
    """One client's connection, answering requests aiohttp refuses itself (a request line
    too long, a bad header) as the page answers: the security headers, no echo."""

    def handle_error(
        self,
        request: web.BaseRequest,
        status: int = 500,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        response = plain(status, ERRORS.get(status, "the page could not be made"))
        response.force_close()
        return response

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        sock = transport.get_extra_info("socket")
        if sock is not None and hasattr(socket, "TCP_USER_TIMEOUT"):  # Linux
            # Written bytes unanswered this long: the phone is gone (the heartbeat finds it).
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, UNACKED_MS)


class _Server(web.Server):
    def __call__(self) -> web_protocol.RequestHandler:
        # aiohttp has no option for the error answer: the connection class is ours instead.
        return _Connection(self, loop=self._loop, **self._kwargs)


class SeatRoutes(Protocol):
    """What answers under `/seat/` while the seats are open (referee/web/seats.py)."""

    async def dispatch(self, request: web.BaseRequest, rest: str) -> web.StreamResponse:
        """Answer a request for `/seat/<rest>`."""


@dataclass(frozen=True)
class Charts:
    """The chart sections as last drawn: of which state, in which language, the how manyth
    drawing, as the stream says them (an event of their own), and when."""

    state: object = None
    lang: str = ""
    sections: str = ""
    number: int = 0
    event: bytes = b""
    at: float = 0.0  # time.monotonic


@dataclass(frozen=True)
class Made:
    """One version as it is served, made once for all pages."""

    version: str
    json: bytes  # view.json: the whole view
    page: bytes  # the HTML page
    view: bytes  # the stream's view: the same, with CHARTS_HERE where the charts go
    charts: Charts


class TablePage:
    """One shared game: its token, its open streams, the cached view of the current version."""

    def __init__(self, source: Source, token: str | None = None) -> None:
        self.source = source
        self.token = token or secrets.token_urlsafe(18)
        self.streams: set[asyncio.Queue[bool]] = set()
        self.page = view.Page()
        self._cached: Made | None = None
        self._charts = Charts()  # the last drawn
        self._drawings = itertools.count(1)
        self._drawing = threading.Lock()
        self._redraw: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()
        self._runner: web.BaseRunner | None = None
        self._sock: socket.socket | None = None
        self._lowered = False  # whether this page lowered the switch interval (serve)
        self.url = ""
        self.seats: SeatRoutes | None = None  # the players' seats, while open
        source.listeners.append(self.wake)

    # --- what is served ------------------------------------------------------------------
    async def rendered(self) -> Made:
        """The current version as it is served, made once per version for all pages.

        It is made in a worker thread from a copy of the session's lists, so that the shell's
        loop goes on answering moves meanwhile. A version never waits for
        the charts (the slow part) once they were drawn in its language: it takes the last
        ones drawn, and they are drawn again behind it, at most every CHART_SECONDS, as a
        version of their own (see `_redraw_soon`)."""
        # A page that closes meanwhile must not waste the drawing: the next one takes it.
        return await asyncio.shield(self._rendered())

    async def _rendered(self) -> Made:
        async with self._lock:
            version, lang = self.source.version, self.source.language
            if self._cached is None or self._cached.version != version:
                session = frozen(self.source.session)
                # None: drawn with this version (the first, or in another language).
                charts = self._charts if self._charts.lang == lang else None
                if charts is not None and charts.state is not session.state:
                    self._redraw_soon()
                making = (session, version, lang, self.source.notice, charts)
                made, drawn = await asyncio.to_thread(self._make, *making)
                self._cached = made
                if charts is None:
                    self._charts = drawn
            return self._cached

    def _make(
        self, session: Session, version: str, lang: str, notice: str, charts: Charts | None
    ) -> tuple[Made, Charts]:
        """Drawn in the language of the version (not the process's, which the shell may switch
        meanwhile), with `charts`, or charts drawn now."""
        if charts is None:
            charts = self._draw_charts(session, lang)
        with i18n.drawing(lang):
            data = view.data(session)
            body = view.body(session, self.page, notice, charts_html=CHARTS_HERE)
            whole = body.replace(CHARTS_HERE, charts.sections, 1)
            # What the page's script changes besides the body: title, lang, its own words.
            dressed = {"lang": lang, "title": title_of(session), "words": live_words()}
            page = page_html(session, whole, version, live=True)

        def encoded(html: str) -> bytes:
            payload = {"version": version, **data, "html": html, "page": dressed}
            return json.dumps(payload, ensure_ascii=False, default=str).encode("utf-8")

        made = Made(version, encoded(whole), page.encode("utf-8"), encoded(body), charts)
        return made, charts

    def _draw_charts(self, session: Session, lang: str) -> Charts:
        """The chart sections of `session` (one drawing at a time: they share the points
        computed so far)."""
        with self._drawing, i18n.drawing(lang):
            sections = view.chart_sections(session, self.page)
        said = json.dumps(sections, ensure_ascii=False).encode("utf-8")
        number = next(self._drawings)
        event = b"".join((b"event: charts\ndata: ", said, b"\n\n"))
        return Charts(session.state, lang, sections, number, event, time.monotonic())

    def _redraw_soon(self) -> None:
        """Draw the charts of the current session behind the versions, CHART_SECONDS after they
        were last drawn, then move the version so that pages get them."""
        if self._redraw is None:
            wait = self._charts.at + CHART_SECONDS - time.monotonic()
            self._redraw = asyncio.get_running_loop().create_task(self._redraw_charts(wait))

    async def _redraw_charts(self, wait: float) -> None:
        try:
            await asyncio.sleep(max(wait, 0.0))
            session, lang = frozen(self.source.session), self.source.language
            charts = await asyncio.to_thread(self._draw_charts, session, lang)
        except Exception:
            return  # the pages keep the charts they have; the next version tries again
        finally:
            self._redraw = None
        self._charts = charts
        self.source.touch()

    def wake(self) -> None:
        """Tell every open stream that the version moved (a queue of one: never blocks)."""
        for queue in list(self.streams):
            if queue.empty():
                queue.put_nowait(True)

    def server(self) -> web.Server:
        """The low-level server (no routing: `dispatch` reads the path itself). A client that
        goes away cancels its handler at once, so that its stream frees its place."""
        return _Server(
            self.dispatch,
            handler_cancellation=True,
            keepalive_timeout=IDLE_SECONDS,
            max_line_size=MAX_LINE,
            max_field_size=MAX_LINE,
            access_log=None,
        )

    async def dispatch(self, request: web.BaseRequest) -> web.StreamResponse:
        try:
            return await self._dispatch(request)
        except (ConnectionError, asyncio.CancelledError):
            raise
        except Exception as e:  # never a traceback in the shell: the page says it plainly
            return plain(500, f"the page could not be made: {type(e).__name__}")

    async def _dispatch(self, request: web.BaseRequest) -> web.StreamResponse:
        parts = request.path.split("/", 2)  # "", token, rest
        if len(parts) == 3 and parts[1] == "seat":
            if self.seats is None:
                return plain(403, _("this seat is closed or unknown"))
            return await self.seats.dispatch(request, parts[2])
        if request.method not in ("GET", "HEAD"):  # only a seat's own routes take a write
            return plain(405, "this page is read-only", Allow="GET, HEAD")
        if len(parts) < 2 or not secrets.compare_digest(parts[1], self.token):
            return plain(404, "not found")
        if len(parts) == 2:
            return plain(302, "the page", Location=f"/{self.token}/")
        rest = parts[2]
        if rest == "":
            page = (await self.rendered()).page
            return web.Response(body=page, content_type="text/html", headers=HEADERS)
        if rest == "view.json":
            payload = (await self.rendered()).json
            return web.Response(body=payload, content_type="application/json", headers=HEADERS)
        if rest == "events":
            return await self.stream(request, self._teller())
        if rest in STATIC:
            text = resources.files("referee.web").joinpath("static", rest).read_bytes()
            return web.Response(body=text, content_type=STATIC[rest], headers=HEADERS)
        return plain(404, "not found")

    async def stream(self, request: web.BaseRequest, tell: Teller) -> web.StreamResponse:
        """A page's stream of events: `tell` writes what a page that showed a version must
        hear now, and says which version it has then."""
        if request.method == "HEAD":
            return web.Response(content_type="text/event-stream", headers=HEADERS)
        if len(self.streams) >= MAX_STREAMS:
            return plain(503, "too many pages open", **{"Retry-After": "5"})
        response = web.StreamResponse(
            headers={**HEADERS, "Content-Type": "text/event-stream", "X-Accel-Buffering": "no"}
        )
        queue: asyncio.Queue[bool] = asyncio.Queue(maxsize=1)
        self.streams.add(queue)
        try:
            await response.prepare(request)
            _small_buffers(request)
            await self.write(response, f"retry: {RETRY_MS}\n\n".encode())
            sent = request.query.get("shown", "")  # the version the page shows already
            while True:
                if self.source.version != sent:
                    sent = await tell(self, response, sent)
                try:
                    go_on = await asyncio.wait_for(queue.get(), HEARTBEAT_SECONDS)
                except TimeoutError:
                    await self.write(response, b": still here\n\n")
                    continue
                if not go_on:
                    break
        except (ConnectionError, TimeoutError):
            pass
        finally:
            self.streams.discard(queue)
        return response

    def _teller(self) -> Teller:
        """What the read-only page's stream tells, remembering the drawing of the charts it
        has from this stream (none yet)."""
        charts = 0

        async def tell(page: TablePage, response: web.StreamResponse, sent: str) -> str:
            nonlocal charts
            sent, charts = await page._tell(response, sent, charts)
            return sent

        return tell

    async def _tell(self, response: web.StreamResponse, sent: str, charts: int) -> tuple[str, int]:
        """Tell a stream of each version after `sent`, then give it the view of the newest, in
        one write: the page needs no request of its own for it. The charts come apart, only
        when the stream has not had them (drawn far less often than moves come, they are most
        of a view's bytes). The version and the drawing of the charts it now has."""
        made = await self.rendered()
        said = "".join(f"event: version\ndata: {v}\n\n" for v in self._since(sent, made.version))
        drawn = made.charts.event if made.charts.number != charts else b""
        view = b"".join((said.encode(), drawn, b"event: view\ndata: ", made.view, b"\n\n"))
        await self.write(response, view)
        return made.version, made.charts.number

    def _since(self, sent: str, upto: str) -> list[str]:
        """The versions after `sent` up to `upto`, in order (several moves read from a save at
        once are each told), or `upto` alone to a stream that knows none of them."""
        recent = list(self.source.recent)
        end = recent.index(upto) + 1 if upto in recent else 0
        if sent in recent[:end]:
            return recent[recent.index(sent) + 1 : end]
        return [upto]

    @staticmethod
    async def write(response: web.StreamResponse, data: bytes) -> None:
        await asyncio.wait_for(response.write(data), WRITE_SECONDS)

    # --- starting and stopping -------------------------------------------------------------
    def listen(self, host: str, port: int | None) -> str:
        """Take the address now (a taken port is said at once); return the page's address.

        No port: the usual one if it is free, else any free one."""
        if port is None:
            try:
                self._sock = bind(host, DEFAULT_PORT)
            except PortTaken:
                self._sock = bind(host, 0)
        else:
            self._sock = bind(host, port)
        bound_host, bound_port = self._sock.getsockname()[:2]
        shown = f"[{bound_host}]" if ":" in bound_host else bound_host
        self.url = f"http://{shown}:{bound_port}/{self.token}/"
        return self.url

    async def serve(self) -> None:
        """Answer requests on the address taken by `listen`, from the running loop."""
        if not self._lowered:
            _lower_switch_interval()
            self._lowered = True
        runner = web.ServerRunner(self.server(), shutdown_timeout=1.0)
        await runner.setup()
        if self._sock is None:
            raise RuntimeError("serve() before listen()")
        await web.SockSite(runner, self._sock).start()
        self._runner = runner

    async def start(self, host: str, port: int | None) -> str:
        url = self.listen(host, port)
        await self.serve()
        return url

    async def stop(self) -> None:
        if self._redraw is not None:
            self._redraw.cancel()
            self._redraw = None
        for queue in list(self.streams):
            while not queue.empty():
                queue.get_nowait()
            queue.put_nowait(False)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        elif self._sock is not None:
            self._sock.close()
        self._sock = None
        if self.wake in self.source.listeners:
            self.source.listeners.remove(self.wake)
        if self._lowered:
            _restore_switch_interval()
            self._lowered = False


# What a stream tells a page that showed a version (`TablePage.stream`); the version it has then.
Teller = Callable[[TablePage, web.StreamResponse, str], Awaitable[str]]

# The interpreter's switch intervals before each page still served lowered it, first first.
_switch_before: list[float] = []


def _lower_switch_interval() -> None:
    """The page is drawn in a worker thread; a short switch interval hands the interpreter
    back to the shell's thread within a millisecond when a key is pressed meanwhile."""
    _switch_before.append(sys.getswitchinterval())
    sys.setswitchinterval(min(_switch_before[-1], SWITCH_SECONDS))


def _restore_switch_interval() -> None:
    """A page stops: once none is served, the interval is what it was before the first."""
    sys.setswitchinterval(_switch_before.pop())


def _small_buffers(request: web.BaseRequest) -> None:
    """A stream's page that reads slower than moves come must not pile views up in buffers
    (each would then reach it late): with little buffered, the writes wait, and the next one
    brings only the newest view."""
    transport = request.transport
    if transport is None:
        return
    sock = transport.get_extra_info("socket")
    if sock is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, STREAM_BUFFER)
    if isinstance(transport, asyncio.WriteTransport):
        transport.set_write_buffer_limits(high=STREAM_BUFFER)


class PortTaken(UsageError):
    """The port is in use by another program (the usual port: take any free one instead)."""


def bind(host: str, port: int) -> socket.socket:
    """A listening socket, made now so that a taken port is said at once, in one line."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)
    except OSError as e:
        sock.close()
        error = PortTaken if e.errno == errno.EADDRINUSE else UsageError
        said = _("cannot listen on {host}:{port}: {error}")
        raise error(
            said.format(host=host, port=port, error=system_error(e)),
            _("--host ADDRESS --port N (0: any free port)"),
        ) from None
    sock.setblocking(False)
    return sock


def lan_address() -> str:
    """This machine's address on the local network (where phones can reach it).

    Connecting a UDP socket sends nothing; it only asks the system which address it would use.
    Without a network, the loopback address.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def frozen(session: Session) -> Session:
    """A copy of the session for the page's worker to read while the shell moves on."""
    return session.copy()
