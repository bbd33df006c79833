"""Shared trains (referee.eighteen_rules.trains): Lost Atlas rules ■5, ■12, ■18, ■19 and a
title's `trains.X.rusts_on`, `phases.X.train_limit` keys."""

from __future__ import annotations

from referee.eighteen_rules import trains
from referee.games.lost_atlas import data
from referee.games.titled.describe import load_title


def test_the_deck_sells_in_order__lost_atlas_rules_18() -> None:
    order = list(map(str, data.table()["trains"]["order"]))
    left = dict.fromkeys(order, 2) | {"2": 0}
    assert trains.next_train(order, left) == "3"
    assert trains.next_train(order, dict.fromkeys(order, 0)) is None


def test_an_unlimited_train_stays_unlimited__1830_trains_count() -> None:
    left = {"D": trains.UNLIMITED, "6": 1}
    trains.take(left, "D")
    trains.take(left, "6")
    assert left == {"D": trains.UNLIMITED, "6": 0}


def test_each_level_reached_rusts_its_kind__lost_atlas_rules_5() -> None:
    """■5: the first 4 rusts the 2s, the first 6 the 3s, the first 7 the 4s; a jump from
    level 3 to 7 rusts all three, in that order."""
    rusts = [(kind, on) for on, kind in data.table()["trains"]["rusts"].items()]
    assert trains.rusted(["4", "5", "6", "7"], rusts) == ["2", "3", "4"]
    assert trains.rusted(["5"], rusts) == []


def test_the_first_of_a_kind_rusts_the_older__1830_trains_rusts_on() -> None:
    title = load_title("1830")
    rusts = [(t.name, t.rusts_on) for t in title.trains]
    assert trains.rusted(["4"], rusts) == ["2"]
    assert trains.rusted(["D"], rusts) == ["4"]


def test_train_limit_with_a_train_handed_in__phases_train_limit_lost_atlas_rules_12() -> None:
    assert not trains.may_add(4, 4)
    assert trains.may_add(4, 4, handed_in=1)
    assert (trains.excess(5, 3), trains.excess(2, 3)) == (2, 0)


def test_a_rusted_train_leaves_the_game__lost_atlas_rules_5() -> None:
    """■5 (L1145): every train of the kind rusting leaves, wherever it is; the others stay."""
    kept, rusted = trains.rust(["2", "3", "2", "4"], "2".__eq__)
    assert kept == ["3", "4"]
    assert rusted == [("2", None), ("2", None)]
    assert trains.rust(["3"], "2".__eq__) == (["3"], [])


def test_resourceful_runs_a_rusted_train_once_more__lost_atlas_rules_26() -> None:
    """■26 Resourceful: the rusting train stays, marked, in its place; one marked already goes."""
    held = [("2", False), ("3", False), ("2", True)]
    kept, rusted = trains.rust(
        held, lambda t: t[0] == "2", lambda t: None if t[1] else (t[0], True)
    )
    assert kept == [("2", True), ("3", False)]
    assert rusted == [(("2", False), ("2", True)), (("2", True), None)]


def test_a_title_rusts_a_kind_on_its_trigger__trains_rusts_on() -> None:
    """1830: the first 4 rusts the 2s held by companies and given back to the bank."""
    title = load_title("1830")
    kinds = trains.rusted(["4"], ((t.name, t.rusts_on) for t in title.trains))
    assert kinds == ["2"]
    assert trains.rust(["2", "3", "2"], kinds[0].__eq__)[0] == ["3"]
