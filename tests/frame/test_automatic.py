"""No move without a choice: the referee makes a move that has no choice in it, logs it as
automatic, takes the same move typed afterwards as a confirmation, and undoes it together with
the move that caused it. Played on Congo Line, whose `done` is often the only move left."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from devtools import scenario
from referee.core.engine import automatic_move
from referee.games.congo_line.game import CongoLine
from referee.play.session import Session
from referee.shell.shell import Shell
from referee.store import savefile

SCENARIO = Path(__file__).parents[1] / "scenarios" / "congo-line-3p-seventh-city.txt"


def before_orange() -> Session:
    """Congo Line at A's first turn, after the auto-move: A has an orange die left, and done."""
    s = scenario.load(SCENARIO)
    session = Session.new(s.game, s.players, s.variant, s.board)
    session.settle()
    for command in s.commands:
        if command.text == "orange sell B yellow":
            return session
        if command.refusal is None and not command.figures:
            session.play(command.text)
    raise AssertionError("the scenario changed")


def test_the_only_move_left_is_made_said_and_logged_as_automatic() -> None:
    session = before_orange()
    typed = len(session.entries)
    events = session.play("orange sell B yellow")
    assert "automatic: A: done (no other move)" in [e.text for e in events]
    assert [(e.by, e.text, e.auto) for e in session.entries[typed:]] == [
        ("A", "orange sell B yellow", False),
        ("A", "done", True),
    ]
    assert session.actor() == "B"
    assert session.marks()[-1] == "automatic: no other move"


def test_the_automatic_move_typed_afterwards_confirms_it_once() -> None:
    session = before_orange()
    session.play("orange sell B yellow")
    logged = list(session.entries)
    events = session.play("done")
    assert [e.text for e in events] == ["confirmed: A: done (made automatically)"]
    assert session.entries == logged
    # confirmed once: typed again it is B's move, and B must roll first
    with pytest.raises(Exception, match="roll"):
        session.play("done")


def test_a_move_other_than_the_automatic_one_is_played_and_ends_the_wait() -> None:
    session = before_orange()
    session.play("orange sell B yellow")
    session.play("roll red red red red")
    assert session.entries[-1].by == "B" and not session.awaiting


def test_undo_takes_back_the_automatic_move_with_the_move_that_caused_it() -> None:
    session = before_orange()
    state = session.game.snapshot(session.state)
    session.play("orange sell B yellow")
    undone = session.undo()
    assert [(e.text, e.auto) for e in undone] == [("done", True), ("orange sell B yellow", False)]
    assert session.game.snapshot(session.state) == state
    entry, events = session.redo()
    assert entry.text == "orange sell B yellow"
    assert "automatic: A: done (no other move)" in [e.text for e in events]
    assert session.entries[-1].auto and session.actor() == "B"


def test_undo_counts_typed_moves_only() -> None:
    session = before_orange()
    typed = sum(1 for e in session.entries if not e.auto)
    session.play("orange sell B yellow")
    with pytest.raises(Exception, match=f"1 to {typed + 1}"):
        session.undo(typed + 2)


def test_an_automatic_move_cannot_be_amended_the_move_that_led_to_it_can() -> None:
    """Issue 33: the referee's move was the only one there was; amending it would log a move
    a load never replays. The move before it is amended, and the automatic ones made again."""
    session = before_orange()
    session.play("orange sell B yellow")
    number = len(session.entries)
    log = list(session.entries)
    with pytest.raises(Exception, match=f"move {number} \\(A: done\\) was made by the referee"):
        session.amend(number, "done")
    assert session.entries == log
    session.amend(number - 1, "orange buy red")
    assert [(e.by, e.text, e.auto) for e in session.entries[number - 2 :]] == [
        ("A", "orange buy red", False),
        ("A", "done", True),
    ]


def test_the_save_marks_automatic_moves_and_replays_them(tmp_path: Path) -> None:
    session = before_orange()
    session.play("orange sell B yellow")
    path = tmp_path / "game.toml"
    savefile.write(session, path)
    assert path.read_text(encoding="utf-8").count("auto = true") == sum(
        e.auto for e in session.entries
    )
    resumed, warnings = savefile.read(path)
    assert warnings == []
    assert [(e.text, e.auto) for e in resumed.entries] == [
        (e.text, e.auto) for e in session.entries
    ]


