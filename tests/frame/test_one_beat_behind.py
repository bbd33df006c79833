"""The typist one beat behind (issue 26, items 1 and 10): after the referee makes a move with no
choice in it, the typist types it anyway, as the player said it. Every whole game of
tests/scenarios/ played so, each automatic move typed again in full or by its first word, must
go through the same states with the same log as the game played without them: the typed line
confirms the automatic move, and never becomes a move for whoever acts next."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from devtools import scenario
from referee.core.engine import Event, RefereeError
from referee.play.session import Session
from referee.shell.shell import Shell
from tests.test_scenarios import FILES

# How the typist says the referee's move again: in full, or by its verb alone.
TYPISTS: dict[str, Callable[[str], str]] = {
    "in-full": lambda text: text,
    "by-its-verb": lambda text: text.split()[0],
}


def played(s: scenario.Scenario, typist: Callable[[str], str] | None = None) -> Session:
    """The scenario through the shell; with a typist, each automatic move is typed after the
    line that made it, but for those the scenario's next line confirms itself (its scripts type
    some, as written before the referee made them)."""
    session = Session.new(s.game, s.players, s.variant, s.board)
    session.settle()
    shell = Shell(session)
    lines = [c for c in s.commands if not c.figures and c.refusal is None]
    for command, after in zip(lines, [*lines[1:], None], strict=True):
        made = len(session.entries)
        reply = shell.run(command.text)
        assert reply.ok, f"{s.path.name}:{command.number}: {reply.text}"
        if typist is not None:
            for number in _typed_by_the_typist(session, made, after):
                _confirm(shell, number, typist(session.entries[number].text))
    return session


def _typed_by_the_typist(session: Session, made: int, after: scenario.Command | None) -> list[int]:
    """The automatic moves made since entry `made`, up to the one the scenario's next line
    confirms, if it confirms one (found by asking a copy of the session)."""
    numbers = [n for n in range(made, len(session.entries)) if session.entries[n].auto]
    if after is None or not numbers:
        return numbers
    probe = replace(
        session,
        entries=list(session.entries),
        states=list(session.states),
        awaiting=list(session.awaiting),
        store=None,
    )
    if not any(e.text.startswith("confirmed:") for e in _quiet(probe, after.text)):
        return numbers
    confirmed = session.awaiting[len(session.awaiting) - len(probe.awaiting) - 1]
    return [n for n in numbers if n < confirmed]


def _quiet(session: Session, text: str) -> list[Event]:
    try:
        return session.play(text)
    except RefereeError:
        return []


def _confirm(shell: Shell, number: int, text: str) -> None:
    session = shell.session
    made, logged = session.entries[number], list(session.entries)
    reply = shell.run(text)
    assert f"confirmed: {made.by}: {made.text} (made automatically)" in reply.text, reply.text
    assert session.entries == logged


@pytest.mark.parametrize("typist", sorted(TYPISTS))
@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_automatic_move_typed_again_confirms_it_and_the_game_is_the_same(
    path: Path, typist: str
) -> None:
    s = scenario.load(path)
    plain = played(s)
    behind = played(s, TYPISTS[typist])
    game = plain.game
    assert [(e.by, e.text, e.auto) for e in behind.entries] == [
        (e.by, e.text, e.auto) for e in plain.entries
    ]
    assert [game.snapshot(x) for x in behind.states] == [game.snapshot(x) for x in plain.states]


# --- the cases that misled the table (issue 26) ------------------------------------------------
def union_station_after_the_automatic_pass() -> Session:
    """Union Station, three players, black's auction: C bids 8 and A, with less, can only pass
    (the referee passes for A); B may still bid or pass."""
    from tests.games.union_station.helpers import BOARD
    from tests.games.union_station.helpers import session as union_station

    session = union_station("A,B,C", BOARD)
    for line in (
        *("start B", "reveal blue", "start B", "start B", "start C", "reveal green"),
        *("start A", "reveal white", "start C", "reveal orange", "reveal black", "start B"),
        *("reveal blue", "pass", "pass", "bid 9", "pass", "pass", "pass", "bid 9", "bid 10"),
        *("pass", "bid 15", "pass", "pass", "bid 10", "pass", "bid 6", "bid 8"),
    ):
        session.play(line)
    made = session.entries[-1]
    assert (made.by, made.text, made.auto) == ("A", "pass", True)
    assert session.actor() == "B"
    return session


@pytest.mark.parametrize("typed", ["pass", "p", "PASS", "as A pass"])
def test_union_station_the_pass_typed_for_the_player_the_referee_passed_for_is_not_b_s(
    typed: str,
) -> None:
    """株式の購入 (the auction): the `pass` the typist enters for A, one beat behind, confirms
    the referee's pass; it was B's final pass, though B could still bid."""
    session = union_station_after_the_automatic_pass()
    logged, state = list(session.entries), session.game.snapshot(session.state)
    reply = Shell(session).run(typed)
    assert reply.ok and "confirmed: A: pass (made automatically)" in reply.text
    assert reply.text.splitlines()[-1].startswith("Next: B")
    assert session.entries == logged and session.game.snapshot(session.state) == state
    # typed again, it is B's move
    Shell(session).run("pass")
    assert session.entries[-1].by == "B" and not session.entries[-1].auto


def test_union_station_a_move_for_the_next_player_by_name_is_played() -> None:
    """`as B pass` names another player than the one the referee moved for: B's pass."""
    session = union_station_after_the_automatic_pass()
    session.play("as B pass")
    assert (session.entries[-1].by, session.entries[-1].auto) == ("B", False)


