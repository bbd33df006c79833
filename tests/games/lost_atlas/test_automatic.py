"""Lost Atlas moves with no choice in them, made by the referee (issue 16; the frame's
`engine.automatic_move` makes a move when `options` leave exactly one): each case names the rule
that leaves one move, and the case beside it where the table still has a choice. Then the
session: said and logged as automatic, confirmed when typed, undone with the move that caused
it, echoed in batch mode; and the grammar that saves keys (a lay said by its hex, payout alone)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli.main import cli
from referee.core.engine import RuleError, automatic_move, with_automatic
from referee.games.lost_atlas.state import MergerRound, State
from referee.play.session import Session

from .helpers import MICRO2, TWO_MINORS, G, new, play, step, two_minors

# The opening of helpers.two_minors, as typed into a session.
OPENING = (MICRO2, "destinations 30/40/70/100", *TWO_MINORS)


def made(state: State) -> tuple[str, str]:
    """Who the referee moves for, and the move (AssertionError if there is a choice)."""
    found = automatic_move(G, state)
    assert found is not None, G.options(state)
    return found[0], found[1]


# --- the operating round ----------------------------------------------------------------------
def test_done_is_made_when_the_company_can_buy_no_train__rule_18_rule_21() -> None:
    """Express (B) bought a 2 (cash 30), runs 40 and pays out: 8 a share, 24 to its treasury:
    54. A 2 costs 100 and Expansive has no train to sell: after the dividend only a purchase
    could come (■18), none can, so done is the one move (■21)."""
    s = play(two_minors(), "buy 2", "run 40", "payout")
    assert s.companies["Express"].cash == 54
    assert G.options(s).verbs == ("done",)
    assert made(s) == ("B", "done")


def test_done_is_typed_while_a_train_may_be_bought_from_another_company__rule_18() -> None:
    """Expansive (A): 120 - 100 + 24 = 44, no deck train it can pay; but Express has a 2 it may
    sell at any agreed price of at least 1 (■18): a choice, so the table types done."""
    s = play(two_minors(), "buy 2", "run 40", "payout", "done", "buy 2", "run 40", "payout")
    assert s.companies["Expansive"].cash == 44
    assert G.options(s).verbs == ("buy", "done")
    assert automatic_move(G, s) is None


def test_done_waits_while_suburban_may_place_a_suburb__rule_26() -> None:
    """■26 Suburban places its suburbs at any time of its turn: after the dividend a suburb
    left is a choice beside done (without the map, the table knows where)."""
    s = play(two_minors(), "buy 2", "run 40", "payout").draft()
    s.companies["Express"].abilities.append("Suburban")
    s = s.seal()
    assert G.options(s).verbs == ("done", "suburb")
    assert automatic_move(G, s) is None


def test_done_is_made_at_the_train_limit__rule_12_rule_18() -> None:
    """A minor holds two trains in yellow (■12): at the limit nothing may be bought, whatever
    its cash."""
    s = play(two_minors(), "buy 2", "run 40", "payout", "done", "buy 2", "run 40", "payout")
    s = s.draft()
    s.companies["Expansive"].cash = 500
    s.companies["Expansive"].trains.append(s.companies["Express"].trains[0])
    s.companies["Express"].trains.clear()
    assert G.options(s.seal()).verbs == ("done",)


def test_with_the_map_the_dividend_runs_the_best_routes_first__rule_16_rule_17() -> None:
    """■16: the trains run, then ■17 the dividend. With the map known, `payout` before a run
    runs the routes `run best` would (Eastern's 2: the mine's two cities, 30 + 20) and pays."""
    from .test_track import mapped

    s, events = step(play(mapped(), "buy 2"), "payout")
    texts = [e.text for e in events]
    assert "Eastern runs for 50" in texts and "Eastern pays 50: 10 a share" in texts
    assert s.orr is not None and s.orr.paid and s.companies["Eastern"].revenues == [50]
    # withholding runs them the same way; a lower revenue is typed with run first (■16 asks
    # the trains to run, not for the most they can earn)
    s, _ = step(play(mapped(), "buy 2"), "withhold")
    assert s.companies["Eastern"].cash == 20 + 50
    s = play(mapped(), "buy 2", "run 30", "payout")
    assert s.companies["Eastern"].revenues == [30]


def test_without_the_map_the_dividend_waits_for_the_run__rule_16() -> None:
    s = play(two_minors(), "buy 2")
    with pytest.raises(RuleError, match="run the trains first"):
        step(s, "payout")


def test_a_move_that_starts_with_a_hex_is_a_lay__rule_14() -> None:
    """■14 by the track's sides, the verb left out: `M25 N-S` is `lay M25 N-S`; completion
    offers the sides legal on the hex under the hex itself."""
    from .test_track import mapped

    s = play(mapped(), "buy 2")
    assert "N-S" in G.options(s).args["M25"][0]
    short, _ = step(s, "M25 N-S")
    long, _ = step(s, "lay M25 N-S")
    assert G.snapshot(short) == G.snapshot(long) and short.tiles["M25"]


def test_in_the_shell_a_lay_by_its_hex_takes_prefixes_in_any_case__rule_14() -> None:
    """Typed as at the table: `m25 ne` is the one lay on M25 whose sides start NE (NE-S)."""
    from .helpers import SHORT_CHARTERS, SHORT_MAP

    session = Session.new("lost-atlas", ["A", "B"], "short")
    opening = ("auction 120", "pass", "pick Expansive", "auction 120", "pass", "pick Eastern")
    for line in (*SHORT_MAP, SHORT_CHARTERS, "destinations 30/40/70/100", *opening):
        session.play(line)
    session.play("pass")
    session.play("pass")
    session.play("buy 2")
    said = [e.text for e in session.play("m25 ne")]
    assert said == ["Eastern lays yellow on M25 (tile 8: NE-S)"]
    assert session.entries[-1].text == "m25 ne"


# --- the stock round ----------------------------------------------------------------------------
def test_a_player_who_can_do_nothing_else_passes__rule_6() -> None:
    """■6: an auction, sales and/or a purchase, or a pass. With 100 (an opening bid is at
    least 120, ■7), no company to buy and nothing to sell, A's turn is a pass."""
    s = new().draft()
    s.cash["A"] = 100
    s = s.seal()
    assert G.options(s).verbs == ("pass",)
    assert made(s) == ("A", "pass")
    after, _ = with_automatic(G, s)
    assert G.options(after).actor == "B"  # B has a choice: the referee waits


