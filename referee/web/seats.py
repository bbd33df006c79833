"""The seats: each player enters their own moves from their own phone (issue 32).

Each player has a seat with its own unguessable token (`/seat/<token>/`). A seat page is given
a fresh page token with each load, and posts moves with it, the version of the game it showed
and a fresh request id per tap. A move from a seat is played by the shell (`Hands`) exactly as a
typed move, on the shell's own loop: the handlers never await between reading the game and
playing on it, so that submissions are serialized and the shell stays the only writer. A stale
page's move is refused with what was played since; a request id already answered is answered
again the same way, never played twice; bodies, lines and the rate of each seat are bounded.
Nothing a seat sends reaches the file system: the save is the session's own, written by it.
"""

from __future__ import annotations

import json
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Protocol

from aiohttp import web

from referee import i18n
from referee.core.engine import RefereeError
from referee.i18n import _, ngettext
from referee.play.session import Session
from referee.web import seat_page
from referee.web.server import HEADERS, TablePage, plain

MAX_BODY = 2048  # bytes of a POST's body; more is 413
MAX_LINE = 200  # characters of a move or a line to complete
MAX_ID = 64  # characters of a page token or a request id
RATE = 10.0  # posts a second a seat may keep up
BURST = 30  # posts a seat may send at once
PAGES = 16  # page tokens a seat keeps (its open pages, the latest ones)
ANSWERS = 256  # request ids a seat remembers with their answer
VERSIONS = 64  # versions whose game the seats remember (to tell what was played since)
# What each POST of a seat holds (strings; a move may say `agreed` too).
FIELDS = {
    "move": ("line", "version", "page", "request"),
    "undo": ("version", "page", "request"),
    "lang": ("lang", "page", "request"),
}
SEAT_STATIC = {"seat.css": "text/css", "seat.js": "text/javascript"}


class Reply(Protocol):
    """The shell's answer to a seat (`referee.shell.shell.Reply`): its text, whether the move
    was played, and what the table must answer first (a question, or the moves meant)."""

    text: str
    ok: bool
    question: str
    choices: tuple[str, ...]


class Hands(Protocol):
    """Who plays a seat's moves: the shell (`referee.shell.shell.Shell`)."""

    def seat_move(self, player: str, line: str, agreed: bool = False) -> Reply: ...

    def seat_undo(self, player: str) -> Reply: ...

    def aside(self) -> Hands:
        """Hands of their own on a copy of the game as it is now, that save and print nothing:
        what they answer, in the language in force, is what these would answer."""

    def say(self, text: str) -> None:
        """Print what a seat played, and its answer, where the table sees it."""


@dataclass
class Seat:
    """One player's seat: its token, its pages' tokens, its answers, its rate."""

    player: str
    token: str = field(default_factory=lambda: secrets.token_urlsafe(18))
    pages: OrderedDict[str, None] = field(default_factory=OrderedDict)
    answered: OrderedDict[str, tuple[int, bytes]] = field(default_factory=OrderedDict)
    allowance: float = BURST
    at: float = field(default_factory=time.monotonic)
    lang: str = ""  # the language the player chose on the seat; "": the shell's

    def new_page(self) -> str:
        token = secrets.token_urlsafe(12)
        self.pages[token] = None
        while len(self.pages) > PAGES:
            self.pages.popitem(last=False)
        return token

    def remember(self, request: str, status: int, body: bytes) -> None:
        self.answered[request] = (status, body)
        while len(self.answered) > ANSWERS:
            self.answered.popitem(last=False)

    def spend(self, rate: float, burst: int) -> float:
        """Take one post from the allowance; 0, or the seconds to wait when there is none."""
        now = time.monotonic()
        self.allowance = min(burst, self.allowance + (now - self.at) * rate)
        self.at = now
        if self.allowance < 1:
            return (1 - self.allowance) / rate
        self.allowance -= 1
        return 0.0


class Refused(Exception):
    """A request answered with `status` and one line, before anything was played."""

    def __init__(self, status: int, line: str, **headers: str) -> None:
        super().__init__(line)
        self.status, self.line, self.headers = status, line, headers


@dataclass(frozen=True)
class Post:
    """A seat's POST, read and checked."""

    line: str
    version: str
    page: str
    request: str
    agreed: bool
    lang: str = ""


