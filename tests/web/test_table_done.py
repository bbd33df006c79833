"""Issue 29, done when: a game of each of the six played in the shell with 50 pages open.

Each game is shared from the shell (`share`, the path a typist takes) at its halfway point and
followed by 50 pages: three real Chromium tabs (a phone at 390 px, a tablet at 768, a desktop
at 1440) and 47 light pages that read the event stream as the page's script does. Then:

(a) moves are typed; after each, every page shows "What just happened": the lines the shell
    answered for that move, in words, and the move before it dimmed; and every page heard
    every version, in order (none skipped);
(b) nothing is clipped at 360, 390, 768 or 1440 px (test_layout's measurement, on the live
    page); a card's value reads as one piece on a phone; every chart line is drawn at its own
    width (equal lines show as stripes); screenshots at 390 and 1440 px are kept;
(c) with the streams' cap reached, one more page is refused (503), shows the game all the
    same, and follows it live by itself once a place frees;
(d) `lang ja` switches every open page at once (title, lang attribute, status line, headings
    and labels, the panel, the charts), a fresh tab opens in Japanese, and `lang en` brings
    every page back to English, a fresh tab too.

Screenshots (PNG, three a game) go to `$REFEREE_SCREENSHOTS/table` when that is set, else to
pytest's tmp dir. One Chromium serves the whole module.
"""

from __future__ import annotations

import asyncio
import gettext
import itertools
import json
import os
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import aiohttp
import pytest
import pytest_asyncio

from devtools import scenario
from referee import i18n
from referee.i18n import _
from referee.play import render
from referee.play.session import Session
from referee.shell.shell import Reply, Shell
from referee.web import server as server_module
from referee.web.page import live_words, title_of
from referee.web.source import Source
from tests.web.cdp import Browser
from tests.web.conftest import ONE_OF_EACH, SCENARIOS, played
from tests.web.test_layout import CLIPPED

pytestmark = pytest.mark.asyncio(loop_scope="module")

PAGES = 50
TABS = (390, 768, 1440)  # the real browser pages among them; the others read the stream alone
WIDTHS = (360, 390, 768, 1440)
PHONE, DESKTOP = 390, 1440
MOVES = 3  # typed moves a game
SHOT_HEIGHT = 4000  # px at most: the kept files stay small
WAIT = 30.0  # seconds: a deadline that only ends a test that failed, never a measure
URL = re.compile(r"http://\S+/")
VERSION = re.compile(rb'\{"version": "([^"]+)"')  # a view's first field (read without parsing it)
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


# --- the pages -------------------------------------------------------------------------------
class Stream:
    """A light page: the event stream alone, read as the page's script reads it (the versions
    it is told of, and the newest view it was given)."""

    def __init__(self, http: aiohttp.ClientSession, url: str) -> None:
        self.heard: list[str] = []
        self.view = b""
        self.version = ""
        self.status = 0
        self.task = asyncio.create_task(self._read(http, url + "events"))

    async def _read(self, http: aiohttp.ClientSession, url: str) -> None:
        async with http.get(url) as response:
            self.status = response.status
            pending = bytearray()
            async for chunk in response.content.iter_any():
                pending += chunk
                while (end := pending.find(b"\n\n")) >= 0:
                    self._event(bytes(pending[:end]))
                    del pending[: end + 2]

    def _event(self, block: bytes) -> None:
        fields = dict(line.partition(b": ")[::2] for line in block.split(b"\n"))
        if fields.get(b"event") == b"version":
            self.heard.append(fields[b"data"].decode())
        elif fields.get(b"event") == b"view":
            self.view = fields[b"data"]
            self.version = VERSION.match(self.view).group(1).decode()  # type: ignore[union-attr]

    def html(self) -> str:
        return str(json.loads(self.view)["html"])

    async def close(self) -> None:
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)


