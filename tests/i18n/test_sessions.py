"""Language is presentation only: the same moves give the same states and the same refusals
in both languages, and a save written in one resumes in the other without a difference."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import i18n, savefile, scenario
from referee.session import Session
from referee.shell.commands import Shell

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def smallest_per_game() -> list[Path]:
    """The shortest scenario of each game (the whole set runs in tests/test_scenarios.py)."""
    chosen: dict[str, Path] = {}
    for path in sorted(SCENARIOS.glob("*.txt")):
        game = scenario.load(path).game
        if game not in chosen or path.stat().st_size < chosen[game].stat().st_size:
            chosen[game] = path
    return sorted(chosen.values())


@pytest.mark.parametrize("path", smallest_per_game(), ids=lambda p: p.stem)
def test_a_game_played_in_japanese_reaches_the_same_state_and_resumes_in_english(
    path: Path, tmp_path: Path
) -> None:
    s = scenario.load(path)
    english = scenario.play(s)  # refusals are checked by rule, as in English
    i18n.use("ja")
    japanese = scenario.play(s)
    game = japanese.game
    assert game.snapshot(japanese.state) == game.snapshot(english.state)
    assert [e.text for e in japanese.entries] == [e.text for e in english.entries]
    save = tmp_path / "game.toml"
    savefile.save_as(japanese, save)
    i18n.use("en")
    resumed, warnings = savefile.read(save)
    assert warnings == []
    assert game.snapshot(resumed.state) == game.snapshot(english.state)
    assert [e.text for e in resumed.entries] == [e.text for e in english.entries]


def shell() -> Shell:
    session = Session.new("lost-atlas", ["Ann", "Bob", "Cy"])
    session.settle()
    return Shell(session)


def test_the_lang_verb_switches_a_running_shell() -> None:
    sh = shell()
    assert sh.run("lang ja").text == "これからは日本語で応答します"
    refused = sh.run("undo")
    assert not refused.ok
    assert (
        refused.text == "却下: 取り消す手がありません: ゲームは準備の状態です [ルール セッション]"
    )
    assert "今指せる手:" in sh.run("help").text
    assert sh.run("lang en").text == "answers in English from now on"
    assert sh.run("undo").text == (
        "rejected: nothing to undo: the game is at its setup [rule session]"
    )


def test_the_lang_verb_refuses_a_language_it_does_not_speak() -> None:
    sh = shell()
    reply = sh.run("lang de")
    assert not reply.ok and reply.exit_code == 2
    assert reply.text == "rejected: unknown language 'de' (allowed: ja, en)"
    assert not sh.run("lang").ok
    assert i18n.language() == "en"


def test_lang_is_offered_by_help_and_completion() -> None:
    sh = shell()
    assert "lang ja|en" in sh.run("help").text
    from referee import frame

    assert frame.candidates(sh.session, ["lang"]) == ["en", "ja"]
