"""Seats under load and whole games played from seats (issue 32 item 6)."""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from pathlib import Path
from typing import Any

from devtools import scenario
from referee.play import frame
from referee.play.session import Session, split
from referee.shell.shell import Shell
from referee.store import savefile
from tests.web.conftest import ONE_OF_EACH, SCENARIOS
from tests.web.seating import Table, seated

EXPRESS = "express01-3p-short-three-decks-share-from-display.txt"
AT = re.compile(r"^at = .*$", re.MULTILINE)  # when each move was made: the clock, not the game


def _saved(path: Path) -> str:
    return AT.sub("at = ...", path.read_text(encoding="utf-8"))


def _filed(s: scenario.Scenario, path: Path) -> Session:
    session = Session.new(s.game, s.players, s.variant, s.board)
    session.settle()
    savefile.create(session, path)
    return session


async def test_a_whole_express01_game_from_three_seats_saves_as_typed(tmp_path: Path):
    """Issue 32 item 6: a whole short Express 01 game played by POSTs from three seats, the
    table's own words typed in the shell, ends in the same save as the same moves typed."""
    s = scenario.load(SCENARIOS / EXPRESS)
    typed = _filed(s, tmp_path / "typed.toml")
    shell = Shell(typed)
    from_seats = _filed(s, tmp_path / "seats.toml")
    async with seated(from_seats) as table:
        for command in s.commands:
            if command.figures:
                continue
            if frame.find(split(command.text)[0]) is not None:
                reply = table.shell.run(command.text)  # the shell keeps its own words
                ok = reply.ok
            else:
                who = from_seats.actor()
                assert who is not None
                status, said = await table.post(who, line=command.text)
                assert status == 200, said
                ok = said["ok"]
            assert ok == (command.refusal is None), command.text
            assert shell.run(command.text).ok == ok
    assert from_seats.game.is_over(from_seats.state)
    assert _saved(tmp_path / "seats.toml") == _saved(tmp_path / "typed.toml")
    assert len(table.said) == sum(1 for c in s.commands if not c.figures) - sum(
        1 for c in s.commands if not c.figures and frame.find(split(c.text)[0]) is not None
    )


async def test_a_thousand_concurrent_submissions_each_answered_once(tmp_path: Path):
    """Issue 32 item 6: 1,000 submissions from three seats, in ten waves of 100 at once (each
    wave on the version then shown, one request sent twice): each is answered exactly once
    (a replay the same), nothing is lost, nothing is applied twice, and the save equals the
    log."""
    s = scenario.load(SCENARIOS / ONE_OF_EACH["congo-line"])
    session = _filed(s, tmp_path / "g.toml")
    lines = [c.text for c in s.commands if c.refusal is None and not c.figures][:10]
    answers: list[tuple[str, int, Any]] = []
    async with seated(session) as table:
        table.seats.rate, table.seats.burst = 1e6, 10**6  # the rate is tested on its own
        pages = {p: await table.load(p) for p in session.players}
        for wave, line in enumerate(lines):
            version = table.source.version
            requests = [(p, f"{wave}-{p}-{n}") for p in session.players for n in range(33)]
            requests.append(requests[wave])  # sent twice
            sent = [_send(table, pages, p, line, version, request) for p, request in requests]
            answered = await asyncio.gather(*sent)
            assert len(answered) == 100
            applied = {r for r, status, said in answered if status == 200 and said["ok"]}
            assert len(applied) == 1, (line, applied)
            answers += answered
    assert len(answers) == 1000
    by_request: dict[str, set[str]] = {}
    for request, status, said in answers:
        by_request.setdefault(request, set()).add(f"{status} {said}")
    assert len(by_request) == 990 and all(len(a) == 1 for a in by_request.values())
    assert Counter(status for _r, status, _s in answers).keys() <= {200, 409}
    assert [e.text for e in session.entries if not e.auto] == lines
    expected = scenario.play(scenario.Scenario(s.path, s.game, s.players, s.variant, s.board))
    for line in lines:
        assert Shell(expected).run(line).ok
    assert [(e.by, e.text, e.auto) for e in session.entries] == [
        (e.by, e.text, e.auto) for e in expected.entries
    ]
    loaded, _warnings = savefile.read(tmp_path / "g.toml")
    assert [(e.by, e.text, e.auto) for e in loaded.entries] == [
        (e.by, e.text, e.auto) for e in session.entries
    ]


async def _send(
    table: Table, pages: dict[str, str], player: str, line: str, version: str, request: str
) -> tuple[str, int, Any]:
    body = {"line": line, "version": version, "page": pages[player], "request": request}
    r = await table.client.post(f"/seat/{table.token(player)}/move", json=body)
    return request, r.status, await r.json()
