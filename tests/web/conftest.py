"""Sessions to share in the page's tests: whole games from tests/scenarios, played in memory."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import BaseTestServer, TestClient

from devtools import scenario
from referee.play.session import Session
from referee.web.server import TablePage
from referee.web.source import Source

SCENARIOS = Path(__file__).parent.parent / "scenarios"
# One game of each of the five and of a described 18xx title, mid-game and finished alike.
ONE_OF_EACH = {
    "union-station": "union-station-3p-twentieth-dividend.txt",
    "railroad-rivals": "railroad-rivals-3p-hotels-towers-dropback.txt",
    "congo-line": "congo-line-3p-seventh-city.txt",
    "express01": "express01-3p-long-four-decks-empty.txt",
    "lost-atlas": "lost-atlas-long-3p-mapped-six-cycles.txt",
    "18xx": "18xx-1889-2p-four-sets-privates-rust.txt",
}


def played(name: str, upto: int | None = None) -> Session:
    """The scenario's game, its first `upto` commands played (all when None)."""
    s = scenario.load(SCENARIOS / name)
    if upto is not None:
        s.commands = s.commands[:upto]
    return scenario.play(s)


def next_move(name: str, upto: int) -> str:
    """The first command the scenario plays after its first `upto` (skipping refused ones)."""
    s = scenario.load(SCENARIOS / name)
    return next(c.text for c in s.commands[upto:] if c.refusal is None and not c.figures)


@pytest.fixture
def us_session() -> Session:
    """Union Station a few moves in, with moves left to make."""
    return played(ONE_OF_EACH["union-station"], upto=12)


class PageTestServer(BaseTestServer):
    """aiohttp's test server around a TablePage's own server (its connection class, its
    time-outs), for aiohttp's TestClient."""

    def __init__(self, page: Any) -> None:
        super().__init__()
        self.page = page

    async def _make_runner(self, **kwargs: Any) -> web.BaseRunner:
        return web.ServerRunner(self.page.server(), **kwargs)


@pytest.fixture
async def shared(us_session: Session):
    """The Union Station session's table page, served to a test client: (source, page,
    client)."""
    source = Source(us_session)
    page = TablePage(source)
    client = TestClient(PageTestServer(page))
    await client.start_server()
    yield source, page, client
    await page.stop()
    await client.close()