def test_a_bidder_who_cannot_pay_a_raise_passes__rule_7() -> None:
    """■7: the others raise or pass; B with 120 cannot bid 125."""
    s = play(new(), "auction 120").draft()
    s.cash["B"] = 120
    s = s.seal()
    assert G.options(s).verbs == ("pass",)
    assert made(s) == ("B", "pass")


def test_the_one_minor_left_is_picked__rule_7() -> None:
    """■7: the winner takes one of the charters on top of the columns; one left is no choice."""
    s = new().draft()
    s.columns = [["Express"]]
    s = play(s.seal(), "auction 120", "pass")
    assert made(s) == ("A", "pick Express")


def test_after_a_sale_a_purchase_only_force_allows_leaves_done_to_the_table__rule_8_rule_10() -> (
    None
):
    """■9 sales, then ■8 one share: A sold its Express share and may not buy Express back this
    round; A holds 3 of Expansive, the 60% limit (■4): done is the one legal move, but a forced
    purchase could still come (issue 26 item 2), so the referee does not make it: the table
    types it. Ending a turn after a sale is an action, not a pass (■10), and the referee says
    which it was."""
    s = play(two_minors(), "buy 2", "run 0", "done", "buy 2", "run 0", "done")
    s = play(s, "run 0", "done", "run 0", "done")  # cycle 2's stock round
    s = s.draft()
    assert s.round == "stock" and s.sr is not None
    s.companies["Express"].shares = {"B": 2, "A": 1, "treasury": 2}
    s.companies["Expansive"].shares = {"A": 3, "treasury": 2}
    s.companies["Express"].operated = True
    s.cash["A"] = 0
    s.sr.turn = "A"
    s, _ = step(s.seal(), "sell Express")
    options = G.options(s)
    assert options.verbs == ("done",) and "only by force" in options.forceable
    assert automatic_move(G, s) is None
    s, events = step(s, "done")
    assert "A ends the turn after selling (an action, not a pass)" in [e.text for e in events]


