"""Express 01 in Japanese (issue 17): its refusals, events, tables and typed names, in the
words of express01.ja.txt; the moves and the state stay the same as in English."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from referee import i18n
from referee.core.engine import RuleError
from referee.games.express01 import page as web
from referee.games.express01.render import players_table
from referee.games.express01.sections import ACQUIRE
from referee.i18n import width
from referee.play.session import Session
from referee.shell.shell import Shell


@pytest.fixture
def ja() -> Iterator[None]:
    with i18n.speaking("ja"):
        yield


def test_an_event_in_japanese(new: Callable[..., Session], ja: None) -> None:
    session = new("order A B C")
    events = [e.text for e in session.play("lay 9 terminal red +1")]
    # ゲームの準備, a) 鉄道網拡張: the words of the rules file
    assert events == [
        "Aがルート 3 (青)をデッキ上に支払い: 手札 6 -> 5",  # the deck in words (issue 29)
        "Aがカード 9にte1 (赤のターミナル駅 +1) を置きます。基本カード 9はAのディスプレイへ",
    ]


def test_a_refusal_in_japanese_names_the_same_rule(new: Callable[..., Session], ja: None) -> None:
    session = new("order A B C", "lay 9 terminal red +1", "done")
    shell = Shell(session)
    reply = shell.run("buy blue r1")
    assert not reply.ok
    assert reply.text == (
        "却下: 青は線路網に駅を持っていません [ルール b)株獲得]; "
        "線路網に駅を持つ会社の株だけを購入できます"
    )
    with pytest.raises(RuleError) as refused:
        session.play("buy blue r1")
    assert refused.value.rule == ACQUIRE  # b)株獲得: the same rule as in English


def test_company_and_card_type_names_typed_in_japanese(new: Callable[..., Session]) -> None:
    """赤い会社, 通過駅 ...: accepted in both languages; the move is the one typed in English."""
    english = new("order A B C", "lay 9 terminal red +1", "done", "buy red r1")
    japanese = new("order A B C", "lay 9 ターミナル 赤 +1", "done", "buy 赤 r1")
    assert japanese.game.snapshot(japanese.state) == english.game.snapshot(english.state)
    assert [e.text for e in japanese.entries][-1] == "buy 赤 r1"


def test_completion_offers_the_japanese_names_in_japanese(new: Callable[..., Session]) -> None:
    session = new("order A B C")
    english = session.game.options(session.state).args["lay"]
    assert "通過駅" not in english[1] and "赤" not in english[2]
    with i18n.speaking("ja"):
        options = session.game.options(session.state)
    kinds, companies = options.args["lay"][1], options.args["lay"][2]
    assert {"through", "通過駅", "首都駅"} <= set(kinds)
    assert {"red", "赤", "white", "白"} <= set(companies)


def test_the_table_lines_up_with_japanese_names(new: Callable[..., Session], ja: None) -> None:
    session = new("order アン ボブ C", "lay 9 terminal red +1", players="アン,ボブ,C")
    # the players' table, in panels under one another where 80 columns are too few
    panels = [p.splitlines() for p in players_table(session.state).split("\n\n")]
    headers = " ".join(panel[0] for panel in panels)
    assert "プレイヤー" in headers and "黒機関車" in headers and "資産" in headers
    for _header, rule, *rows in panels:
        widths = {width(line) for line in rows}
        assert len(widths) == 1 and max(widths) <= width(rule)  # every row as wide, in columns
        assert any("アン" in row and "赤 " not in row for row in rows)


def test_status_and_toolbar_in_japanese(new: Callable[..., Session], ja: None) -> None:
    session = new("order A B C", "lay 9 terminal red +1")
    status = session.game.status(session.state)
    assert status.startswith("Express 01 (ショートゲーム)、ラウンド 1")
    assert "ゲーム終了: 基本カード 1/12 拡張、0/3 デッキ消費" in status
    assert "Aの手番: 鉄道網拡張。次: lay, buy, done" in status
    toolbar = session.game.toolbar(session.state)
    assert toolbar.startswith("ラウンド 1 | A 手札 5枚、資産 ")
    assert "| 黒機関車: A |" in toolbar


def test_the_web_view_in_japanese(new: Callable[..., Session], ja: None) -> None:
    session = new("order A B C", "lay 9 terminal red +1")
    panels = dict(web.panels(session, session.state))
    assert set(panels) == {"プレイヤー", "会社", "ゲームボードのカード", "デッキ (残りのカード)"}
    assert "赤" in panels["会社"] and "ターミナル駅" in panels["ゲームボードのカード"]
    assert web.ending(session, session.state)[0] == (
        "基本カード 12 以上の拡張でゲーム終了: 1/12 拡張"
    )


def test_english_is_unchanged(new: Callable[..., Session]) -> None:
    session = new("order A B C")
    events = [e.text for e in session.play("lay 9 terminal red +1")]
    assert events[1] == (
        "A lays te1 (terminal station of red +1) on card 9; base card 9 to A's display"
    )
