"""The table page of a described 18xx title: the market, companies, shares, trains, privates,
bank and the end, from the state; everything in an 18xx game is open on the table."""

from __future__ import annotations

from referee.web import view
from referee.web.games import view_of
from tests.web.conftest import played

SCENARIO = "18xx-1889-2p-four-sets-privates-rust.txt"


def _page(upto: int | None = None) -> tuple[dict[str, str], list[str]]:
    session = played(SCENARIO, upto)
    view = view_of(session.game.name)
    return dict(view.panels(session, session.state)), view.ending(session, session.state)


def test_the_1889_page_shows_the_figures_the_scenario_checks_at_its_end() -> None:
    panels, ending = _page()
    assert list(panels) == [
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
    assert "<b>65</b>  AR" in panels["Stock market"]
    assert ending == [
        "the bank breaks at 0 (end_of_set): ¥5965 left",
        "a bankruptcy ends the game (immediately)",
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
