"""Readings through the frame (Tally's one reading, pay-limit: cash | none): chosen with
`referee new --reading` or `reading` in the shell before the first move, listed, shown by
status, kept in the save and replayed with it, respected by amend and what-if."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from referee.core.engine import RuleError, UsageError
from referee.play.session import Session
from referee.shell.shell import Shell
from referee.store import savefile
from tests.frame.test_cli import board, run
from tests.frame.test_shell import complete

__all__ = ["board"]  # the fixture, shared with test_cli


def shell(tmp_path: Path, **readings: str) -> Shell:
    s = Session.new(
        "tally", ["Ann", "Bob"], readings={k.replace("_", "-"): v for k, v in readings.items()}
    )
    savefile.create(s, tmp_path / "g.toml")
    return Shell(s)


def test_referee_readings_lists_keys_lines_and_choices() -> None:
    code, out, _ = run(["readings", "tally"])
    assert code == 0
    assert "pay-limit (T1): may a player pay more than they have" in out
    assert "* cash (default): no: a payment is at most the payer's cash" in out
    assert "  none: yes: cash may go below 0" in out
    code, out, _ = run(["readings", "congo-line"])
    assert code == 0 and "move-length (L92, L94)" in out and "auto-move (L96)" in out


def test_new_with_a_reading_plays_by_it_and_saves_it(tmp_path: Path, board: Path) -> None:
    save = tmp_path / "g.toml"
    args = ["new", "tally", "-p", "Ann,Bob", "--save", str(save), "--board", str(board)]
    code, out, _ = run([*args, "--reading", "pay-limit=none"], "give bob 30\nstatus\n")
    assert code == 0, out
    assert "Ann pays 30 to Bob" in out and "Ann: -20" in out
    assert "readings: pay-limit=none (chosen)" in out
    assert tomllib.loads(save.read_text())["readings"] == {"pay-limit": "none"}
    code, out, _ = run(["show", str(save)])
    assert code == 0 and "Ann: -20" in out and "pay-limit=none (chosen)" in out


@pytest.mark.parametrize(
    ("given", "says"),
    [
        ("pay-limit", "--reading 'pay-limit' is not KEY=CHOICE"),
        ("speed=fast", "no reading 'speed' (allowed: pay-limit)"),
        ("pay-limit=maybe", "'maybe' is not a choice of reading pay-limit (allowed: cash, none)"),
    ],
)
def test_a_bad_reading_is_one_line_naming_what_is_allowed(
    tmp_path: Path, board: Path, given: str, says: str
) -> None:
    save = tmp_path / "g.toml"
    args = ["new", "tally", "-p", "Ann,Bob", "--save", str(save), "--board", str(board)]
    code, _, err = run([*args, "--reading", given])
    assert code == 2 and err.startswith(f"referee: {says}") and err.count("\n") == 1
    assert not save.exists()


def test_keys_and_choices_take_the_game_prefix_and_unique_prefixes() -> None:
    s = Session.new("tally", ["Ann", "Bob"], readings={"tally.pay": "NO"})
    assert s.readings.as_dict() == {"pay-limit": "none"}
    assert (
        Session.new("tally", ["Ann", "Bob"], readings={"pay-limit": "cash"}).readings.chosen == ()
    )


def test_reading_in_the_shell_at_setup_is_saved_and_replayed(tmp_path: Path) -> None:
    sh = shell(tmp_path)
    assert "reading" in complete(sh.session, "rea") and complete(sh.session, "reading ") == [
        "pay-limit"
    ]
    assert complete(sh.session, "reading pay-limit ") == ["cash", "none"]
    reply = sh.run("reading pay-limit none")
    assert reply.ok and reply.text.startswith("reading pay-limit=none")
    assert "pay-limit" in sh.run("readings").text and "* none" in sh.run("readings").text
    assert "Ann pays 30 to Bob" in sh.run("give bob 30").text
    sh.run(f"export {tmp_path / 'diary.md'}")
    assert "Variant: standard. Readings: pay-limit=none." in (tmp_path / "diary.md").read_text()
    sh.run("quit")
    sh.session.store.close(sh.session)  # type: ignore[union-attr]
    again, _ = savefile.read(tmp_path / "g.toml")
    assert again.readings.as_dict() == {"pay-limit": "none"} and again.state.cash == (-20, 40)


def test_reading_after_the_first_move_is_refused(tmp_path: Path) -> None:
    sh = shell(tmp_path)
    sh.run("pass")
    reply = sh.run("reading pay-limit none")
    assert not reply.ok and reply.exit_code == 2
    assert "readings are chosen at setup, before the first move" in reply.text
    assert "reading" not in complete(sh.session, "readi")  # no longer offered
    sh.run("undo")
    assert sh.run("reading pay-limit none").ok  # back at the setup


def test_readings_in_the_shell_lists_only_those_that_differ(tmp_path: Path) -> None:
    sh = shell(tmp_path)
    assert sh.run("readings").text.startswith("every reading is the default")
    assert "pay-limit (T1)" in sh.run("readings --all").text
    assert "readings: pay-limit=cash" in sh.run("status").text


def test_a_refusal_decided_by_a_reading_names_it(tmp_path: Path) -> None:
    sh = shell(tmp_path)
    reply = sh.run("give bob 30")
    assert "[rule T1; reading tally.pay-limit=cash]" in reply.text


def test_what_if_and_amend_respect_the_readings(tmp_path: Path) -> None:
    sh = shell(tmp_path, pay_limit="none")
    assert "Ann pays 30 to Bob" in sh.run("what-if give bob 30").text
    sh.run("give bob 1")
    sh.run("pass")
    assert sh.run("amend 1 give bob 25").ok
    assert sh.session.state.cash == (-15, 35)
    (tmp_path / "default").mkdir()
    cash = shell(tmp_path / "default")
    assert "[rule T1; reading tally.pay-limit=cash]" in cash.run("what-if give bob 30").text
    cash.run("give bob 1")
    with pytest.raises(RuleError, match="reading tally.pay-limit=cash"):
        cash.session.amend(1, "give bob 25")


def test_a_save_without_readings_loads_with_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "old.toml"
    path.write_text(
        'format = 2\ngame = "tally"\nvariant = "standard"\nplayers = ["Ann", "Bob"]\n'
        'snapshot_after = 0\n[board]\nbonus = 0\n\n[[moves]]\nby = "Ann"\ntext = "give bob 3"\n'
    )
    s, _ = savefile.read(path)
    assert s.readings.chosen == () and s.state.cash == (7, 13)


def test_a_save_with_a_reading_that_is_not_one_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        'format = 2\ngame = "tally"\nvariant = "standard"\nplayers = ["Ann", "Bob"]\n'
        '[readings]\npay-limit = "sometimes"\n[snapshot]\n'  # a whole header: not one cut short
    )
    with pytest.raises(savefile.SaveFileError, match="the setup is not valid: 'sometimes'"):
        savefile.read(path)
    with pytest.raises(UsageError):
        Session.new("tally", ["Ann", "Bob"], readings={"pay-limit": "sometimes"})
