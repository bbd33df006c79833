"""The interactive shell through prompt-toolkit's pipe input, and what it completes."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from prompt_toolkit.application import create_app_session
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from referee import i18n
from referee.core.engine import Standing, Verb
from referee.play import frame, offers, render
from referee.play.session import Session
from referee.shell.completer import ShellCompleter
from referee.shell.loop import run_interactive
from referee.shell.shell import Shell, help_rows
from referee.store import savefile
from tests.games.union_station.helpers import opened

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def session(tmp_path: Path) -> Session:
    path = tmp_path / "g.toml"
    s = Session.new("tally", ["Ann", "Bob", "Cy"])
    s.store = savefile.FileStore(path)  # unlocked: some tests make several sessions on it
    s.autosave()
    return s


def test_interactive_moves_ctrl_c_and_ctrl_d_save(tmp_path: Path, capsys) -> None:
    s = session(tmp_path)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("give bob 3\r")
        pipe.send_text("half a li\x03")  # Ctrl-C clears the line
        pipe.send_text("give cy 1\r")
        pipe.send_text("\x04")  # Ctrl-D saves and quits
        assert run_interactive(s) == 0
    out = capsys.readouterr().out
    assert "Ann pays 3 to Bob" in out and "Bob pays 1 to Cy" in out
    data = tomllib.loads((tmp_path / "g.toml").read_text())
    assert [m["text"] for m in data["moves"]] == ["give bob 3", "give cy 1"]
    assert (tmp_path / ".g.toml.history").read_text().count("give") == 2


def test_rejections_go_to_stderr_and_the_shell_goes_on(tmp_path: Path, capsys) -> None:
    s = session(tmp_path)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("give bob 99\rpass\rquit\r")
        run_interactive(s)
    captured = capsys.readouterr()
    assert "rejected: Ann has only 10 [rule T1; reading tally.pay-limit=cash]" in captured.err
    assert "Ann passes" in captured.out and len(s.entries) == 1


def complete(s: Session, text: str) -> list[str]:
    doc = Document(text, len(text))
    return [c.text for c in ShellCompleter(s).get_completions(doc, CompleteEvent())]


def test_completion_offers_only_what_is_meaningful_now(tmp_path: Path) -> None:
    s = session(tmp_path)
    assert complete(s, "gi") == ["give"]
    assert complete(s, "give ") == ["Bob", "Cy"]  # not the actor herself
    assert complete(s, "give b") == ["Bob"]
    assert complete(s, "give bob ") == ["1", "2", "5"]
    assert complete(s, "as ") == ["Ann", "Bob", "Cy"]
    assert complete(s, "as cy gi") == ["give"]
    assert "undo" in complete(s, "") and "what-if" in complete(s, "wh")
    assert complete(s, "adjust cash ") == ["Ann", "Bob", "Cy"]


def test_help_lists_legal_moves_and_one_verb(tmp_path: Path) -> None:
    shell = Shell(session(tmp_path))
    text = shell.run("help").text
    assert "Moves legal now:" in text and "give NAME N" in text and "undo" in text
    assert shell.run("help giv").text == "give NAME N\n  pay N to another player"
    assert shell.run("help amend").text.startswith("amend N MOVE")


def test_what_if_shows_the_changes_without_making_the_move(tmp_path: Path) -> None:
    shell = Shell(session(tmp_path))
    text = shell.run("what-if give bob 4").text
    assert "cash Ann: 10 -> 6" in text and "cash Bob: 10 -> 14" in text
    assert shell.session.entries == []


def test_export_writes_markdown_diary(tmp_path: Path) -> None:
    shell = Shell(session(tmp_path))
    shell.run("give bob 3")
    reply = shell.run(f"export {tmp_path / 'diary.md'}")
    assert reply.ok
    text = (tmp_path / "diary.md").read_text()
    assert (
        text.startswith("# Tally, ")
        and "|   1 | Ann  | Ann: give bob 3: Ann's money 10 → 7" in text
    )
    assert "## Standings (game not over)" in text and "| Bob" in text


def test_amend_and_log_show_the_amendment(tmp_path: Path) -> None:
    shell = Shell(session(tmp_path))
    shell.run("give bob 3")
    shell.run("pass")
    reply = shell.run("amend 1 give cy 2")
    assert reply.ok and "move 1 is now 'give cy 2' (was 'give bob 3')" in reply.text
    assert "(amended; was give bob 3)" in shell.run("log").text
    bad = shell.run("amend 9 pass")
    assert not bad.ok and "there is no move 9" in bad.text


def test_undo_after_amend_says_the_amendment_is_taken_back(tmp_path: Path) -> None:
    shell = Shell(session(tmp_path))
    shell.run("give bob 3")
    shell.run("amend 1 give cy 2")
    reply = shell.run("undo")
    assert reply.text.splitlines()[0] == "undone: the amendment of move 1; it is 'give bob 3' again"
    assert [e.text for e in savefile.read(tmp_path / "g.toml")[0].entries] == ["give bob 3"]


def test_completion_quotes_a_name_with_a_space_so_that_it_parses(tmp_path: Path) -> None:
    board = tomllib.loads((FIXTURES / "railroad-rivals-fixture-board.toml").read_text())
    s = Session.new("railroad-rivals", ["Ann", "Bob"], board=board)
    assert complete(s, "start St") == ["'St. Louis'"]
    assert complete(s, 'start "St. L') == ["'St. Louis'"]
    s.play("start 'St. Louis' PRR B&O - NYC 2")  # what completion inserted is a move
    assert "St. Louis" in s.game.status(s.state)


def test_prefixes_complete_against_what_is_legal_now() -> None:
    """Union Station: blue and black both start with `bl`, but only blue can be bought."""
    s = opened()
    s.play("buy green")
    s.play("reveal blue")
    assert complete(s, "bu bl") == ["blue"]
    assert complete(s, "as a bu bl") == ["blue"]
    assert "A buys blue" in s.play("bu bl")[0].text


def test_redo_is_offered_only_when_there_is_something_to_redo(tmp_path: Path) -> None:
    shell = Shell(session(tmp_path))
    shell.run("give bob 3")
    assert "redo" not in complete(shell.session, "re") and "redo" not in shell.run("help").text
    shell.run("undo")
    assert "redo" in complete(shell.session, "re") and "redo" in shell.run("help").text


def test_help_keeps_usage_and_description_apart(tmp_path: Path) -> None:
    text = Shell(session(tmp_path)).run("help").text
    always = text.split("Always:\n")[1].splitlines()
    assert always[0].startswith("  help [VERB]  ")
    force = next(line for line in always if line.startswith("  force "))
    assert re.match(
        r'  force VERB \.\.\. --because "why" {2,}apply a move the referee rejects', force
    )
    summaries = [v.summary for v in Shell(session(tmp_path)).game.verbs()]
    summaries += [v.summary for v in frame.offered(Shell(session(tmp_path)).session)]
    starts = {
        line.index(summary)
        for line in text.splitlines()
        for summary in summaries
        if line.endswith(summary)
    }
    assert len(starts) == 1  # every description starts in the same column, in every list


def test_help_gives_a_usage_too_wide_for_its_column_a_line_of_its_own() -> None:
    verbs = [Verb("go", "go", "move"), Verb("x", "x " + "ARG " * 10, "a long one")]
    assert help_rows(verbs) == [
        "  go" + " " * 32 + "move",
        "  x " + "ARG " * 10,
        " " * 36 + "a long one",
    ]


def test_undo_n_in_the_shell(tmp_path: Path) -> None:
    shell = Shell(session(tmp_path))
    for line in ("give bob 1", "give cy 1", "give ann 1"):
        shell.run(line)
    reply = shell.run("undo 2")
    assert reply.text.splitlines()[:2] == ["undone: Cy: give ann 1", "undone: Bob: give cy 1"]
    assert len(shell.session.entries) == 1
    for bad in ("undo 5", "undo two", "undo 0", "undo 1 2"):
        assert not shell.run(bad).ok and len(shell.session.entries) == 1


def test_long_input_is_clipped_in_errors(tmp_path: Path) -> None:
    shell = Shell(session(tmp_path))
    reply = shell.run(f"give {'x' * 5000} 3")
    assert not reply.ok and len(reply.text) < 200 and f"'{'x' * 39}…'" in reply.text


def test_out_of_turn_moves_are_marked_in_log_and_export(tmp_path: Path) -> None:
    shell = Shell(session(tmp_path))
    reply = shell.run("as cy give ann 4")
    assert reply.ok and "out of turn: Cy has moved at their own place" in reply.text
    shell.run("give bob 1")
    log = shell.run("log").text.splitlines()
    said = "Cy: give ann 4: Cy's money 10 → 6 (out of turn: Ann's turn)"
    assert said in log[2] and "(" not in log[3]
    shell.run(f"export {tmp_path / 'diary.md'}")
    assert said in (tmp_path / "diary.md").read_text()
    shell.run(f"export {tmp_path / 'diary.html'}")  # the page's diary says it the same way
    page = (tmp_path / "diary.html").read_text()
    assert said.replace("'", "&#x27;") in page
    # Tally declares one reading: the diary says which is in force, in words, not as a key
    assert "Settings" in page and "readings: " not in page


def test_force_in_the_shell_names_the_rule_it_overrode(tmp_path: Path) -> None:
    shell = Shell(session(tmp_path))
    reply = shell.run('force as bob give cy 30 --because "Bob owes Cy"')
    lines = reply.text.splitlines()
    assert lines[:3] == [
        "  forced by the table, against the referee",
        "  out of turn: Bob has moved at their own place in the turn order",
        "    overrides [rule T1]: Bob has only 10",
    ]
    reply = shell.run('force give cy 60 --because "a loan"')
    assert not reply.ok and reply.exit_code == 1 and "even forced" in reply.text


def test_flags_in_the_standings_are_words_and_a_flag_nobody_has_is_left_out() -> None:
    rows = [
        Standing("Ann", 30, {"cash": 30, "bankrupt": False}, 1),
        Standing("Bob", 0, {"cash": 0, "bankrupt": True}, 2),
    ]
    text = render.standings(rows, over=True)
    assert "False" not in text and "True" not in text and "yes" in text
    assert "bankrupt" not in render.standings_table([Standing("Ann", 30, {"bankrupt": False}, 1)])


def test_help_knows_the_aliases(tmp_path: Path) -> None:
    reply = Shell(session(tmp_path)).run("help exit")
    assert reply.ok and reply.text.startswith("quit")


def test_the_chooser_takes_a_number_and_nothing_else() -> None:
    """`²` or `①` at "which (1-N)" gave a ValueError traceback: they are digits that int()
    refuses. Anything but a number of the list is none."""
    from referee.shell.loop import which

    for typed, chosen in (("2", 1), (" 3 ", 2), ("²", None), ("①", None), ("4", None), ("", None)):
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
            pipe.send_text(f"{typed}\r")
            assert which("which tile?", ["a", "b", "c"]) == chosen, typed
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("9" * 5000 + "\r")  # int() refuses more than 4,300 digits
        assert which("which tile?", ["a", "b", "c"]) is None


def test_the_next_line_leads_with_who_acts_and_lists_a_few_moves() -> None:
    """Issue 29 item 1: the shell's `Next:` says who acts at what step as the page does
    (`Session.next_step`), then at most the few likeliest moves; the rest are a Tab or `help`
    away, and counted."""
    from referee.shell.shell import NEXT_VERBS
    from tests.web.conftest import played

    with i18n.speaking("en"):
        session = played("18xx-1889-2p-four-sets-privates-rust.txt", upto=40)
        shell = Shell(session)
        legal = offers.of(session).verbs()
        line = shell.next_line()
    assert len(legal) > NEXT_VERBS  # a step with many moves legal
    assert line.startswith(session.next_step() + ": ")
    listed = line.removeprefix(session.next_step() + ": ")  # no `; why`: not forced here
    shown, more = listed.split(" (+")
    assert shown.split(", ") == list(legal[:NEXT_VERBS])
    assert more == f"{len(legal) - NEXT_VERBS}: Tab or help)"
