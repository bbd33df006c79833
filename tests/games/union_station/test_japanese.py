"""Union Station in Japanese (issue 17): the rules' words (union-station.ja.txt), the
railroads' Japanese names typed and completed, tables aligned with Japanese player names, and
nothing translated kept in the state."""

from __future__ import annotations

import pytest
from wcwidth import wcswidth

from referee import i18n
from referee.games.union_station import page as web
from referee.games.union_station import render
from referee.games.union_station.economy import NO_TRACK
from referee.play import offers
from referee.shell.shell import Shell
from tests.games.union_station.helpers import BOARD, GAME, opened, session, with_road


@pytest.fixture(autouse=True)
def japanese() -> None:
    i18n.use("ja")  # tests/conftest.py puts English back after each test


def test_an_event_and_a_refusal_in_the_rules_words() -> None:
    """最初のオークション: 入札は必ず5ドル以上; the event names the railroad as the rules do."""
    sh = Shell(session("花子,Bob,Cy"))
    said = sh.run("reveal blue green black orange white green").text
    assert "  オークションの株式 5/5: 白" in said.splitlines()
    assert "  オークション 1/5: 青。花子から入札" in said.splitlines()
    refused = sh.run("bid 4")
    assert not refused.ok
    assert refused.text == (
        "却下: 入札は$5以上でなくてはなりません [ルール 最初のオークション]; bid 5"
    )


def test_a_deliberate_pass_is_refused_in_japanese_with_the_legal_moves() -> None:
    """ゲームの流れ: わざとパスすることはできません."""
    refused = Shell(opened()).run("pass")
    assert refused.text == (
        "却下: わざとパスすることはできません [ルール ゲームの流れ]; "
        "buy 緑; lay 黒; lay 白; sell 黒; sell 白"
    )


def test_railroads_typed_in_japanese_are_accepted_and_logged_as_typed() -> None:
    """黒, 緑, 青, オレンジ, 白 and the railroads' names (目的地の都市) name the same railroads."""
    s = session()
    s.play("reveal 青 緑 黒 オレンジ 白 緑")
    assert s.state.lots == ("blue", "green", "black", "orange", "white")
    assert s.state.top == "green"
    move = GAME.parse(s.state, "A", ["reveal", "ペンシルバニア鉄道"])
    assert move.colours == ("white",)
    assert GAME.parse(s.state, "A", ["reveal", "オレ"]).colours == ("orange",)  # a prefix


def test_kinds_of_hex_typed_in_japanese() -> None:
    """株価の値上がり: 街 +2, 都市 +3; typed without a map."""
    s = opened()
    s.play("buy 緑")  # C
    s.play("reveal black")
    events = [e.text for e in s.play("lay 青 街 都市")]  # A holds blue
    assert "青のディスクを街のマスに置く(残り11枚)" in events
    assert "青の株価 8 -> 10" in events
    assert "青のディスクを都市のマスに置く(残り10枚)" in events
    assert "青の株価 10 -> 13" in events
    assert [(d.colour, d.kind) for d in s.state.track] == [("blue", "town"), ("blue", "city")]


def test_completion_offers_the_japanese_names_where_there_is_a_choice() -> None:
    s = opened()
    assert offers.candidates(s, ["sell"]) == ["black", "white", "黒", "白"]
    i18n.use("en")
    assert offers.candidates(s, ["sell"]) == ["black", "white"]


def test_the_state_keeps_english_and_the_end_is_said_in_japanese() -> None:
    """ゲームの終了: the reason stays English in the state (a save resumes in either language)."""
    s = opened()
    state = s.state
    for colour in ("black", "green", "blue", "orange", "white"):
        state = with_road(state, colour, discs=0)
    state, events = GAME.apply(state, GAME.parse(state, "C", ["buy", "green"]))
    assert state.ended == NO_TRACK == "no railroad can lay track"
    assert "ゲーム終了: どの鉄道も線路を敷設できません" in [e.text for e in events]
    assert "ゲーム終了: どの鉄道も線路を敷設できません" in GAME.status(state)
    assert GAME.snapshot(state)["ended"] == "no railroad can lay track"


def test_tables_line_up_with_japanese_player_names() -> None:
    s = session("花子,Bob,山田太郎")
    s.play("reveal blue green black orange white green")
    state = s.state
    table = render.players_table(state, GAME.options(state), GAME.standings(state))
    lines = table.splitlines()
    assert lines[0].split() == [
        "プレイヤー", "所持金", "黒", "緑", "青", "オレンジ", "白", "株式", "$", "合計"
    ]  # fmt: skip
    column = wcswidth(lines[0][: lines[0].index("所持金")])
    cash = {wcswidth(line[: line.index("30")]) for line in lines[2:]}
    assert cash == {column}, lines  # the cash in one column after 花子, *Bob, 山田太郎


def test_the_readings_and_the_board_questions_are_in_japanese() -> None:
    from referee.core.engine import Readings
    from referee.play import render as frame_render

    text = frame_render.readings(GAME.readings(), Readings())
    assert "top-square (L121-L125, L139): 鉄道価格トラックの最上マス" in text
    assert "  * stays (既定): いいえ: 価格はそのままで、それ以上何も支払わない" in text.splitlines()
    asked = [i18n._(f.prompt) for f in GAME.board_fields()]
    assert asked[2] == "鉄道価格(RAILROAD VALUE)トラックのどの値が金色の配当支払マスですか?"


def test_the_web_page_of_the_game_in_japanese() -> None:
    s = opened()
    titles = [title for title, _html in web.panels(s, s.state)]
    assert titles == [
        "鉄道価格トラック",
        "鉄道",
        "オファー",
        "シカゴ・ユニオン・ステーション株式会社",
        "配当",
    ]
    page = "".join(html for _title, html in web.panels(s, s.state))
    assert "黒</span> (アルトン鉄道)" in page and "カンザスシティ: 敷設可" in page
    assert web.ending(s, s.state)[0] == "20回目の配当でゲーム終了: 0回支払済、あと20回"


def test_the_board_data_is_refused_in_japanese() -> None:
    from referee.core.engine import UsageError

    with pytest.raises(UsageError) as refused:
        GAME.check_board({**BOARD, "value_track": "6-52"})
    assert str(refused.value).startswith("ボードデータ 'value_track'は5から始まります")
