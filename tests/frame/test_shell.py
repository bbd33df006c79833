"""The interactive shell through prompt-toolkit's pipe input, and what it completes."""

from __future__ import annotations

import tomllib
from pathlib import Path

from prompt_toolkit.application import create_app_session
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from referee import savefile
from referee.session import Session
from referee.shell.commands import Shell
from referee.shell.completer import ShellCompleter
from referee.shell.loop import run_interactive


def session(tmp_path: Path) -> Session:
    path = tmp_path / "g.toml"
    s = Session.new("tally", ["Ann", "Bob", "Cy"])
    savefile.create(s, path)
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
    assert "rejected: Ann has only 10 [rule: T1]" in captured.err
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
    assert text.startswith("# Tally, ") and "|   1 | Ann  | `give bob 3`" in text
    assert "## Standings (game not over)" in text and "| Bob" in text


def test_amend_and_log_show_the_amendment(tmp_path: Path) -> None:
    shell = Shell(session(tmp_path))
    shell.run("give bob 3")
    shell.run("pass")
    reply = shell.run("amend 1 give cy 2")
    assert reply.ok and "move 1 is now 'give cy 2' (was 'give bob 3')" in reply.text
    assert "(amended; was: give bob 3)" in shell.run("log").text
    bad = shell.run("amend 9 pass")
    assert not bad.ok and "there is no move 9" in bad.text
