"""Choosing the language: --lang, else REFEREE_LANG, else the locale, else English."""

from __future__ import annotations

import pytest

from referee import i18n
from referee.cli.clicktext import lang_in
from referee.i18n import _


def test_the_flag_wins_over_the_environment_and_the_locale() -> None:
    env = {"REFEREE_LANG": "en", "LC_ALL": "en_US.UTF-8", "LANG": "en_US.UTF-8"}
    assert i18n.choose("ja", env) == "ja"
    assert i18n.choose("EN", {"REFEREE_LANG": "ja"}) == "en"


def test_referee_lang_wins_over_the_locale() -> None:
    assert i18n.choose(None, {"REFEREE_LANG": "ja", "LC_ALL": "C"}) == "ja"
    assert i18n.choose(None, {"REFEREE_LANG": "en", "LANG": "ja_JP.UTF-8"}) == "en"


def test_the_locale_in_posix_order_lc_all_then_lc_messages_then_lang() -> None:
    assert i18n.choose(None, {"LANG": "ja_JP.UTF-8"}) == "ja"
    assert i18n.choose(None, {"LC_MESSAGES": "ja_JP.eucJP", "LANG": "C.UTF-8"}) == "ja"
    assert i18n.choose(None, {"LC_ALL": "C", "LC_MESSAGES": "ja_JP.UTF-8"}) == "en"
    assert i18n.choose(None, {"LC_ALL": "", "LANG": "ja"}) == "ja"  # empty is unset
    assert i18n.choose(None, {"LANG": "de_DE.UTF-8"}) == "en"  # a language it does not speak


def test_english_when_nothing_says_otherwise() -> None:
    assert i18n.choose(None, {}) == "en"
    assert i18n.choose("", {"REFEREE_LANG": " "}) == "en"


def test_a_language_it_does_not_speak_is_refused_when_asked_for() -> None:
    with pytest.raises(i18n.LanguageError, match="'de' is not one of en, ja"):
        i18n.choose("de", {})
    with pytest.raises(i18n.LanguageError):
        i18n.choose(None, {"REFEREE_LANG": "fr"})


def test_switching_at_run_time() -> None:
    assert _("Standings") == "Standings"
    i18n.use("ja")
    assert i18n.language() == "ja" and _("Standings") == "順位"
    i18n.use("en")
    assert _("Standings") == "Standings"


def test_lang_is_read_off_the_command_line_before_click() -> None:
    assert lang_in(["new", "--help", "--lang", "ja"]) == "ja"
    assert lang_in(["--lang=en", "games"]) == "en"
    assert lang_in(["new", "--", "--lang", "ja"]) is None
    assert lang_in(["games"]) is None


def test_width_counts_double_width_characters() -> None:
    assert i18n.width("株価") == 4 and i18n.width("Ann") == 3
    assert i18n.pad("花子", 6) == "花子  "


def test_japanese_help_wraps_at_the_terminal_width_between_characters() -> None:
    from referee.cli.clicktext import translate_click, wrap_text

    translate_click()
    text = "実際の卓で遊ぶ鉄道ゲームのためのルール審判・銀行・得点係です。" * 3
    lines = wrap_text(text, 30, "  ", "  ").splitlines()
    assert len(lines) > 3
    assert all(i18n.width(line) <= 30 for line in lines)
    assert not any(line.strip()[0] in "。、" for line in lines)
    assert "".join(line.strip() for line in lines) == text
    english = "a few words that click wraps at spaces " * 3
    import textwrap

    assert wrap_text(english, 30).splitlines() == textwrap.wrap(english, 30)


def test_names_are_accepted_in_both_languages_and_answered_in_one() -> None:
    from referee.core.engine import UsageError
    from referee.core.words import match

    roads = ["blue", "green", "black", "orange", "white"]
    japanese = {"青": "blue", "緑": "green", "黒": "black", "オレンジ": "orange", "白": "white"}
    assert match("青", roads, "railroad", aliases=japanese) == "blue"
    assert match("オレ", roads, "railroad", aliases=japanese) == "orange"  # a unique prefix
    assert match("bl", ["blue", "green"], "railroad", aliases=japanese) == "blue"
    assert match("GREEN", roads, "railroad", aliases=japanese) == "green"
    with pytest.raises(UsageError, match="unknown railroad '赤'"):
        match("赤", roads, "railroad", aliases=japanese)