class Seats:
    """The seats of one shared game, served under `/seat/` by its `TablePage`."""

    def __init__(self, page: TablePage, hands: Hands) -> None:
        self.page = page
        self.hands = hands
        self.rate, self.burst = RATE, BURST
        self.seats = [Seat(player) for player in page.source.session.players]
        # the states themselves, not their ids: an undone state's id may be a new one's
        self._games: OrderedDict[str, tuple[int, object]] = OrderedDict()
        self._remember_version()
        page.source.listeners.append(self._remember_version)
        page.seats = self

    @property
    def session(self) -> Session:
        return self.page.source.session

    def urls(self) -> list[tuple[str, str]]:
        """Each player with their seat's address."""
        base = self.page.url.split("/" + self.page.token, 1)[0]
        return [(seat.player, f"{base}/seat/{seat.token}/") for seat in self.seats]

    def close(self) -> None:
        """No seat answers any more (`share seats off`)."""
        self.session.seated.difference_update(seat.player for seat in self.seats)
        self.seats = []
        if self._remember_version in self.page.source.listeners:
            self.page.source.listeners.remove(self._remember_version)
        if self.page.seats is self:
            self.page.seats = None

    # --- versions --------------------------------------------------------------------------
    def _remember_version(self) -> None:
        """The game each recent version showed: how many moves, and the state after them."""
        session = self.session
        self._games[self.page.source.version] = (len(session.entries), session.state)
        while len(self._games) > VERSIONS:
            self._games.popitem(last=False)

    def _stale(self, version: str) -> str:
        """Why a page that showed `version` may not move now: '' when the game it showed is
        the game now (the version may have moved for the language or the charts only)."""
        session = self.session
        shown = self._games.get(version)
        if shown is None:
            return _("the game moved on: this page is out of date; look again")
        count, state = shown
        if count == len(session.entries) and state is session.state:
            return ""
        if count < len(session.entries) and session.states[count] is state:
            since = "; ".join(f"{e.by}: {e.text}" for e in session.entries[count:])
            return _("the game moved on: {moves}").format(moves=since)
        return _("the game moved on: moves were taken back or changed; look again")

    # --- requests --------------------------------------------------------------------------
    async def dispatch(self, request: web.BaseRequest, rest: str) -> web.StreamResponse:
        token, _slash, route = rest.partition("/")
        seat = self._seat(token)
        if seat is None:
            return plain(403, _("this seat is closed or unknown"))
        if route in FIELDS:
            if request.method != "POST":
                return plain(405, _("post a move here"), Allow="POST")
            return await self._post(request, seat, route)
        if request.method not in ("GET", "HEAD"):
            return plain(405, _("only moves and undo are posted"), Allow="GET, HEAD")
        return await self._get(request, seat, route)

    def _seat(self, token: str) -> Seat | None:
        found = None
        for seat in self.seats:  # every token compared: the time says nothing
            if secrets.compare_digest(seat.token.encode(), token.encode()):
                found = seat
        return found

    def language(self, seat: Seat) -> str:
        """The language `seat` is drawn and answered in: its player's choice, else the shell's."""
        return seat.lang or self.page.source.language

    async def _get(self, request: web.BaseRequest, seat: Seat, route: str) -> web.StreamResponse:
        version, lang = self.page.source.version, self.language(seat)
        if route == "":
            token = seat.new_page()
            self.session.seated.add(seat.player)  # who enters their own moves
            with i18n.drawing(lang):
                page = seat_page.html(
                    self.session, seat.player, page_token=token, version=version, lang=lang
                )
            return web.Response(text=page, content_type="text/html", headers=HEADERS)
        if route == "view.json":
            with i18n.drawing(lang):
                return _json(200, seat_page.view(self.session, seat.player, version=version))
        if route == "complete":
            line = request.query.get("line", "")
            if len(line) > MAX_LINE:
                return plain(
                    400,
                    ngettext(
                        "a line is at most {n} character",
                        "a line is at most {n} characters",
                        MAX_LINE,
                    ).format(n=MAX_LINE),
                )
            with i18n.drawing(lang):
                said = seat_page.completions(self.session, seat.player, line)
                pad = seat_page.pad(self.session, seat.player, line)
            return _json(200, {"completions": said, "pad": pad})
        if route == "events":
            return await self.page.stream(request, _tell_version)
        if route in SEAT_STATIC:
            found = resources.files("referee.web").joinpath("static", route)
            if found.is_file():
                body = found.read_bytes()
                return web.Response(body=body, content_type=SEAT_STATIC[route], headers=HEADERS)
        return plain(404, _("not found"))

    async def _post(self, request: web.BaseRequest, seat: Seat, route: str) -> web.Response:
        with i18n.drawing(self.language(seat)):
            return await self._posted(request, seat, route)

    async def _posted(self, request: web.BaseRequest, seat: Seat, route: str) -> web.Response:
        """A seat's POST, answered in the seat's language (the shell prints in its own)."""
        try:
            wait = seat.spend(self.rate, self.burst)
            if wait:
                retry = str(max(1, round(wait + 0.5)))
                raise Refused(429, _("too many moves at once; try again"), **{"Retry-After": retry})
            post = _read(await _body(request), route)
            if post.page not in seat.pages:
                raise Refused(403, _("this page is not this seat's; load the seat again"))
        except Refused as refused:
            return plain(refused.status, refused.line, **refused.headers)
        if route == "lang":  # the same choice again changes nothing: no answer to remember
            seat.lang = post.lang
            with i18n.drawing(post.lang):
                shown = seat_page.view(self.session, seat.player, version=self.page.source.version)
            return _json(200, shown)
        # From here to the answer nothing awaits: one submission at a time, in the shell's loop.
        if post.request in seat.answered:
            status, body = seat.answered[post.request]
            return _answer(status, body)
        try:
            status, body = self._play(seat, post, route)
        except Exception as e:  # the move may be played: its request must not be played again
            said = _("the move could not be answered: {error}").format(error=type(e).__name__)
            status, body = 500, f"{said}\n".encode()
        seat.remember(post.request, status, body)
        return _answer(status, body)

    def _play(self, seat: Seat, post: Post, route: str) -> tuple[int, bytes]:
        """Play the seat's move or undo: the status and the JSON answer."""
        stale = self._stale(post.version)
        if stale:
            return 409, _said(False, stale, self.page.source.version)
        if route == "move":
            try:
                self.session.from_seat(post.line)
            except RefereeError as e:
                return 403, _said(False, str(e), self.page.source.version)
        shell = self.page.source.language
        aside = self.hands.aside() if self.language(seat) != shell else None
        with i18n.drawing(shell):  # the shell prints and tells the move in its own language
            reply = _hand(self.hands, seat.player, post, route)
            heard = _("seat {player}: {line}").format(
                player=seat.player, line=post.line if route == "move" else "undo"
            )
            self.hands.say(f"{heard}\n{reply.text}")
        if aside is not None:  # the same answered again in the seat's language
            told = _hand(aside, seat.player, post, route)
            reply = told if told.ok == reply.ok else reply  # a save that failed: the shell's
        extra: dict[str, Any] = {}
        if reply.question:
            extra["question"] = reply.question
        if reply.choices:
            extra["choices"] = list(reply.choices)
        return 200, _said(reply.ok, reply.text, self.page.source.version, **extra)


