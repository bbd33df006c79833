"""Save files: atomic writes with a backup, exact resume, and damaged files reported in one line."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from referee.play.session import Session
from referee.store import savefile, savelock
from referee.store.savefile import ReplayError, SaveFileError


def saved(tmp_path: Path, moves: list[str]) -> Path:
    path = tmp_path / "game.toml"
    s = Session.new("tally", ["Ann", "Bob"])
    savefile.create(s, path)
    for m in moves:
        s.play(m)
    assert s.store is not None and s.store.lock is not None
    savelock.release(s.store.lock)  # as a killed shell would: the tests open it again
    return path


def test_every_move_is_saved_and_the_previous_version_kept(tmp_path: Path) -> None:
    path = saved(tmp_path, ["give bob 3", "give ann 1"])
    data = tomllib.loads(path.read_text())
    assert [m["text"] for m in data["moves"]] == ["give bob 3", "give ann 1"]
    assert data["format"] == 2 and data["game"] == "tally"
    assert data["snapshot"]["cash"] == {"Ann": 10, "Bob": 10} and data["snapshot_after"] == 0
    s, _ = savefile.read(path)
    s.undo()  # a rewrite: the file before it is kept as the backup
    data = tomllib.loads(path.read_text())
    assert [m["text"] for m in data["moves"]] == ["give bob 3"]
    assert [m["text"] for m in data["redo"]] == ["give ann 1"]
    assert data["snapshot"]["cash"] == {"Ann": 7, "Bob": 13} and data["snapshot_after"] == 1
    backup = tomllib.loads((tmp_path / "game.toml.bak").read_text())
    assert [m["text"] for m in backup["moves"]] == ["give bob 3", "give ann 1"]
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_resume_replays_to_the_same_state_with_redo(tmp_path: Path) -> None:
    path = saved(tmp_path, ["give bob 3", "give ann 1", "pass"])
    s, warnings = savefile.read(path)
    s.undo()
    again, warnings = savefile.read(path)
    assert warnings == []
    assert again.game.snapshot(again.state) == s.game.snapshot(s.state)
    assert [e.text for e in again.redo_stack] == ["pass"]
    again.redo()
    assert len(again.entries) == 3


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    return path


GOOD_HEAD = 'format = 1\ngame = "tally"\nplayers = ["Ann", "Bob"]\n'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("format = 1\ngame = \n", "line 2: its header .* is cut short or damaged"),
        ('format = 3\ngame = "tally"\nplayers = ["A", "B"]\n', "unknown format version 3 .*1 to 2"),
        ('format = "1"\n', "'format' must be a whole number, not a text"),
        ('format = 1\ngame = "chess"\nplayers = ["A", "B"]\n', "unknown game 'chess'"),
        ('format = 1\ngame = "tally"\nplayers = [1, 2]\n', "'players' must be a list of names"),
        (GOOD_HEAD + 'moves = "give"\n', "'moves' must be a list"),
        (GOOD_HEAD + '[[moves]]\nby = "Ann"\n', "moves 1: 'text' is missing"),
        (
            GOOD_HEAD + '[[moves]]\nby = "Ann"\ntext = 5\n',
            "moves 1: 'text' must be a text, not a whole number",
        ),
        (GOOD_HEAD + 'board = { bonus = "x" }\n', "setup is not valid: bonus"),
        ('format = 1\ngame = "tally"\nplayers = ["A"]\n', "setup is not valid: Tally takes 2"),
        ("x = " + "[" * 5000 + "]" * 5000 + "\n", "nested too deeply|not valid TOML"),
        (f"format = {10**400}\n", "the number 1000000000…, too large"),
    ],
)
def test_damaged_files_are_reported_in_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    before = path.read_bytes()
    with pytest.raises(SaveFileError, match=message) as info:
        savefile.read(path)
    assert "\n" not in str(info.value) and len(str(info.value)) < 300
    assert info.value.exit_code == 2
    assert path.read_bytes() == before


def test_a_move_that_no_longer_replays_names_the_move(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        GOOD_HEAD + '[[moves]]\nby = "Ann"\ntext = "give bob 3"\n'
        '[[moves]]\nby = "Bob"\ntext = "fly 50"\n',
    )
    with pytest.raises(ReplayError, match=r"move 2 \(Bob: fly 50\): unknown verb") as info:
        savefile.read(path)
    assert info.value.exit_code == 1


def test_a_move_a_rule_now_refuses_is_kept_as_played_and_said(tmp_path: Path) -> None:
    """A save from a version that did not check a rule yet: its moves are never lost. The move
    is replayed as forced, the table is told, and the file says so from its next save."""
    path = write(
        tmp_path,
        GOOD_HEAD + '[[moves]]\nby = "Ann"\ntext = "give bob 3"\n'
        '[[moves]]\nby = "Bob"\ntext = "give ann 50"\n',
    )
    s, warnings = savefile.read(path)
    assert len(warnings) == 1
    assert "move 2 (Bob: give ann 50) breaks a rule this version checks" in warnings[0]
    assert "[rule T1; reading tally.pay-limit=cash]" in warnings[0]
    assert s.game.snapshot(s.state)["cash"] == {"Ann": 57, "Bob": -37}
    s.play("pass")
    data = tomllib.loads(path.read_text())
    assert data["moves"][1]["text"] == (
        "force give ann 50 --because kept as played before this version checked: T1"
    )
    again, warnings = savefile.read(path)
    assert warnings == [] and again.game.snapshot(again.state) == s.game.snapshot(s.state)


def test_a_move_recorded_for_the_wrong_player_is_reported(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD_HEAD + '[[moves]]\nby = "Bob"\ntext = "pass"\n')
    with pytest.raises(ReplayError, match="recorded as Bob's but was Ann's"):
        savefile.read(path)


def test_a_huge_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    with path.open("wb") as f:
        f.truncate(50 * 1024 * 1024)
    with pytest.raises(SaveFileError, match="is 52,428,800 bytes; a save file is at most 8 MB"):
        savefile.read(path)


def test_a_tampered_snapshot_is_a_warning_and_the_moves_win(tmp_path: Path) -> None:
    path = saved(tmp_path, ["give bob 3"])
    savefile.write(savefile.read(path)[0], path)  # the snapshot now stands after move 1
    path.write_text(path.read_text().replace("Bob = 13", "Bob = 99"))
    s, warnings = savefile.read(path)
    assert s.game.snapshot(s.state)["cash"]["Bob"] == 13
    assert warnings and "snapshot differs" in warnings[0]


def test_a_path_that_cannot_be_written_is_one_error_and_the_move_is_not_lost(
    tmp_path: Path,
) -> None:
    path = saved(tmp_path, ["give bob 3"])
    s, _ = savefile.read(path)
    (tmp_path / "a-file").write_text("not a folder")
    s.store = savefile.FileStore(tmp_path / "a-file" / "game.toml")  # below a file: never
    s.play("pass")
    assert "cannot write" in s.save_error and "a-file/game.toml" in s.save_error
    assert [e.text for e in s.entries] == ["give bob 3", "pass"]  # kept in memory
    s.store = savefile.FileStore(path)
    s.autosave()
    assert s.save_error == ""
    assert [e.text for e in savefile.read(path)[0].entries] == ["give bob 3", "pass"]


def test_a_missing_file_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="cannot read .*nope.toml"):
        savefile.read(tmp_path / "nope.toml")


OLD_AS = (
    'format = 2\ngame = "tally"\nvariant = "standard"\nplayers = ["Ann", "Bob", "Cy"]\n'
    '[board]\nbonus = 0\n\n[[moves]]\nby = "Bob"\ntext = "as bob give cy 1"\n\n'
    '[[moves]]\nby = "Cy"\ntext = "give ann 2"\n'
)


def test_a_save_from_before_as_kept_to_its_place_replays_as_it_was_played(
    tmp_path: Path,
) -> None:
    """Then `as bob` on Ann's turn took her turn, and Cy moved next: it still replays so, and
    says so in the file from then on; a new save plays `as` at NAME's own place."""
    s, warnings = savefile.read(write(tmp_path, OLD_AS))
    assert warnings == [] and s.as_moves == "takes-turn"
    assert s.game.snapshot(s.state)["cash"] == {"Ann": 12, "Bob": 9, "Cy": 9}
    assert s.actor() == "Ann"
    s.play("pass")
    assert tomllib.loads((tmp_path / "bad.toml").read_text())["as-moves"] == "takes-turn"
    path = saved(tmp_path, ["as bob give ann 1"])
    data = tomllib.loads(path.read_text())
    assert data["as-moves"] == "place"
    assert savefile.read(path)[0].actor() == "Ann"


def test_a_save_with_an_unknown_as_meaning_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="'as-moves' must be"):
        savefile.read(write(tmp_path, 'as-moves = "later"\n' + OLD_AS))
