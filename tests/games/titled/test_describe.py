"""Title descriptions (issue 18): the shipped 1830 and 1889, the made-up Toy Line, and one test
for each key's one-line error."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest

from referee.core.datafiles import load_table
from referee.eighteen.maps import load_map
from referee.games.titled.describe import describe, load_title, shipped
from referee.games.titled.keys import TitleError

TOY = Path(__file__).with_name("toy-line.toml")


def toy() -> dict[str, Any]:
    return tomllib.loads(TOY.read_text(encoding="utf-8"))


def test_the_shipped_titles_are_1830_and_1889_and_load() -> None:
    assert {"1830", "1889"} <= set(shipped())
    t1830, t1889 = load_title("1830"), load_title("1889")
    assert (t1830.bank, t1830.cash[4], t1830.certificate_limit[4]) == (12000, 600, 16)
    assert (t1889.bank, t1889.cash[5], t1889.certificate_limit[2]) == (7000, 390, 25)
    assert [s.price for s in t1830.market.par_spaces()] == [100, 90, 82, 76, 71, 67]
    assert [s.price for s in t1889.market.par_spaces()] == [100, 90, 80, 75, 70, 65]
    assert t1830.shares.sell_in_blocks is False and t1889.shares.sell_in_blocks is True
    assert t1830.operating.emergency_from_companies and not t1889.operating.emergency_from_companies


@pytest.mark.parametrize("name", shipped())
def test_a_shipped_title_agrees_with_its_map_file(name: str) -> None:
    title = load_title(name)
    data = load_table(f"maps/{title.map}")
    game_map = load_map(title.map)
    assert {c.abbr: c.home for c in title.companies} == {
        abbr: c["home"] for abbr, c in data["corporations"].items()
    }
    # The newest tile colour of each phase, and each train's stops (0 = unlimited).
    assert {p.name: p.tiles[-1] for p in title.phases} == game_map.phases
    assert {t.name: t.distance or 0 for t in title.trains} == game_map.trains


def test_18chesapeake_figures_as_the_site_gives_them() -> None:
    """tables/titles/18chesapeake.toml against g_18_chesapeake/game.rb: bank, cash and limits
    for 2 to 6, the par prices, the D's trade-in, the trains exported after each set."""
    title = load_title("18Chesapeake")
    assert title.bank == 8000 and sorted(title.cash) == [2, 3, 4, 5, 6]
    assert (title.cash[2], title.certificate_limit[2], title.certificate_limit[6]) == (1200, 20, 11)
    assert [s.price for s in title.market.par_spaces()] == [95, 80, 70]
    assert title.train("D").price == 900 and title.train("D").trade_in_discount == 200
    assert title.operating.export_after_set == ("2", "3", "4")
    assert title.shares.sell_buy_order == "sell_buy"


def test_player_counts_and_private_companies_by_count_in_1889() -> None:
    title = load_title("1889")
    assert [p.abbr for p in title.privates_for(2)] == ["TR", "MF", "ER", "SMR", "DR"]
    assert [p.abbr for p in title.privates_for(4)][-1] == "UTF"
    assert title.privates[-1].player_revenue_from_phase == ("5", 50)


def test_the_made_up_title_uses_the_choices_the_real_ones_do_not() -> None:
    title = load_title(str(TOY))
    real = [load_title("1830"), load_title("1889")]
    assert title.market.kind == "track" and all(r.market.kind == "grid" for r in real)
    assert title.shares.capitalisation == "incremental"
    assert all(r.shares.capitalisation == "full" for r in real)
    for key in (
        "sell_buy_order",
        "sell_drop",
        "pool_pays",
        "president_may_leave",
        "first_sale",
        "privates_count",
    ):
        assert all(getattr(title.shares, key) != getattr(r.shares, key) for r in real), key
    assert "half" in title.operating.payouts and title.auction.kind == "fixed_price"
    assert (title.end.sets, title.end.market_top) == (4, "end_of_operating_round")
    assert title.map == "" and title.money(30) == "30£"
    assert title.market.means(title.market.spaces()[0], "closes")


def _at(raw: dict[str, Any], path: str) -> tuple[Any, str]:
    """The container holding the last part of `path` (list entries named by abbr or name)."""
    *parts, last = path.split(".")
    node: Any = raw
    for part in parts:
        if isinstance(node, list):
            node = next(i for i in node if part in (i.get("abbr"), i.get("name")))
        else:
            node = node[part]
    return node, last


DELETE = object()

