"""Issue 31, the English a Japanese table still met: a variant is shown in the rules' words
with the name a player types after it (マイクロ (micro)); `serve`'s refusals to listen and a
damaged save's notice are Japanese from end to end; a wrong --lang is refused in the
environment's language; `title check` says its facts in doubt in words."""

from __future__ import annotations

import re
import socket
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee import games, i18n
from referee.cli.main import cli
from referee.core.engine import UsageError
from referee.i18n import speaking
from referee.play.session import Session
from referee.store import savefile
from referee.web import share as share_module
from referee.web.export import markdown
from tests.i18n.test_cli_ja import japanese_env, run
from tests.web.conftest import ONE_OF_EACH, played

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
EVERY_VARIANT = [(name, v) for name in games.names() for v in games.get(name).variants]


@pytest.mark.parametrize("name, variant", EVERY_VARIANT, ids=[f"{n}-{v}" for n, v in EVERY_VARIANT])
def test_a_variant_is_said_in_japanese_with_the_name_to_type(name: str, variant: str) -> None:
    game = games.get(name)
    with speaking("ja"):
        shown = game.shown_variant(variant)
    assert shown.endswith(f" ({variant})") and JAPANESE.search(shown), shown
    with speaking("en"):
        assert game.shown_variant(variant) == variant


def test_lost_atlas_variants_are_the_rules_words() -> None:
    """Lost Atlas ■3: ロングゲーム, ショートゲーム, マイクロゲーム."""
    with speaking("ja"):
        shown = [games.get("lost-atlas").shown_variant(v) for v in ("long", "short", "micro")]
    assert shown == ["ロング (long)", "ショート (short)", "マイクロ (micro)"]


def test_the_games_list_and_the_export_say_variants_in_japanese() -> None:
    result = CliRunner().invoke(cli, ["--lang", "ja", "games"])
    assert result.exit_code == 0
    assert "マイクロ (micro)" in result.output and "ホテルと給水塔 (hotels)" in result.output
    session = Session.new("lost-atlas", ["A", "B"], "micro")
    with speaking("ja"):
        assert "バリアント: マイクロ (micro)。" in markdown(session)


def test_a_variant_refused_for_its_player_count_is_named_in_japanese() -> None:
    with speaking("ja"), pytest.raises(UsageError) as refused:
        Session.new("lost-atlas", ["A", "B", "C", "D"], "micro")
    assert "マイクロ (micro)は2-3人用です" in str(refused.value)


def test_a_port_that_cannot_be_taken_is_said_in_japanese() -> None:
    from referee.web.server import PortTaken, bind

    taken = bind("127.0.0.1", 0)
    port = taken.getsockname()[1]
    try:
        with speaking("ja"), pytest.raises(PortTaken) as refused:
            bind("127.0.0.1", port)
    finally:
        taken.close()
    said = str(refused.value)
    assert f"127.0.0.1:{port}で待ち受けできません" in said
    assert "ほかのプログラムがすでに使っています" in said
    assert not re.search(r"cannot|listen|Address|already|any free", said), said


def test_a_host_unknown_is_said_in_japanese() -> None:
    from referee.web.server import bind

    with speaking("ja"), pytest.raises(UsageError) as refused:
        bind("no-such-host.invalid", 0)
    assert "そのアドレスまたはホスト名は見つかりません" in str(refused.value)


def test_a_save_gone_is_noticed_in_japanese_only(tmp_path: Path) -> None:
    """The notice of a save that cannot be read: the system's reason in Japanese too."""
    save = tmp_path / "us.toml"
    savefile.create(played(ONE_OF_EACH["union-station"], upto=12), save)
    follower = share_module.SaveFollower(save)
    save.unlink()
    i18n.use("ja")
    try:
        assert follower.poll()
    finally:
        i18n.use("en")
    notice = follower.source.notice
    assert "今はセーブを読めません" in notice and "ファイル" in notice, notice
    assert not re.search(r"No such|Errno|directory", notice), notice


def test_socket_errors_have_their_own_words() -> None:
    from referee.core.files import system_error

    with speaking("ja"):
        assert system_error(socket.gaierror(-2, "Name or service not known")) == (
            "そのアドレスまたはホスト名は見つかりません"
        )


@pytest.mark.parametrize("argv", [["--lang", "fr", "games"], ["games", "--lang", "fr"]])
def test_a_wrong_lang_is_refused_in_the_environments_language(argv: list[str]) -> None:
    done = run(*argv, env=japanese_env())
    assert done.returncode == 2
    assert "'fr'は使えません" in done.stderr and "REFEREE_LANG" not in done.stderr
    assert "Invalid value" not in done.stderr and "is not one of" not in done.stderr


def test_title_check_says_its_facts_in_doubt_in_words() -> None:
    title = Path(__file__).resolve().parents[2] / "tables" / "titles" / "1889.toml"
    result = CliRunner().invoke(cli, ["--lang", "ja", "title", "check", str(title)])
    assert result.exit_code == 0, result.output
    assert "確度が高くない事実 8件 (注記はファイルの記述のまま引用):" in result.output
    assert "    会社の列車保有義務(operating.must_buy_train): 確度 中: " in (result.output), (
        result.output
    )
    assert ": medium:" not in result.output
