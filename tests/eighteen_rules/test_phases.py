"""The shared effects of a phase change on the trains (referee.eighteen_rules.phases): Lost
Atlas rules ■19 and ■26 (Resourceful), a title's `trains.X.obsolete_on` and
`phases.X.train_limit`."""

from __future__ import annotations

from referee.eighteen_rules import phases


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
