"""Congo Line in Japanese (issue 17): the rules' words (congo-line.ja.txt), trains and dice
typed and completed in Japanese, tables aligned with Japanese player names, and the state the
same in both languages."""

from __future__ import annotations

import pytest
from wcwidth import wcswidth

from referee import i18n
from referee.core.errors import RuleError
from referee.games.congo_line import page as web
from referee.games.congo_line import render
from referee.play import offers
from referee.play.session import Session
from referee.shell.shell import Shell
from tests.games.congo_line.helpers import BOARD, GAME, do, started

OPENING = [
    "take 赤", "take 黄", "take 緑",
    "place 赤", "place 赤", "place 赤", "place 黄", "place 黄", "place 黄",
    "start",
]  # fmt: skip


@pytest.fixture(autouse=True)
def japanese() -> None:
    i18n.use("ja")  # tests/conftest.py puts English back after each test


def opened(players: str = "花子,Bob,山田太郎") -> Session:
    s = Session.new("congo-line", players.split(","), "", BOARD)
    for line in OPENING:
        s.play(line)
    return s


def test_a_starting_share_refused_in_the_rules_words() -> None:
    """セットアップ: 各自初めは別々の色を持つ."""
    s = Session.new("congo-line", ["花子", "Bob", "Cy"], "", BOARD)
    sh = Shell(s)
    assert sh.run("take red").text.splitlines()[0] == "  花子: 最初の株として赤の株を取る"
    refused = sh.run("take 赤")
    assert not refused.ok
    assert refused.text == (
        "却下: 赤はすでに他のプレイヤーの最初の株です [ルール セットアップ]; "
        "各自初めは別々の色を持つ: 黄, 緑, 青"
    )


def test_trains_and_dice_typed_in_japanese() -> None:
    """赤, 黄, 緑, 青, 紫, オレンジ name the trains and the dice; the state keeps English."""
    s = opened()
    assert {p: [t for t, n in s.state.shares[p].items() if n] for p in s.players} == {
        "花子": ["red"], "Bob": ["yellow"], "山田太郎": ["green"]
    }  # fmt: skip
    said = [e.text for e in s.play("roll 赤 赤 紫 オレンジ")]
    assert said[0] == (
        "花子のダイス 赤 赤 紫 オレンジ: 3色: 商品を3個積むか列車を2マス移動。紫1、オレンジ1"
    )
    assert s.state.turn.dice == ("red", "red", "purple", "orange")
    assert "赤の株: リザーブ -> Available Box" in said


def test_an_event_of_arrival_in_the_rules_words() -> None:
    """収入を得る: New Market Bonus, the shares sold at 2 per good, the goods delivered."""
    s = opened()
    s.play("roll 赤 赤 黄 緑")  # 3 colours: move 2
    s.play("pass")
    said = [e.text for e in s.play("move 赤 2 Likasi")]
    assert said[0] == "赤の列車 -> Lubumbashi>Likasi 2マス目(数字 2)"
    assert said[1].startswith("自動移動: 黄の列車が都市から1マス進みます。入力した順に: auto 黄")


def test_completion_offers_the_japanese_names_where_there_is_a_choice() -> None:
    s = opened()
    english = ["red", "yellow", "green", "blue", "purple", "orange"]
    assert offers.candidates(s, ["roll"]) == [*english, "赤", "黄", "緑", "青", "紫", "オレンジ"]
    i18n.use("en")
    assert offers.candidates(s, ["roll"]) == english


def test_the_players_table_lines_up_with_japanese_names() -> None:
    lines = render.players_table(opened().state).splitlines()
    assert lines[0].split() == ["プレイヤー", "お金", "赤", "黄", "緑", "青", "残りキューブ"]
    ends = {wcswidth(line) for line in lines}
    assert len(ends) == 1, lines  # numbers right-aligned: one right edge under the header


def test_the_state_is_the_same_in_both_languages() -> None:
    japanese = opened().state
    i18n.use("en")
    english = opened().state
    assert GAME.snapshot(japanese) == GAME.snapshot(english)


def test_a_refusal_of_the_move_in_japanese() -> None:
    """商品を積む／列車の移動: 最低でも３つ商品を積むまでは都市から出られない."""
    state, _events = do(started(), "roll red red yellow green")  # green carries one good
    with pytest.raises(RuleError) as refused:
        do(state, "move 緑 2 Likasi")
    assert str(refused.value) == (
        "緑の列車の商品は1個です。最低でも3個積むまでは都市から出られません"
        " [ルール 商品を積む／列車の移動 (列車の移動)]"
    )


def test_the_web_page_of_the_game_in_japanese() -> None:
    s = opened()
    titles = [title for title, _html in web.panels(s, s.state)]
    assert titles == ["列車", "プレイヤー", "都市"]
    assert web.ending(s, s.state) == ["7番目の都市に列車が到着するとゲーム終了: 到着した都市 0/7"]
