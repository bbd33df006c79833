"""Lost Atlas in Japanese (issue 17): the events, refusals, phases and readings of the rounds,
in the words of lost-atlas.ja.txt; the moves and the state stay the same as in English."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from referee import i18n
from referee.cli.calc.dividend import payout_table
from referee.cli.calc.render import payout_text
from referee.core.engine import Event, RuleError
from referee.games.lost_atlas import sections, trains
from referee.games.lost_atlas.market import stock_move
from referee.games.lost_atlas.readings import READINGS
from referee.play import render as frame_render
from referee.play.session import Session
from referee.shell.shell import Shell

from .helpers import G, new, play, step, two_minors


@pytest.fixture
def ja() -> Iterator[None]:
    with i18n.speaking("ja"):
        yield


def test_an_auction_in_japanese(ja: None) -> None:
    """■7 競り: the opening, the winner's pick and the founding, in the rules file's words."""
    s = new()
    s, events = step(s, "auction 120")
    assert [e.text for e in events] == ["Aがマイナー会社の競りを120で開始"]
    s, events = step(s, "pass")
    assert [e.text for e in events] == [
        "Bはパス(この競りから降ります)",
        "Aが120で落札: マイナー会社を1つ選んでください",
    ]
    assert G.options(s).phase == "Aが120で落札: マイナー会社を1つ選んでください"
    s, events = step(s, "pick Expansive")
    texts = [e.text for e in events]
    assert texts[0] == "AがExpansiveを設立: 社長株(40%)、株価 60"
    assert "A: 現金 225 -> 105(落札)" in texts
    assert "Expansive: 本拠地トークンをExpansiveの本拠地に" in texts


def test_a_refusal_in_japanese_names_the_same_rule(ja: None) -> None:
    s = new()
    with pytest.raises(RuleError) as refused:
        step(s, "auction 122")
    assert refused.value.rule == sections.R_AUCTION  # ■7, as in English
    assert refused.value.reason == "最低入札額は120で入札単位は5です"


def test_a_refusal_in_the_shell_in_japanese() -> None:
    session = Session.new("lost-atlas", ["A", "B"], variant="micro")
    shell = Shell(session)
    for line in ("charters Expansive,Eastern / Express,Suburban", "destinations 30/40/70/100"):
        assert shell.run(line).ok
    i18n.use("ja")
    try:
        reply = shell.run("auction 100")
    finally:
        i18n.use("en")
    assert not reply.ok
    assert reply.text == (
        "却下: 最低入札額は120で入札単位は5です"
        " [ルール ■7 株式ラウンド1:マイナー会社の競りと会社の設立]"
    )


def test_an_operating_turn_in_japanese(ja: None) -> None:
    """■11-■17: the company operating, its revenue paid out, the price moving."""
    s = two_minors()
    assert G.options(s).phase == "サイクル1、経営ラウンド1: Express(経営アクション1)"
    s, events = step(s, "buy 2")
    texts = [e.text for e in events]
    assert texts[0] == "Expressが山札から2-列車を100で購入"
    s = play(s, "run 60")
    s, events = step(s, "payout")
    texts = [e.text for e in events]
    assert texts[0] == "Expressは60を配当: 1株あたり12"
    assert "Express: 株価 60 -> 70(収益が株価以上: 1段階上昇(ルール■17))" in texts


def test_the_phase_changes_in_the_rules_words(ja: None) -> None:
    """■19: the first 3-train takes the game from 黄 to 緑 (the rules file's colour words)."""
    s = two_minors().draft()
    s.deck["2"] = 0
    events: list[Event] = []
    trains.take_from_deck(s, "3", events)
    assert [e.text for e in events] == ["フェイズ: 黄 -> 緑(最初の3-列車, ■19)"]
    assert s.colour == "green"  # the state keeps the English word


def test_the_stock_track_reasons_in_japanese(ja: None) -> None:
    move = stock_move(60, 120, withhold=False)
    assert move.why == "revenue at least twice the price: two steps right (rules ■17)"
    text = payout_text(payout_table(120, 5, price=60))
    assert "収益が株価の2倍以上: 2段階上昇(ルール■17)" in text


def test_the_readings_are_shown_in_japanese(ja: None) -> None:
    from referee.core.engine import DEFAULT_READINGS

    shown = frame_render.readings(READINGS, DEFAULT_READINGS, only_chosen=False)
    assert "start-value (L564-L566): 落札額の1/2が株価トラックの2つのマスの間にある" in shown
    assert "* floor (" in shown and "それを越えない最も高いマス" in shown


def test_standings_columns_in_japanese_line_up_with_japanese_names(ja: None) -> None:
    s = G.setup(["アン", "Bob", "Cy"], "long", {})
    rows = G.standings(s)
    assert [r.player for r in rows] == ["アン", "Bob", "Cy"]
    table = frame_render.standings_table(rows, game="lost-atlas")
    lines = table.splitlines()
    assert "現金" in lines[0] and "株式の価値" in lines[0]  # bankrupt: only when someone is
    widths = {i18n.width(line) for line in lines if line.strip() and not set(line) <= {"-", " "}}
    assert len(widths) == 1, table
