"""18TN (issue 28 item 3): the rules it needs beyond 1830 and 1889, each a key any title may
set, named by that key."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli.main import cli
from referee.core.datafiles import load_table
from referee.core.errors import RuleError
from referee.games.titled import train_events
from referee.games.titled.describe import describe
from referee.games.titled.state import CLOSED, State
from tests.games.titled.helpers import edited, play, start


def or1() -> State:
    """18TN for A,B,C,D: the privates bought at face value in turn (A TCC, B ETWCR, C MCR,
    D OWR, A LNR, parring L&N at 90); everyone passes stock round 1; L&N (A) operates."""
    state, _ = play(
        start("18tn", "A,B,C,D"),
        "A bid TCC 20",
        "B bid ETWCR 40",
        "C bid MCR 70",
        "D bid OWR 100",
        "A bid LNR 175",
        "A par L&N 90",
        "B done",
        "C done",
        "D done",
        "A done",
    )
    return state


def test_lnr_gives_the_presidency_and_closes_when_l_and_n_starts_which_floats_at_20() -> None:
    """18TN privates.LNR.gives_president and closes_when_company_starts; companies.L&N
    float_percent = 20: the par alone floats it, with ten times its par."""
    state = or1()
    ln = state.corps["L&N"]
    assert state.privates["LNR"] == CLOSED
    assert (ln.president, ln.percent("A"), ln.floated, ln.cash) == ("A", 20, True, 900)
    assert state.round == "operating" and state.order == ["L&N"]


def in_phase(state: State, phase: str) -> State:
    def moved(draft: State) -> None:
        draft.phase = phase

    return edited(state, moved)


def test_an_upgrade_is_the_only_lay_of_its_turn_else_two_lays() -> None:
    """18TN operating.tile_lays = 2 with operating.upgrade_is_the_only_lay: two yellow lays,
    or one upgrade (C12's printed track, G6's printed city), before or after no other lay."""
    state = in_phase(or1(), "3")
    two, _ = play(state, "A tile E12 9 0 0", "A tile E14 9 0 0")
    assert two.op.lays == 2
    with pytest.raises(RuleError, match="has laid its 2 tiles"):
        play(two, "A tile E18 9 0 0")
    rule = r"upgrades a tile as its only lay.*operating.upgrade_is_the_only_lay"
    with pytest.raises(RuleError, match=rule):
        play(state, "A tile E12 9 0 0", "A tile C12 24 0 0")
    with pytest.raises(RuleError, match=rule):
        play(state, "A tile G6 14 2 0", "A tile E12 9 0 0")
    upgraded, _ = play(state, "A tile G6 14 2 0")
    assert upgraded.tiles["G6"] == ("14", 2)


def test_the_optional_third_yellow_lay_in_a_companys_first_turn() -> None:
    """operating.first_turn_tile_lays = 3 (the site's option triple_yellow_first_or): three
    yellow lays in the company's first turn, two after."""
    raw = load_table("titles/18tn")
    raw["operating"]["first_turn_tile_lays"] = 3
    state = edited(or1(), lambda d: setattr(d, "title", describe(raw, "18tn.toml")))
    three, _ = play(state, "A tile E12 9 0 0", "A tile E14 9 0 0", "A tile E18 9 0 0")
    assert three.op.lays == 3
    with pytest.raises(RuleError, match=r"laid its 3 tiles.*operating.first_turn_tile_lays"):
        play(three, "A tile E20 9 0 0")

    def later_turn(draft: State) -> None:
        draft.corps["L&N"].operated = True

    with pytest.raises(RuleError, match=r"laid its 2 tiles.*\(operating.tile_lays\)"):
        play(edited(state, later_turn), *(f"A tile {h} 9 0 0" for h in ("E12", "E14", "E18")))


def test_a_private_lays_its_tile_free_beside_the_companys_own() -> None:
    """18TN privates.TCC.extra_lay (free = true): the owning company lays 7, 8 or 9 on H17
    paying no terrain cost, besides its own two lays."""
    state = edited(or1(), lambda d: d.privates.update(TCC="L&N"))
    with pytest.raises(RuleError, match=r"TCC's tile is laid free.*privates.TCC.extra_lay"):
        play(state, "A tile H17 7 0 120 TCC")
    state, _ = play(state, "A tile E12 9 0 0", "A tile E14 9 0 0", "A tile H17 7 0 0 TCC")
    assert state.tiles["H17"] == ("7", 0) and state.extra_lays == ["TCC"]
    assert state.corps["L&N"].cash == 900


def test_nashville_takes_only_its_n_tile_in_green() -> None:
    """The map's future_label (18TN F11: N from green on): a yellow city there is upgraded by
    the N tile TN2, not by the plain 14."""
    state, _ = play(in_phase(or1(), "3"), "A tile F11 57 0 40")
    state = edited(state, lambda d: setattr(d.op, "lays", 0))
    with pytest.raises(RuleError, match="the hex is labelled N; tile 14 has no label"):
        play(state, "A tile F11 14 0 0")
    state, _ = play(state, "A tile F11 TN2 0 0")
    assert state.tiles["F11"] == ("TN2", 0)


def test_memphis_and_the_green_n_and_c_tiles_take_a_p_tile_in_brown() -> None:
    """future_label on the map (18TN H3: P from brown on) and on a tile (TN2: P in brown): a
    green city there is upgraded by the P tile 170, not by the plain 63; elsewhere 63 is."""

    def turn_in(phase: str) -> Callable[[State], None]:
        def change(draft: State) -> None:
            draft.phase, draft.op.lays = phase, 0

        return change

    state, _ = play(in_phase(or1(), "3"), "A tile H3 57 0 60")
    state, _ = play(edited(state, turn_in("3")), "A tile H3 14 0 0")
    state = edited(state, turn_in("5"))
    with pytest.raises(RuleError, match="the hex is labelled P; tile 63 has no label"):
        play(state, "A tile H3 63 0 0")
    state, _ = play(state, "A tile H3 170 0 0")
    assert state.tiles["H3"] == ("170", 0)
    state, _ = play(edited(state, turn_in("3")), "A tile F17 57 0 40")
    state, _ = play(edited(state, turn_in("3")), "A tile F17 14 0 0")
    with pytest.raises(RuleError, match="tile 170 is labelled P; the hex has no label"):
        play(edited(state, turn_in("5")), "A tile F17 170 0 0")
    state, _ = play(edited(state, turn_in("3")), "A tile F11 57 0 40")
    state, _ = play(edited(state, turn_in("3")), "A tile F11 TN2 0 0")
    state, _ = play(edited(state, turn_in("5")), "A tile F11 170 3 0")
    assert state.tiles["F11"] == ("170", 3)


def test_one_train_from_the_bank_a_turn_in_the_early_phases() -> None:
    """18TN phases.2.bank_trains_per_turn = 1 (limited_train_buy); phase 5 has no limit."""
    state, _ = play(or1(), "A train 2")
    with pytest.raises(RuleError, match=r"bought 1 train from the bank.*phases.2.bank_trains"):
        play(state, "A train 2")


def test_in_the_first_round_a_company_buys_one_private_at_face_value() -> None:
    """18TN operating.first_round_private_sales: in operating round 1.1 (phase 2, which sells
    no privates) a company owning none buys one from a player at face value, each player
    selling one; from 1.2 on the phase's rule and private_price_percent apply."""
    state = edited(or1(), lambda d: d.privates.update(OWR="A"))
    rule = r"operating.first_round_private_sales"
    with pytest.raises(RuleError, match=r"TCC sells for \$20 to \$20.*" + rule):
        play(state, "A private TCC 30")
    state, _ = play(state, "A private TCC 20")
    assert state.privates["TCC"] == "L&N" and state.corps["L&N"].cash == 880
    with pytest.raises(RuleError, match=r"L&N owns a private: it buys no other now.*" + rule):
        play(state, "A private MCR 70")
    with pytest.raises(RuleError, match=r"A has sold a private this round: no other now"):
        play(edited(state, lambda d: d.privates.update(TCC="C")), "A private OWR 100")

    def second_round(draft: State) -> None:
        draft.or_number = 2

    with pytest.raises(RuleError, match=r"no private is sold to a company in phase 2"):
        play(edited(or1(), second_round), "A private TCC 20")


def with_depot(state: State, trains: list[str], left: dict[str, int], phase: str) -> State:
    """L&N (A, operating) owns `trains`; the bank holds `left` of the later trains only."""

    def change(draft: State) -> None:
        draft.corps["L&N"].trains[:] = trains
        for name in draft.depot:
            draft.depot[name] = left.get(name, 0)
        draft.bought_kinds[:] = [t.name for t in draft.title.trains if t.name not in left]
        draft.phase = phase
        draft.corps["L&N"].cash = 2000
        draft.bank -= 1100

    return edited(state, change)


def test_obsolete_trains_run_once_more_outside_the_limit_then_leave() -> None:
    """18TN trains.4.obsolete_on = "6b": the first 6b makes the 4s obsolete; they do not count
    toward the train limit, are not sold between companies, and leave after their owner's
    next run."""
    state = with_depot(or1(), ["4"], {"6b": 1, "8": 7}, "6")
    state, events = play(state, "A run 100 full", "A train 6b")
    assert state.obsolete == ["4"] and any("4 trains are obsolete" in str(e) for e in events)
    assert train_events.counted(state, state.corps["L&N"]) == 1
    with pytest.raises(RuleError, match=r"obsolete 4 train is not sold.*trains.4.obsolete_on"):
        play(edited(state, lambda d: d.corps["TC"].trains.append("4")), "A train 4 from TC 50")
    state, _ = play(state, "A train 8")  # the limit is 2: the 4 does not count
    assert state.corps["L&N"].trains == ["4", "6b", "8"] and not state.discard_due

    def next_turn(draft: State) -> None:
        draft.op.ran = draft.op.bought = False

    state = edited(state, next_turn)
    state, _ = play(state, "A run 200 full")
    assert state.corps["L&N"].trains == ["6b", "8"]


def test_the_first_3b_costs_each_company_with_a_train_one_trains_run() -> None:
    """18TN trains.3b.loses_a_train_run (the Civil War): the first 3b marks every floated
    company with a train; its next run loses its lowest train's revenue; with one train it
    runs for nothing and its price stays."""
    state = with_depot(or1(), ["2"], {"3b": 2, "4": 3, "5": 2, "6": 1, "6b": 1, "8": 7}, "3")
    state, events = play(state, "A run 20 full", "A train 3b")
    assert state.war == ["L&N"] and any("L&N each lose" in str(e) for e in events)
    assert train_events.war_cut(state, state.corps["L&N"], [50, 30]) == 30
    assert train_events.war_cut(state, state.corps["L&N"], [50]) == 0  # a train did not run

    def one_train(draft: State) -> None:
        draft.corps["L&N"].trains[:] = ["3b"]
        draft.op.ran = draft.op.bought = False

    single = edited(state, one_train)
    rule = r"loses its only train.s run.*trains.3b.loses_a_train_run"
    with pytest.raises(RuleError, match=rule):
        play(single, "A run 40 full")
    price = single.space(single.corps["L&N"]).price
    after, _ = play(single, "A run 0 full")
    assert after.space(after.corps["L&N"]).price == price and after.war == []


def test_new_18xx_takes_the_sites_name_18tn(tmp_path: Path) -> None:
    """`referee new 18xx --title 18TN` (the site's name, meta.rb) banks the title."""
    save = tmp_path / "g.toml"
    result = CliRunner().invoke(
        cli, ["new", "18xx", "-p", "A,B,C", "--title", "18TN", "--save", str(save)], input=""
    )
    assert result.exit_code == 0, result.output
    assert "new 18TN: The Railroads Come to Tennessee session saved" in result.output
    listed = CliRunner().invoke(cli, ["title", "list"]).output
    row = next(line for line in listed.splitlines() if line.startswith("18tn"))
    assert "3-5" in row and "2 recorded games" in row
