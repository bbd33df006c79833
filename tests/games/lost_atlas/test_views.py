"""The views players ask for (market, trains, companies) and the toolbar, in words."""

from __future__ import annotations

from pathlib import Path

from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from referee.core import fit
from referee.games.lost_atlas import render, views
from referee.play.session import Session
from referee.shell.completer import ShellCompleter
from referee.shell.shell import Shell
from referee.store import savefile

from .helpers import G, mapped, play, two_minors


def test_market_shows_every_marker_top_of_a_space_first__rule_11() -> None:
    s = two_minors()  # Express (on top) and Expansive both at 60
    text = views.market(s)
    assert "50 [60] 70" in text
    assert "60: Express, Expansive  (top first)" in text
    assert "starting values now (yellow): 60 to 90" in text


def test_trains_say_what_the_next_train_brings_and_rusts__rule_18() -> None:
    s = two_minors()
    text = views.roster(s)
    assert text.startswith("phase yellow (last train taken: 2); train limit: minors 2, majors 4")
    assert "next: a 2-train for 100: no change" in text
    s = s.draft()
    s.deck["2"] = s.deck["3"] = 0  # the 4s are on top
    text = views.roster(s.seal())
    assert "next: a 4-train for 300: phase green; limits minors 2, majors 3; the 2-trains rust" in (
        text
    )


def test_companies_show_presidents_revenues_and_the_share_limit__rule_4() -> None:
    s = play(mapped(), "buy 2", "run best", "payout")
    text = views.companies(s)
    # The table is wider than 80 columns: it goes on in a second panel that repeats the name.
    panels = [line.split() for line in text.splitlines() if line.startswith("Eastern")]
    eastern = panels[0] + [cell for panel in panels[1:] for cell in panel[1:]]
    # price 60, treasury 20 + 3 x 10, a 2-train, limit 2, home M27, no token left, revenue 50,
    # 3 shares in its treasury
    assert eastern == ["Eastern", "minor", "B", "60", "50", "2", "2", "M27", "0", "50", "3"]
    assert "Eastern 2/3P" in text  # B holds the president's certificate: 2 of at most 3


def test_toolbar_in_words() -> None:
    s = play(mapped(), "buy 2")
    assert render.toolbar_parts(s) == [
        "cycle 1 of 4, operating round 1: Eastern operates, treasury 20, trains 2",
        "phase yellow",
        "cash A 330, B 330",
        "prices Eastern 60, Expansive 60",
    ]


def shell(tmp_path: Path) -> Shell:
    s = Session.new("lost-atlas", ["A", "B"], variant="micro")
    s.store = savefile.FileStore(tmp_path / "g.toml")
    return Shell(s)


def complete(s: Session, text: str) -> list[str]:
    doc = Document(text, len(text))
    return [c.text for c in ShellCompleter(s).get_completions(doc, CompleteEvent())]


def test_views_are_asked_for_not_played(tmp_path: Path) -> None:
    sh = shell(tmp_path)
    # as the views say them, fitted to the screen (issue 31: 80 columns)
    assert sh.run("market").text == fit.screen(views.market(sh.session.state))
    assert sh.run("trains").text == fit.screen(views.roster(sh.session.state))
    assert sh.run("companies").text == fit.screen(views.companies(sh.session.state))
    assert not sh.session.entries  # nothing entered the log
    assert not sh.run("market now").ok
    always = sh.run("help").text.split("Always:")[1]
    assert all(name in always for name in ("market", "trains", "companies"))
    assert complete(sh.session, "mar") == ["market"]
    assert G.views() == ("market", "trains", "companies")
