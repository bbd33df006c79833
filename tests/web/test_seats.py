"""The seat server's rules and security (issue 32 items 3, 4 and 6): each test's docstring names
the rule of issue 32 it holds."""

from __future__ import annotations

import asyncio

import pytest

from referee.play.session import Session
from tests.web.conftest import ONE_OF_EACH, played
from tests.web.seating import Table, seated

CONGO = ONE_OF_EACH["congo-line"]


@pytest.fixture
async def table():
    """Congo Line at its opening goods, A to place (players A, B, C)."""
    async with seated(played(CONGO, upto=3)) as t:
        yield t


def moves(session: Session) -> list[tuple[str, str, bool]]:
    return [(e.by, e.text, e.auto) for e in session.entries]


async def test_a_seat_plays_its_own_move_as_a_typed_move_and_the_shell_says_it(table: Table):
    """Issue 32 item 2: a seat's move goes through the same session, answer and save as a typed
    move; the answer is printed in the shell naming the seat."""
    status, said = await table.post("A", line="place red")
    assert status == 200 and said["ok"], said
    assert moves(table.session)[-1] == ("A", "place red", False)
    assert said["version"] == table.source.version
    assert table.said == [f"seat A: place red\n{said['answer']}"]
    assert "Next: B" in said["answer"]


async def test_a_seat_cannot_move_for_another_player(table: Table):
    """Issue 32 item 3: a seat cannot move for another player (B's seat on A's turn)."""
    before = moves(table.session)
    status, said = await table.post("B", line="place red")
    assert status == 200 and not said["ok"]
    assert "a seat cannot move for another player" in said["answer"]
    assert "A's move" in said["answer"]
    assert moves(table.session) == before


@pytest.mark.parametrize(
    "line",
    [
        "undo",
        "force place red --because why",
        "as B place red",
        "amend 1 take red",
        "redo",
        "reading x y",
        "save /tmp/x.toml",
        "export /tmp/x.html",
        "share off",
        "quit",
        "lang ja",
        "adjust money A 5",
    ],
)
async def test_the_shell_keeps_the_last_word(table: Table, line: str):
    """Issue 32 item 3: undo, force, as, amend, readings, setup and every shell command stay in
    the shell: refused from a seat with a clear line (403), nothing done."""
    before = moves(table.session)
    status, said = await table.post("A", line=line)
    assert status == 403 and not said["ok"]
    assert "typed in the shell, not from a seat" in said["answer"]
    assert moves(table.session) == before and table.said == []


async def test_the_read_only_token_refuses_every_write(table: Table):
    """Issue 32 item 4: the read-only address and every other path still refuse every write."""
    ro = table.page.token
    paths = (f"/{ro}/", f"/{ro}/view.json", f"/{ro}/move", f"/{ro}/events", "/", "/x/move")
    for path in (*paths, "/seat", f"/{ro}"):
        r = await table.client.post(path, json={"line": "place red"})
        assert r.status == 405, path
    for path in (f"/seat/{ro}/move", f"/seat/{ro}/undo", "/seat/x/move", "/seat//move"):
        r = await table.client.post(path, json={"line": "place red"})
        assert r.status == 403, path
    seat = table.token("A")
    for path in (f"/seat/{seat}/", f"/seat/{seat}/view.json", f"/seat/{seat}/events"):
        r = await table.client.post(path, json={"line": "place red"})
        assert r.status == 405, path
    r = await table.client.get(f"/seat/{seat}/move")
    assert r.status == 405
    assert moves(table.session) == moves(played(CONGO, upto=3))


async def test_a_stale_page_is_told_what_moved_and_never_applied(table: Table):
    """Issue 32 item 4: a stale page's move is refused with what changed ("the game moved on:
    ..."), never applied to a state the player did not see (409)."""
    page = await table.load("B")
    seen = table.source.version
    assert table.shell.run("place red").ok  # A, typed in the shell
    status, said = await table.post("B", page=page, version=seen, line="place red")
    assert status == 409 and not said["ok"]
    assert said["answer"] == "the game moved on: A: place red"
    assert moves(table.session)[-1] == ("A", "place red", False)
    status, said = await table.post("B", version="nonsense", line="place red")
    assert status == 409 and "the game moved on" in said["answer"]
    assert len(table.session.entries) == 4


async def test_a_version_moved_by_the_language_only_is_not_stale(table: Table):
    """Issue 32 item 4: only a game the player did not see is stale: a new version for the
    table's language (the same game) still takes the move."""
    seen = table.source.version
    table.source.touch()  # the charts drawn again: a new version, the same game
    status, said = await table.post("A", version=seen, line="place red")
    assert status == 200 and said["ok"], said