def test_an_automatic_move_keeps_the_time_it_was_made_when_the_save_is_loaded(
    tmp_path: Path,
) -> None:
    """The log, the export and the page show when each move was made: an automatic move
    replayed from a save keeps its own time, not the time of the load."""
    session = before_orange()
    session.play("orange sell B yellow")
    made = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    session.entries = [replace(e, at=made) if e.auto else e for e in session.entries]
    path = tmp_path / "game.toml"
    savefile.write(session, path)
    resumed, _ = savefile.read(path)
    assert any(e.auto for e in resumed.entries)
    assert [e.at for e in resumed.entries if e.auto] == [made] * sum(
        e.auto for e in resumed.entries
    )


def test_after_resuming_the_automatic_moves_at_the_end_may_still_be_confirmed(
    tmp_path: Path,
) -> None:
    session = before_orange()
    session.play("orange sell B yellow")
    path = tmp_path / "game.toml"
    savefile.write(session, path)
    resumed, _ = savefile.read(path)
    assert [e.text for e in resumed.play("done")] == ["confirmed: A: done (made automatically)"]
    assert len(resumed.entries) == len(session.entries)


def test_a_save_from_before_automatic_moves_still_loads(tmp_path: Path) -> None:
    """Old saves typed `done` themselves and have no `auto` key: the typed `done` is taken as
    the automatic move it now is, and the game replays to the same state."""
    session = before_orange()
    session.play("orange sell B yellow")
    path = tmp_path / "old.toml"
    savefile.write(session, path)
    path.write_text(path.read_text(encoding="utf-8").replace("auto = true\n", ""), "utf-8")
    resumed, _ = savefile.read(path)
    assert [(e.text, e.auto) for e in resumed.entries] == [
        (e.text, e.auto) for e in session.entries
    ]
    assert resumed.game.snapshot(resumed.state) == session.game.snapshot(session.state)


def test_an_auto_flag_that_is_not_true_or_false_is_refused(tmp_path: Path) -> None:
    session = before_orange()
    session.play("orange sell B yellow")
    path = tmp_path / "bad.toml"
    savefile.write(session, path)
    path.write_text(path.read_text(encoding="utf-8").replace("auto = true", 'auto = "x"'), "utf-8")
    with pytest.raises(savefile.SaveFileError, match="'auto' must be true or false"):
        savefile.read(path)


def test_the_shell_and_batch_mode_echo_the_automatic_move() -> None:
    shell = Shell(before_orange())
    reply = shell.run("orange sell B yellow")
    assert "automatic: A: done (no other move)" in reply.text
    assert reply.text.splitlines()[-1].startswith("Next: B")


def test_a_game_may_keep_a_verb_for_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(CongoLine, "manual_verbs", frozenset({"done"}))
    session = before_orange()
    session.play("orange sell B yellow")
    assert not session.entries[-1].auto and session.actor() == "A"


def test_a_suggested_argument_is_not_a_forced_one() -> None:
    """Lost Atlas offers one sample set of destinations at setup: a suggestion, not the only
    legal value, so the referee waits for the table."""
    session = Session.new("lost-atlas", ["A", "B"], "micro")
    session.play("charters Expansive,Eastern / Express,Suburban")
    options = session.game.options(session.state)
    assert options.verbs == ("destinations",) and len(options.args["destinations"][0]) == 1
    assert automatic_move(session.game, session.state) is None


def test_union_station_the_table_s_own_reveal_of_the_last_colour_confirms_it() -> None:
    """株式の購入: when one railroad is left face down the referee turns it up; the table's
    own `reveal` of it, typed after, is answered as a confirmation, not rejected."""
    path = SCENARIO.with_name("union-station-4p-shares-run-out.txt")
    s = scenario.load(path)
    session = Session.new(s.game, s.players, s.variant, s.board)
    shell = Shell(session)
    for command in s.commands:
        if command.refusal is None and not command.figures:
            reply = shell.run(command.text)
            if "automatic:" in reply.text:
                break
    made = session.entries[-1]
    assert made.auto and made.text.startswith("reveal ")
    reply = shell.run(made.text)
    assert reply.ok and f"confirmed: {made.by}: {made.text}" in reply.text
    assert session.entries[-1] is made
