"""A shared game with its seats open, served to a test client (issue 32's seat tests)."""

from __future__ import annotations

import itertools
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from aiohttp.test_utils import TestClient

from referee.play.session import Session
from referee.shell.shell import Shell
from referee.web.seats import Seats
from referee.web.server import TablePage
from referee.web.source import Source
from tests.web.conftest import PageTestServer

PAGE_TOKEN = re.compile(r'data-page="([^"]+)"')
_ids = itertools.count(1)


@dataclass
class Table:
    """The shell, its page, its seats and a client; what the shell printed of the seats."""

    session: Session
    shell: Shell
    source: Source
    page: TablePage
    seats: Seats
    client: TestClient
    said: list[str] = field(default_factory=list)

    def token(self, player: str) -> str:
        return next(s.token for s in self.seats.seats if s.player == player)

    async def load(self, player: str) -> str:
        """Open `player`'s seat page; its page token."""
        r = await self.client.get(f"/seat/{self.token(player)}/")
        assert r.status == 200, await r.text()
        found = PAGE_TOKEN.search(await r.text())
        assert found is not None
        return found.group(1)

    async def post(
        self, player: str, route: str = "move", page: str = "", **body: Any
    ) -> tuple[int, Any]:
        """POST to `player`'s seat with a fresh request id, the version now and a page token
        of the seat unless given; the status and the answer (JSON, or the plain line)."""
        fields = {
            "version": self.source.version,
            "page": page or await self.load(player),
            "request": f"r{next(_ids)}",
            **body,
        }
        r = await self.client.post(f"/seat/{self.token(player)}/{route}", json=fields)
        if r.content_type == "application/json":
            return r.status, await r.json()
        return r.status, await r.text()


@asynccontextmanager
async def seated(session: Session) -> AsyncIterator[Table]:
    """`session` shared as `share` shares it, with a seat for each player."""
    shell = Shell(session)
    source = Source(session)
    session.observers.append(lambda change: source.check())
    page = TablePage(source)
    said: list[str] = []
    shell.printer = said.append
    seats = Seats(page, shell)
    client = TestClient(PageTestServer(page))
    await client.start_server()
    try:
        yield Table(session, shell, source, page, seats, client, said)
    finally:
        await page.stop()
        await client.close()