async def test_a_replayed_request_gets_the_same_answer_and_is_applied_once(table: Table):
    """Issue 32 item 4: a request id already answered is answered again the same way, never
    applied twice."""
    page = await table.load("A")
    body = {"line": "place red", "version": table.source.version, "page": page, "request": "t1"}
    url = f"/seat/{table.token('A')}/move"
    first = await table.client.post(url, json=body)
    again = await table.client.post(url, json=body)
    assert first.status == again.status == 200
    assert await first.read() == await again.read()
    assert [m for m in moves(table.session) if m == ("A", "place red", False)] == [
        ("A", "place red", False)
    ]
    assert len(table.session.entries) == 4


@pytest.mark.parametrize(
    "body",
    [
        b"",
        b"not json",
        b"[1, 2]",
        b'{"line": "place red"}',
        b'{"line": 5, "version": "v", "page": "p", "request": "r"}',
        b'{"line": "place red", "version": "v", "page": "p", "request": ""}',
        b'{"line": "place red", "version": "v", "page": "p", "request": "r", "agreed": "yes"}',
        b'{"line": "place\\nred", "version": "v", "page": "p", "request": "r"}',
        b'{"line": "' + b"x" * 201 + b'", "version": "v", "page": "p", "request": "r"}',
        b'{"line": "place red", "version": "v", "page": "p", "request": "' + b"r" * 65 + b'"}',
        b"\xff\xfe",
    ],
)
async def test_malformed_bodies_are_refused_in_one_line(table: Table, body: bytes):
    """Issue 32 item 4: malformed bodies are answered 400 with one line saying what is allowed;
    nothing is played, nothing reaches the file system."""
    r = await table.client.post(f"/seat/{table.token('A')}/move", data=body)
    text = await r.text()
    assert r.status == 400 and text.count("\n") == 1, text
    assert "Traceback" not in text
    assert len(table.session.entries) == 3 and table.said == []


async def test_oversized_bodies_are_refused(table: Table):
    """Issue 32 item 4: submissions are bounded in size: 413, with or without a length."""
    url = f"/seat/{table.token('A')}/move"
    r = await table.client.post(url, data=b"{" + b" " * 5000 + b"}")
    assert r.status == 413

    async def chunks():
        for _ in range(10):
            yield b" " * 1000

    r = await table.client.post(url, data=chunks())
    assert r.status == 413
    assert len(table.session.entries) == 3


async def test_a_page_token_not_of_this_seat_is_refused(table: Table):
    """Issue 32 item 4: moves are posted with the per-page token the seat's page was given:
    another seat's page token, or none given out, is 403."""
    bs_page = await table.load("B")
    for page in (bs_page, "made-up", table.page.token):
        status, _said = await table.post("A", page=page, line="place red")
        assert status == 403, page
    assert len(table.session.entries) == 3


async def test_a_seat_is_rate_limited(table: Table):
    """Issue 32 item 4: submissions are bounded in rate per seat: 429 with Retry-After, and the
    other seats are not slowed."""
    table.seats.burst, table.seats.rate = 3, 0.5
    page = await table.load("B")
    statuses = []
    for _ in range(5):
        r = await table.client.post(
            f"/seat/{table.token('B')}/move",
            json={
                "line": "place red",
                "version": table.source.version,
                "page": page,
                "request": f"b{len(statuses)}",
            },
        )
        statuses.append(r.status)
        if r.status == 429:
            assert int(r.headers["Retry-After"]) >= 1
    assert statuses == [200, 200, 200, 429, 429]
    status, said = await table.post("A", line="place red")
    assert status == 200 and said["ok"]


async def test_nothing_a_seat_sends_crashes_the_shell(table: Table, monkeypatch):
    """Issue 32 item 4: nothing a seat sends can crash the shell: an exception is a plain 500
    line, and the seat (and the shell) go on."""

    def broken(*args, **kwargs):
        raise ValueError("boom")

    monkeypatch.setattr(table.shell, "seat_move", broken)
    page = await table.load("A")
    body = {"line": "place red", "version": table.source.version, "page": page, "request": "e"}
    for _ in range(2):  # asked again, the same answer: never played twice
        r = await table.client.post(f"/seat/{table.token('A')}/move", json=body)
        said = await r.text()
        assert r.status == 500 and said == "the move could not be answered: ValueError\n"
    monkeypatch.undo()
    status, said = await table.post("A", line="place red")
    assert status == 200 and said["ok"]


async def test_seat_undo_only_its_own_last_move_while_no_one_moved_since(table: Table):
    """Issue 32 item 3: a seat can take back its own last move only while no one has moved
    since."""
    assert (await table.post("A", line="place red"))[1]["ok"]
    status, said = await table.post("B", route="undo")  # not B's move
    assert status == 200 and not said["ok"]
    assert "only its own last move" in said["answer"]
    assert (await table.post("B", line="place red"))[1]["ok"]
    status, said = await table.post("A", route="undo")  # B moved since
    assert not said["ok"] and len(table.session.entries) == 5
    status, said = await table.post("B", route="undo")
    assert status == 200 and said["ok"], said
    assert said["answer"].startswith("undone: B: place red")
    assert moves(table.session)[-1] == ("A", "place red", False)
    assert table.said[-1].startswith("seat B: undo\nundone: B: place red")


