"""The program in Japanese: click's help and errors, the tables, a real terminal."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner
from wcwidth import wcswidth

from referee import i18n
from referee.cli.main import cli
from referee.core.engine import Standing
from referee.i18n import N_
from referee.play import render
from tests.e2e.test_terminal import BOARD, referee_program, spawn


def japanese_env(**more: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("REFEREE_LANG", "LC_ALL", "LANGUAGE")}
    return {**env, "LANG": "ja_JP.UTF-8", "LC_MESSAGES": "", **more}


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [referee_program(), *args], capture_output=True, text=True, env=env, check=False
    )


def test_the_locale_makes_the_program_answer_in_japanese() -> None:
    done = run("games", env=japanese_env())
    assert done.returncode == 0 and "バリアント (* 既定)" in done.stdout
    done = run("games", env=japanese_env(REFEREE_LANG="en"))
    assert "variants (* default)" in done.stdout


def test_help_is_in_the_language_given_after_it() -> None:
    done = run("new", "--help", "--lang", "ja")
    assert "使い方: referee new" in done.stdout
    assert "GAMEのセッションを始めてシェルを開きます。" in done.stdout
    assert "このメッセージを表示して終了します。" in done.stdout
    assert "--lang [en|ja]" in done.stdout


def test_a_usage_error_in_japanese_is_one_line_and_exit_2() -> None:
    done = run("--lang", "ja", "new", "nosuch", "-p", "A,B")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "referee: 'GAME'の値が正しくありません: ゲーム 'nosuch'はありません →"
        " union-station, express01, railroad-rivals, congo-line, lost-atlas, 18xx"
        "（'referee new --help'を参照）"
    ]


def test_click_s_full_stop_is_japanese_in_a_japanese_error() -> None:
    """click ends "Missing option: '--players' / '-p'." with its own "."; a Japanese line
    closes with "。", the hint in full-width brackets after it."""
    done = run("--lang", "ja", "new", "lost-atlas")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "referee: 必須のオプションが指定されていません: '--players' / '-p'。"
        "（'referee new --help'を参照）"
    ]


def test_a_wrong_referee_lang_is_a_usage_error() -> None:
    done = run("games", env={**os.environ, "REFEREE_LANG": "fr"})
    assert done.returncode == 2
    assert done.stderr.startswith("referee: REFEREE_LANG names no language")


def test_every_command_takes_lang() -> None:
    runner = CliRunner()
    for name in cli.list_commands(None):  # type: ignore[arg-type]
        result = runner.invoke(cli, [name, "--lang", "ja", "--help"])
        assert result.exit_code == 0, (name, result.output)


def test_the_standings_line_up_with_japanese_names_and_headings() -> None:
    i18n.use("ja")
    rows = [
        Standing("花子", 120, {"cash": 100, "shares": 20}, place=1),
        Standing("Bob", 95, {"cash": 80, "shares": 15}, place=2),
        Standing("山田太郎", 7, {"cash": 7, "shares": 0}, place=3),
    ]
    lines = render.standings_table(rows).splitlines()
    assert "プレイヤー" in lines[0] and "合計" in lines[0]
    assert len({wcswidth(line) for line in lines}) == 1, lines  # one right edge
    starts = {
        wcswidth(line[: line.index(name)])
        for line, name in zip(lines[2:], ["花子", "Bob", "山田太郎"], strict=True)
    }
    assert len(starts) == 1  # the names in one column


def leave(child: pexpect.spawn) -> None:
    """The shell says where it saved, ends, and exits 0."""
    child.expect("にセーブしました")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_game_in_japanese_in_a_real_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("REFEREE_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")  # the locale alone says Japanese
    save = tmp_path / "night.toml"
    child = spawn(
        ["new", "union-station", "-p", "花子,Bob,Cy", "--save", str(save), "--board", str(BOARD)],
        tmp_path,
    )
    child.expect("の新しいセッションを.*night.tomlにセーブしました")
    child.expect("Union Station、プレイヤーは花子, Bob, Cy。")
    child.expect("union-station · .*花子>")
    child.sendline("reveal blue green black orange white")
    child.expect("オークションの株式 5/5: 白")  # the game's own words, as its rules say them
    child.sendline("reveal 緑")  # a railroad typed in Japanese
    child.expect("花子から入札")
    child.sendline("bid 8")
    child.expect("Bob>")
    child.sendline("undo")
    child.expect("取り消し: 花子: bid 8")
    child.sendline("bid 99")
    child.expect("却下: ")
    child.sendline("standings")
    child.expect("順位")
    child.expect("花子>")
    child.sendline("quit")
    leave(child)

    child = spawn(["resume", str(save), "--lang", "en"], tmp_path)
    child.expect("Union Station with 花子, Bob, Cy")
    child.sendline("lang ja")
    child.expect("これからは日本語で応答します")
    child.sendline("log")
    child.expect("誰が")
    child.expect("花子>")
    child.sendcontrol("d")
    leave(child)
    shown = run("show", str(save), "--json", env={**os.environ, "REFEREE_LANG": "en"})
    assert '"moves": 2' in shown.stdout  # reveal, reveal: the same log


def test_the_help_options_line_follows_the_language_whichever_spoke_first() -> None:
    """click makes a command's --help option once and keeps it: its line must still follow
    the language in force after a --help in the other language (one process speaks both: the
    shell's `lang`, the tests; an English man page generated after a Japanese --help once
    carried that line in Japanese)."""
    import click

    from devtools.generate import tree
    from referee.cli.clicktext import TranslatedHelp, translate_click, with_lang

    class Probe(TranslatedHelp, click.Group):
        """A command no other test has asked for its --help yet."""

    @click.group("probe", cls=Probe, help=N_("Show the version and exit."))
    def probe() -> None:
        pass

    translate_click()
    with_lang(probe)
    runner = CliRunner()
    with i18n.speaking("ja"):  # the option is made in Japanese, as after `lang ja`
        japanese = runner.invoke(probe, ["--lang", "ja", "--help"]).output
    assert "このメッセージを表示して終了します。" in japanese
    i18n.use("en")
    english = runner.invoke(probe, ["--lang", "en", "--help"]).output
    assert "Show this message and exit." in english and "表示" not in english, english
    shown = tree.command_tree(probe)[0].options  # what the man page reads
    assert [o.help for o in shown if "--help" in o.opts] == ["Show this message and exit."]
