"""The whole 1830 game in tests/scenarios: every revenue typed there is a route on the map.

Each `run N` is exactly the most the company's trains could earn at that moment, on the
tiles and stations laid so far (referee.eighteen's proven search), so the scenario's revenues
are what a table would count, not figures chosen to move money."""

from __future__ import annotations

from pathlib import Path

from devtools import scenario
from referee.eighteen.position import position_from_data
from referee.eighteen.search import UNLIMITED, best_routes
from referee.eighteen.trains import parse_trains
from referee.games.titled.operating import company
from referee.games.titled.state import State
from referee.play.session import Session
from referee.shell.shell import Shell

WHOLE_1830 = Path(__file__).parents[2] / "scenarios" / "18xx-1830-3p-whole-game-bank-broken.txt"


def best(state: State) -> int:
    """The most the operating company's trains can earn where the tiles and stations stand."""
    corp = company(state)
    position = position_from_data(
        {
            "map": state.title.map,
            "phase": state.phase,
            "tiles": [{"hex": h, "tile": t, "rotation": r} for h, (t, r) in state.tiles.items()],
            "tokens": [{"hex": h, "city": c, "company": a} for h, c, a in state.stations],
        }
    )
    answer = best_routes(position, corp.abbr, parse_trains(",".join(corp.trains)), UNLIMITED)
    assert answer.proven
    return answer.total


def test_every_revenue_of_the_whole_1830_game_is_the_best_route_then() -> None:
    s = scenario.load(WHOLE_1830)
    session = Session.new(s.game, s.players, s.variant, s.board)
    session.settle()
    shell = Shell(session)
    runs = []
    for command in s.commands:
        if command.figures:
            continue
        if command.text.startswith("run "):
            typed = int(command.text.split()[1])
            runs.append((command.number, typed, best(session.state)))
        assert shell.run(command.text).ok == (command.refusal is None), command.text
    assert len(runs) > 50
    assert [run for run in runs if run[1] != run[2]] == []  # (line, typed, best)