# Patched in before a tab's own script runs: the versions its own stream is told of.
HEARD = """
window.heard = [];
window.opened = null;  // the version the page showed when its stream first opened
const Original = window.EventSource;
window.EventSource = class extends Original {
  constructor(url, options) {
    super(url, options);
    if (window.opened === null) {
      window.opened = new URL(url, location.href).searchParams.get('shown');
    }
    this.addEventListener('version', (e) => window.heard.push(e.data));
  }
};
"""
LIVE_OK = "document.getElementById('live').className === 'live ok'"
LIVE_LOST = "document.getElementById('live').className === 'live lost'"


async def open_tab(browser: Browser, url: str, width: int) -> Browser:
    tab = await browser.tab(width, 800)
    await tab.send("Page.addScriptToEvaluateOnNewDocument", source=HEARD)
    await tab.open(url)
    await tab.wait_for(
        "!!document.getElementById('main') && document.readyState !== 'loading'", WAIT
    )
    return tab


@dataclass
class Table:
    """A game shared from the shell, with the pages that follow it."""

    shell: Shell
    url: str
    http: aiohttp.ClientSession
    tabs: dict[int, Browser] = field(default_factory=dict)
    streams: list[Stream] = field(default_factory=list)

    @property
    def session(self) -> Session:
        return self.shell.session

    @property
    def source(self) -> Source:
        return self.shell.sharing.source  # type: ignore[no-any-return]

    def pages(self) -> int:
        return len(self.tabs) + len(self.streams)

    async def settled(self) -> str:
        """Wait until every page shows the version the shell is at; that version."""
        loop = asyncio.get_running_loop()
        start = loop.time()
        while True:
            version = self.source.version
            behind = [s for s in self.streams if s.version != version]
            for width, tab in self.tabs.items():
                if await tab.js("document.body.dataset.version") != version:
                    behind.append(width)  # type: ignore[arg-type]
            if not behind:
                return version
            if loop.time() - start > WAIT:
                raise AssertionError(f"{len(behind)} pages never showed version {version}")
            await asyncio.sleep(0.05)


@asynccontextmanager
async def shared(browser: Browser, session: Session) -> AsyncIterator[Table]:
    shell = Shell(session)
    url = URL.search(shell.run("share --host 127.0.0.1 --port 0").text).group(0)
    http = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
    table = Table(shell, url, http)
    try:
        for width in TABS:
            table.tabs[width] = await open_tab(browser, table.url, width)
        table.streams = [Stream(http, url) for _ in range(PAGES - len(TABS))]
        for tab in table.tabs.values():
            await tab.wait_for(LIVE_OK, WAIT)
        await table.settled()
        assert len(shell.sharing.page.streams) == PAGES
        yield table
    finally:
        for stream in table.streams:
            await stream.close()
        for tab in table.tabs.values():
            await tab.close()
        await http.close()
        shell.run("share off")
        i18n.use("en")


# --- the game --------------------------------------------------------------------------------
def mid_game(name: str) -> tuple[Session, list[str]]:
    """The scenario's game at its halfway point, and the typed moves that follow it (each one
    a move of the log, not one the referee already made automatically)."""
    commands = scenario.load(SCENARIOS / name).commands
    half = len(commands) // 2
    session = played(name, half)
    rest = [c.text for c in commands[half:] if c.refusal is None and not c.figures]
    moves, trial = [], played(name, half)
    for text in rest:
        before = len(trial.entries)
        trial.play(text)
        if len(trial.entries) > before:
            moves.append(text)
        if len(moves) == MOVES:
            return session, moves
    raise AssertionError(f"{name}: fewer than {MOVES} moves after its half")


def typed(session: Session) -> list[int]:
    """The indexes of the last typed move and of the automatic moves that followed it."""
    last = max(i for i, e in enumerate(session.entries) if not e.auto)
    return list(range(last, len(session.entries)))


def answered(reply: Reply) -> list[str]:
    """The lines the shell answered for a move, without its `Next:` line (the page says who
    acts in a line of its own)."""
    step = _("Next: {player}").split("{player}")[0]
    return [line.strip() for line in reply.text.splitlines() if not line.strip().startswith(step)]


