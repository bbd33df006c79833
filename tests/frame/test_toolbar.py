"""The toolbar fits the terminal (issue 26, item 8): at any width from 80 columns it wraps
between parts, items or words, never cutting one, and never runs past the edge; a part that
finds no room is left out whole, the most important kept. The facts each game's table looks at
most are in it (Union Station's offer row included)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devtools import scenario
from referee import i18n
from referee.core.bar import MAX_LINES, fit, one_line
from referee.i18n import width
from referee.play.session import Session
from referee.shell.loop import bottom_bar
from referee.shell.shell import Shell

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
# The most players of each game: the longest bars.
LONGEST = {
    "union-station": "union-station-5p-blocked-track.txt",
    "congo-line": "congo-line-4p-seventh-city.txt",
    "express01": "express01-4p-long-four-decks-upgrades.txt",
    "railroad-rivals": "railroad-rivals-5p-city-shortage.txt",
    "lost-atlas": "lost-atlas-long-3p-mapped-six-cycles.txt",
    "18xx": "18xx-1830-3p-whole-game-bank-broken.txt",
}
WIDTHS = (80, 100, 160)


def words(text: str) -> list[str]:
    return [w for w in text.split() if w != "|"]


def check_fitted(parts: list[str], columns: int) -> None:
    """Every line within `columns`, no word cut, every part there: at 80 columns and more,
    no game's bar needs to leave one out."""
    bar = fit(parts, columns)
    assert bar.count("\n") < MAX_LINES
    assert all(width(line) <= columns for line in bar.splitlines()), bar
    assert words(bar) == words(" ".join(parts)), bar


def positions(game: str, every: int = 5) -> Iterator[tuple[Any, Any]]:
    """(game, state) every few moves of a whole game with that game's most players."""
    s = scenario.load(SCENARIOS / LONGEST[game])
    session = Session.new(s.game, s.players, s.variant, s.board)
    session.settle()
    shell = Shell(session)
    for number, command in enumerate(c for c in s.commands if not c.figures):
        shell.run(command.text)
        if number % every == 0:
            yield session.game, session.state
    yield session.game, session.state


@pytest.mark.parametrize("game", sorted(LONGEST))
def test_every_games_bar_fits_80_100_and_160_columns_whole(game: str) -> None:
    for g, state in positions(game):
        parts = g.toolbar_parts(state)
        for columns in WIDTHS:
            check_fitted(parts, columns)


@pytest.mark.parametrize("game", sorted(LONGEST))
def test_every_games_bar_fits_80_columns_in_japanese(game: str) -> None:
    i18n.use("ja")
    try:
        for g, state in positions(game, every=15):
            check_fitted(g.toolbar_parts(state), 80)
    finally:
        i18n.use("en")


def test_the_bars_seen_cut_at_the_edge_now_fit() -> None:
    """Congo Line's cities reached were cut at 160 columns and gone at 100."""
    for g, state in positions("congo-line", every=1000):
        for columns in WIDTHS:
            bar = fit(g.toolbar_parts(state), columns)
            assert "cities reached" in bar.splitlines()[-1]
            assert "7 cities reached" in bar


def test_the_shell_fits_the_bar_to_the_terminal() -> None:
    s = scenario.load(SCENARIOS / LONGEST["union-station"])
    session = Session.new(s.game, s.players, s.variant, s.board)
    session.settle()
    for columns in WIDTHS:
        bar = bottom_bar(session, columns)
        assert bar == fit(session.game.toolbar_parts(session.state), columns)
        assert all(width(line) <= columns for line in bar.splitlines())
    assert bottom_bar(session, 80).count("\n") > bottom_bar(session, 160).count("\n")


def test_union_stations_bar_shows_the_offer_row() -> None:
    """The offer row (premiums +1 to +3 and the deck's top) was only in `status`."""
    g, state = next(positions("union-station", every=1000))
    bar = g.toolbar(state)
    offer = "offer " + ", ".join(f"+{i + 1} {c if c else '-'}" for i, c in enumerate(state.offer))
    assert offer in bar and "deck top" in bar


def test_a_part_too_long_for_the_terminal_breaks_between_items_then_words() -> None:
    part = "cash " + ", ".join(f"Player{i} ${i * 10}" for i in range(12))
    bar = fit([part], 40, lines=10)
    assert all(width(line) <= 40 for line in bar.splitlines())
    assert all(line.endswith(",") for line in bar.splitlines()[:-1])  # items kept whole
    assert words(bar) == words(part)


def test_a_part_that_finds_no_room_is_left_out_whole_the_first_kept() -> None:
    parts = ["first part", "second " * 30, "third"]
    bar = fit(parts, 80, lines=2)
    assert bar == "first part | third"


def test_short_of_lines_the_parts_flow_on_and_still_keep_to_the_width() -> None:
    parts = ["cash A 1, B 2", "offer +1 red, +2 blue", "dividends 3"]
    assert fit(parts, 36) == "cash A 1, B 2\noffer +1 red, +2 blue | dividends 3"
    assert fit(parts, 30, lines=2) == "cash A 1, B 2 | offer +1 red,\n+2 blue | dividends 3"
    assert fit(["a" * 10, "b c", "d"], 10, lines=2) == "aaaaaaaaaa\nb c | d"


def test_parts_share_a_line_while_they_fit() -> None:
    assert fit(["a b", "c", "d"], 9) == "a b | c\nd"
    assert one_line(["a", "", "b"]) == "a | b"


def test_japanese_is_measured_by_its_double_width() -> None:
    bar = fit(["所持金 A 30", "株価 赤 5"], 12)
    assert bar == "所持金 A 30\n株価 赤 5"
