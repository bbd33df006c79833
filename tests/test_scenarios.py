"""Whole games (tests/scenarios/*.txt) played through the shell, against standings worked out
by hand in each file's comments; each also replayed from its save, undone and redone at every
move, with what its game conserves checked at every move."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from devtools import scenario
from referee.games.union_station.railroads import COLOURS as UNION_STATION_ROADS
from referee.play.session import Session
from referee.store import savefile
from tests.games.congo_line.test_properties import check_invariants as congo_line_books
from tests.games.express01.test_express01_properties import cards_in_play
from tests.games.lost_atlas.test_property import _shares_whole as lost_atlas_shares_whole
from tests.games.railroad_rivals.test_rr_properties import _cubes as railroad_rivals_cubes

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


def _union_station_shares(before: Any, after: Any) -> None:
    """Shares leave play only from a seller's hand (株式の売却); none appear from nowhere."""

    def in_play(state: Any) -> int:
        held = sum(sum(seat.shares) for seat in state.seats)
        unbought = state.deck_size() + sum(1 for c in state.offer if c)
        return held + unbought + len(UNION_STATION_ROADS) - len(state.acquired)

    sold = sum(
        max(0, was - now)
        for old, new in zip(before.seats, after.seats, strict=True)
        for was, now in zip(old.shares, new.shares, strict=True)
    )
    assert in_play(after) + sold == in_play(before)


def _express01_cards(before: Any, after: Any) -> None:
    assert cards_in_play(after) == cards_in_play(before)


def _railroad_rivals_cubes(before: Any, after: Any) -> None:
    assert railroad_rivals_cubes(after) == railroad_rivals_cubes(before)


def _titled_books(before: Any, after: Any) -> None:
    """18xx: the bank's money (the title's bank.cash) and each company's 100%, all of them."""
    assert after.money_total() == before.money_total() == after.title.bank
    assert all(sum(corp.held.values()) == 100 for corp in after.corps.values())


def _lost_atlas_books(before: Any, after: Any) -> None:
    assert after.money() == before.money() == 24500  # rules ■2: the money in the box
    assert lost_atlas_shares_whole(after)  # rules ■4: a company's certificates, all of them


# What each game keeps constant from move to move (read from its rules): Lost Atlas its money
# and shares; Congo Line its shares and cubes (the bank pays bonuses: money is not conserved);
# Express 01 its cards, which are its shares; Union Station its shares, less those sold (the
# bank pays dividends); Railroad Rivals scores points, not money, and keeps its cargo cubes;
# 18xx (a described title) its bank's money and every company's certificates.
CONSERVED: dict[str, Callable[[Any, Any], None]] = {
    "lost-atlas": _lost_atlas_books,
    "congo-line": lambda before, after: congo_line_books(after),
    "express01": _express01_cards,
    "union-station": _union_station_shares,
    "railroad-rivals": _railroad_rivals_cubes,
    "18xx": _titled_books,
}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_replays_from_its_save_and_undoes_and_redoes_every_move(
    path: Path, tmp_path: Path
) -> None:
    """Resuming is replaying the save's log: at every move the resumed session holds the state
    the game reached, its snapshot survives TOML, the game's conserved quantities hold, and
    undo then redo of that move gives the same state back."""
    s = scenario.load(path)
    played = scenario.play(s)
    game = played.game
    save = tmp_path / "save.toml"
    savefile.write(played, save)
    resumed, warnings = savefile.read(save)
    assert warnings == []
    assert [(e.by, e.text) for e in resumed.entries] == [(e.by, e.text) for e in played.entries]
    snapshots = [game.snapshot(state) for state in played.states]
    assert [game.snapshot(state) for state in resumed.states] == snapshots
    for before, after in pairwise(played.states):
        CONSERVED[s.game](before, after)
    stepper = Session.new(s.game, s.players, s.variant, s.board)
    stepper.settle()
    typed = [n for n, entry in enumerate(played.entries) if not entry.auto]
    for before, number in enumerate(typed):
        # a typed move comes back with the automatic moves that followed it, and goes with them
        after = typed[before + 1] if before + 1 < len(typed) else len(played.entries)
        stepper.play(played.entries[number].text)
        assert tomllib.loads(tomli_w.dumps(snapshots[after])) == snapshots[after]
        assert game.snapshot(stepper.state) == snapshots[after], f"move {number + 1}"
        stepper.undo()
        assert game.snapshot(stepper.state) == snapshots[number], f"undo of move {number + 1}"
        stepper.redo()
        assert game.snapshot(stepper.state) == snapshots[after], f"redo of move {number + 1}"


def test_every_game_has_scenarios_and_says_what_it_conserves() -> None:
    from referee import games

    assert {scenario.load(p).game for p in FILES} == set(games.names()) == set(CONSERVED)


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
    with pytest.raises(AssertionError, match="refused by a rule, not as a usage error: bids start"):
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


# --- a '=' line checks the game's figures at that point ----------------------------------------
def test_figures_that_hold_pass(tmp_path: Path) -> None:
    _play(tmp_path, "= cash A 225, cash B 225\nauction 120\npass\npick Expansive\n= cash A 105\n")


def test_a_figure_that_does_not_hold_fails_naming_it(tmp_path: Path) -> None:
    with pytest.raises(AssertionError, match=r"s.txt:8: '= cash A 105, cash B 225': cash A is 225"):
        _play(tmp_path, "auction 120\n= cash A 105, cash B 225\n")
    with pytest.raises(AssertionError, match="cash Z is unknown, not 1"):
        _play(tmp_path, "= cash Z 1\n")


def test_a_figures_line_is_names_and_numbers(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match=r"s.txt:7: '= NAME N, NAME N \.\.\.', not 'cash A'"):
        _play(tmp_path, "= cash A\n")