# --- the merger round ---------------------------------------------------------------------------
def _merger_round() -> State:
    s = play(two_minors(), "buy 2", "run 0", "done", "buy 2", "run 0", "done")
    s = s.draft()
    s.colour = "green"  # ■22: merger rounds from the green phase on
    return play(s, "run 0", "done", "run 0", "done")


def test_a_minor_with_no_partner_passes__rule_22() -> None:
    """■22: a refused proposal may not be made again this round; with no other minor to ask,
    the proposer passes, and so does the one that refused."""
    s = _merger_round()
    first = s.mr.current  # type: ignore[union-attr]
    other = "Express" if first == "Expansive" else "Expansive"
    assert G.options(s).verbs == ("pass", "propose")
    s = play(s, f"propose {other}", "refuse")
    assert G.options(s).verbs == ("pass",)
    after, events = with_automatic(G, s)
    said = [e.text for e in events]
    assert f"{first} passes: no minor it may propose to (■22)" in said
    assert f"{other} passes: no minor it may propose to (■22)" in said
    assert after.round == "stock"  # the round ends, the cycle too


def test_with_the_map_a_minor_no_route_links_passes__rule_22() -> None:
    """■22: a proposal needs a route from one's station to the other's."""
    from .test_track import eastern_built

    s = eastern_built().draft()
    s.round, s.orr = "merger", None
    s.mr = MergerRound(current="Eastern")
    s = s.seal()
    assert G.options(s).verbs == ("pass",)
    s = s.draft()
    s.companies["Expansive"].hubs.append("M23")  # now linked
    assert G.options(s.seal()).verbs == ("pass", "propose")


def test_the_one_major_left_is_named__rule_22() -> None:
    s = _merger_round()
    first = s.mr.current  # type: ignore[union-attr]
    other = "Express" if first == "Expansive" else "Expansive"
    s = play(s, f"propose {other}", "accept").draft()
    s.majors_used = list(s.majors_available()[1:])
    s = s.seal()
    left = s.majors_available()
    assert len(left) == 1
    assert made(s)[1] == f"major {left[0]}"


# --- the session: said, logged, confirmed, undone, in batch mode ---------------------------------
def session_after_payout() -> tuple[Session, list[str]]:
    session = Session.new("lost-atlas", ["A", "B"], "micro")
    session.settle()
    for line in OPENING:
        session.play(line)
    said: list[str] = []
    for line in ("buy 2", "run 40", "payout"):
        said = [e.text for e in session.play(line)]
    return session, said


def test_the_session_makes_logs_and_says_the_done() -> None:
    session, said = session_after_payout()
    assert "automatic: B: done (no other move)" in said
    assert (session.entries[-1].by, session.entries[-1].text) == ("B", "done")
    assert session.entries[-1].auto and session.actor() == "A"  # Expansive operates


def test_done_typed_after_it_is_a_confirmation() -> None:
    """Old saves and scripts type the done the referee now makes: refused as a move for
    Expansive (it must run first), it confirms the automatic one and changes nothing."""
    session, _ = session_after_payout()
    logged = list(session.entries)
    said = [e.text for e in session.play("done")]
    assert said == ["confirmed: B: done (made automatically)"]
    assert session.entries == logged


def test_undo_takes_the_done_back_with_the_payout() -> None:
    session, _ = session_after_payout()
    typed = len(session.entries) - 1
    session.undo()
    assert len(session.entries) == typed - 1 and session.entries[-1].text == "run 40"
    assert session.actor() == "B" and G.options(session.state).verbs == ("payout", "withhold")
    session.redo()
    assert session.entries[-1].auto and session.entries[-1].text == "done"


