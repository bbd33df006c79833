"""The typist one beat behind a seat (issue 32 item 3, the shell keeps the last word): the move
a player has just tapped on their seat, typed in the shell before any other move, is asked
about where it would be played again for that player, or for a player who has a seat of their
own; the next player's own move typed for a player without a seat is played at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.core.errors import Confirm, RuleError
from referee.play.session import Session
from referee.shell.shell import Shell, register_verbs
from tests.web.seating import Table, seated

EXPRESS01 = Path(__file__).parent.parent / "scenarios"
SCENARIO = EXPRESS01 / "express01-3p-short-three-decks-share-from-display.txt"
ASKED = "from their seat just now"


def c_to_buy() -> Session:
    """Express 01, three players, C to move after laying track (C, A, B in turn order)."""
    from devtools import scenario

    register_verbs()
    s = scenario.load(SCENARIO)
    session = Session.new(s.game, s.players, s.variant, s.board)
    session.settle()
    for line in ("order C A", "lay 20 through green"):
        session.play(line)
    assert session.actor() == "C"
    return session


def logged(session: Session) -> list[tuple[str, str]]:
    return [(e.by, e.text) for e in session.entries]


def test_the_seat_s_move_typed_again_for_the_same_player_is_asked_not_played_twice() -> None:
    """Issue 32 item 3: C taps `buy green r1`; the typist types it (or its short form) a beat
    later: it would be C's second share, so it is asked about; the table's yes plays it."""
    session = c_to_buy()
    session.play_for("C", "buy green r1")
    before = logged(session)
    for typed in ("buy green r1", "BUY green R1", "b g r1"):
        with pytest.raises(Confirm, match=f"C played 'buy green r1' {ASKED} \\(move 3\\)"):
            session.play(typed)
        assert logged(session) == before
    session.play("buy green r1", agreed=True)
    assert logged(session) == [*before, ("C", "buy green r1")]


def test_a_batch_plays_the_double_only_when_the_line_names_the_player() -> None:
    """Issue 32 item 3: a script cannot answer a question: the double is refused in one line
    that says how to play it anyway (`as C ...`), and that line plays it."""
    session = c_to_buy()
    shell = Shell(session)
    session.play_for("C", "buy green r1")
    reply = shell.run("buy green r1")
    assert not reply.ok and reply.exit_code == 1 and "\n" not in reply.text
    assert ASKED in reply.text and "`as C buy green r1`" in reply.text
    assert shell.run("as C buy green r1").ok
    assert logged(session)[-2:] == [("C", "buy green r1"), ("C", "as C buy green r1")]


def test_the_shell_asks_and_plays_the_double_only_on_yes() -> None:
    """Issue 32 item 3: the shell asks as it asks its other confirmations."""
    questions: list[str] = []
    answers = iter([False, True])

    def confirm(question: str) -> bool:
        questions.append(question)
        return next(answers)

    session = c_to_buy()
    shell = Shell(session, confirm=confirm)
    session.play_for("C", "buy green r1")
    count = len(session.entries)
    assert not shell.run("buy green r1").ok and len(session.entries) == count
    assert shell.run("buy green r1").ok and len(session.entries) == count + 1
    assert len(questions) == 2 and questions[0].endswith("play it anyway? [y/N] ")
    assert "C played 'buy green r1' from their seat just now" in questions[0]


def test_the_next_player_s_own_move_is_played_where_they_have_no_seat() -> None:
    """Issue 32 item 3: C taps `done`; the typist types `done` for A, whose moves the typist
    enters (A has no seat open): A's own move, played without a question."""
    session = c_to_buy()
    session.seated.update({"B", "C"})
    session.play_for("C", "done")
    assert session.actor() == "A"
    session.play("done")
    assert logged(session)[-1] == ("A", "done")


def test_the_next_player_s_same_move_is_asked_where_they_have_a_seat() -> None:
    """Issue 32 item 3: C taps `done`; `done` typed a beat later would be A's, but A enters
    their own moves at their seat: more likely C's tap typed again, so it is asked about."""
    session = c_to_buy()
    session.seated.update({"A", "C"})
    session.play_for("C", "done")
    with pytest.raises(Confirm, match="typed again, it is A's move, and A has a seat"):
        session.play("done")
    assert session.actor() == "A" and logged(session)[-1] == ("C", "done")
    session.play("as A done")  # the player named: no question
    assert logged(session)[-1] == ("A", "as A done")


def test_a_double_the_rules_refuse_is_refused_by_the_rule_not_asked() -> None:
    """Issue 32 item 3: only a move that would be played is asked about; typed again, the
    turn order chosen twice is refused by the game's own rule, as without a seat."""
    session = c_to_buy()
    session.undo(2)
    session.play_for("A", "order C A")
    with pytest.raises(RuleError) as refused:
        session.play("order C A")
    assert not isinstance(refused.value, Confirm) and ASKED not in str(refused.value)


def test_after_any_other_move_or_a_take_back_the_same_words_are_played() -> None:
    """Issue 32 item 3: a double is typed before any other move; after one (or after the seat
    took its move back) the same words are a move of their own."""
    session = c_to_buy()
    session.seated.update({"A", "B", "C"})
    session.play_for("C", "buy green r1")
    session.undo_for("C")
    session.play("buy green r1")
    assert logged(session)[-1] == ("C", "buy green r1")
    session.play_for("C", "done")
    session.play("as A buy green r1")
    session.play("buy green r1")  # A's second share, typed after A's first
    assert logged(session)[-2:] == [("A", "as A buy green r1"), ("A", "buy green r1")]


def test_a_seat_may_repeat_its_own_move() -> None:
    """Issue 32 item 3: two taps on the seat are two moves the player made (a request sent
    twice is another matter, answered once: tests/web/test_seats.py)."""
    session = c_to_buy()
    session.play_for("C", "buy green r1")
    session.play_for("C", "buy green r1")
    assert logged(session)[-2:] == [("C", "buy green r1")] * 2


async def test_a_player_has_a_seat_once_their_seat_page_is_open() -> None:
    """Issue 32 item 3: the players who enter their own moves are those whose seat page was
    loaded, while the seats are open."""
    session = c_to_buy()
    async with seated(session) as table:
        await check_seated(table)


async def check_seated(table: Table) -> None:
    assert table.session.seated == set()
    await table.load("A")
    await table.load("C")
    assert table.session.seated == {"A", "C"}
    table.seats.close()
    assert table.session.seated == set()
