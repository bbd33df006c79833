"""Lost Atlas: a move is automatic only when nothing, `force` included, could give the player
another, and no forced move decides what the table did not type (issue 26, item 2)."""

from __future__ import annotations

import pytest

from referee.core.engine import RuleError, automatic_move
from referee.games.lost_atlas.state import Train
from referee.play.session import Session
from referee.shell.shell import Shell

from .helpers import MICRO2, TWO_MINORS, G

OPENING = (MICRO2, "destinations 30/40/70/100", *TWO_MINORS)

BECAUSE = '--because "the table reads the limit after rusting"'
READING = "reading lost-atlas.train-limit=before-rust"


def express_with_a_2_and_a_3(reading: str = "before-rust") -> Session:
    """Micro, A and B: Express (B's minor, limit 2) holds a 2 and a 3, has 2000 and has run
    for 40, its dividend still to say; the deck's next train is the first 4, which rusts the
    2s (■19)."""
    session = Session.new("lost-atlas", ["A", "B"], "micro", readings={"train-limit": reading})
    for line in (*OPENING, "buy 2"):
        session.play(line)
    s = session.state.draft()
    s.companies["Express"].cash = 2000
    s.companies["Express"].trains = [Train("2"), Train("3")]
    s.deck, s.level, s.colour = {"2": 0, "3": 0, "4": 3}, 3, "green"
    session.states[-1] = s.seal()
    session.play("run 40")
    return session


def test_done_is_the_table_s_where_the_reading_forbids_a_train_force_could_buy__rule_12() -> None:
    """■12 under train-limit=before-rust: after the dividend Express may not buy the 4 (its 2
    still counts), so done is the one legal move; but `force buy 4` could give another, so the
    referee asks for it, and the answer names the reading."""
    session = express_with_a_2_and_a_3()
    said = [e.text for e in session.play("withhold")]
    assert not any(text.startswith("automatic:") for text in said)
    assert any(READING in text and "only by force" in text for text in said), said
    assert session.actor() == "B" and G.options(session.state).verbs == ("done",)
    assert automatic_move(G, session.state) is None
    assert READING in Shell(session).next_line()
    session.play(f"force buy 4 {BECAUSE}")
    assert [t.kind for t in session.state.companies["Express"].trains] == ["3", "4"]
    assert session.entries[-1].by == "B"


def test_under_after_rust_done_stays_automatic_when_nothing_can_be_bought__rule_18() -> None:
    """The same Express under after-rust may buy the 4: no automatic done either; with no
    cash for it, done is the one move and no force could change that: the referee's."""
    session = express_with_a_2_and_a_3("after-rust")
    session.play("withhold")
    assert G.options(session.state).verbs == ("buy", "done")
    poor = express_with_a_2_and_a_3()
    s = poor.state.draft()
    s.companies["Express"].cash = 10
    poor.states[-1] = s.seal()
    said = [e.text for e in poor.play("withhold")]
    assert "automatic: B: done (no other move)" in said


def test_a_forced_purchase_before_the_dividend_does_not_pay_out__rule_17() -> None:
    """■17: payout or withhold is the table's to say. Forced before it, a purchase would have
    paid the revenue out unasked: it is refused, and nothing changes."""
    session = express_with_a_2_and_a_3()
    before = G.snapshot(session.state)
    with pytest.raises(RuleError, match="pay out or withhold first"):
        session.play(f"force buy 4 {BECAUSE}")
    with pytest.raises(RuleError, match="pay out or withhold first"):
        session.play(f"force done {BECAUSE}")
    assert G.snapshot(session.state) == before and session.entries[-1].text == "run 40"
