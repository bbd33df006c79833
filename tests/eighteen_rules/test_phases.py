"""The shared effects of a phase change on the trains (referee.eighteen_rules.phases): Lost
Atlas rules ■19 and ■26 (Resourceful), a title's `trains.X.obsolete_on` and
`phases.X.train_limit`."""

from __future__ import annotations

from referee.eighteen_rules import phases
from referee.games.lost_atlas import data
from referee.games.titled.describe import load_title


def test_a_train_on_its_last_run_counts_toward_no_limit__lost_atlas_rules_26() -> None:
    """Resourceful's rusted 2-train runs once more, outside the limit."""
    trains = [("2", True), ("3", False), ("3", False)]
    assert phases.running(trains, lambda t: t[1]) == [("3", False), ("3", False)]


def test_an_obsolete_train_leaves_after_its_run__trains_obsolete_on() -> None:
    obsolete = {"4"}
    kept, gone = phases.after_run(["4", "6", "4"], obsolete.__contains__)
    assert (kept, gone) == (["6"], ["4", "4"])
    assert phases.after_run(["6"], obsolete.__contains__) == (["6"], [])


def test_companies_over_the_new_limit_give_trains_back__lost_atlas_rules_19() -> None:
    """A minor's limit falls to 2 (■12): with 3 it is 1 over; a major within its 3 is not."""
    held = {"Minor": (3, 2), "Major": (3, 3), "Other": (5, 2)}
    assert phases.over_limit(held) == {"Minor": 1, "Other": 3}


def test_the_phase_train_limit_holds_for_every_company__phases_train_limit() -> None:
    assert list(phases.over_limit({"B&O": (4, 3), "PRR": (2, 3), "NYC": (3, 3)})) == ["B&O"]
    assert phases.over_limit({}) == {}


def test_the_first_train_of_a_level_starts_its_colour__lost_atlas_rules_19() -> None:
    """■5/■19: the first 3 turns the phase green, the first 4 keeps it green, a jump from
    level 4 to 7 (an export) turns it grey."""
    starts = [(str(c), on) for on, c in data.table()["phases"]["colour"].items()]
    assert phases.started(["3"], starts, "yellow") == "green"
    assert phases.started(["4"], starts, "green") is None
    assert phases.started(["5", "6", "7"], starts, "green") == "grey"
    assert phases.started(["1"], starts, "yellow") is None


def test_the_first_train_of_a_kind_starts_its_phase__phases_on() -> None:
    title = load_title("1830")
    starts = [(p.name, p.on) for p in title.phases]
    assert phases.started(["3"], starts, "2") == "3"
    assert phases.started(["2"], starts, "3") is None  # no phase starts on a 2 bought later


def test_a_new_phase_tiles_from_the_next_company__lost_atlas_rules_19() -> None:
    """The company whose purchase changed the phase lays the colours of its turn's start."""
    assert phases.laying("green", "yellow", "next_company") == "yellow"
    assert phases.laying("green", "", "next_company") == "green"
    assert phases.laying("green", "yellow", "now") == "green"  # 18xx.games: at once
