"""Lost Atlas, the route search and the save file in Japanese: the rules file's words
(/work/shared/rules/lost-atlas.ja.txt), the same game whatever the language."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from wcwidth import wcswidth

from referee import i18n
from referee.cli.main import cli
from referee.core.engine import UsageError
from referee.games.lost_atlas.commands import colour_name
from referee.play.session import Session
from referee.shell.shell import Shell
from referee.store import savefile
from referee.store.savefile import SaveFileError

POSITIONS = Path(__file__).resolve().parents[1] / "eighteen" / "positions"


def shell(players: list[str]) -> Shell:
    session = Session.new("lost-atlas", players, "long")
    session.settle()
    return Shell(session)


def test_a_map_piece_placed_and_refused_in_japanese() -> None:
    """■3: a piece is placed (an event) and one that touches nothing is refused."""
    i18n.use("ja")
    sh = shell(["花子", "Bob", "Cy"])
    placed = sh.run("place 9 M21 0")
    assert placed.ok
    assert "マップタイル 9をM21, N22, M23(h1, h2, h3)に向き0で配置" in placed.text
    assert "次はBobが引きます(残りマップタイル 32枚)" in placed.text
    refused = sh.run("place 1 C3 0")
    assert not refused.ok
    assert refused.text.startswith(
        "却下: マップタイルがマップに接する辺は0です。3 以上必要です [ルール ■3 準備"
    )
    i18n.use("en")
    assert sh.run("place 1 C3 0").text.startswith(
        "rejected: the piece touches the map along 0 edges; at least 3"
    )


def test_the_views_speak_the_rules_files_words() -> None:
    """■5 フェイズ, ■7 初期株価, ■18 錆び, the 株価トラック of ■2."""
    i18n.use("ja")
    sh = shell(["花子", "Bob", "Cy"])
    status = sh.run("status").text
    assert "サイクル 1/6 · 準備 · 黄フェイズ" in status and "優先プレイヤー 花子" in status
    market = sh.run("market").text
    assert "株価トラック([ ] = マーカー、0で解散)" in market
    assert "現在の初期株価(黄): 60から90(■7)" in market
    trains = sh.run("trains").text
    assert "列車保有制限: マイナー会社 2、メジャー会社 4" in trains
    assert "最初の4-列車で2-列車が廃車" in trains
    assert "価格" in trains.splitlines()[1]  # a train's price, not a share's 株価


def test_the_player_table_lines_up_with_japanese_names() -> None:
    i18n.use("ja")
    sh = shell(["花子", "Bob", "山田太郎"])
    lines = sh.run("companies").text.split("\n\n")[-1].splitlines()
    assert "プレイヤー" in lines[0] and "現金" in lines[0]
    cash = {wcswidth(line[: line.index("300") + 3]) for line in lines[2:]}
    assert len(cash) == 1, lines  # the cash column ends in one place


def test_colours_typed_in_japanese_answer_the_english_colour() -> None:
    from referee.core.words import match
    from referee.games.lost_atlas.commands import COLOUR_ALIASES

    for typed, colour in COLOUR_ALIASES.items():
        assert (
            match(
                typed,
                ("yellow", "green", "purple", "grey", "bridge"),
                "colour",
                aliases=COLOUR_ALIASES,
            )
            == colour
        )
        i18n.use("ja")
        assert colour_name(colour) == typed  # shown as the rules file spells it, typed alike
        i18n.use("en")
        assert colour_name(colour) == colour


def test_route_in_japanese() -> None:
    la16 = str(POSITIONS / "lost_atlas_16.toml")
    i18n.use("ja")
    # through the group, which gives every command (this lazily loaded one too) its --lang
    result = CliRunner().invoke(
        cli, ["route", la16, "--company", "NP", "--trains", "4,4", "--lang", "ja"]
    )
    assert result.exit_code == 0
    assert "停留所" in result.output and "収益" in result.output
    assert "合計 310(最適と証明済み、" in result.output
    bad = CliRunner().invoke(
        cli, ["route", la16, "--company", "NP", "--trains", "x", "--lang", "ja"]
    )
    assert bad.exit_code == 2
    assert "'x'という列車はありません" in bad.output


def test_a_bad_save_and_a_bad_reading_in_japanese(tmp_path: Path) -> None:
    save = tmp_path / "bad.toml"
    save.write_text('format = 1\ngame = "no-such-game"\nplayers = ["A", "B"]\n')
    i18n.use("ja")
    with pytest.raises(SaveFileError, match="'no-such-game'というゲームはありません"):
        savefile.read(save)
    from referee.core.engine import choose_readings
    from referee.games import get

    with pytest.raises(UsageError, match="'nope'という解釈はありません"):
        choose_readings(get("lost-atlas").readings(), {"nope": "x"})