async def test_seat_undo_is_refused_after_an_amendment(table: Table):
    """Issue 32 item 3: the shell keeps the last word: after the table amended a move, the seat
    may not undo (the shell's undo takes back the amendment)."""
    assert (await table.post("A", line="place red"))[1]["ok"]
    assert table.shell.run("amend 4 place yellow").ok
    _status, said = await table.post("A", route="undo")
    assert not said["ok"] and "only its own last move" in said["answer"]


async def test_closed_seats_refuse(table: Table):
    """Issue 32 item 1: `share seats off` closes the seats: their addresses refuse (403)."""
    page, a = await table.load("A"), table.token("A")
    table.seats.close()
    body = {"line": "place red", "version": table.source.version, "page": page, "request": "c"}
    r = await table.client.post(f"/seat/{a}/move", json=body)
    assert r.status == 403 and "closed" in await r.text()
    for path in (f"/seat/{a}/", f"/seat/{a}/view.json", f"/seat/{a}/events"):
        assert (await table.client.get(path)).status == 403
    assert len(table.session.entries) == 3


async def test_a_seat_page_view_and_completions(table: Table):
    """Issue 32 item 2: the seat's page, its view (with the version) and the completions of a
    line, from the same source as the shell's, only for the player who acts."""
    a = table.token("A")
    view = await (await table.client.get(f"/seat/{a}/view.json")).json()
    assert view["version"] == table.source.version
    r = await table.client.get(f"/seat/{a}/complete", params={"line": "pl"})
    # whole lines; one ending in a space leads on to more words (referee/web/seat_page.py)
    assert (await r.json()) == {"completions": ["place "], "pad": None}  # no amount next
    r = await table.client.get(f"/seat/{table.token('B')}/complete", params={"line": "pl"})
    assert (await r.json())["completions"] == []
    r = await table.client.get(f"/seat/{a}/complete", params={"line": "x" * 201})
    assert r.status == 400


async def test_a_seat_hears_each_new_version(table: Table):
    """Issue 32 item 4: the seat's events stream tells each new version as the game moves."""
    r = await table.client.get(f"/seat/{table.token('B')}/events")
    assert r.status == 200
    first = await asyncio.wait_for(r.content.readuntil(b"\n\n"), 5)
    assert first.startswith(b"retry:")
    said = await asyncio.wait_for(r.content.readuntil(b"\n\n"), 5)
    assert said == f"event: version\ndata: {table.source.version}\n\n".encode()
    assert table.shell.run("place red").ok
    said = await asyncio.wait_for(r.content.readuntil(b"\n\n"), 5)
    assert said == f"event: version\ndata: {table.source.version}\n\n".encode()
    r.close()


async def test_a_move_the_shell_would_ask_about_is_confirmed_by_a_second_post():
    """Issue 32 item 2: what the shell asks the table (a move that skips a step with a cost,
    Lost Atlas ■13) is answered to the seat with the question; it is played only when the seat
    posts it again with agreed, as the shell's yes plays it."""
    from tests.games.lost_atlas.helpers import two_minors

    session = Session.new("lost-atlas", ["A", "B"], "micro")
    state = two_minors().draft()
    state.companies["Express"].cash = 90
    session.states = [state.seal()]
    async with seated(session) as t:
        status, said = await t.post("B", line="buy 2")
        assert status == 200 and not said["ok"]
        assert "may still issue a share" in said["question"]
        assert said["question"].endswith("play it anyway?")
        assert not session.entries
        status, said = await t.post("B", line="buy 2", agreed=True)
        assert status == 200 and said["ok"], said
        assert "confirmed by the table: Express may still issue a share" in said["answer"]
        assert [e.text for e in session.entries if not e.auto] == ["buy 2"]


async def test_several_moves_meant_are_answered_with_the_choices(table: Table, monkeypatch):
    """Issue 32 item 2: words that name several moves (the shell asks which) are answered to
    the seat with each move in full, for it to post the one meant; nothing is played."""
    from referee.core.words import Several

    def several(player: str, text: str, agreed: bool = False) -> list:
        raise Several("which tile?", ["lay 1 north", "lay 1 south"])

    monkeypatch.setattr(table.session, "play_for", several)
    status, said = await table.post("A", line="lay 1")
    assert status == 200 and not said["ok"]
    assert said["choices"] == ["lay 1 north", "lay 1 south"]
    assert "which tile?" in said["answer"]
    assert len(table.session.entries) == 3


async def test_a_page_that_showed_a_move_since_taken_back_is_stale(table: Table):
    """Issue 32 item 4: a page that showed a move the table took back (and played again) shows a
    game that is no longer there: its move is refused (409), never applied."""
    assert table.shell.run("place red").ok
    page, seen = await table.load("B"), table.source.version
    assert table.shell.run("undo").ok and table.shell.run("place red").ok
    status, said = await table.post("B", page=page, version=seen, line="place red")
    assert status == 409
    assert said["answer"] == "the game moved on: moves were taken back or changed; look again"
    assert len(table.session.entries) == 4
