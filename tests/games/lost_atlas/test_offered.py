"""Issue 26 in Lost Atlas: what is offered is accepted, a refused lay names the rule that
refused it, and a move of step 7 does not skip a step with a cost silently."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from devtools import scenario
from referee.core.engine import Confirm, RuleError
from referee.play import offers
from referee.play.session import Session
from referee.shell.shell import Shell

from .helpers import G, two_minors

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
R_TRACK = "■14 経営アクション3:線路タイルの敷設"
R_ISSUE = "■13 経営アクション2:(任意)株式の発行または買戻し"


def _session_at(name: str, moves: int) -> Session:
    whole = scenario.play(scenario.load(SCENARIOS / name))
    return replace(
        whole,
        entries=whole.entries[:moves],
        states=whole.states[: moves + 1],
        store=None,
        awaiting=[],
        redo_stack=[],
    )


def test_after_the_turns_upgrade_every_lay_is_refused_by_the_count__rule_14() -> None:
    """■14: two yellow tiles or one upgrade per turn. After the turn's one upgrade (K17), a lay
    anywhere is refused by that rule, not by the tiles that fit (■14 upgrade) or the phase; and
    `lay` is no longer offered."""
    session = _session_at("lost-atlas-long-3p-mapped-six-cycles.txt", 70)
    assert session.entries[-1].text == "lay K17 NE-NW"
    for line in ("lay K17 N-S", "lay K17 NE-SW", "lay M15 S-SW", "lay L16 N-NE-SW-NW city"):
        with pytest.raises(RuleError) as refused:
            session.what_if(line)
        assert refused.value.rule == R_TRACK, line
        assert "two yellow tiles or one upgrade per turn" in refused.value.reason, line
    assert "lay" not in offers.Offers(session, session.state).verbs()


def test_next_lists_only_what_the_company_may_do__rule_11() -> None:
    """■11/■20/■26: at a new minor's step 1, `Next:` does not list suburb (Suburban alone),
    bankrupt and sell (only when the president cannot pay for a forced train), nor lay
    where the company may not lay."""
    session = Session.new("lost-atlas", ["A", "B"], "micro")
    state = two_minors()
    session.states = [state]
    listed = Shell(session).next_line().split("; ", 1)[0].rsplit(": ", 1)[1].split(", ")
    assert G.options(state).verbs != tuple(listed)  # the game's list is longer
    for verb in ("suburb", "bankrupt", "sell"):
        assert verb not in listed
    for verb in listed:
        assert offers.Offers(session, state).viable((verb,))


def test_a_lay_said_without_its_city_is_offered_as_needing_more__rule_14() -> None:
    """The sides of a city tile complete only as the start of the lay; `city` comes next."""
    session = _session_at("lost-atlas-long-3p-mapped-six-cycles.txt", 69)
    now = offers.Offers(session, session.state)
    for hex_ in now.words(["lay"]):
        for sides in now.words(["lay", hex_]):
            line = ["lay", hex_, sides]
            if now.needs_more(line):
                assert now.words(line) or now.verdict(line) != "refused", line
            else:
                session.what_if(" ".join(line))  # accepted


def _express_short(cash: int) -> Session:
    """Micro, B's Express operating at step 1 with `cash` (a 2-train costs 100)."""
    session = Session.new("lost-atlas", ["A", "B"], "micro")
    state = two_minors().draft()
    state.companies["Express"].cash = cash
    session.states = [state.seal()]
    return session


def test_a_purchase_that_skips_a_legal_issue_is_refused_in_batch__rule_13() -> None:
    """■11-■13: at step 1 a new minor that cannot pay for its train alone may still issue a
    share (step 2). `buy 2` would jump to step 7: revenue 0, price down, the president paying
    the rest; in batch mode it is refused, saying what comes first."""
    session = _express_short(90)
    reply = Shell(session).run("buy 2")
    assert not reply.ok
    assert "may still issue a share" in reply.text and "issue first, or run 0" in reply.text
    assert not session.entries and session.state.companies["Express"].price == 60
    with pytest.raises(Confirm) as asked:
        session.what_if("buy 2")
    assert asked.value.rule == R_ISSUE


def test_a_purchase_that_skips_a_legal_issue_is_played_on_the_tables_yes() -> None:
    """In the shell the table is asked; on yes the move is played and says what it skipped,
    and the save's log replays it (the log has confirmed it)."""
    session = _express_short(90)
    asked: list[str] = []

    def yes(question: str) -> bool:
        asked.append(question)
        return True

    reply = Shell(session, confirm=yes).run("buy 2")
    assert reply.ok, reply.text
    assert asked and "play it anyway" in asked[0]
    assert "confirmed by the table: Express may still issue a share" in reply.text
    assert session.state.cash["B"] == 95 - 10  # the president pays the 10 missing (■20)
    assert [e.text for e in session.entries if not e.auto] == ["buy 2"]
    redone = Session.new("lost-atlas", ["A", "B"], "micro")
    redone.states = [session.states[0]]
    for entry in session.entries:
        redone.replay(entry)
    assert G.snapshot(redone.state) == G.snapshot(session.state)


def test_the_issue_then_the_purchase_needs_no_question__rule_13() -> None:
    """Issued first (step 2), the company pays its train itself at step 7."""
    session = _express_short(90)
    shell = Shell(session)
    assert shell.run("issue").ok
    reply = shell.run("buy 2")
    assert reply.ok, reply.text
    assert session.state.cash["B"] == 95  # the president paid nothing


def test_run_0_passes_the_steps_then_the_president_pays__rule_20() -> None:
    """■16/■20: `run 0` says the revenue (0, price down); the forced purchase after it is
    played without a question, the president adding what is missing."""
    session = _express_short(90)
    shell = Shell(session)
    assert shell.run("run 0").ok
    reply = shell.run("buy 2")
    assert reply.ok, reply.text
    assert session.state.cash["B"] == 95 - 10
    assert session.state.companies["Express"].price == 50


def test_a_forced_train_paid_by_the_president_waits_for_the_revenue__rule_20() -> None:
    """■20: past the issue (the treasury empty), a purchase before the revenue that the
    president pays for is refused until the revenue is said (`run 0`)."""
    session = _express_short(90)
    state = session.state.draft()
    state.orr.stage = 3  # type: ignore[union-attr]
    session.states = [state.seal()]
    reply = Shell(session).run("buy 2")
    assert not reply.ok
    assert "would skip its revenue and dividend, and B pay 10" in reply.text
    assert "run 0 first" in reply.text