def test_union_station_in_a_pipe_the_typed_pass_is_the_confirmation(tmp_path: Path) -> None:
    """Batch mode (stdin not a terminal) reads the line as the shell does."""
    from click.testing import CliRunner

    from referee.cli.main import cli
    from referee.store import savefile

    session = union_station_after_the_automatic_pass()
    save = tmp_path / "game.toml"
    savefile.write(session, save)
    result = CliRunner().invoke(cli, ["resume", str(save)], input="pass\n")
    assert result.exit_code == 0, result.output
    assert "confirmed: A: pass (made automatically)" in result.stdout
    resumed, _warnings = savefile.read(save)
    assert [(e.by, e.text) for e in resumed.entries] == [(e.by, e.text) for e in session.entries]


def test_a_log_typed_before_this_change_replays_the_pass_as_b_s(tmp_path: Path) -> None:
    """Saves keep who made each move: an older referee took the `pass` typed after A's
    automatic pass as B's, and the save, saying so, still replays to that game."""
    from referee.store import savefile

    session = union_station_after_the_automatic_pass()
    session.play("as B pass")  # what the older referee made of the typed `pass`
    save = tmp_path / "old.toml"
    savefile.write(session, save)
    text = save.read_text(encoding="utf-8")
    save.write_text(text.replace('text = "as B pass"', 'text = "pass"'), encoding="utf-8")
    resumed, warnings = savefile.read(save)
    assert warnings == []
    assert resumed.entries[-1].by == "B" and resumed.entries[-1].text == "pass"
    assert resumed.game.snapshot(resumed.state) == session.game.snapshot(session.state)


def test_lost_atlas_the_pass_typed_for_the_player_the_referee_passed_for__rule_6() -> None:
    """■6: with 100 (an opening bid is at least 120, ■7) and nothing to buy or sell, A's stock
    turn is a pass, made by the referee; the `pass` typed for A confirms it, and B, who may
    still open an auction, has not passed."""
    session = Session.new("lost-atlas", ["A", "B"], "micro")
    for line in ("charters Expansive,Eastern / Express,Suburban", "destinations 30/40/70/100"):
        session.play(line)
    poor = session.state.draft()
    poor.cash["A"] = 100
    session.states[-1] = poor.seal()
    said = [e.text for e in session.settle()]
    assert "automatic: A: pass (no other move)" in said and session.actor() == "B"
    assert [e.text for e in session.play("pass")] == ["confirmed: A: pass (made automatically)"]
    assert session.actor() == "B" and session.entries[-1].by == "A"


def test_lost_atlas_after_a_sale_a_purchase_by_force_leaves_done_to_the_table__rule_8() -> None:
    """■8: C sells a share of Tunneling and may not buy it back this round; a forced purchase
    could still come, so the end of C's turn is not made for the table (issue 26 item 2): the
    `buy Tunneling` typed for C is C's, refused by ■8, and never A's purchase."""
    from referee.games.lost_atlas.data import TREASURY
    from referee.games.lost_atlas.state import StockRound

    session = Session.new("lost-atlas", ["A", "B", "C"], "micro")
    for line in (
        "charters Tunneling,Eastern,Expansive / Express,Suburban,Northern",
        "destinations 30/40/70/100",
        "auction 120",
        "pass",
        "pass",
        "pick Tunneling",
    ):
        session.play(line)
    s = session.state.draft()
    s.orr, s.round, s.sr = None, "stock", StockRound(turn="C")
    for co in s.companies.values():
        co.operated, co.new = True, False
    s.companies["Tunneling"].shares = {"A": 2, "C": 2, TREASURY: 1}
    session.states[-1] = s.seal()
    said = [e.text for e in session.play("sell Tunneling 1")]
    assert not any(text.startswith("automatic:") for text in said)
    options = session.game.options(session.state)
    assert (options.actor, options.verbs) == ("C", ("done",))
    assert "only by force" in options.forceable and "■8" in options.forceable
    with pytest.raises(RefereeError) as refused:
        session.play("buy Tunneling")
    assert "C sold Tunneling this round" in str(refused.value)
    assert session.entries[-1].by == "C" and session.actor() == "C"
    session.play('force buy Tunneling --because "the table allows it"')
    assert session.entries[-1].by == "C" and session.actor() == "A"
