"""18AL's rules, each written once for any title to turn on (issue 28 item 3): a company's
historical objective (companies.*.objective), a private's train discount
(privates.*.train_discount), privates sold between players (phases.*.private_sales_between_players),
a private's special tile and a permanent tile (privates.*.extra_lay.special_tile, tiles'
`permanent`), trains that pass towns free (trains.*.towns_free) and a map whose letters name
its rows (layout "flat_rows")."""

from __future__ import annotations

import pytest

from referee.core.errors import RuleError
from referee.eighteen.hexes import neighbour
from referee.eighteen.maps import load_map
from referee.games.titled import routes
from referee.games.titled.describe import load_title
from referee.games.titled.moves import BuyTrain, Lay
from referee.games.titled.play import apply
from referee.games.titled.state import CLOSED, State
from tests.games.titled.helpers import edited, play, start


def auction() -> State:
    """18AL for A,B,C: the privates bought at face value in turn (A TR, B SNAR, C BLC, A M&C,
    B NDY); stock round 1 begins with C, after B, the last buyer."""
    state, _ = play(
        start("18AL", "A,B,C"),
        "A bid TR 20",
        "B bid SNAR 40",
        "C bid BLC 70",
        "A bid M&C 100",
        "B bid NDY 120",
    )
    return state


def tag_operates() -> State:
    """C starts TAG at 60 and it floats (C 30%, A 20%, B 10%): TAG operates with $600."""
    state, _ = play(
        auction(),
        "C par TAG 60",
        "C done",
        "A buy TAG",
        "A done",
        "B buy TAG",
        "B done",
        "C buy TAG",
        "C done",
        "A buy TAG",
        "A done",
        "B done",
        "C done",
        "A done",
    )
    assert state.round == "operating" and state.order == ["TAG"]
    return state


def test_a_companys_first_station_on_its_objective_brings_the_bonus_from_the_bank() -> None:
    """companies.TAG.objective (18AL's historical objectives, g_18_al/step/token.rb): TAG's
    station on Birmingham (G4) costs $40 and brings $100 from the bank."""
    state = tag_operates()
    bank = state.bank
    after, events = play(state, "C token G4")
    assert after.corps["TAG"].cash == 600 - 40 + 100
    assert after.bank == bank + 40 - 100
    assert any("objective G4" in e.text for e in events)


def test_a_station_elsewhere_brings_no_objective_bonus() -> None:
    """companies.*.objective: only its own hex pays (TAG's is G4, not Anniston G6)."""
    after, _ = play(tag_operates(), "C token G6")
    assert after.corps["TAG"].cash == 600 - 40


def in_phase_3_with(state: State, owner: str) -> State:
    def change(draft: State) -> None:
        draft.phase = "3"
        draft.depot["2"] = 0
        draft.privates["NDY"] = owner

    return edited(state, change)


def test_a_private_gives_its_company_a_train_at_its_discount_and_closes() -> None:
    """privates.NDY.train_discount (entities.rb NDY: half price on a 3, 4 or 5 from the
    bank, closing it): TAG pays $90 for a 3-train."""
    state = in_phase_3_with(tag_operates(), "TAG")
    after, events = apply(state, BuyTrain("C", "3", private="NDY"))
    assert after.corps["TAG"].cash == 600 - 90 and after.corps["TAG"].trains == ["3"]
    assert after.privates["NDY"] == CLOSED
    assert any("NDY closes" in e.text for e in events)


def test_a_train_discount_is_refused_for_other_trains_and_other_owners() -> None:
    """privates.NDY.train_discount names its trains and serves the company owning NDY."""
    state = tag_operates()
    with pytest.raises(RuleError, match="privates.NDY.train_discount"):
        apply(state, BuyTrain("C", "2", private="NDY"))  # a 2, and B owns NDY
    with pytest.raises(RuleError, match="no discount on a 3"):
        apply(in_phase_3_with(state, "B"), BuyTrain("C", "3", private="NDY"))


