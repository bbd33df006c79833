"""18AL's rules, each written once for any title to turn on (issue 28 item 3): a company's
historical objective (companies.*.objective), a private's train discount
(privates.*.train_discount), privates sold between players (phases.*.private_sales_between_players),
a private's special tile and a permanent tile (privates.*.extra_lay.special_tile, tiles'
`permanent`), trains that pass towns free (trains.*.towns_free), a train doubling its cities
(trains.*.multiplier), a private's bonus token (privates.*.stop_bonus) and markers
(privates.*.route_bonuses), and a map whose letters name its rows (layout "flat_rows")."""

from __future__ import annotations

import pytest

from referee.core.errors import RuleError
from referee.eighteen.hexes import neighbour
from referee.eighteen.maps import load_map
from referee.eighteen.rules import RouteBonus
from referee.games.titled import bonuses, routes
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


def _tag_with(*trains: str) -> State:
    """TAG operating with these trains, a station on Gadsden (E6, its home) and Birmingham."""
    state = edited(tag_operates(), lambda d: d.corps["TAG"].trains.extend(trains))
    state, _ = play(state, "C token G4")
    return state


def _best(state: State) -> tuple[int, list[str]]:
    found = routes.search(state, state.corps["TAG"])
    assert found is not None and found.proven
    return found.total, [f"{s.name} {s.value}" for run in found.runs for s in run.stops]


def test_trains_that_pass_towns_free_are_run_by_the_route_search() -> None:
    """trains.*.towns_free (g_18_al/game.rb TRAINS: the town row pays and visits 99): the
    search runs 18AL's trains, a 2-train Gadsden (E6) to Rome (D7, a town) and beyond."""
    state = _tag_with("2")
    assert routes.searchable(state, state.corps["TAG"])
    assert all(t.towns_free for t in load_title("18AL").trains)
    assert _best(state) == (30, ["E6 20", "D7 10"])


def test_18al_4d_doubles_its_cities_not_its_towns__game_rb_trains() -> None:
    """trains.4D.multiplier (18AL 4D doubles: g_18_al/game.rb TRAINS 4D, 'multiplier' => 2 on
    the city and off-board row; part/revenue_center.rb revenue_multiplier): Gadsden 20 x 2,
    Rome 10 once."""
    assert load_title("18AL").train("4D").multiplier == 2
    assert _best(_tag_with("4D")) == (50, ["E6 40", "D7 10"])


def test_18al_warrior_coal_field_token__game_rb_bonuses_for_hex_on_route() -> None:
    """privates.SNAR.stop_bonus (18AL's Warrior Coal Field token: step/assign.rb, game.rb
    bonuses_for_hex_on_route and event_remove_tokens): `private SNAR E6` by the company owning
    SNAR and a train; each of its trains stopping on Gadsden earns 10 more, until phase 6."""
    state = edited(_tag_with("2"), lambda d: d.privates.update(SNAR="TAG"))
    placed, events = play(state, "C private SNAR E6")
    assert placed.bonus_tokens == {"SNAR": ("TAG", "E6")}
    assert "TAG places the token of SNAR on E6: $10 more a train there" in [e.text for e in events]
    assert _best(placed) == (40, ["E6 30", "D7 10"])
    later = edited(placed, lambda d: setattr(d, "phase", "6"))
    assert _best(later)[0] == 30
    with pytest.raises(RuleError, match="the token of SNAR goes on H3, G4, H5, G6, E6, not F1"):
        play(state, "C private SNAR F1")
    with pytest.raises(RuleError, match="the token of SNAR is placed already"):
        play(placed, "C private SNAR G4")
    with pytest.raises(RuleError, match="TAG does not own SNAR"):
        play(_tag_with("2"), "C private SNAR E6")
    trainless = edited(state, lambda d: d.corps["TAG"].trains.clear())
    with pytest.raises(RuleError, match="TAG places the token once it owns a train"):
        play(trainless, "C private SNAR E6")
    with pytest.raises(RuleError, match="the token of SNAR has left the game"):
        play(edited(state, lambda d: setattr(d, "phase", "6")), "C private SNAR E6")


def test_18al_m_and_c_markers__game_rb_bonuses_for_routes() -> None:
    """privates.M&C.route_bonuses (18AL's Robert E. Lee and Pan American markers:
    step/buy_company.rb, game.rb bonuses_for_routes, step/buy_sell_par_shares.rb): the company
    buying M&C holds them for its routes; a new president in a stock round loses them."""
    state = edited(tag_operates(), lambda d: setattr(d, "phase", "3"))
    state, _ = play(state, "C private M&C 100")
    assert state.bonus_holders == {"M&C": "TAG"}
    assert bonuses.of(state, state.corps["TAG"]).routes == (
        RouteBonus(frozenset({"G8", "G4"}), 20),
        RouteBonus(frozenset({"Q2", "A4"}), 40),
    )

    def a_to_buy(d: State) -> None:
        d.round, d.actor = "stock", d.players.index("A")
        d.corps["TAG"].held["A"] += 10
        d.corps["TAG"].held["ipo"] -= 10

    after, events = play(edited(state, a_to_buy), "A buy TAG")
    assert after.corps["TAG"].president == "A" and after.bonus_holders == {}
    assert "TAG loses the markers of M&C: its president changed" in [e.text for e in events]


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
    player buy another's private; an operating turn offers `routes` and `run best`: the search
    runs trains that pass towns free (trains.*.towns_free)."""
    from referee.games.titled.game import Titled

    game = Titled()
    stock = game.options(auction())
    assert "private" in stock.verbs
    assert set(stock.args["private"][0]) == {"TR", "SNAR", "M&C", "NDY"}  # not C's own BLC
    late = game.options(edited(auction(), lambda d: setattr(d, "phase", "5")))
    assert "private" not in late.verbs
    turn = game.options(tag_operates())
    assert "routes" in turn.verbs and turn.args["run"][0] == ("best",)