CASES: list[tuple[str, Any, str]] = [
    ("title.name", DELETE, "title.name: is missing"),
    ("title.currency", "£", "title.currency: must show where the amount goes"),
    ("title.map", "atlantis", "title.map: names no shipped map 'atlantis'"),
    ("title.source", "", "title.source: must not be empty"),
    ("title.colour", "red", "title.colour: is not a key of this table"),
    ("players.cash", {"two": 300}, "players.cash.two: keys must be player counts"),
    ("players.cash", {"2": "lots"}, "players.cash.2: must be a whole number, not 'lots'"),
    ("players.certificate_limit", {"2": 8}, "players.certificate_limit: must give the same"),
    ("bank.cash", 0, "bank.cash: must be 1 to"),
    ("market.kind", "round", "market.kind: cannot be 'round'"),
    ("market.rows", [["10p"], ["20"]], "market.rows: a track market has one row, not 2"),
    ("market.rows", [["10p", "ten"]], "market.rows[1][2]: 'ten' is not a cell"),
    ("market.rows", [["10p", "20z"]], "market.rows[1][2]: zone 'z' is not described"),
    ("market.rows", [["10", "20"]], "market.rows: no cell is in a zone that means par"),
    ("market.zones.p.means", ["magic"], "market.zones.p.means: cannot hold 'magic'"),
    ("market.zones.P", {"colour": "red", "means": []}, "market.zones.P: a zone is named by"),
    ("market.moves.sold", "down", "market.moves.sold: cannot be 'down'"),
    ("market.moves.bump", "left", "market.moves.bump: is not a key"),
    ("companies.RED.shares", [40, 20, 20], "companies[RED].shares: must add up to 100"),
    ("companies.RED.shares", [20, 40, 20, 20], "companies[RED].shares: the first certificate"),
    ("companies.RED.shares", [40, 30, 10, 20], "companies[RED].shares: the certificates after"),
    ("market.rows", [["10p", "10p"]], "market.rows: two par cells have the same price"),
    ("companies.RED.tokens", ["x"], "companies[RED].tokens: must be a whole number, not 'x'"),
    ("companies.RED.float_percent", 20, "companies[RED].float_percent: must be at least"),
    ("companies.BLU.abbr", "RED", "companies: two entries share a name: 'RED'"),
    ("privates.P1.gives_share", "GRN", "privates[P1].gives_share: names no company 'GRN'"),
    ("privates.P1.cost", "30", "privates[P1].cost: must be a whole number, not '30'"),
    ("privates.P1.player_keeps_open", "yes", "privates[P1].player_keeps_open: must be true"),
    ("trains.2.rusts_on", "9", "trains[2].rusts_on: names no train '9'"),
    ("trains.2.count", 0, "trains[2].count: must be 1 to"),
    ("trains.4.trade_in", ["2"], "trains[4].trade_in: give both trade_in and trade_in_discount"),
    ("phases.B.on", "9", "phases[B].on: names no train '9'"),
    ("phases.A.on", "2", "phases[A].on: the first phase starts with the game"),
    ("phases.A.tiles", ["purple"], "phases[A].tiles: cannot hold 'purple'"),
    ("phases.B.train_limit", DELETE, "phases[B].train_limit: is missing"),
    ("shares.sell_buy_order", "whenever", "shares.sell_buy_order: cannot be 'whenever'"),
    ("shares.capitalisation", "partial", "shares.capitalisation: cannot be 'partial'"),
    ("shares.pool_pays", DELETE, "shares.pool_pays: is missing"),
    ("shares.multiple_buy_from", "ipo", "shares.multiple_buy_from: cannot be 'ipo'"),
    ("auction.kind", "none", "auction.kind: must say how the private companies are sold"),
    ("operating.payouts", ["double"], "operating.payouts: cannot hold 'double'"),
    ("operating.private_price_percent", [150, 100], "operating.private_price_percent: must be"),
    ("end", {}, "end: must say at least one way the game ends"),
    ("end.sets", -1, "end.sets: must be 0 to 100"),
    ("end.bankrupt_assets", "shared", "end.bankrupt_assets: cannot be 'shared'"),
    ("confidence", {"bank.size": "low: a guess"}, 'confidence."bank.size": names no key'),
    ("confidence", {"bank.cash": "sure: counted"}, 'confidence."bank.cash": must read'),
    ("extra", {}, "extra: is not a key of this table"),
]


@pytest.mark.parametrize(("path", "value", "expected"), CASES, ids=[c[0] for c in CASES])
def test_each_key_of_a_description_is_checked_with_a_one_line_error_naming_it(
    path: str, value: Any, expected: str
) -> None:
    raw = toy()
    node, last = _at(raw, path)
    if value is DELETE:
        del node[last]
    else:
        node[last] = copy.deepcopy(value)
    with pytest.raises(TitleError) as caught:
        describe(raw, "toy-line.toml")
    message = str(caught.value)
    assert "\n" not in message and message.startswith("toy-line.toml: ")
    assert expected in message
    assert caught.value.exit_code == 2


def test_a_home_or_a_blocked_hex_off_the_map_is_refused() -> None:
    raw = load_table("titles/1830")
    company, key = _at(raw, "companies.PRR.home")
    company[key] = "Z99"
    with pytest.raises(TitleError, match=r"companies\[PRR\].home: 'Z99' is not a hex of the 1830"):
        describe(raw, "1830.toml")
    raw = load_table("titles/1830")
    private, key = _at(raw, "privates.SV.blocks")
    private[key] = ["Q1"]
    with pytest.raises(TitleError, match=r"privates\[SV\].blocks: 'Q1' is not a hex"):
        describe(raw, "1830.toml")


def test_an_unknown_key_is_named_with_the_keys_allowed() -> None:
    raw = toy()
    raw["bank"]["cahs"] = raw["bank"].pop("cash")
    with pytest.raises(TitleError) as caught:
        describe(raw, "t.toml")
    assert str(caught.value).startswith("t.toml: bank.cash: is missing")


def test_a_file_that_is_not_toml_or_not_there_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[title\nname = 1", encoding="utf-8")
    with pytest.raises(TitleError, match="is not valid TOML"):
        load_title(str(bad))
    with pytest.raises(TitleError, match="no title 'nowhere.toml'.*allowed: 1830, 1889"):
        load_title("nowhere.toml")
