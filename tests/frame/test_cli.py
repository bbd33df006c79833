"""The commands, through click's CliRunner: exit codes, one-line errors, files."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli.main import cli, main


def run(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, args, input=stdin)
    assert not isinstance(result.exception, AssertionError | TypeError | KeyError | ValueError)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def board(tmp_path: Path) -> Path:
    path = tmp_path / "tally-board.toml"
    path.write_text("# fixture board for tests\nbonus = 0\n")
    return path


def test_new_plays_commands_from_stdin_and_saves(tmp_path: Path, board: Path) -> None:
    save = tmp_path / "g.toml"
    code, out, _ = run(
        ["new", "tally", "--players", "Ann,Bob", "--save", str(save), "--board", str(board)],
        "give bob 3\nstatus\n",
    )
    assert code == 0, out
    # `finish` is refused until someone has 20 (rule T2): not offered (issue 26)
    assert "> give bob 3\n  Ann pays 3 to Bob\nNext: Bob (playing): give, pass\n" in out
    assert "Ann: 7\nBob: 13" in out
    data = tomllib.loads(save.read_text())
    assert [m["text"] for m in data["moves"]] == ["give bob 3"]


def test_batch_stops_at_the_first_rejection_with_its_exit_code(tmp_path: Path, board: Path) -> None:
    save = tmp_path / "g.toml"
    args = ["new", "tally", "-p", "Ann,Bob", "--save", str(save), "--board", str(board)]
    code, out, _ = run(args, "give bob 30\npass\n")
    assert code == 1
    assert (
        "rejected: Ann has only 10 [rule T1; reading tally.pay-limit=cash]" in out
        and "> pass" not in out
    )
    code, out, _ = run([*args, "--force", "--keep-going"], "give bob 30\nsing\npass\n")
    assert code == 1 and "> pass\n  Ann passes" in out
    code, out, _ = run([*args, "--force"], "sing\n")
    assert code == 2 and "unknown verb 'sing'" in out


def test_new_never_overwrites_without_force(tmp_path: Path, board: Path) -> None:
    save = tmp_path / "g.toml"
    save.write_text("precious")
    code, _, err = run(["new", "tally", "-p", "A,B", "--save", str(save), "--board", str(board)])
    assert code == 2 and "exists and is never overwritten" in err
    assert save.read_text() == "precious"


def test_default_file_name_from_game_and_date(tmp_path: Path, board: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    run(["new", "tally", "-p", "A,B", "--board", str(board)])
    run(["new", "tally", "-p", "A,B", "--board", str(board)])
    names = sorted(p.name for p in tmp_path.glob("tally-2*.toml"))
    assert len(names) == 2 and names[0].endswith("-2.toml")


def test_resume_show_and_log(tmp_path: Path, board: Path) -> None:
    save = tmp_path / "g.toml"
    run(
        ["new", "tally", "-p", "Ann,Bob", "--save", str(save), "--board", str(board)],
        "give bob 3\ngive ann 1\n",
    )
    code, out, _ = run(["resume", str(save)], "give bob 2\nundo\n")
    assert code == 0 and "undone: Ann: give bob 2" in out
    code, out, _ = run(["show", str(save), "--json"])
    data = json.loads(out)
    assert data["state"]["cash"] == {"Ann": 8, "Bob": 12}
    assert data["actor"] == "Ann" and data["moves"] == 2 and data["over"] is False
    code, out, _ = run(["show", str(save)])
    assert "Ann: 8" in out and "Ann to move" in out and "Standings" in out
    code, out, _ = run(["log", str(save)])
    assert (
        code == 0
        and "1  Ann   Ann: give bob 3: Ann's money 10 → 7" in out
        and "2  Bob   Bob: give ann 1" in out
    )


def test_new_without_board_data_when_not_at_a_terminal(tmp_path: Path) -> None:
    code, _, err = run(["new", "tally", "-p", "A,B", "--save", str(tmp_path / "g.toml")])
    assert code == 2
    assert "tally needs board data" in err and "referee board tally --enter" in err


def test_board_walkthrough_stores_and_shows(tmp_path: Path) -> None:
    code, out, _ = run(["board", "tally", "--enter"], "4\n")
    assert code == 0 and "saved in" in out
    code, out, _ = run(["board", "tally"])
    assert "bonus = 4" in out
    code, out, _ = run(["board", "tally", "--enter"], "many\n")
    assert code == 2
    code, out, _ = run(["board", "tally"])
    assert "bonus = 4" in out  # the bad answer stored nothing


def test_board_walkthrough_accepts_an_empty_answer_and_the_game_judges_it() -> None:
    """Optional fields may be left empty; a required one left empty is named, not 'aborted'."""
    code, _, err = run(["board", "tally", "--enter"], "\n")
    assert code == 2 and "bonus must be a whole number, not ''" in err and "aborted" not in err


def test_unknown_game_and_bad_players() -> None:
    code, _, err = run(["new", "chess", "-p", "A,B"])
    assert code == 2 and "unknown game 'chess'" in err
    code, _, err = run(["new", "tally", "-p", "A"])
    assert code == 2


def test_damaged_save_file_exit_code_and_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("format = [\n")
    code, _, err = run(["resume", str(bad)])
    assert (
        code == 2
        and err.count("\n") == 1
        and "line 1: its header" in err
        and "cut short or damaged" in err
    )


def test_dividend_major_minor_and_shares() -> None:
    code, out, _ = run(["dividend", "310", "--major"])
    assert code == 0 and "per share: 31" in out and "6       186" in out
    code, out, _ = run(["dividend", "310", "--minor", "--json"])
    data = json.loads(out)
    assert data["per_share"] == 62 and data["payouts"] == {"1": 62, "2": 124, "3": 186}
    code, out, _ = run(["dividend", "305", "--shares", "4", "--json"])
    assert json.loads(out)["remainder"] == 1 and json.loads(out)["per_share"] == 76


def test_dividend_needs_one_size() -> None:
    code, _, err = run(["dividend", "310"])
    assert code == 2 and "--major, --minor or --shares N" in err


def test_dividend_game_is_one_that_has_a_stock_track() -> None:
    code, out, _ = run(["dividend", "200", "--major", "--price", "100", "--game", "lost-atlas"])
    assert code == 0 and "price 100 -> 120" in out
    code, _, err = run(["dividend", "200", "--major", "--price", "100", "--game", "congo-line"])
    assert code == 2 and "no stock track known for 'congo-line' (allowed: lost-atlas)" in err
    code, out, _ = run(["dividend", "--help"])
    assert "Whose stock track moves the price: lost-atlas." in out


def test_main_turns_click_errors_into_one_line(capsys, monkeypatch) -> None:
    monkeypatch.setattr("sys.argv", ["referee", "dividend", "ten", "--major"])
    with pytest.raises(SystemExit) as info:
        main()
    err = capsys.readouterr().err
    assert info.value.code == 2 and err.count("\n") == 1 and "'ten' is not a valid integer" in err


def test_games_lists_registered_games() -> None:
    code, out, _ = run(["games"])
    assert code == 0 and "tally" in out
    variants = [line.split()[-1] for line in out.split("tally", 1)[1].splitlines()[:2]]
    assert variants == ["standard*", "rich"]  # one a line, the default marked


@pytest.mark.parametrize("sizes", [["--major", "--minor"], ["--minor", "--shares", "4"]])
def test_dividend_refuses_two_sizes(sizes: list[str]) -> None:
    code, out, err = run(["dividend", "310", *sizes])
    assert code == 2 and out == "" and "say the company's size once" in err


def test_an_empty_player_name_is_refused(tmp_path: Path, board: Path) -> None:
    save = tmp_path / "g.toml"
    code, _, err = run(["new", "tally", "-p", ",B,C", "--board", str(board), "--save", str(save)])
    assert code == 2 and "player 1 of 3 has no name" in err
    assert not (tmp_path / "g.toml").exists()


def test_a_very_long_name_is_clipped_in_the_error(capsys, monkeypatch, board: Path) -> None:
    name = "x" * 5000
    monkeypatch.setattr(
        "sys.argv", ["referee", "new", "tally", "-p", f"{name},B", "--board", str(board)]
    )
    with pytest.raises(SystemExit) as info:
        main()
    err = capsys.readouterr().err
    assert info.value.code == 2 and len(err) < 150 and f"'{'x' * 39}…'" in err
    monkeypatch.setattr("sys.argv", ["referee", "new", name])
    with pytest.raises(SystemExit) as info:
        main()
    err = capsys.readouterr().err
    assert info.value.code == 2 and len(err) < 300 and name not in err


def test_board_walkthrough_asks_again_at_once_for_a_bad_answer() -> None:
    """railroad-rivals: `six` is not a number; it is asked again, and nothing else is lost."""
    code, out, _ = run(["board", "railroad-rivals", "--enter"], "six\n40\n48\nPRR, B&O\n\n")
    assert code == 0 and out.count("must be a whole number, not 'six'; try again") == 1
    code, out, _ = run(["board", "railroad-rivals"])
    assert "city_tiles = 40" in out and "stock_tiles = 48" in out and '"B&O"' in out


def test_board_walkthrough_keeps_the_answers_when_the_whole_does_not_check() -> None:
    """Each answer of Union Station checks alone; gold off the track is caught with the track."""
    answers = ["black 6 green 6 blue 6 orange 6 white 6", "5-20", "9 30", "9 13", "", ""]
    code, out, _ = run(["board", "union-station", "--enter"], "\n".join(answers) + "\n")
    assert code == 0 and "'gold': 30 is not on the track (allowed: 5 to 20); try again" in out
    code, out, _ = run(["board", "union-station"])
    assert 'value_track = "5-20"' in out and "gold = [" in out


def test_ctrl_c_in_the_board_walkthrough_exits_130(capsys, monkeypatch) -> None:
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("click.termui.visible_prompt_func", interrupted)
    monkeypatch.setattr("sys.argv", ["referee", "board", "tally", "--enter"])
    with pytest.raises(SystemExit) as info:
        main()
    assert info.value.code == 130 and "interrupted" in capsys.readouterr().err


def test_log_marks_a_move_out_of_turn(tmp_path: Path, board: Path) -> None:
    save = tmp_path / "g.toml"
    args = ["new", "tally", "-p", "Ann,Bob", "--board", str(board), "--save", str(save)]
    code, out, _ = run(args, "as bob give ann 2\n")
    assert code == 0 and "out of turn: Bob has moved at their own place" in out
    assert out.index("Bob pays 2 to Ann") < out.index("Ann still to move")
    code, out, _ = run(["log", str(save)])
    assert "Bob: give ann 2: Bob's money 10 → 8 (out of turn: Ann's turn)" in out


def test_board_walkthrough_asks_a_missing_answer_again_with_the_others_kept() -> None:
    """Union Station: the track left empty; gold cannot be checked against it yet, the whole
    board names what is missing, and the second round keeps every answer given (Enter)."""
    first = ["black 6 green 6 blue 6 orange 6 white 6", "", "9 13", "", ""]
    second = ["", "5-52", "", "", ""]
    code, out, _ = run(["board", "union-station", "--enter"], "\n".join(first + second) + "\n")
    assert code == 0 and "board data needs 'value_track'" in out
    code, out, _ = run(["board", "union-station"])
    assert 'value_track = "5-52"' in out and "gold = [\n    9,\n    13,\n]" in out
