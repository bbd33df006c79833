"""18GA (tables/titles/18ga.toml): the rules its description adds, each named by its key and
the site's rule it follows (18xx.games lib/engine/game/g_18_ga)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli.main import cli
from referee.core.errors import RuleError
from referee.games.titled.state import State
from tests.games.titled.helpers import edited, play, start


def or_with_osr(trains: list[str], phase: str = "3") -> State:
    """18GA for A,B,C: A buys every private at face value but M&BR (C); A pars CoG at 90 and
    floats it; CoG operates in `phase`, owning `trains`, with $1000; A still owns OSR."""
    state, _ = play(
        start("18ga", "A,B,C"),
        "A bid LTR 20",
        "B bid MRC 40",
        "C bid W&SR 70",
        "A bid OSR 100",
        "B bid M&BR 150",
    )

    def to_operating(draft: State) -> None:
        draft.round, draft.stock_round, draft.or_number = "operating", 1, 1
        draft.phase = phase
        corp = draft.corps["CoG"]
        corp.president, corp.par, corp.floated, corp.cash = "A", 90, True, 1000
        corp.row, corp.column = 1, 4
        corp.held = {"A": 60, "ipo": 40}
        corp.trains[:] = trains
        corp.stations, corp.operated = 1, True
        draft.stations.append(("F6", 0, "CoG"))
        draft.order, draft.operating = ["CoG"], 0
        draft.bank -= 1000
        draft.op.ran = True

    return edited(state, to_operating)


def test_osr_gives_its_free_2_train_to_the_company_that_buys_it() -> None:
    """18GA privates.OSR.gives_train (game.rb add_free_two_train, step/buy_company.rb): the
    company buying OSR receives the 2-train kept aside, not as a purchase: the bank keeps its
    five 2-trains and the company may still buy a train this turn."""
    state, events = play(or_with_osr(["2"]), "A private OSR 100")
    assert state.corps["CoG"].trains == ["2", "2"]
    assert state.depot["2"] == 5
    assert any("receives OSR's 2 train" in e.text for e in events)
    state, _ = play(state, "A train 2")
    assert state.corps["CoG"].trains == ["2", "2", "2"]


@pytest.mark.parametrize(
    ("trains", "phase"),
    [(["2", "2", "3", "3"], "3"), (["3"], "4")],
    ids=["at the limit", "phase 4"],
)
def test_osr_gives_no_train_once_a_4_is_bought_or_at_the_train_limit(
    trains: list[str], phase: str
) -> None:
    """18GA privates.OSR.gives_train before_phase = "4" (step/buy_company.rb: not once phase 4
    is available, nor to a company at its train limit): the free train leaves the game."""
    state, events = play(or_with_osr(trains, phase), "A private OSR 100")
    assert state.corps["CoG"].trains == trains
    assert any("OSR's 2 train leaves the game" in e.text for e in events)


def test_augusta_takes_only_its_aug_tile_in_green() -> None:
    """18GA map D10 future_label Aug (game.rb upgrades_to?: Augusta's green tile is 453a):
    a yellow city tile on D10 upgrades to 453a, not to the ordinary green 15."""
    state = or_with_osr(["2"])

    def yellow_augusta(draft: State) -> None:
        draft.tiles["D10"] = ("57", 2)
        draft.stations.append(("D10", 0, "GA"))
        draft.op.ran = False

    state = edited(state, yellow_augusta)
    with pytest.raises(RuleError, match="Aug"):
        play(state, "A tile D10 15 5 0")
    after, _ = play(state, "A tile D10 453a 0 0")
    assert after.tiles["D10"] == ("453a", 0)


def test_new_18xx_takes_the_sites_name_18ga(tmp_path: Path) -> None:
    """`referee new 18xx --title 18GA` (the site's name, meta.rb) banks the title; `title
    list` shows its player counts and the recorded games that prove it."""
    save = tmp_path / "g.toml"
    result = CliRunner().invoke(
        cli, ["new", "18xx", "-p", "A,B,C", "--title", "18GA", "--save", str(save)], input=""
    )
    assert result.exit_code == 0, result.output
    assert "new 18GA: The Railroads Come to Georgia session saved" in result.output
    listed = CliRunner().invoke(cli, ["title", "list"]).output
    row = next(line for line in listed.splitlines() if line.startswith("18ga"))
    assert "3-5" in row and "3 recorded games" in row


def test_acls_home_station_is_on_jacksonville_from_the_start_and_blocks_routes() -> None:
    """18GA companies.ACL.home_at_start (game.rb setup: ACL's home token is placed face down
    in Jacksonville, J12, "to block routing through Jacksonville until ACL floats"): the
    station is on the map before anyone buys a share, filling J12's one slot, so another
    company's route may end there but not pass through."""
    from referee.eighteen.graph import build_graph
    from referee.games.titled import routes

    state = start("18ga", "A,B,C")
    assert ("J12", 0, "ACL") in state.stations and state.corps["ACL"].stations == 1
    graph = build_graph(routes.position(state), "CoG")
    assert next(n.blocked for n in graph.nodes if n.hex == "J12")


def test_wsr_places_its_owners_next_station_on_waycross_free_once() -> None:
    """18GA privates.W&SR.free_station_on (entities.rb token ability on I9, price 0;
    step/special_token.rb: the turn's station): CoG, owning W&SR, places its next station on
    Waycross free with no tile laid there first; once, and only on I9."""
    from referee.games.titled.moves import Token
    from referee.games.titled.play import apply

    state = edited(or_with_osr(["2"]), lambda d: d.privates.update({"W&SR": "CoG"}))
    state = edited(state, lambda d: setattr(d.op, "ran", False))
    cash = state.corps["CoG"].cash
    with pytest.raises(RuleError, match=r"W&SR's station goes on I9"):
        apply(state, Token("A", "H4", 0, "W&SR"))
    after, events = apply(state, Token("A", "I9", 0, "W&SR"))
    assert ("I9", 0, "CoG") in after.stations and after.corps["CoG"].cash == cash
    assert after.corps["CoG"].stations == 2 and after.op.tokened
    assert "CoG places a free station on I9 with W&SR" in [e.text for e in events]
    again = edited(after, lambda d: setattr(d.op, "tokened", False))
    with pytest.raises(RuleError, match=r"W&SR's free station is placed once"):
        apply(again, Token("A", "I9", 0, "W&SR"))


def test_18ga_figures_as_the_site_gives_them() -> None:
    """tables/titles/18ga.toml against g_18_ga/{game.rb,market.rb,trains.rb,entities.rb}:
    bank, cash and limits for 3 to 5, the par prices, five 2-trains for sale (the sixth kept
    for OSR), privates sold to companies at 50% to 150%, towns free."""
    from referee.games.titled.describe import load_title

    title = load_title("18GA")
    assert title.bank == 8000 and sorted(title.cash) == [3, 4, 5]
    assert (title.cash[3], title.certificate_limit[3], title.certificate_limit[5]) == (600, 15, 10)
    assert [s.price for s in title.market.par_spaces()] == [110, 90, 70, 55]
    assert [(t.name, t.count, t.price) for t in title.trains][:2] == [("2", 5, 100), ("3", 4, 180)]
    assert title.operating.private_price_percent == (50, 150) and title.operating.towns_free
    assert [p.bank_trains_per_turn for p in title.phases] == [1, 1, 0, 0, 0, 0]


def test_the_new_keys_are_checked_with_a_one_line_error_naming_them() -> None:
    """privates.*.gives_train names a train of the title; companies.*.home_at_start needs a
    home; privates.*.free_station_on names hexes of the map."""
    from referee.core.datafiles import load_table
    from referee.games.titled.describe import describe
    from referee.games.titled.keys import TitleError

    raw = load_table("titles/18ga")
    next(p for p in raw["privates"] if p["abbr"] == "OSR")["gives_train"]["train"] = "9"
    with pytest.raises(TitleError, match=r"privates\[OSR\].gives_train.train: names no train"):
        describe(raw, "18ga.toml")
    raw = load_table("titles/18ga")
    next(c for c in raw["companies"] if c["abbr"] == "ACL")["home"] = ""
    with pytest.raises(TitleError, match=r"companies\[ACL\].home: must name the home hex"):
        describe(raw, "18ga.toml")
    raw = load_table("titles/18ga")
    next(p for p in raw["privates"] if p["abbr"] == "W&SR")["free_station_on"] = ["Z9"]
    with pytest.raises(TitleError, match=r"privates\[W&SR\].free_station_on: 'Z9' is not a hex"):
        describe(raw, "18ga.toml")


def test_operating_towns_free_is_the_shorthand_for_every_trains_towns_free() -> None:
    """operating.towns_free (18GA, g_18_ga/trains.rb) sets trains.*.towns_free on every train:
    one towns-free rule, per train, in the route search (titled/routes.py route_trains)."""
    from referee.games.titled.describe import load_title
    from referee.games.titled.routes import route_trains
    from referee.games.titled.state import Corp

    title = load_title("18GA")
    assert all(t.towns_free for t in title.trains)
    state = start("18GA", "A,B,C")
    corp = Corp("ACL", {}, trains=["2", "3"])
    assert all(t.towns_free for t in route_trains(state, corp))
