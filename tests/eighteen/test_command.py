"""The `referee route` command."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from referee.cli.route import route

HERE = Path(__file__).parent / "positions"
LA16 = str(HERE / "lost_atlas_16.toml")


def test_route_table_and_total() -> None:
    result = CliRunner().invoke(route, [LA16, "--company", "NP", "--trains", "4,4"])
    assert result.exit_code == 0
    assert "C5 60" in result.output
    assert "total 310 (proven optimal" in result.output


def test_route_json() -> None:
    result = CliRunner().invoke(route, [LA16, "--company", "NP", "--trains", "4,4", "--json"])
    data = json.loads(result.output)
    assert data["total"] == 310 and data["proven_optimal"] is True
    assert sorted(r["revenue"] for r in data["routes"]) == [150, 160]
    assert all(len(r["stops"]) == 4 for r in data["routes"])


def test_route_show_marks_routes() -> None:
    result = CliRunner().invoke(route, [LA16, "--company", "NP", "--trains", "4,4", "--show"])
    assert result.exit_code == 0
    assert "*12" in result.output  # the capital and the home carry both routes
    assert "NP" in result.output


def test_unknown_train_is_a_usage_error() -> None:
    result = CliRunner().invoke(route, [LA16, "--company", "NP", "--trains", "x"])
    assert result.exit_code == 2
    assert result.output.startswith("referee: unknown train 'x'")


def test_missing_file() -> None:
    result = CliRunner().invoke(route, ["/nonexistent.toml", "--company", "NP", "--trains", "4"])
    assert result.exit_code == 2 and result.output.startswith("referee: cannot read")