class Panel(HTMLParser):
    """The items of "What just happened": the last answer's and the one before it's."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.lines: dict[str, list[str]] = {"just": [], "before": []}
        self._in: list[str] = []  # the class of each open div
        self._item: list[str] | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "div":
            self._in.append(dict(attrs).get("class") or "")
        elif tag == "li" and self._in and self._in[-1] in self.lines:
            self._item = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self._in:
            self._in.pop()
        elif tag == "li" and self._item is not None:
            self.lines[self._in[-1]].append("".join(self._item))
            self._item = None

    def handle_data(self, data: str) -> None:
        if self._item is not None:
            self._item.append(data)


PANEL_JS = """
(() => {
  const items = (cls) => [...document.querySelectorAll(`main section.happened .${cls} li`)]
    .map((li) => li.textContent);
  const opacity = (cls) => {
    const el = document.querySelector(`main section.happened .${cls}`);
    return el ? Number(getComputedStyle(el).opacity) : null;
  };
  return {just: items('just'), before: items('before'), first: document.querySelector('main')
    .firstElementChild.className, dim: opacity('before'), bright: opacity('just')};
})()
"""


async def check_panel(table: Table, last: list[str], before: list[str]) -> None:
    """Every page's "What just happened" holds `last` (the shell's answer to the last move)
    and, dimmed, `before` (its answer to the move before)."""
    for width, tab in table.tabs.items():
        panel = await tab.js(PANEL_JS)
        assert panel["first"] == "happened", f"{width} px: the panel is not first"
        missing = [line for line in last if line not in panel["just"]]
        assert not missing, f"{width} px: {missing} not in {panel['just']}"
        missing = [line for line in before if line not in panel["before"]]
        assert not missing, f"{width} px: {missing} not in the dimmed {panel['before']}"
        assert panel["bright"] == 1 and panel["dim"] < 1, panel
    for number, stream in enumerate(table.streams):
        lines = Panel(stream.html()).lines
        assert all(line in lines["just"] for line in last), (number, last, lines)
        assert all(line in lines["before"] for line in before), (number, before, lines)


async def check_every_version(table: Table) -> None:
    """Every page was told of every version after the one it opened at, in order, up to the
    one they all show now."""
    now = await table.settled()
    recent = list(table.source.recent)
    pages: list[tuple[str, str, list[str]]] = [
        (f"stream {n}", s.heard[0], s.heard[1:]) for n, s in enumerate(table.streams)
    ]
    for width, tab in table.tabs.items():
        pages.append((f"{width} px", await tab.js("window.opened"), await tab.js("window.heard")))
    for page, opened, heard in pages:
        assert opened in recent, "the check itself needs the versions since the page opened"
        made = recent[recent.index(opened) + 1 : recent.index(now) + 1]
        assert heard[: len(made)] == made, f"{page}: heard {heard}, the shell made {made}"


# --- (a) what just happened -------------------------------------------------------------------
async def moves_reach_every_page(table: Table, moves: list[str]) -> None:
    session = table.session
    before = [line for i in typed(session) for line in render.event_lines(session.tell(i))]
    for move in moves:
        reply = table.shell.run(move)
        assert reply.ok, reply.text
        last = answered(reply)
        assert last and last != [move], f"the shell said nothing of {move!r}: {reply.text}"
        await table.settled()
        await check_panel(table, last, before)
        # "Last moves" tells the move in words, with its effect, not as it was typed.
        told = render.described(session, len(session.entries) - 1)
        shown = await table.tabs[DESKTOP].js(
            "document.querySelector('table.moves td:nth-child(3)').textContent"
        )
        assert shown == told
        # Who acts next and at what step, as the session says it (not the shell's verb list).
        said = await table.tabs[DESKTOP].js("document.getElementById('next').textContent")
        assert said == session.next_step()
        before = last
    await check_every_version(table)


# --- (b) nothing clipped ----------------------------------------------------------------------
async def nothing_is_clipped(table: Table, kept: Path, game: str) -> None:
    tab = table.tabs[768]
    found = {}
    for width in WIDTHS:
        await tab.size(width, 800)
        await tab.wait_for(f"window.innerWidth === {width}", WAIT)
        clipped = await tab.js(CLIPPED)
        wide = await tab.js("document.documentElement.scrollWidth")
        if wide > width:
            clipped.append(f"the page is {wide} px wide")
        if clipped:
            found[width] = clipped
    await tab.size(768, 800)
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)
    apart = await table.tabs[PHONE].js(APART)
    assert not apart, f"values torn apart in their cards: {apart}"
    for width, tab in table.tabs.items():
        lines = await tab.js(CHART_LINES)
        assert lines and all(thick(widths) for widths in lines), f"{width} px: {lines}"
    for width in (PHONE, DESKTOP):
        await shoot(table.tabs[width], kept / f"{game}-{width}.png", width)


# A card's cell on a phone (a stacked table): its value reads as one piece at the right of
# its label ("1 ■ red"), its parts never spread over the card's width. The cells that fail.
APART = """
(() => {
  const out = [];
  const box = (n) => {
    if (n.nodeType !== 3) return n.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(n);
    return range.getBoundingClientRect();
  };
  for (const td of document.querySelectorAll('main table.cards td')) {
    if (getComputedStyle(td).display !== 'flex') continue;
    const parts = [...td.childNodes].filter((n) => n.nodeType !== 3 || n.textContent.trim())
      .map(box).filter((r) => r.width > 0);
    for (let i = 1; i < parts.length; i++) {
      const line = Math.abs(parts[i].top - parts[i - 1].top) < 4;
      if (line && parts[i].left - parts[i - 1].right > 9) {
        out.push(td.dataset.label + ': ' + td.textContent);
        break;
      }
    }
  }
  return out;
})()
"""
# Each chart's lines, the widths they are drawn at (px), series by series.
CHART_LINES = """
[...document.querySelectorAll('main .chart svg')].map((svg) =>
  [...svg.querySelectorAll('.plot .series')].map((g) => g.querySelector('path.line'))
    .filter((line) => line).map((line) => parseFloat(getComputedStyle(line).strokeWidth)))
