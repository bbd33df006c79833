"""The views a table asks for (`market`, `trains`, `companies`): offered by the frame only in
the games that provide them (Game.views), refused with one line elsewhere."""

from __future__ import annotations

from referee.shell.shell import Shell
from tests.games.railroad_rivals.helpers import new as railroad_rivals
from tests.games.union_station.helpers import opened


def test_union_station_shows_its_market_and_its_companies() -> None:
    shell = Shell(opened())
    market = shell.run("market")
    assert market.ok and "next gold" in market.text and "dividends paid" in market.text
    companies = shell.run("companies")
    assert companies.ok and "shares $" in companies.text and "destination" in companies.text


def test_a_view_a_game_does_not_have_is_refused_and_not_offered() -> None:
    shell = Shell(opened())
    reply = shell.run("trains")
    assert not reply.ok and reply.exit_code == 2
    assert "Union Station has no 'trains' view" in reply.text and "market, companies" in reply.text
    always = shell.run("help").text.split("Always:")[1]
    assert "market" in always and "trains" not in always


def test_a_game_without_views_offers_none() -> None:
    from referee.play.session import Session

    shell = Shell(Session.new("tally", ["Ann", "Bob"]))  # the frame's test game draws none
    assert "market" not in shell.run("help").text
    assert "no 'market' view" in shell.run("market").text


def test_railroad_rivals_shows_its_stock_market() -> None:
    from tests.games.railroad_rivals.test_rr_status import three_at_delivery

    session = three_at_delivery("hotels")
    reply = Shell(session).run("market")
    assert reply.ok
    assert "stock tiles held" in reply.text and "A 1" in reply.text
    assert "no railroad" in Shell(railroad_rivals()).run("market").text


def test_congo_line_shows_its_trains_as_its_companies() -> None:
    from tests.games.congo_line.test_session import session as congo_line

    shell = Shell(congo_line())
    reply = shell.run("companies")
    assert reply.ok and "money" in reply.text and "share now" in reply.text
    assert "no 'market' view" in shell.run("market").text


def test_express01_shows_its_companies() -> None:
    import tomllib

    from referee.play.session import Session
    from tests.games.express01.conftest import FIXTURE

    board = tomllib.loads(FIXTURE.read_text(encoding="utf-8"))
    shell = Shell(Session.new("express01", ["A", "B"], "short", board))
    reply = shell.run("companies")
    assert reply.ok and "capital" in reply.text and "shares out" in reply.text
