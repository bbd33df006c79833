"""Issue 32 item 5 in Lost Atlas: a seat plays the common moves without the phone's keyboard.
The options mark each whole number typed freely (`Options.amounts`: a number pad on the seat)
and list what is finite (the lowest bid, the least raise, the minors of the charters), and the
charters are laid out one name at a time."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from devtools import scenario
from referee.core.engine import Incomplete, RuleError
from referee.core.words import amount_positions
from referee.play import offers
from referee.play.session import Session
from referee.web import seat_page

from .helpers import G, step, two_minors

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
SHORT_COLUMNS = [
    "Expansive",
    "Eastern",
    "Express",
    "Suburban",
    "/",
    "Tunneling",
    "Northern",
    "Resourceful",
    "Agricultural",
]


def _setup(variant: str = "short") -> Session:
    session = Session.new("lost-atlas", ["A", "B"], variant)
    session.settle()
    return session


def _stock(variant: str = "micro") -> Session:
    session = _setup(variant)
    session.play("charters Expansive,Eastern / Express,Suburban")
    session.play("destinations 30/40/70/100")
    return session


def test_an_auction_opens_at_any_bid_on_the_number_pad_the_lowest_offered__rule_7() -> None:
    """■7: the lowest bid is 120, in steps of 5: `auction` takes an amount, 120 offered."""
    options = G.options(_stock().state)
    assert amount_positions(options, "auction", []) == (0,)
    assert options.args["auction"] == (("120",),)


def test_a_bid_raises_by_any_amount_on_the_number_pad_the_least_raise_offered__rule_7() -> None:
    """■7: the next player raises or passes; the least raise is the bid led plus the step."""
    session = _stock()
    session.play("auction 150")
    options = G.options(session.state)
    assert options.verbs == ("bid", "pass")
    assert amount_positions(options, "bid", []) == (0,)
    assert options.args["bid"] == (("155",),)


def _before(text: str) -> Session:
    """The short game of tests/scenarios just before the table first typed `text`."""
    whole = scenario.play(scenario.load(SCENARIOS / "lost-atlas-short-2p-bankruptcy.txt"))
    index = next(i for i, e in enumerate(whole.entries) if e.text == text)
    return replace(
        whole,
        entries=whole.entries[:index],
        states=whole.states[: index + 1],
        store=None,
        awaiting=[],
        redo_stack=[],
    )


def test_each_train_s_revenue_is_an_amount__rule_16() -> None:
    """■16: one revenue per train (or their total), any number: a number pad for each; after
    the first both the move (a total) and a next revenue may follow."""
    session = _before("run 30 40")
    options = G.options(session.state)
    co = session.state.companies[session.state.orr.current]
    assert len(co.trains) == 2
    assert amount_positions(options, "run", []) == (0, 1)
    assert amount_positions(options, "run", ["30", "40"]) == (0, 1)  # a third is no amount
    assert options.args["run"] == (("0",),)
    actor = session.actor()
    assert actor is not None
    assert seat_page.pad(session, actor, "run 30") == {"send": True, "next": True}
    assert seat_page.pad(session, actor, "run 30 40") == {"send": True, "next": False}
    assert seat_page.pad(session, actor, "run 30 40 ") is None


def test_a_train_from_another_company_is_bought_at_a_price_on_the_number_pad__rule_18() -> None:
    """■18: a train from another company at the price the two agree: `buy 2 from Eastern
    for N`, N an amount; the words before it listed."""
    options = G.options(two_minors())
    assert amount_positions(options, "buy", ["2", "from", "Expansive", "for"]) == (4,)


def test_without_the_map_the_terrain_cost_is_an_amount__rule_14_rule_15() -> None:
    """■14, ■15: with no map to read it from, the table says the cost of a tile or a token."""
    options = G.options(two_minors())
    assert amount_positions(options, "lay", ["A1", "yellow", "cost"]) == (3,)
    assert amount_positions(options, "token", ["A1", "cost"]) == (2,)


def test_the_charters_are_offered_name_by_name_each_once_column_by_column__rule_3() -> None:
    """■3: the charters of the game in columns (short: two of four), top first. A seat taps
    them one name at a time, `/` between the columns: a name already laid is not offered
    again, `/` only where a column is full, and the layout taps to the same move as the
    columns typed with commas (old saves)."""
    session = _setup()
    now = offers.of(session)
    done = ["charters"]
    for name in SHORT_COLUMNS:
        said = now.words(done)
        laid = [w for w in done[1:] if w != "/"]
        assert not set(said) & set(laid), said
        assert (said == ["/"]) == (name == "/"), (done, said)
        assert name in said
        done.append(name)
    assert now.verdict(done) == "accepted"
    tapped = session.what_if(" ".join(done))[0].columns
    typed = session.what_if(
        "charters Expansive,Eastern,Express,Suburban / Tunneling,Northern,Resourceful,Agricultural"
    )[0].columns
    assert tapped == typed == [SHORT_COLUMNS[:4], SHORT_COLUMNS[5:]]


def test_a_layout_begun_needs_more_names_a_wrong_one_is_refused__rule_3() -> None:
    """■3: the start of the layout (no column too long, none short before the next) is words
    missing, not a refusal; a minor twice, one not in the game or a column cut short is
    refused by the rule as before."""
    s = _setup().state
    for begun in ("charters Expansive", "charters Expansive Eastern Express Suburban / Tunneling"):
        with pytest.raises(Incomplete, match="columns of"):
            step(s, begun)
    for wrong, why in (
        ("charters Expansive Expansive", "twice"),
        ("charters Expansive Adaptive", "not in the short game"),
        ("charters Expansive Eastern / Express", "columns of"),
        ("charters Expansive Eastern Express Suburban Tunneling", "columns of"),
    ):
        with pytest.raises(RuleError, match=why) as refused:
            step(s, wrong)
        assert "■3" in refused.value.rule


def test_the_seat_shows_a_number_pad_for_the_bid_and_the_revenues() -> None:
    """Issue 32 item 5: where the next word is an amount, the seat's completion says so, with
    whether the number typed makes a whole move (send) or more words follow (next word)."""
    session = _stock()
    actor = session.actor()
    assert actor is not None
    assert seat_page.pad(session, actor, "auction ") == {"send": False, "next": False}
    assert seat_page.pad(session, actor, "auction 300") == {"send": True, "next": False}
    assert seat_page.completions(session, actor, "auction ") == ["auction 120"]
    assert seat_page.pad(session, actor, "auc") is None
    assert seat_page.pad(session, actor, "") is None
    assert seat_page.pad(session, actor, "pass ") is None
    other = next(p for p in session.players if p != actor)
    assert seat_page.pad(session, other, "auction ") is None