"""


def thick(widths: list[float]) -> bool:
    """Lines a phone shows (2 px or more), each narrower than the one drawn before it, so
    that lines of equal values show as stripes instead of hiding each other."""
    return all(w >= 2 for w in widths) and all(a > b for a, b in itertools.pairwise(widths))


async def shoot(tab: Browser, path: Path, width: int) -> None:
    await tab.screenshot(path, width, SHOT_HEIGHT)
    await tab.size(width, 800)


# --- (c) refused, then a place ----------------------------------------------------------------
async def a_refused_page_gets_a_place(
    browser: Browser, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the cap reached a page is refused (503, which Chromium's EventSource never
    retries); it shows the game meanwhile, and follows it live once a page closes."""
    page = table.shell.sharing.page
    with monkeypatch.context() as patch:
        patch.setattr(server_module, "MAX_STREAMS", PAGES)
        assert len(page.streams) == table.pages() == PAGES
        async with aiohttp.ClientSession() as http, http.get(table.url + "events") as refused:
            assert refused.status == 503 and "Retry-After" in refused.headers
        tab = await open_tab(browser, table.url, PHONE)
        try:
            await tab.wait_for(LIVE_LOST, WAIT)
            version = table.source.version
            await tab.wait_for(f"document.body.dataset.version === {version!r}", WAIT)
            assert len(page.streams) == PAGES
            await table.streams.pop().close()  # a page closes: its place is free at once
            await tab.wait_for(LIVE_OK, WAIT)
            assert len(page.streams) == PAGES
            table.tabs[0] = tab  # followed like the others, from now on
            for move in ("undo", "redo"):
                assert table.shell.run(move).ok
                await table.settled()
        finally:
            table.tabs.pop(0, None)
            await tab.close()
    table.streams.append(Stream(table.http, table.url))
    await table.settled()