def _hand(hands: Hands, player: str, post: Post, route: str) -> Reply:
    """The seat's move, or its take-back, played by `hands`: their answer."""
    if route == "move":
        return hands.seat_move(player, post.line, agreed=post.agreed)
    return hands.seat_undo(player)


async def _body(request: web.BaseRequest) -> bytes:
    if (request.content_length or 0) > MAX_BODY:
        raise Refused(
            413,
            ngettext("a post is at most {n} byte", "a post is at most {n} bytes", MAX_BODY).format(
                n=MAX_BODY
            ),
        )
    body = await request.content.read(MAX_BODY + 1)
    if len(body) > MAX_BODY:
        raise Refused(
            413,
            ngettext("a post is at most {n} byte", "a post is at most {n} bytes", MAX_BODY).format(
                n=MAX_BODY
            ),
        )
    return body


def _read(body: bytes, route: str) -> Post:
    """The post's fields, checked; a 400 saying what is allowed otherwise."""
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        data = None
    names = FIELDS[route]
    allowed = _("a JSON object with {names} (strings) and agreed (true or false)").format(
        names=", ".join(names)
    )
    if not isinstance(data, dict):
        raise Refused(400, allowed)
    fields = {name: data.get(name) for name in names}
    agreed = data.get("agreed", False)
    texts = {name: v for name, v in fields.items() if isinstance(v, str) and v}
    if len(texts) != len(names) or not isinstance(agreed, bool):
        raise Refused(400, allowed)
    line = texts.get("line", "")
    if len(line) > MAX_LINE or "\n" in line or "\r" in line:
        raise Refused(
            400,
            ngettext(
                "a move is one line of at most {n} character",
                "a move is one line of at most {n} characters",
                MAX_LINE,
            ).format(n=MAX_LINE),
        )
    if any(len(texts.get(name, "")) > MAX_ID for name in ("version", "page", "request")):
        said = ngettext(
            "version, page and request are at most {n} character each",
            "version, page and request are at most {n} characters each",
            MAX_ID,
        )
        raise Refused(400, said.format(n=MAX_ID))
    lang = texts.get("lang", "")
    if "lang" in names and lang not in i18n.LANGUAGES:
        raise Refused(
            400,
            _("a seat's language is one of {languages}").format(
                languages=", ".join(i18n.LANGUAGES)
            ),
        )
    return Post(line, texts.get("version", ""), texts["page"], texts["request"], agreed, lang)


def _said(ok: bool, answer: str, version: str, **extra: Any) -> bytes:
    payload = {"ok": ok, "answer": answer, "version": version, **extra}
    return json.dumps(payload, ensure_ascii=False).encode("utf-8")


def _answer(status: int, body: bytes) -> web.Response:
    """A JSON answer, or a plain line (500: what went wrong in the referee, never a trace)."""
    kind = "text/plain" if status == 500 else "application/json"
    return web.Response(status=status, body=body, content_type=kind, headers=HEADERS)


def _json(status: int, data: Any) -> web.Response:
    return _answer(status, json.dumps(data, ensure_ascii=False, default=str).encode("utf-8"))


async def _tell_version(page: TablePage, response: web.StreamResponse, sent: str) -> str:
    """A seat's stream hears only of each new version: the page fetches its own view."""
    version = page.source.version
    await page.write(response, f"event: version\ndata: {version}\n\n".encode())
    return version
