"""The family's tile supply and upgrade rules (referee.eighteen.upgrades) on the tiles of
tables/tiles.toml; the 1830 and 1889 games that use them are tests/games/titled/test_track.py."""

from __future__ import annotations

from referee.eighteen.tiles import NodeSpec, TileSpec, catalogue
from referee.eighteen.upgrades import count, left, upgrade_problem

CITY = NodeSpec("city", 0, 1)


def problem(old: str, old_rotation: int, new: str, rotation: int) -> str | None:
    before = catalogue()[old]
    return upgrade_problem(before, before.rotated_paths(old_rotation), catalogue()[new], rotation)


def legal(old: str, new: str) -> list[int]:
    """The rotations of `new` that may replace `old` turned 0."""
    return [r for r in range(6) if problem(old, 0, new, r) is None]


def test_the_supply_is_the_count_of_the_games_box_less_the_tiles_on_the_map() -> None:
    assert (count("63", "1830"), count("63", "1889"), count("448", "1889")) == (3, 0, 4)
    assert count("no such tile", "1830") == 0
    assert left("63", "1830", ["63", "57", "63"]) == 1
    assert left("63", "1830", ["63", "63", "63", "63"]) == -1
    assert left("723", "lost_atlas", []) == 1


def test_the_colours_follow_one_another() -> None:
    assert problem("57", 0, "14", 0) is None
    assert problem("14", 0, "63", 0) is None
    assert problem("57", 0, "63", 0) == "a green tile replaces yellow, not a brown one"
    assert problem("14", 0, "15", 0) == "a brown tile replaces green, not a green one"
    gray = TileSpec("hex", "gray", "", (), ())
    assert upgrade_problem(gray, (), catalogue()["63"], 0) == "no tile replaces gray"


def test_every_old_path_is_kept_where_it_lies() -> None:
    """9 turned 0 runs edge 0 to edge 3; 23 (0-3 and 0-4) keeps it turned 0 or 3 only."""
    assert legal("9", "23") == [0, 3]
    assert problem("9", 0, "23", 1) == "tile 23 rotation 1 loses the track edge 0-edge 3"
    # 57 turned 0 runs edges 0 and 3 to its city; 14 (0, 1, 3, 4) keeps them turned 0, 2, 3, 5
    assert legal("57", "14") == [0, 2, 3, 5]
    assert (
        problem("57", 0, "14", 1) == "tile 14 rotation 1 loses the track edge 0-city, city-edge 3"
    )


def test_each_new_city_takes_old_track_but_those_added() -> None:
    """59 (OO) has a city on edge 0, another on edge 2; 64 turned 0 puts both on one city (0,
    2) and gives the other (3, 4) none of the old track: refused (18xx.games' tracker)."""
    assert legal("59", "64") == [2, 4]
    assert problem("59", 0, "64", 0) == (
        "tile 64 rotation 0: a city or town of it takes none of the old track"
    )


def test_towns_cities_and_labels() -> None:
    assert problem("1", 0, "23", 0) == "tile 23 has 0 towns; the hex has 2"
    assert problem("53", 0, "63", 0) == "the hex is labelled B; tile 63 has no label"
    assert problem("14", 0, "61", 0) == "tile 61 is labelled B; the hex has no label"
    assert problem("54", 0, "61", 0) == "tile 61 is labelled B; the hex is labelled NY"
    plain = TileSpec("hex", "white", "", (CITY,), ())
    assert upgrade_problem(plain, (), catalogue()["1"], 0) == "tile 1 has 2 towns; the hex has 0"
    # a white OO hex takes two cities; a labelled city past white keeps its label only
    white_oo = TileSpec("hex", "white", "OO", (CITY, CITY), ())
    one_city = TileSpec("x", "yellow", "OO", (CITY,), ((("e", 0), ("n", 0)),))
    two_cities = TileSpec("y", "yellow", "OO", (CITY, CITY), ((("e", 0), ("n", 0)),))
    assert upgrade_problem(white_oo, (), one_city, 0) == "tile x has 1 city; the hex has 2"
    assert upgrade_problem(white_oo, (), two_cities, 0) is None
