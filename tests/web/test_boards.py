"""Every game's board complete on the page (issue 29 item 3): Congo Line's share prices and
their chart, Express 01's decks in words, charts whose axes fit their values and whose equal
lines stay visible, Railroad Rivals' score explained and its links drawn once."""

from __future__ import annotations

import re
from pathlib import Path

from referee.games.congo_line import page as congo_line
from referee.games.congo_line.track import space_value
from referee.games.express01 import page as express01
from referee.games.railroad_rivals import page as railroad_rivals
from referee.web import charts
from referee.web.view import Page, chart_sections
from tests.web.conftest import ONE_OF_EACH, played


def _panels(game: str, upto: int | None = None) -> dict[str, str]:
    session = played(ONE_OF_EACH[game], upto)
    view = {"congo-line": congo_line, "express01": express01, "railroad-rivals": railroad_rivals}
    return dict(view[game].panels(session, session.state))


def test_congo_line_shows_each_trains_share_price_as_the_toolbar_does() -> None:
    """Congo Line (株の価値): a share costs the number on the train's space, free in a city."""
    session = played(ONE_OF_EACH["congo-line"], 40)
    trains = _panels("congo-line", 40)["Trains"]
    assert "share price" in trains
    for colour, train in session.state.trains.items():
        value = space_value(session.state, train)
        said = "free" if value is None else str(value)
        assert f'<td data-label="share price">{said}</td>' in trains, colour
    toolbar = " ".join(session.game.toolbar_parts(session.state))
    assert "share prices" in toolbar


def test_congo_line_has_a_price_chart() -> None:
    session = played(ONE_OF_EACH["congo-line"], 40)
    assert "Prices over the game" in chart_sections(session, Page())


def test_express01_decks_are_in_words_not_codes() -> None:
    decks = _panels("express01", 30)["Decks (cards left, face down)"]
    assert "through" in decks and "2 (red)" in decks
    assert not re.search(r">(r|th|te|c)[123]<", decks)


def test_chart_axes_are_whole_numbers_that_span_the_values() -> None:
    """Scores and prices are whole numbers: no 7.8, 7.6 on the axis."""
    assert charts.y_labels({"A": [6, 7, 8], "B": [7, None, 8]}) == [6, 7, 8]
    labels = charts.y_labels({"A": [0, 1234], "B": [400]})
    assert labels[0] <= 0 and labels[-1] >= 1234 and len(labels) <= 8
    svg = charts.line_chart("t", {"A": [7, 7, 8], "B": [8, 7, 7]}, "")
    axis = re.search(r'class="axis y.*?class="axis x', svg, re.S)
    assert axis and not re.search(r">\d+\.\d+<", axis.group(0))


def test_equal_lines_stay_visible_one_inside_the_other() -> None:
    svg = charts.line_chart("t", {"A": [5, 6, 7], "B": [5, 6, 7]}, "")
    widths = [float(w) for w in re.findall(r"stroke-width:([\d.]+)(?=[;\"])", svg)]
    assert len(set(widths[-2:])) == 2 and widths[-2] > widths[-1]  # B, on top, is thinner


def test_railroad_rivals_total_is_track_plus_stock_value() -> None:
    """Railroad Rivals: the toolbar's scores are the track; the page's total adds the stocks."""
    session = played(ONE_OF_EACH["railroad-rivals"])
    players = _panels("railroad-rivals")["Players (turn order)"]
    assert "total = track + stock value" in players
    for s in session.game.standings(session.state):
        track, stock = s.details["track"], s.details["stock value"]
        assert track + stock == s.score
        row = f'<td data-label="player">{s.player}</td><td data-label="track">{track}</td>'
        assert row in players and f'<td data-label="total">{s.score}</td>' in players


def test_railroad_rivals_draws_each_link_once_across_its_edge() -> None:
    session = played(ONE_OF_EACH["railroad-rivals"])
    tiles = _panels("railroad-rivals")["City tiles"]
    cities = session.game.snapshot(session.state)["cities"]
    assert tiles.count('class="link"') == len(railroad_rivals._linked(cities)) // 2 > 0


def _luminance(colour: str) -> float:
    channels = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_every_chart_line_reads_on_a_light_and_a_dark_card() -> None:
    """A white or yellow railroad's price line was a faint trace on a phone's light page: every
    line is at least 3:1 against both card colours the stylesheet sets."""
    css = (Path(charts.__file__).parent / "static" / "page.css").read_text(encoding="utf-8")
    cards = re.findall(r"--card: (#[0-9a-f]{6})", css)
    assert sorted(cards) == sorted(charts.CARDS)
    for colour in (*charts.LINES.values(), *charts.PALETTE):
        for card in cards:
            assert _contrast(colour, card) >= 3, (colour, card)


def test_a_white_railroad_is_dashed_apart_from_a_gray_one() -> None:
    svg = charts.line_chart("t", {"white": [1, 2], "gray": [2, 1]}, "")
    assert svg.count("stroke-dasharray:7,7") == 1
