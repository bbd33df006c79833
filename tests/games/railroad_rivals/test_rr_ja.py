"""Railroad Rivals in Japanese (issue 17): its refusals, events, tables and typed names, in the
words of railroad-rivals.ja.txt; the moves and the state stay the same as in English."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from referee import i18n
from referee.games.railroad_rivals import page as web
from referee.games.railroad_rivals import render
from referee.games.railroad_rivals.sections import R_HOTEL
from referee.i18n import width
from referee.shell.shell import Shell

from .helpers import new, play, rejected

# Chicago at 0,0; A drafts Denver and places it east, matching B&O: A's link.
DENVER = [
    "start Chicago PRR B&O - NYC 3",
    "draw wood wood grain",
    "order A B C",
    "reveal Denver Omaha Tulsa stock PRR B&O NYC",
    "take Denver",
    "take PRR",
    "take Omaha",
    "take B&O",
    "take Tulsa",
    "take NYC",
    "place Denver - - - B&O 2",
    "draw wood grain",
]


@pytest.fixture
def ja() -> Iterator[None]:
    with i18n.speaking("ja"):
        yield


def test_events_in_japanese(ja: None) -> None:
    session = new()
    play(session, *DENVER[:-1])
    # §都市タイルの配置: the cubes drawn for the new city, in the rules' names of the goods
    assert play(session, DENVER[-1]) == ["Denverに木材1, 穀物1"]
    play(session, "pass", "pass")  # B and C place no city
    assert play(session, "deliver wood Chicago Denver") == [
        "Aが木材を配送 Chicago -> Denver",
        "A: 6 -> 9 (このターン1個目の木材)",
        "B&Oの株価 0 -> 1",
        "木材のキューブは袋に戻します",
    ]


def test_a_refusal_in_japanese_names_the_same_rule(ja: None) -> None:
    session = new(variant="hotels")
    play(session, *DENVER, "pass", "pass", "hotel Chicago")
    shell = Shell(session)
    shell.run("deliver wood Chicago Denver")
    reply = shell.run("hotel Chicago")
    assert not reply.ok
    assert reply.text == (
        "却下: ChicagoにはもうAのホテルがあります [ルール ホテルと給水塔: ホテル]; "
        "まだホテルが置かれていない都市"
    )
    assert rejected(session, "hotel Chicago").rule == R_HOTEL


def test_cube_colours_and_start_cities_typed_in_japanese() -> None:
    """木材(茶), 穀物(黄); シカゴ(Chicago): accepted in both languages, the state the same."""
    english = new()
    play(english, "start Chicago PRR B&O - NYC 3", "draw wood wood grain")
    japanese = new()
    play(japanese, "start シカゴ PRR B&O - NYC 3", "draw 木材 茶 穀物")
    assert japanese.game.snapshot(japanese.state) == english.game.snapshot(english.state)
    play(english, *DENVER[2:], "pass", "pass", "deliver wood Chicago Denver")
    play(japanese, *DENVER[2:], "pass", "pass", "deliver 木材 シカゴ Denver")
    assert japanese.game.snapshot(japanese.state) == english.game.snapshot(english.state)
    assert japanese.entries[-1].text == "deliver 木材 シカゴ Denver"


def test_completion_offers_the_japanese_names_in_japanese() -> None:
    session = new()
    assert "シカゴ" not in session.game.options(session.state).args["start"][0]
    with i18n.speaking("ja"):
        cities = session.game.options(session.state).args["start"][0]
    assert {"Chicago", "シカゴ"} <= set(cities)
    play(session, *DENVER, "pass", "pass")
    assert "木材" not in session.game.options(session.state).args["deliver"][0]
    with i18n.speaking("ja"):
        colours = session.game.options(session.state).args["deliver"][0]
    assert {"wood", "木材", "茶", "grain", "穀物"} <= set(colours)


def test_the_tables_line_up_with_japanese_names(ja: None) -> None:
    session = new(players="アン,ボブ,C", variant="hotels")
    play(session, *[line.replace("order A B C", "order アン ボブ C") for line in DENVER])
    play(session, "pass", "pass", "hotel Chicago")
    status = session.game.status(session.state)
    table = status.split("\n\n")[1].splitlines()
    assert table[0].split()[:3] == ["#", "プレイヤー", "得点"]
    starts = [m.start() for m in re.finditer(r"-+", table[1])]  # the rule is ASCII

    def column(line: str, text: str) -> int:
        return width(line[: line.index(text)])

    # Left-aligned texts after Japanese names start where their column does; the columns
    # 80 do not hold go on in a second panel, the seat and the name repeated.
    more = status.split("\n\n")[2].splitlines()
    later = [m.start() for m in re.finditer(r"-+", more[1])]
    assert column(table[2], "B&O") == column(table[3], "PRR") == starts[3]
    assert column(more[2], "Chicago") == column(more[3], "手元") == later[3]
    assert column(more[3], "3 (Tulsa)") == later[2]
    # The grid: every line of a row of tiles as wide, names clipped to the columns they have.
    grid = render.draw_grid(session.state)
    assert "B&O=アン" in grid and "H:アン" not in grid and "H:ア" in grid
    # Every tile's frame stands in its place: at 4 + (CELL + 2) * k columns, or CELL + 1 on.
    frames = {
        (width(line[:i]) - 4) % (render.CELL + 2)
        for line in grid.splitlines()
        for i, char in enumerate(line)
        if char in "|+"
    }
    assert frames == {0, render.CELL + 1}


def test_toolbar_market_and_web_in_japanese(ja: None) -> None:
    session = new()
    assert session.game.toolbar(session.state) == "準備: 手番順が決まるまで得点はありません"
    play(session, *DENVER, "pass", "pass", "deliver wood Chicago Denver")
    assert session.game.toolbar(session.state) == "得点 A 9, B 8, C 10 | 株価 B&O 1"
    assert render.market(session.state).splitlines()[0].split() == [
        "鉄道",
        "株価",
        "手元の株タイル",
    ]
    panels = dict(web.panels(session, session.state))
    assert "プレイヤー (ターン順)" in panels and "鉄道の株価" in panels
    assert "木材1" in panels["都市タイル"]


def test_english_is_unchanged() -> None:
    session = new()
    play(session, *DENVER[:-1])
    assert play(session, DENVER[-1]) == ["Denver gets 1 wood, 1 grain"]
