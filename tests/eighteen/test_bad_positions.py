"""Bad position files give one clear line naming the hex."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from referee import games
from referee.cli.route import route
from referee.core.engine import UsageError
from referee.core.gamespec import specs
from referee.eighteen.maps import available_maps
from referee.eighteen.position import Rules, position_from_data
from referee.games.lost_atlas import ROUTE_RULES as LOST_ATLAS

# The games whose specs give route options (once eighteen.position's own table).
ROUTE_RULES = {s.name: s.route_rules for s in specs() if s.route_rules}

CASES = {
    "unknown tile": (
        {"tiles": [{"hex": "G8", "tile": "9999", "rotation": 0}]},
        "hex G8: unknown tile",
    ),
    "rotation off the map": ({"tiles": [{"hex": "A8", "tile": "9", "rotation": 1}]}, "hex A8"),
    "rotation breaks printed track": (
        {"tiles": [{"hex": "K4", "tile": "440", "rotation": 3}]},
        "hex K4",
    ),
    "token without a city": (
        {"tokens": [{"hex": "B5", "company": "UR"}]},
        "hex B5: token of UR on no city",
    ),
    "too many tokens": (
        {
            "tokens": [
                {"hex": "B7", "company": "UR"},
                {"hex": "B7", "company": "IR"},
                {"hex": "B7", "company": "AR"},
            ]
        },
        "hex B7: city 0 has 3 tokens but only 2 slots",
    ),
    "not on the map": ({"tokens": [{"hex": "Z99", "company": "UR"}]}, "hex Z99: not on the map"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_position_names_the_hex(case: str) -> None:
    extra, message = CASES[case]
    data = {"map": "1889", "phase": "5", **extra}
    with pytest.raises(UsageError) as err:
        position_from_data(data)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


# the route rules' games, then each shipped map (tables/maps)
KNOWN = ", ".join(["lost-atlas", *available_maps()])


@pytest.mark.parametrize("game", ["lost_atlas", "Lost Atlas", "lost-atlsa", "union-station"])
def test_a_game_the_routes_do_not_know_is_one_line_naming_the_known_games(game: str) -> None:
    # Once "lost_atlas" (or any misspelling) silently ran by the standard rules.
    with pytest.raises(UsageError) as err:
        position_from_data({"map": "1889", "phase": "5", "game": game})
    assert str(err.value) == (f"position: unknown game '{game}' (allowed: {KNOWN})")


def test_route_with_an_unknown_game_is_one_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    path.write_text('game = "lost_atlas"\nmap = "1889"\nphase = "5"\n')
    result = CliRunner().invoke(route, [str(path), "--company", "AR", "--trains", "4"])
    assert result.exit_code == 2
    assert result.output == (f"referee: position: unknown game 'lost_atlas' (allowed: {KNOWN})\n")


@pytest.mark.parametrize(
    ("game", "rules"), [("lost-atlas", LOST_ATLAS), ("1889", Rules()), ("", Rules())]
)
def test_the_known_games_and_no_game_choose_their_route_rules(game: str, rules: Rules) -> None:
    data = {"map": "1889", "phase": "5", **({"game": game} if game else {})}
    assert position_from_data(data).rules == rules


def test_games_with_route_rules_are_games_of_the_registry() -> None:
    assert set(ROUTE_RULES) <= set(games.names())


def test_unreachable_company_one_line_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    path.write_text('map = "1889"\nphase = "5"\n')
    result = CliRunner().invoke(route, [str(path), "--company", "AR", "--trains", "4"])
    assert result.exit_code == 2
    assert result.output.strip() == "referee: company AR has no token on the map"


def test_bad_tile_via_command_names_hex(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    path.write_text('map = "1889"\n[[tiles]]\nhex = "G8"\ntile = "nope"\n')
    result = CliRunner().invoke(route, [str(path), "--company", "AR", "--trains", "4"])
    assert result.exit_code == 2
    assert result.output == "referee: hex G8: unknown tile 'nope'\n"
