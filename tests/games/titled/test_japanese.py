"""The 18xx banker in Japanese (issue 17): its events, refusals, views and the errors of a
title's description in the 18xx words of the catalog; a title's keys and the moves as typed
stay as written."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee import i18n
from referee.cli.main import cli
from referee.core import fit
from referee.core.engine import Event
from referee.games.titled.describe import title_data
from referee.games.titled.moves import BuyTrain, Lay, Token
from referee.games.titled.play import apply
from referee.games.titled.state import State
from referee.i18n import width
from referee.play import render
from referee.play.session import Session
from referee.shell.shell import Shell
from tests.games.titled import test_18al as al
from tests.games.titled import test_18ga as ga
from tests.games.titled.helpers import edited, play

TOY = Path(__file__).with_name("toy-line.toml")


def shell(players: list[str]) -> Shell:
    board, _file = title_data("1830")
    session = Session.new("18xx", players, "described", board)
    session.settle()
    return Shell(session)


def test_an_event_and_a_refusal_of_the_private_auction_in_japanese() -> None:
    sh = shell(["A", "B", "C"])
    i18n.use("ja")
    assert sh.run("bid DH 75").text.splitlines()[0] == "  AがDHに$75で入札"
    # the cheapest private is bought at its price: SV costs 20
    refused = sh.run("bid SV 25")
    assert not refused.ok
    assert refused.text == (
        "却下: SVは最も安い私鉄です: $20で購入します [ルール 1830 auction.kind]"
    )
    assert sh.run("bid SV 20").text.splitlines()[0] == "  BがSVを$20で購入"


def test_a_family_rule_is_cited_in_japanese_and_in_english() -> None:
    sh = shell(["A", "B", "C"])
    assert sh.run("bid SV 20").ok
    refused = sh.run("bid SV 20")
    assert refused.text.startswith("rejected: SV is not for sale [rule 18xx private auction]")
    i18n.use("ja")
    refused = sh.run("bid SV 20")
    assert refused.text.startswith("却下: SVは売り出されていません [ルール 18xx 私鉄の競り]")


def test_the_status_lines_up_japanese_player_names_and_headings() -> None:
    sh = shell(["花子", "山田太郎と花子さん", "Cy"])
    i18n.use("ja")
    for move in ("bid SV 20", "bid CS 40", "bid DH 70", "bid MH 110", "bid CA 160"):
        assert sh.run(move).ok, move
    status = sh.session.game.status(sh.session.state)
    assert status.splitlines()[0] == "1830 — 私鉄の競り — フェイズ2 — 銀行 $10000"
    table = status.split("\n\n")[1].splitlines()
    assert table[0].split() == ["プレイヤー", "現金", "持ち株", "資産"]
    # the cash and worth of every row start where their headings do, whoever's name is wider
    cash, worth = (width(table[0][: table[0].index(h)]) for h in ("現金", "資産"))
    assert {table[2].split()[0], table[3].split()[0]} == {"花子", "山田太郎と花子さん"}
    for row in table[2:]:
        assert width(row[: row.index("$")]) == cash, row
        assert width(row[: row.rindex("$")]) == worth, row


def test_the_standings_column_is_the_players_cash_in_18xx_words() -> None:
    sh = shell(["A", "B", "C"])
    i18n.use("ja")
    assert "現金" in sh.run("standings").text


def test_a_bad_description_is_said_in_japanese_with_its_key_as_written(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    text = TOY.read_text(encoding="utf-8")
    bad.write_text(text.replace("float_percent = 40", 'float_percent = "x"', 1))
    result = CliRunner().invoke(cli, ["--lang", "ja", "title", "check", str(bad)])
    assert result.exit_code == 2
    key = result.output.strip().split(": ")[2]
    assert key.startswith("companies[") and key.endswith("].float_percent"), result.output
    assert result.output.strip().endswith("整数でなければなりません(指定された値: 'x')")


def test_title_check_says_what_a_description_holds_in_japanese() -> None:
    result = CliRunner().invoke(cli, ["--lang", "ja", "title", "check", "1830"])
    assert result.exit_code == 0, result.output
    assert "記述は有効です" in result.output
    assert "  会社8社、私鉄6社、列車6種、フェイズ6段階" in result.output


def _owning(state: State, private: str, owner: str) -> State:
    return edited(state, lambda d: d.privates.update({private: owner}))


def _wsr_station() -> list[Event]:
    state = _owning(ga.or_with_osr(["2"]), "W&SR", "CoG")
    state = edited(state, lambda d: setattr(d.op, "ran", False))
    return apply(state, Token("A", "I9", 0, "W&SR"))[1]


# The moves that make 18AL's and 18GA's own events, at the positions their tests build
# (test_18al.py, test_18ga.py): each gives the events it makes.
TITLED_EVENTS: dict[str, Callable[[], list[Event]]] = {
    "objective": lambda: play(al.tag_operates(), "C token G4")[1],
    "train discount": lambda: apply(
        al.in_phase_3_with(al.tag_operates(), "TAG"), BuyTrain("C", "3", private="NDY")
    )[1],
    "private sale between players": lambda: play(al.auction(), "C private NDY 1")[1],
    "special tile": lambda: apply(
        _owning(al.tag_operates(), "BLC", "TAG"), Lay("C", "G2", "445", 0, 0, "BLC")
    )[1],
    "gives train": lambda: play(ga.or_with_osr(["2"]), "A private OSR 100")[1],
    "its train leaves": lambda: play(ga.or_with_osr(["3"], "4"), "A private OSR 100")[1],
    "free station": _wsr_station,
}


@pytest.mark.parametrize("kind", TITLED_EVENTS)
def test_18al_and_18ga_events_fit_80_columns_in_japanese(kind: str) -> None:
    """The events of 18AL's and 18GA's own rules (objectives, a private's train discount, a
    private sold between players, a special tile, a private that gives its train or loses it,
    a free station), said in Japanese, fit a terminal of 80 columns as the shell prints them."""
    with i18n.speaking("ja"):
        printed = render.events(TITLED_EVENTS[kind]())
    assert printed and not re.search("[a-z]{4,}", printed), printed  # said in Japanese
    wide = [line for line in printed.splitlines() if width(line) > fit.WIDTH]
    assert not wide, wide
