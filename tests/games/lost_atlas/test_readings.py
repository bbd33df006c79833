"""Lost Atlas readings (lost-atlas.ja.txt): each choice plays the situation it decides."""

from __future__ import annotations

import pytest

from referee.core.engine import RuleError
from referee.games.lost_atlas.data import TREASURY
from referee.games.lost_atlas.state import State, Train

from .helpers import G, new, play, step, two_minors


def editable(s: State) -> State:
    """A state the test may change by hand (a draft, where states are sealed)."""
    return s.draft() if hasattr(s, "draft") else s


def texts(events: list) -> str:  # type: ignore[type-arg]
    return "\n".join(e.text for e in events)


# --- start-value (L564-L566) ------------------------------------------------------------


@pytest.mark.parametrize(("choice", "price"), [("floor", 80), ("nearest", 90)])
def test_start_value_between_two_spaces__rule_7(choice: str, price: int) -> None:
    """A wins Expansive for 175: half is 87, between the spaces 80 and 90."""
    s = play(new(readings={"start-value": choice}), "auction 175", "pass")
    s, events = step(s, "pick Expansive")
    assert s.companies["Expansive"].price == price
    assert f"reading lost-atlas.start-value={choice}" in texts(events)


# --- train-limit (L1104, L1143) ---------------------------------------------------------


def _two_and_three(choice: str) -> State:
    """Express (a minor, limit 2) holds a 2 and a 3 and may buy the first 4 (it rusts 2s)."""
    s = editable(play(two_minors(train_limit=choice), "buy 2", "run 0"))
    s.companies["Express"].cash = 2000
    s.companies["Express"].trains = [Train("2"), Train("3")]
    s.deck, s.level, s.colour = {"2": 0, "3": 0, "4": 3}, 3, "green"
    return s


def test_train_limit_before_rust_refuses_the_first_4__rule_12() -> None:
    with pytest.raises(RuleError) as e:
        step(_two_and_three("before-rust"), "buy 4")
    assert "train limit (2)" in e.value.reason
    assert e.value.reading == "reading lost-atlas.train-limit=before-rust"


def test_train_limit_after_rust_lets_the_4_rust_the_2__rule_12() -> None:
    s, _ = step(_two_and_three("after-rust"), "buy 4")
    assert [t.kind for t in s.companies["Express"].trains] == ["3", "4"]
    assert "2" in s.rusted_log


def test_train_limit_is_checked_after_the_purchase_by_default__rule_12_rule_19() -> None:
    """L1104 上限以内に収まるように limits what a purchase leaves, and L1143-L1145 make rusting
    an effect of the purchase: the default reading is after-rust."""
    s = editable(play(two_minors(), "buy 2", "run 0"))
    s.companies["Express"].cash = 2000
    s.companies["Express"].trains = [Train("2"), Train("3")]
    s.deck, s.level, s.colour = {"2": 0, "3": 0, "4": 3}, 3, "green"
    s, events = step(s, "buy 4")
    assert [t.kind for t in s.companies["Express"].trains] == ["3", "4"]
    assert any("reading lost-atlas.train-limit=after-rust" in e.text for e in events)


# --- sales (L626) -----------------------------------------------------------------------


def _second_turn(choice: str) -> State:
    """Cycle 2's stock round: A buys a share of Express, B passes: A's second turn."""
    s = play(two_minors(sales=choice), "buy 2", "run 0", "done", "buy 2", "run 0", "done")
    return play(s, "run 0", "done", "run 0", "done", "buy Express", "pass")


def test_sales_first_in_turn_allows_a_sale_on_a_later_turn__rule_9() -> None:
    s, _ = step(_second_turn("first-in-turn"), "sell Express 1")
    assert s.companies["Express"].held("A") == 0 and s.cash["A"] == 65 + 40


def test_sales_first_turn_refuses_a_sale_on_a_later_turn__rule_9() -> None:
    with pytest.raises(RuleError) as e:
        step(_second_turn("first-turn"), "sell Express 1")
    assert e.value.reading == "reading lost-atlas.sales=first-turn"


# --- bankrupt-other (L1168-L1180) -------------------------------------------------------


def _bankrupt_presiding_alone(choice: str) -> State:
    """B goes bankrupt with Express and also presides over Expansive, which nobody else holds."""
    s = editable(play(two_minors(bankrupt_other=choice), "buy 2", "run 0"))
    s.companies["Express"].trains, s.companies["Express"].cash = [], 0
    s.deck, s.level, s.colour = {"2": 0, "3": 0, "4": 3}, 3, "green"
    s.cash["B"] = 10
    expansive = s.companies["Expansive"]
    expansive.president, expansive.shares = "B", {"B": 2, TREASURY: 3}
    s, _ = step(s, "bankrupt")
    return s


def test_bankrupt_other_closes__rule_20() -> None:
    s = _bankrupt_presiding_alone("closes")
    assert "Expansive" not in s.companies and "Expansive" in s.closed


def test_bankrupt_other_passes_on_to_the_next_player__rule_20() -> None:
    s = _bankrupt_presiding_alone("passes-on")
    expansive = s.companies["Expansive"]
    assert expansive.president == "A" and expansive.held("A") == 2


# --- price-zero (L109) ------------------------------------------------------------------


def _expansive_at_zero(choice: str) -> tuple[State, list]:  # type: ignore[type-arg]
    """Expansive stands at price 0 when Express ends its turn: Expansive is next."""
    s = editable(two_minors(price_zero=choice))
    s.companies["Expansive"].price = 0
    s = play(s, "buy 2", "run 60", "payout")
    return step(s, "done")


def test_price_zero_operates__rule_11() -> None:
    s, _ = _expansive_at_zero("operates")
    assert s.orr is not None and s.orr.current == "Expansive"


def test_price_zero_closes_instead_of_operating__rule_11_rule_20() -> None:
    s, events = _expansive_at_zero("closes")
    assert "Expansive" not in s.companies and "Expansive" in s.closed
    assert "reading lost-atlas.price-zero=closes" in texts(events)
    assert s.orr is not None and s.orr.current == "Express"  # operating round 2 began


# --- zero-revenue (L940-L942, L985-L987) ------------------------------------------------


@pytest.mark.parametrize(("choice", "price"), [("drops", 50), ("stays", 60)])
def test_zero_revenue_with_trains__rule_16_rule_17(choice: str, price: int) -> None:
    s, events = step(play(two_minors(zero_revenue=choice), "buy 2"), "run 0")
    assert s.companies["Express"].price == price
    assert f"reading lost-atlas.zero-revenue={choice}" in texts(events)
    assert G.options(s).actor == "B"  # Express may still buy trains