def test_a_save_that_typed_the_done_replays_it(tmp_path: Path) -> None:
    """A log from before automatic moves holds the done as typed: it replays as the
    automatic move, to the same state."""
    from referee.store import savefile

    session, _ = session_after_payout()
    path = tmp_path / "old.toml"
    savefile.write(session, path)
    text = path.read_text(encoding="utf-8")
    # A's pass in the auction B opened at 130 (A has 105: no raise, ■7), and B's done
    assert text.count("auto = true") == 2
    path.write_text(text.replace("auto = true", "auto = false"), encoding="utf-8")
    resumed, _ = savefile.read(path)
    assert G.snapshot(resumed.state) == G.snapshot(session.state)
    assert [e.auto for e in resumed.entries] == [e.auto for e in session.entries]


def test_batch_mode_echoes_the_automatic_done(tmp_path: Path) -> None:
    """stdin not a terminal: one command per line, each answer echoed, the referee's own move
    among them; the done typed by an older script is confirmed."""
    lines = [*OPENING, "buy 2", "run 40", "payout", "done"]
    save = tmp_path / "batch.toml"
    args = ["new", "lost-atlas", "--variant", "micro", "-p", "A,B", "--save", str(save)]
    result = CliRunner().invoke(cli, args, input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "automatic: B: done (no other move)" in result.stdout
    assert "confirmed: B: done (made automatically)" in result.stdout


# --- done is not a pass: the referee's done that ends a round is confirmed, never passed on ------
def test_done_does_not_pass_a_stock_turn_or_a_minor__rule_6_rule_22() -> None:
    """■6: a stock turn is an auction, sales and/or a purchase, or a pass; done ends a turn with a
    sale. ■22: a minor proposes or passes."""
    s = new()
    with pytest.raises(RuleError, match="done ends a turn after a sale") as refused:
        step(s, "done")
    assert refused.value.legal == "pass"
    with pytest.raises(RuleError, match="propose MINOR or pass"):
        step(_merger_round(), "done")


def test_the_done_typed_after_the_one_that_ended_the_round_is_a_confirmation() -> None:
    """The scenario types every done, as before the referee made them: the one after the done
    that ended an operating round (the next round's first turn) confirms it; nobody passes."""
    from devtools import scenario
    from referee.shell.shell import Shell
    from tests.test_scenarios import FILES

    path = next(p for p in FILES if p.stem == "lost-atlas-long-3p-six-cycles")
    s = scenario.load(path)
    session = Session.new(s.game, s.players, s.variant, s.board)
    shell = Shell(session)
    confirmed_in = set()
    for command in s.commands:
        if command.refusal is None and not command.figures:
            logged = len(session.entries)
            reply = shell.run(command.text)
            if "confirmed: A: done (made automatically)" in reply.text:
                assert len(session.entries) == logged
                confirmed_in.add(session.state.round)
    assert "stock" in confirmed_in  # the done of OR2's last company, typed in the stock round


def test_a_save_that_passed_a_stock_turn_with_done_replays_it_as_pass(tmp_path: Path) -> None:
    """Older versions took done for pass at the start of a stock turn: such a save still loads,
    the move said as it is said now."""
    from referee.store import savefile

    session = Session.new("lost-atlas", ["A", "B"], "micro")
    for line in OPENING[:-1]:
        session.play(line)
    session.play("pass")  # B's pass ends the round: the last line of the opening
    path = tmp_path / "old.toml"
    savefile.write(session, path)
    text = path.read_text(encoding="utf-8")
    old = text.rsplit('text = "pass"', 1)
    path.write_text('text = "done"'.join(old), encoding="utf-8")
    resumed, warnings = savefile.read(path)
    assert warnings == []
    assert resumed.entries[-1].text == "pass"
    assert G.snapshot(resumed.state) == G.snapshot(session.state)
