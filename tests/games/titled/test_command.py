"""`referee title check FILE` and `referee title list` (issue 18)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from referee.cli.main import cli
from referee.store import savefile
from referee.web import export, view

TOY = Path(__file__).with_name("toy-line.toml")


def test_check_says_what_a_valid_description_holds_and_its_doubts() -> None:
    result = CliRunner().invoke(cli, ["title", "check", "1830"])
    assert result.exit_code == 0, result.output
    assert "the description is valid" in result.output
    assert "8 companies, 6 private companies, 6 trains, 6 phases" in result.output
    assert "trains.D.count: medium:" in result.output


def test_check_reads_a_file_and_says_when_no_map_is_checked() -> None:
    result = CliRunner().invoke(cli, ["title", "check", str(TOY)])
    assert result.exit_code == 0, result.output
    assert "market a 10-space track (par 30, 40)" in result.output
    assert "entered and trusted" in result.output


def test_a_bad_description_is_one_line_naming_the_key_with_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(TOY.read_text(encoding="utf-8").replace('kind = "track"', 'kind = "ring"'))
    result = CliRunner().invoke(cli, ["title", "check", str(bad)])
    assert result.exit_code == 2
    assert result.output.strip() == (
        f"referee: {bad}: market.kind: cannot be 'ring' (allowed: grid, track)"
    )


def test_list_names_the_shipped_titles() -> None:
    """Each title with its player counts, its facts in doubt ([confidence]), the recorded games
    that prove it ([title] proven_by) and its other names (issue 28 item 5)."""
    result = CliRunner().invoke(cli, ["title", "list"])
    lines = result.output.splitlines()
    assert lines[0].split() == ["title", "name", "players", "in", "doubt", "proven", "by", "also"]
    row = {line.split()[0]: line for line in lines[2:] if line.strip()}
    assert row["1830"].split()[:5] == ["1830", "1830:", "Railways", "&", "Robber"]
    assert "3-6" in row["1830"] and "3 recorded games" in row["1830"]
    assert "2-6" in row["1889"] and "4 recorded games" in row["1889"]
    assert "Shikoku 1889, History of Shikoku Railways" in row["1889"]
    assert row["18chesapeake"].split()[:2] == ["18chesapeake", "18Chesapeake:"]
    assert "2-6" in row["18chesapeake"] and "5 recorded games" in row["18chesapeake"]
    assert "18ches" in row["18chesapeake"]
    assert row["18al"].split()[:2] == ["18al", "18AL"]
    assert "3-5" in row["18al"] and "4 recorded games" in row["18al"]
    assert "3-5" in row["18ga"] and "3 recorded games" in row["18ga"]


def test_new_takes_a_titles_other_names_in_any_case_and_a_start_of_one(tmp_path: Path) -> None:
    """--title takes 18xx.games' names ([title] aliases), in any case, or the start of one that
    names one title only."""
    from referee.games.titled.describe import shipped_name

    assert shipped_name("1889") == shipped_name("shikoku 1889") == "1889"
    assert shipped_name("History of Shikoku") == "1889"
    assert shipped_name("18") == ""  # the start of several
    assert shipped_name("18Chesapeake") == shipped_name("18ches") == "18chesapeake"
    assert shipped_name("18AL") == shipped_name("18al") == "18al"
    save = tmp_path / "g.toml"
    result = CliRunner().invoke(
        cli, ["new", "18xx", "-p", "A,B", "--title", "SHIKOKU", "--save", str(save)], input=""
    )
    assert "new Shikoku 1889 session saved" in result.output
    save2 = tmp_path / "c.toml"
    result = CliRunner().invoke(
        cli, ["new", "18xx", "-p", "A,B,C", "--title", "18ches", "--save", str(save2)], input=""
    )
    assert "new 18Chesapeake: The Birth of American Railroads session saved" in result.output


def test_new_18xx_banks_a_shipped_title_and_saves_its_description(tmp_path: Path) -> None:
    save = tmp_path / "g.toml"
    result = CliRunner().invoke(
        cli,
        ["new", "18xx", "-p", "A,B,C", "--title", "1830", "--save", str(save)],
        input="bid SV 20\nbid DH 75\n",
    )
    assert result.exit_code == 0, result.output
    assert "new 1830: Railways & Robber Barons session saved in" in result.output
    assert "A buys SV for $20" in result.output and "B bids $75 for DH" in result.output
    session, _warnings = savefile.read(save)
    assert export.markdown(session).startswith("# 1830: Railways & Robber Barons, ")
    assert view.data(session)["title"] == "1830: Railways & Robber Barons"
    resumed = CliRunner().invoke(cli, ["show", str(save), "--json"])
    assert resumed.exit_code == 0 and '"title": "1830"' in resumed.output


def test_new_18xx_reads_a_title_file_and_refuses_without_a_title(tmp_path: Path) -> None:
    save = tmp_path / "g.toml"
    args = ["new", "18xx", "-p", "A,B", "--title", str(TOY), "--save", str(save)]
    assert CliRunner().invoke(cli, args, input="bid P1 30\n").exit_code == 0
    result = CliRunner().invoke(cli, ["new", "18xx", "-p", "A,B", "--save", str(save) + "2"])
    assert result.exit_code == 2 and "18xx banks a title: say which" in result.output
    args = ["new", "18xx", "-p", "A,B", "--title", "1830", "--save", str(save) + "3"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and "1830 is for 3, 4, 5, 6 players, not 2" in result.output


def test_title_is_named_only_for_a_game_that_ships_titles(tmp_path: Path) -> None:
    args = ["new", "congo-line", "-p", "A,B,C", "--title", "1830", "--save", str(tmp_path / "c")]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert "congo-line has no titles to name: --title is for 18xx" in result.output
    board = tmp_path / "board.toml"
    board.write_text("")
    args = ["new", "18xx", "-p", "A,B,C", "--title", "1830", "--board", str(board)]
    result = CliRunner().invoke(cli, [*args, "--save", str(tmp_path / "t")])
    assert result.exit_code == 2 and "--title or --board, not both" in result.output
    assert not (tmp_path / "c").exists() and not (tmp_path / "t").exists()