def test_players_sell_each_other_privates_at_an_agreed_price_as_a_turns_buy() -> None:
    """phases.2.private_sales_between_players (18xx.games' status
    can_buy_companies_from_other_players): C buys B's NDY for $1 as his turn's buy."""
    state = auction()
    cash = dict(state.cash)
    after, _ = play(state, "C private NDY 1")
    assert after.privates["NDY"] == "C"
    assert (after.cash["C"], after.cash["B"]) == (cash["C"] - 1, cash["B"] + 1)
    with pytest.raises(RuleError, match="one buy a turn"):
        play(after, "C par TAG 60")


def test_no_private_sales_between_players_where_the_phase_has_none() -> None:
    """phases.5 has no private_sales_between_players."""
    state = edited(auction(), lambda d: setattr(d, "phase", "5"))
    with pytest.raises(RuleError, match="phases.5.private_sales_between_players"):
        play(state, "C private NDY 1")


def test_a_private_lays_its_special_tile_bringing_a_town_and_it_stays() -> None:
    """privates.BLC.extra_lay.special_tile: the Lumber Terminal (445, a town) goes on an empty
    swamp (18xx.games' lays by a private need only the next colour and the old track); the
    tile is `permanent` (g_18_al/game.rb upgrades_to?): no tile replaces it."""
    state = edited(tag_operates(), lambda d: d.privates.update(BLC="TAG"))
    after, _ = apply(state, Lay("C", "G2", "445", 0, 0, "BLC"))
    assert after.tiles["G2"] == ("445", 0)
    later = edited(after, lambda d: setattr(d, "phase", "3"))
    with pytest.raises(RuleError, match="tile 445 is never replaced"):
        apply(later, Lay("C", "G2", "143", 0, 0))
    with pytest.raises(RuleError, match="has 1 town; the hex has 0"):
        apply(state, Lay("C", "G2", "3", 0, 0))  # the company's own lay is no special tile


def test_trains_that_pass_towns_free_leave_the_run_to_the_table() -> None:
    """trains.*.towns_free: the route search counts every stop, so it does not judge such a
    company's run (the revenue typed is trusted); 1889's trains are searched."""
    state = edited(tag_operates(), lambda d: d.corps["TAG"].trains.append("2"))
    state, _ = play(state, "C token G4")
    assert not routes.searchable(state, state.corps["TAG"])
    assert load_title("18AL").train("4D").towns_free


def test_a_flat_map_whose_letters_name_its_rows() -> None:
    """layout "flat_rows" (18xx.games' AXES x: number, y: letter, 18AL): A4's bottom side
    (edge 0) faces C4 and its lower-left B3; 1889's flat map names columns by letter."""
    assert [neighbour("A4", e, "flat_rows") for e in (0, 1, 5)] == ["C4", "B3", "B5"]
    assert neighbour("A4", 0, "flat") == "A6"
    board = load_map("18al")
    assert board.layout == "flat_rows"
    assert board.neighbour("Q2", 3) == "O2"
    assert board.neighbour("B3", 0) is None  # the impassable river bank


def test_montgomery_takes_only_the_m_tile_in_green() -> None:
    """18AL's map: L5 takes the label M from green on (future_label; g_18_al/game.rb
    upgrades_to? allows only 443a), so a plain green city does not go there."""
    state = edited(tag_operates(), lambda d: d.tiles.update(L5=("57", 0)))
    state = edited(state, lambda d: setattr(d, "phase", "3"))
    with pytest.raises(RuleError, match="label"):
        apply(state, Lay("C", "L5", "14", 0, 0))
    after, _ = apply(state, Lay("C", "L5", "443a", 0, 0))
    assert after.tiles["L5"] == ("443a", 0)


def test_the_shell_offers_what_18als_rules_allow() -> None:
    """The stock round offers `private` where phases.*.private_sales_between_players lets a
    player buy another's private; an operating turn offers no `routes` or `run best` where the
    title's trains pass towns free (trains.*.towns_free), which the search does not run."""
    from referee.games.titled.game import Titled

    game = Titled()
    stock = game.options(auction())
    assert "private" in stock.verbs
    assert set(stock.args["private"][0]) == {"TR", "SNAR", "M&C", "NDY"}  # not C's own BLC
    late = game.options(edited(auction(), lambda d: setattr(d, "phase", "5")))
    assert "private" not in late.verbs
    turn = game.options(tag_operates())
    assert "routes" not in turn.verbs and turn.args["run"][0] == ()
