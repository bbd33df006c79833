"""The table page of a described 18xx title: the market, companies, shares, trains, privates,
bank and the end, from the state; everything in an 18xx game is open on the table."""

from __future__ import annotations

import re

import pytest

from referee.core.gamespec import page as view_of
from referee.eighteen import hexmap
from referee.eighteen.hexes import neighbour, opposite
from referee.games.titled import routes
from referee.web import view
from tests.web.conftest import played

LABEL = re.compile(r' data-label="[^"]*"')
SCENARIO = "18xx-1889-2p-four-sets-privates-rust.txt"


def _page(upto: int | None = None) -> tuple[dict[str, str], list[str]]:
    session = played(SCENARIO, upto)
    view = view_of(session.game.name)
    # The cells' header names (for a phone's stacked cards) are left out of the comparisons.
    panels = {t: LABEL.sub("", html) for t, html in view.panels(session, session.state)}
    return panels, view.ending(session, session.state)


def test_the_1889_page_shows_the_figures_the_scenario_checks_at_its_end() -> None:
    panels, ending = _page()
    assert list(panels) == [
        "Map",
        "Stock market",
        "Companies",
        "Shares",
        "Trains and phase",
        "Private companies",
        "Bank and players",
    ]
    companies = panels["Companies"]
    for cells in (
        ["AR (Awa Railroad)", "B", "65", "¥220", "-"],
        ["IR (Iyo Railway)", "A", "60", "¥430", "3 3"],
        ["KO (Takamatsu &amp; Kotohira Electric Railway)", "A", "55", "¥0", "3 3 4"],
    ):
        assert "".join(f"<td>{c}</td>" for c in cells) in companies
    assert "<td>AR</td><td></td><td>60%</td><td>40%</td><td></td>" in panels["Shares"]
    assert "bank: ¥5965" in panels["Bank and players"]
    assert "<td>A</td><td>¥105</td><td>¥680</td>" in panels["Bank and players"]
    assert "phase 4: tiles yellow, green, train limit 3" in panels["Trains and phase"]
    assert "trains given back: 3" in panels["Trains and phase"]
    assert "<td>¥50</td><td>¥15</td><td>AR</td>" in panels["Private companies"]  # SMR
    # AR at 65 in the market's seventh row, fifth column
    assert (
        '<span class="here" style="background:#f4f1e6">65<b>AR</b></span>'
        in (panels["Stock market"])
    )
    assert ending == [
        "the bank breaks at 0 (at the end of that set of operating rounds): ¥5965 left",
        "a bankruptcy ends the game (at once)",
    ]


def test_before_any_company_starts_the_page_says_so() -> None:
    panels, _ = _page(upto=3)
    assert "no company started yet" in panels["Companies"]
    assert "for sale" in panels["Private companies"]


def test_the_whole_page_body_draws_an_18xx_game() -> None:
    session = played(SCENARIO)
    html = view.body(session, view.Page())
    for title in ("Stock market", "Companies", "Shares", "End of the game"):
        assert f"<h2>{title}</h2>" in html


def test_the_map_panel_draws_the_title_map_with_its_tiles_and_stations() -> None:
    """1830 is drawn pointy-topped and 1889 flat, as their maps are laid out; the track laid,
    its tile numbers and every company's stations come from the state."""
    session = played("18xx-1830-3p-whole-game-bank-broken.txt")
    drawn = dict(view_of("18xx").panels(session, session.state))["Map"]
    assert drawn.count("<polygon") == len(routes.position(session.state).map.hexes)
    for hex_, (tile, _rotation) in session.state.tiles.items():
        assert f">{hex_}</text>" in drawn and f">#{tile}</text>" in drawn
    for _hex, _city, company in session.state.stations:
        assert f">{company.replace('&', '&amp;')}</text>" in drawn
    session = played("18xx-1889-2p-nine-sets-bank-broken.txt")
    drawn = dict(view_of("18xx").panels(session, session.state))["Map"]
    assert ">#15</text>" in drawn and ">KO</text>" in drawn


def test_a_title_without_a_map_has_no_map_panel() -> None:
    session = played("18xx-toy-line-2p-four-sets.txt")
    assert "Map" not in dict(view_of("18xx").panels(session, session.state))


@pytest.mark.parametrize(("layout", "hex_"), [("flat", "F5"), ("pointy", "E7")])
def test_neighbouring_hexes_meet_edge_to_edge_in_both_layouts(layout: str, hex_: str) -> None:
    """Edge e of a hex and edge e+3 of the hex across it are the same side on the page."""
    x, y = hexmap._centre(hex_, layout)
    for edge in range(6):
        other = neighbour(hex_, edge, layout)
        assert other is not None
        ox, oy = hexmap._centre(other, layout)
        ex, ey = hexmap._edge(edge, layout)
        fx, fy = hexmap._edge(opposite(edge), layout)
        assert abs(x + ex - (ox + fx)) < 1e-6 and abs(y + ey - (oy + fy)) < 1e-6
