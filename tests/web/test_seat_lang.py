"""Each seat in its player's own language (issue 32 item 5): a player chooses English or
Japanese on their seat; the shell, the read-only page and the other seats keep theirs."""

from __future__ import annotations

import re
from typing import Any

import pytest

from referee import i18n
from tests.web.conftest import ONE_OF_EACH, played
from tests.web.seating import Table, seated

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture
async def table():
    """Congo Line at its opening goods, A to place (players A, B, C); the shell in English."""
    with i18n.speaking("en"):
        async with seated(played(ONE_OF_EACH["congo-line"], upto=3)) as t:
            yield t


async def choose(table: Table, player: str, lang: str) -> Any:
    """`player` taps `lang` on their seat: the view the seat then shows."""
    page = await table.load(player)
    r = await table.client.post(
        f"/seat/{table.token(player)}/lang", json={"lang": lang, "page": page, "request": "r"}
    )
    assert r.status == 200, await r.text()
    return await r.json()


async def seen(table: Table, player: str) -> Any:
    r = await table.client.get(f"/seat/{table.token(player)}/view.json")
    assert r.status == 200
    return await r.json()


async def test_a_seat_in_japanese_while_the_shell_speaks_english(table: Table):
    """Issue 32 item 5 (the player's language): A chooses Japanese; A's seat is drawn, completed
    and answered in Japanese; the shell, the read-only page and B's seat stay in English."""
    shown = await choose(table, "A", "ja")
    assert shown["lang"] == "ja" and JAPANESE.search(shown["words"]["moves"])
    assert (await seen(table, "A"))["lang"] == "ja"
    assert '<html lang="ja">' in await (await table.client.get(f"/seat/{table.token('A')}/")).text()
    b = await seen(table, "B")
    assert b["lang"] == "en" and not JAPANESE.search(" ".join(b["words"].values()))
    assert table.source.language == "en" and i18n.language() == "en"
    table_page = await (await table.client.get(f"/{table.page.token}/view.json")).json()
    assert table_page["page"]["lang"] == "en"
    r = await table.client.get(f"/seat/{table.token('A')}/complete", params={"line": "place "})
    assert any(JAPANESE.search(word) for word in (await r.json())["completions"])

    status, said = await table.post("A", line="place red")
    assert status == 200 and said["ok"], said
    assert JAPANESE.search(said["answer"]) and "Next:" not in said["answer"]
    assert table.said[-1].startswith("seat A: place red\n")
    assert "Next: B" in table.said[-1] and not JAPANESE.search(table.said[-1])
    assert JAPANESE.search(" ".join((await seen(table, "A"))["happened"][0]))
    assert not JAPANESE.search(" ".join((await seen(table, "B"))["happened"][0]))
    assert i18n.language() == "en" and table.session.told[-1].lang == "en"


async def test_a_seat_in_english_while_the_shell_speaks_japanese(table: Table):
    """Issue 32 item 5, the reverse: the shell in Japanese, B's seat chooses English; B's own
    refusal is answered in English, the shell and A's seat stay in Japanese."""
    table.shell.run("lang ja")
    assert table.source.language == "ja"
    assert (await choose(table, "B", "en"))["lang"] == "en"
    assert (await seen(table, "A"))["lang"] == "ja"
    status, said = await table.post("B", line="place red")  # A's turn: refused
    assert status == 200 and not said["ok"]
    assert "a seat cannot move for another player" in said["answer"]
    assert JAPANESE.search(table.said[-1].split("\n", 1)[1])
    status, said = await table.post("A", line="place red")
    assert status == 200 and said["ok"] and JAPANESE.search(said["answer"])
    assert i18n.language() == "ja" and table.source.language == "ja"
    assert (await seen(table, "B"))["lang"] == "en"


async def test_a_seat_that_chose_no_language_follows_the_shell(table: Table):
    """Issue 32 item 5: until its player chooses, a seat speaks the shell's language."""
    assert (await seen(table, "C"))["lang"] == "en"
    table.shell.run("lang ja")
    assert (await seen(table, "C"))["lang"] == "ja"


async def test_a_seat_s_language_is_english_or_japanese_from_its_own_page(table: Table):
    """Issue 32 items 4 and 5: only en or ja, posted with one of the seat's page tokens."""
    page = await table.load("A")
    url = f"/seat/{table.token('A')}/lang"
    r = await table.client.post(url, json={"lang": "fr", "page": page, "request": "r"})
    assert r.status == 400 and "en, ja" in await r.text()
    r = await table.client.post(url, json={"lang": "ja", "page": "nope", "request": "r"})
    assert r.status == 403
    r = await table.client.get(url)
    assert r.status == 405
    assert (await seen(table, "A"))["lang"] == "en"


def test_a_move_told_in_another_language_leaves_the_shell_s_words_as_they_were() -> None:
    """What a seat reads in Japanese is told apart: the shell's English sentences are not told
    again (Session.tell)."""
    session = played(ONE_OF_EACH["congo-line"], upto=10)
    with i18n.speaking("en"):
        english = [session.tell(i) for i in range(len(session.entries))]
    with i18n.speaking("ja"):
        japanese = session.tell(len(session.entries) - 1)
        assert japanese.lang == "ja" and japanese.sentence != english[-1].sentence
        assert session.tell(len(session.entries) - 1) is japanese  # kept
    assert session.told == english