# --- (d) one language at a time ---------------------------------------------------------------
TEXTS = """
(() => {
  const texts = new Set([document.title]);
  for (const el of document.querySelectorAll('body *')) {
    const own = [...el.childNodes].filter((n) => n.nodeType === 3)
      .map((n) => n.textContent).join('').trim();
    if (own) texts.add(own);
    for (const name of ['data-label', 'aria-label']) {
      if (el.getAttribute(name)) texts.add(el.getAttribute(name));
    }
  }
  return [...texts];
})()
"""


def english_labels() -> set[str]:
    """The English words of the catalog that read otherwise in Japanese (labels, headings)."""
    catalog = i18n.catalog("ja")
    assert isinstance(catalog, gettext.GNUTranslations)
    labels = set()
    for key, text in catalog._catalog.items():  # type: ignore[attr-defined]
        msgid = key if isinstance(key, str) else key[0]
        msgid = msgid.split("\x04")[-1]
        if msgid and "{" not in msgid and text != msgid and re.search("[A-Za-z]{2}", msgid):
            labels.add(msgid)
    return labels


async def the_language_switches_at_once(
    browser: Browser, table: Table, kept: Path, game: str
) -> None:
    english = english_labels()
    assert table.shell.run("lang ja").ok  # no move: the pages follow all the same
    await check_language(table, "ja", lambda text: text in english)
    fresh = await open_tab(browser, table.url, PHONE)  # a fresh tab opens in Japanese
    try:
        assert await fresh.js("document.documentElement.lang") == "ja"
        assert await fresh.js("document.title") == title_of(table.session)
        await shoot(fresh, kept / f"{game}-{PHONE}-ja.png", PHONE)
    finally:
        await fresh.close()
    assert table.shell.run("lang en").ok
    await check_language(table, "en", lambda text: bool(JAPANESE.search(text)))
    fresh = await open_tab(browser, table.url, PHONE)  # and after `lang en`, in English
    try:
        assert await fresh.js("document.documentElement.lang") == "en"
        assert await fresh.js("document.title") == title_of(table.session)
    finally:
        await fresh.close()


async def check_language(table: Table, lang: str, other: Callable[[str], bool]) -> None:
    """Every page reads `lang` whole: lang attribute, title, status line, panel, and none of
    its texts (headings, labels, charts) is of the `other` language."""
    await table.settled()
    assert i18n.language() == lang
    title = title_of(table.session)
    live = live_words()["live"].split("{")[0]
    session = table.session
    last = [line for i in typed(session) for line in render.event_lines(session.tell(i))]
    for width, tab in table.tabs.items():
        assert await tab.js("document.documentElement.lang") == lang, width
        assert await tab.js("document.title") == title, width
        assert await tab.js("document.getElementById('title').textContent") == title, width
        assert (await tab.js("document.getElementById('live').textContent")).startswith(live)
        panel = await tab.js(PANEL_JS)
        assert all(line in panel["just"] for line in last), (width, last, panel["just"])
        left = [text for text in await tab.js(TEXTS) if other(text)]
        assert not left, f"{width} px, in {lang}: {left}"
    for stream in table.streams:
        view = json.loads(stream.view)
        assert view["page"]["lang"] == lang and view["page"]["title"] == title
        assert all(line in Panel(view["html"]).lines["just"] for line in last)


# --- the test --------------------------------------------------------------------------------
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    kept = os.environ.get("REFEREE_SCREENSHOTS")
    return Path(kept) / "table" if kept else tmp_path_factory.getbasetemp() / "table-shots"


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser() -> AsyncIterator[Browser]:
    b = Browser()
    await b.start(PHONE, 800)
    yield b
    await b.close()


@pytest.mark.parametrize("game", list(ONE_OF_EACH))
async def test_a_game_with_50_pages_open(
    browser: Browser, game: str, monkeypatch: pytest.MonkeyPatch, tmp_path_factory
) -> None:
    session, moves = mid_game(ONE_OF_EACH[game])
    async with shared(browser, session) as table:
        await moves_reach_every_page(table, moves)
        await nothing_is_clipped(table, shots(tmp_path_factory), game)
        await a_refused_page_gets_a_place(browser, table, monkeypatch)
        await the_language_switches_at_once(browser, table, shots(tmp_path_factory), game)
