"""Whole games (tests/scenarios/*.txt) played through the shell, against standings worked out
by hand in each file's comments."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import scenario

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    s = scenario.load(path)
    session = scenario.play(s)
    game, state = session.game, session.state
    if s.expect_over is not None:
        assert game.is_over(state) == s.expect_over
    scores = {row.player: row.score for row in game.standings(state)}
    for player, score in s.expect_scores.items():
        assert scores[player] == score, f"{player}: {scores[player]} != {score} (by hand)"
    if s.expect_winners:
        winners = sorted(row.player for row in game.standings(state) if row.place == 1)
        assert winners == sorted(s.expect_winners)


def test_every_scenario_expects_something() -> None:
    for path in FILES:
        s = scenario.load(path)
        assert s.expect_scores or s.expect_winners, f"{path.name} checks no standings"


# --- a '!' line names why it is refused, and only that refusal passes -----------------------
HEAD = "# game: lost-atlas\n# players: A,B\n# variant: micro\n# expect-winner: A\n"
START = "charters Expansive,Eastern / Express,Suburban\ndestinations 30/40/70/100\n"


def _play(tmp_path: Path, lines: str) -> None:
    path = tmp_path / "s.txt"
    path.write_text(HEAD + START + lines, encoding="utf-8")
    scenario.play(scenario.load(path))


def test_a_refusal_by_the_named_rule_passes(tmp_path: Path) -> None:
    _play(tmp_path, "! auction 10  # rule: ■7 株式ラウンド1:マイナー会社の競りと会社の設立\n")


def test_a_refusal_by_another_rule_fails(tmp_path: Path) -> None:
    with pytest.raises(AssertionError, match=r"s.txt:7: 'auction 10' refused by another rule"):
        _play(tmp_path, "! auction 10  # rule: ■8 株式ラウンド2:株式の購入\n")


def test_a_usage_error_where_a_rule_was_named_fails(tmp_path: Path) -> None:
    with pytest.raises(AssertionError, match="refused as a usage error, not for 'rule: ■7"):
        _play(tmp_path, "! this is not even a verb  # rule: ■7\n")


def test_an_expected_usage_error_passes_and_may_name_its_message(tmp_path: Path) -> None:
    _play(tmp_path, "! this is not even a verb  # usage\n! fly  # usage: unknown\n")
    with pytest.raises(AssertionError, match="not for 'usage: a player'"):
        _play(tmp_path, "! fly  # usage: a player\n")


def test_a_usage_line_refused_by_a_rule_fails(tmp_path: Path) -> None:
    with pytest.raises(AssertionError, match="refused by another rule than ''"):
        _play(tmp_path, "! auction 10  # usage\n")


def test_a_refused_line_that_is_accepted_fails(tmp_path: Path) -> None:
    with pytest.raises(AssertionError, match="'auction 120' was accepted"):
        _play(tmp_path, "! auction 120  # rule: ■7 株式ラウンド1:マイナー会社の競りと会社の設立\n")


def test_a_refused_line_must_say_why(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"s.txt:7: a '!' line says why"):
        _play(tmp_path, "! this is not even a verb\n")


def test_every_refused_line_of_the_scenarios_names_a_rule_of_its_game() -> None:
    for path in FILES:
        for command in scenario.load(path).commands:
            if command.refusal is not None:
                assert command.refusal.rule, f"{path.name}:{command.number} expects a usage error"
