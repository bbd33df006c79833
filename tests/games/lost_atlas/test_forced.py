"""Forced moves (`force ...`): the table has the last word. A forced move skips exactly the
rules it breaks and names each one (an `Overridden` event); a move whose effect cannot be
computed is refused all the same."""

from __future__ import annotations

import pytest

from referee.core.engine import Overridden, RuleError, typed_move
from referee.games.lost_atlas.sections import R_AUCTION, R_BUY, R_FORCED, R_LIMIT, R_SR
from referee.games.lost_atlas.state import State
from referee.play.session import Session

from .helpers import MICRO2, G, new, play, two_minors


def forced(s: State, actor: str, line: str) -> tuple[State, list[str], list[str]]:
    """Apply `line` by `actor` as a forced move: the new state, the rules overridden, and the
    other events."""
    state, events = G.apply(s, typed_move(G, s, actor, line.split()), forced=True)
    rules = [e.rule for e in events if isinstance(e, Overridden)]
    return state, rules, [e.text for e in events if not isinstance(e, Overridden)]


def founded() -> State:
    """Micro, A and B: A founded Expansive (40%); B is to act in the stock round."""
    return play(new(), "auction 120", "pass", "pick Expansive")


def test_a_legal_move_forced_overrides_nothing__rule_8() -> None:
    s = founded()
    state, rules, texts = forced(s, "B", "buy Expansive")
    assert rules == []
    assert texts == [e.text for e in G.apply(s, typed_move(G, s, "B", ["buy", "Expansive"]))[1]]
    assert state.companies["Expansive"].held("B") == 1


def test_each_rule_broken_is_named_once__rule_4_rule_6_rule_8() -> None:
    s = play(founded(), "pass", "buy Expansive", "pass").draft()  # A holds 3 of 5 (60%)
    s.cash["A"] = 10
    with pytest.raises(RuleError) as e:
        G.apply(s, typed_move(G, s, "A", ["buy", "Expansive"]))
    assert e.value.rule == R_LIMIT
    state, rules, _ = forced(s, "A", "buy Expansive")
    assert sorted(rules) == sorted([R_LIMIT, R_BUY])  # 60% and the cash; A's turn is legal
    assert state.companies["Expansive"].held("A") == 4
    assert state.cash["A"] == 10 - 60
    _, rules, _ = forced(s.seal(), "B", "buy Expansive")
    assert rules == [R_SR]  # out of turn only


def test_a_forced_low_bid_opens_the_auction__rule_7() -> None:
    s = new()
    with pytest.raises(RuleError) as e:
        G.apply(s, typed_move(G, s, "A", ["auction", "50"]))
    assert e.value.rule == R_AUCTION
    state, rules, _ = forced(s, "A", "auction 50")
    assert rules == [R_AUCTION]
    assert state.sr is not None and state.sr.auction is not None
    assert state.sr.auction.high == 50


def test_a_forced_done_without_a_train_ends_the_turn__rule_20() -> None:
    s = two_minors()
    with pytest.raises(RuleError) as e:
        G.apply(s, typed_move(G, s, "B", ["done"]))
    assert e.value.rule == R_FORCED
    state, rules, _ = forced(s, "B", "done")
    assert R_FORCED in rules
    assert state.orr is not None and state.orr.current == "Expansive"


def test_what_cannot_be_computed_is_refused_even_forced__rule_8() -> None:
    s = founded()
    with pytest.raises(RuleError) as e:
        forced(s, "B", "buy Expansive pool")  # no share of Expansive in the pool
    assert e.value.computable is False


def test_as_out_of_turn_is_judged_only_on_its_own_turn__rule_6() -> None:
    """■6: in the stock round each player acts in turn, and what a turn may do depends on the
    turns before it (prices, the priority deal). `as NAME` on another player's turn has no
    place to be judged early: refused, saying so, without using up B's turn; `force` plays it
    where the game stands, and still not past another rule without saying so."""
    session = Session.new("lost-atlas", ["A", "B"], "micro")
    for line in (MICRO2, "destinations 30/40/70/100", "auction 120", "pass", "pick Expansive"):
        session.play(line)
    assert session.actor() == "B"
    with pytest.raises(RuleError) as e:
        session.play("as A buy Expansive")
    assert e.value.reason == (
        "it is B's turn; Railways of the Lost Atlas judges each move on its own turn: the order"
        " of turns decides what it does"
    )
    assert e.value.rule == R_SR and "force it" in e.value.legal and session.actor() == "B"
    events = session.play('as A force buy Expansive --because "A bought while B thought"')
    assert any(e.text == "out of turn: A moved on B's turn" for e in events)
    assert session.state.companies["Expansive"].held("A") == 3
