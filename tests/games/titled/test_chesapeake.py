"""18Chesapeake's rules, each written once for any title to turn on (issue 28 item 3):
a president's certificate drawn before the game (privates.*.gives_president = "drawn"),
private lays that come in numbers, are lost to other lays, or are the company's own and
bring a free station (privates.*.extra_lay), and trains exported after each set of operating
rounds (operating.export_after_set)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.core.errors import RuleError
from referee.games.titled.describe import describe, title_data
from referee.games.titled.game import Titled
from referee.games.titled.keys import TitleError
from referee.games.titled.moves import Lay, Par, Token
from referee.games.titled.play import apply
from referee.games.titled.state import CLOSED, State
from referee.games.titled.title import Title
from tests.games.titled.helpers import edited, play, start

GAME = Titled()


def auction() -> State:
    """18Chesapeake for A,B,C: the privates bought at face value in turn; C's CV brings the
    president's certificate of the company drawn for it, still to be named."""
    state, _ = play(
        start("18Chesapeake", "A,B,C"),
        "A bid D&R 20",
        "B bid C-P 40",
        "C bid B&S 50",
        "A bid C&OC 80",
        "B bid B&OR 100",
        "C bid CV 200",
    )
    return state


def lv_operates() -> State:
    """C names LV (drawn for CV) at 95 and floats it; A floats PRR at 95; operating round 1.1
    begins with LV (first on the shared space)."""
    state, _ = play(auction(), "C par LV 95", "A par PRR 95", "A done", "B done")
    for _turn in range(4):
        state, _ = play(state, "C buy LV", "C done", "A buy PRR", "A done", "B done")
    state, _ = play(state, "C done", "A done")  # B passed last: three passes in a row
    assert state.round == "operating" and state.order[state.operating] == "LV"
    return state


def test_the_buyer_names_the_company_drawn_for_his_private_by_its_par() -> None:
    """privates.CV.gives_president = "drawn": CV's buyer receives the president's certificate
    of the company drawn before the game, and names it by setting its par price: any company
    not yet started, by him only."""
    state = auction()
    options = GAME.options(state)
    assert options.actor == "C" and options.verbs == ("par",)
    assert "LV" in options.args["par"][0] and "PRR" in options.args["par"][0]
    with pytest.raises(RuleError, match="not your turn|C's turn|it is C"):
        apply(state, Par("A", "LV", 95))
    state, events = apply(state, Par("C", "LV", 95))
    assert state.drawn == {"CV": "LV"} and state.corps["LV"].president == "C"
    assert state.corps["LV"].percent("C") == 20 and state.cash["C"] == 550
    assert state.round == "stock" and any("LV starts at $95" in e.text for e in events)


def test_a_private_closes_when_the_company_drawn_for_it_buys_a_train() -> None:
    """privates.CV.closes_when_bought_train_by = "drawn": CV closes when LV, the company drawn
    for it, buys its first train."""
    state = lv_operates()
    assert state.privates["CV"] == "C"
    state, events = play(state, "C train 2")
    assert state.privates["CV"] == CLOSED
    assert "CV closes (LV bought a train)" in [e.text for e in events]


def test_a_private_lays_as_many_extra_tiles_as_its_count() -> None:
    """privates.C-P.extra_lay count = 2: the company owning C-P lays tile 8 or 9 on H2 and on
    I3, both besides its own lay; a third is refused."""
    state = edited(lv_operates(), lambda d: d.privates.update({"C-P": "LV"}))
    state, _ = apply(state, Lay("C", "H2", "9", 2, 0, "C-P"))
    state, _ = apply(state, Lay("C", "I3", "9", 2, 0, "C-P"))
    assert state.extra_lays == ["C-P", "C-P"] and state.op.lays == 0
    with pytest.raises(RuleError, match="C-P's extra tile lay is used"):
        apply(state, Lay("C", "I3", "8", 2, 0, "C-P"))


def test_a_private_lay_is_lost_when_another_tile_is_laid_on_its_hexes() -> None:
    """privates.B&S.extra_lay lost_to_other_lays: a company's own lay on F4, one of B&S's
    hexes, forfeits B&S's lay."""
    state = lv_operates()
    state, events = play(state, "C tile F4 9 2 0")
    assert state.extra_lays == ["B&S", "B&S"]
    assert "B&S loses its tile lay: another tile was laid on F4" in [e.text for e in events]
    owned = edited(state, lambda d: d.privates.update({"B&S": "LV"}))
    with pytest.raises(RuleError, match="B&S's extra tile lay is used"):
        apply(owned, Lay("C", "G5", "9", 2, 0, "B&S"))


