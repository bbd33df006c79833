"""Audit of rules ■17-■20 (payout, train buying, phase changes, forced purchase and
bankruptcy): each test names the rule sentence it checks."""

from __future__ import annotations

import pytest

from referee.core.engine import RuleError
from referee.games.lost_atlas.data import POOL, TREASURY
from referee.games.lost_atlas.state import State, Train

from .helpers import play, step, two_minors


def _rich_new_minor() -> State:
    """Micro, A and B: Express (new, 300 in cash) is about to start its first OR; the 2-trains
    are gone, so the deck offers the first 3-train."""
    s = two_minors().draft()
    s.deck = {"2": 0, "3": 3, "4": 3}
    s.companies["Express"].cash = 300
    s.hexes["C3"] = "yellow"
    return s


def test_new_phase_tiles_from_the_next_company__rule_19() -> None:
    """■19: the new phase's tiles may be laid from the next company to act in this OR, so a new
    minor whose step-1 train starts the green phase still lays yellow tiles this turn."""
    s = play(_rich_new_minor(), "buy 3")
    assert s.colour == "green"
    with pytest.raises(RuleError, match="not laid in the yellow phase") as e:
        step(s, "lay C3 green")
    assert e.value.rule.startswith("■19")
    s = play(s, "lay C4 yellow", "run 20", "payout", "done")
    assert s.orr is not None and s.orr.current == "Expansive"
    s = play(s, "lay C3 green")  # the next company lays green
    assert s.hexes["C3"] == "green"


def _stranded() -> State:
    """Micro: Express (B) has no train and no cash; the deck offers a 4 at 300; Expansive (A's,
    price 100, operated) has shares B may sell."""
    s = play(two_minors(), "buy 2", "run 0")
    s = s.draft()
    s.companies["Express"].trains, s.companies["Express"].cash = [], 0
    s.deck, s.level, s.colour = {"2": 0, "3": 0, "4": 3}, 3, "green"
    exp = s.companies["Expansive"]
    exp.operated, exp.price = True, 100
    return s


def test_forced_sale_goes_on_until_the_money_is_there__rule_20() -> None:
    """■20: the president sells his shares one by one until the train can be paid; the number
    sold is settled once, so a sale that stops short while more could be sold is refused."""
    s = _stranded()
    s = s.draft()
    s.cash["B"] = 100
    s.companies["Expansive"].shares = {"A": 2, "B": 2, TREASURY: 1}
    with pytest.raises(RuleError, match="sell on until it is there") as e:
        step(s, "sell Expansive 1")
    assert e.value.rule.startswith("■20")
    s = play(s, "sell Expansive 2", "buy 4")
    assert s.cash["B"] == 0 and s.companies["Expansive"].price == 90


def test_one_company_named_twice_drops_once__rule_20() -> None:
    """■20: after the forced sale each company sold drops one space, however many shares."""
    s = _stranded()
    s = s.draft()
    s.cash["B"] = 100
    s.companies["Expansive"].shares = {"A": 2, "B": 2, TREASURY: 1}
    s = play(s, "sell Expansive 1 Expansive 1")
    assert s.companies["Expansive"].price == 90 and s.cash["B"] == 300


def test_bankrupt_president_first_sells_what_he_may__rule_20() -> None:
    """■20: bankruptcy follows the forced purchase's steps: the president first sells the
    shares he may (the price drops one space), and only then leaves the game."""
    s = _stranded()
    s = s.draft()
    s.cash["B"] = 10
    s.companies["Expansive"].shares = {"A": 2, "B": 1, TREASURY: 2}
    money = s.money()
    s = play(s, "bankrupt")
    assert "B" in s.out and "Express" not in s.companies
    exp = s.companies["Expansive"]
    assert exp.price == 90 and exp.held(POOL) == 1 and s.money() == money


def test_inf_in_the_pool_for_800_handing_in_a_train__rule_18() -> None:
    """■18: the ∞ costs 1000, or 800 when a train (not rusted) is handed in to the pool; the
    rule is given for the deck and the pool alike, so an ∞ in the pool is traded for too."""
    s = play(two_minors(), "buy 2", "run 0")
    s = s.draft()
    s.deck, s.level, s.colour = {"7": -1}, 7, "grey"
    s.pool_trains = [Train("inf")]
    s.companies["Express"].cash = 900
    s = play(s, "buy inf pool trade 2")
    co = s.companies["Express"]
    assert co.cash == 100 and [t.kind for t in co.trains] == ["inf"]
    assert [t.kind for t in s.pool_trains] == ["2"]