def test_a_private_lay_as_the_companys_own_then_its_free_station() -> None:
    """privates.C&OC.extra_lay as_own_lay and free_station: LV lays 57 on D2 with C&OC as its
    own lay, paying the terrain; then places its next token there free, as its turn's
    station."""
    state = edited(lv_operates(), lambda d: d.privates.update({"C&OC": "LV"}))
    cash = state.corps["LV"].cash
    state, _ = apply(state, Lay("C", "D2", "57", 1, 80, "C&OC"))
    assert state.op.lays == 1 and state.corps["LV"].cash == cash - 80
    with pytest.raises(RuleError, match="LV has laid its 1 tile this turn"):
        play(state, "C tile E3 57 1 0")
    assert GAME.parse(state, "C", ["token", "D2", "0", "c&oc"]) == Token("C", "D2", 0, "C&OC")
    with pytest.raises(RuleError, match="C&OC's station goes on D2"):
        apply(state, Token("C", "E3", 0, "C&OC"))
    state, events = apply(state, Token("C", "D2", 0, "C&OC"))
    assert ("D2", 0, "LV") in state.stations and state.corps["LV"].cash == cash - 80
    assert state.corps["LV"].stations == 2 and state.op.tokened
    assert "LV places a free station on D2 with C&OC" in [e.text for e in events]
    with pytest.raises(RuleError, match="C&OC's station follows its tile lay, once"):
        apply(state, Token("C", "D2", 0, "C&OC"))
    with pytest.raises(RuleError, match="B&S brings no free station"):
        apply(state, Token("C", "F4", 0, "B&S"))


def test_the_next_train_is_exported_when_a_set_of_operating_rounds_ends() -> None:
    """operating.export_after_set: when operating round 1.1 (the set of phase 2) ends, a 2 is
    exported; with the 2s gone, the first 3 is exported and phase 3 begins as if it were
    bought."""
    state = lv_operates()
    twos = state.depot["2"]
    after, events = play(state, "C done", "A done")
    assert after.round == "stock" and after.depot["2"] == twos - 1 and after.phase == "2"
    assert "a 2 train is exported (leaves the game)" in [e.text for e in events]
    state = edited(state, lambda d: d.depot.update({"2": 0}))
    after, events = play(state, "C done", "A done")
    assert after.depot["3"] == 5 and after.phase == "3" and "3" in after.bought_kinds
    assert any(e.text.startswith("phase 3:") for e in events)


def test_export_after_set_names_trains_of_the_title() -> None:
    raw, _file = title_data("18Chesapeake")
    raw = {**raw, "operating": {**raw["operating"], "export_after_set": ["7"]}}
    with pytest.raises(TitleError, match="export_after_set.*names no train '7'"):
        describe(raw, "t.toml")


def test_the_18chesapeake_map_gives_each_hex_its_first_tiles_cost() -> None:
    """tables/maps/18chesapeake.toml: `cost` and `terrain` (map.rb upgrade=cost:N)."""
    from referee.eighteen.maps import load_map

    hexes = load_map("18chesapeake").hexes
    assert (hexes["D2"].cost, hexes["D2"].terrain) == (80, "mountain")
    assert (hexes["H6"].cost, hexes["H6"].terrain) == (40, "water")
    assert hexes["F8"].cost == 0


def test_bids_raise_in_steps_and_only_leading_bids_hold_cash() -> None:
    """auction.raise_in_steps: a bid is the least allowed plus a multiple of min_raise;
    auction.only_leading_bids_hold_cash: A's bid on CV, outbid by B, no longer holds A's cash
    (18xx.games MUST_BID_INCREMENT_MULTIPLE, ONLY_HIGHEST_BID_COMMITTED)."""
    state, _ = play(start("18Chesapeake", "A,B,C"), "A bid CV 700", "B bid CV 705", "C done")
    with pytest.raises(RuleError, match=r"B&OR is \$105 plus a multiple of \$5"):
        play(state, "A bid B&OR 107")
    strict = edited(state, lambda d: setattr(d, "title", _all_bids_hold(d)))
    with pytest.raises(RuleError, match="A's bids would pass his cash, \\$800"):
        play(strict, "A bid B&OR 105")
    state, _ = play(state, "A bid B&OR 105")
    assert [b.amount for b in state.auction.bids["B&OR"]] == [105]


def _all_bids_hold(state: State) -> Title:
    auction = replace(state.title.auction, only_leading_bids_hold_cash=False)
    return replace(state.title, auction=auction)
