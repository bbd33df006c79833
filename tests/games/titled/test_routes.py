"""The route search in a title with a map (issue 18): `routes`, `run best`, and the rule
'18xx routes' (a typed revenue is at most the proven best once the track is entered)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee import i18n
from referee.cli.main import cli
from referee.core.datafiles import load_table
from referee.core.engine import Event, Overridden, RuleError, UsageError, typed_move
from referee.eighteen.trains import parse_trains
from referee.games.titled import play, routes
from referee.games.titled.describe import title_data
from referee.games.titled.game import Titled
from referee.games.titled.moves import Routes
from referee.games.titled.state import State
from referee.play import offers
from referee.play.session import Session
from referee.shell.shell import Shell
from referee.store import savefile
from tests.games.titled.helpers import TOY, edited
from tests.games.titled.test_operating import or_1830, with_train

GAME = Titled()
ROUTES = "18xx routes"

# 1830 for A,B,C,D: PRR (C president; A 20% with CA's share, B 10%, D 10%) lays its track
# from its home H12 (gray, 10) to H10 and, a set later, through H14 to H16, each a yellow city
# worth 20 in tile 57; its two 2-trains then earn H10 20 + H12 10 and H16 20 + H12 10.
OPENING = """
bid SV 20
bid CS 40
bid DH 70
bid MH 110
bid CA 160
bid BO 220
par B&O 100
par PRR 100
done
buy PRR
done
buy PRR
done
buy PRR
done
done
done
done
done
tile H10 57 1
token H10
train 2
train 2
done
done
done
done
done
tile H14 9 1
run best
done
done
done
done
done
tile H16 57 1
"""

# The same position, written as `referee route` reads it, by hand.
POSITION = """
map = "1830"
phase = "2"
tiles = [
  { hex = "H10", tile = "57", rotation = 1 },
  { hex = "H14", tile = "9", rotation = 1 },
  { hex = "H16", tile = "57", rotation = 1 },
]
tokens = [
  { hex = "H12", company = "PRR" },
  { hex = "H10", company = "PRR" },
]
"""


def played(state: State, text: str) -> tuple[State, list[Event]]:
    """Lines as the table types them, each by whoever acts."""
    events: list[Event] = []
    for line in text.strip().splitlines():
        who = play.actor(state)
        assert who is not None
        state, new = GAME.apply(state, typed_move(GAME, state, who, shlex.split(line)))
        events += new
    return state, events


def new_game(title: str, players: str) -> State:
    return GAME.setup(players.split(","), "described", load_table(f"titles/{title}"))


def position_1830() -> State:
    state, _ = played(new_game("1830", "A,B,C,D"), OPENING)
    return state


def test_run_best_pays_what_referee_route_finds_on_the_same_position(tmp_path: Path) -> None:
    """18xx routes: `run best` pays the proven best routes of the company's trains."""
    state = position_1830()
    file = tmp_path / "position.toml"
    file.write_text(POSITION, encoding="utf-8")
    args = ["route", str(file), "--company", "PRR", "--trains", "2,2", "--json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    assert (found["total"], found["proven_optimal"]) == (60, True)  # 20 + 10, 20 + 10

    before = state
    state, events = played(state, "run best")
    texts = [e.text for e in events]
    assert f"PRR runs for ${found['total']}" in texts
    assert "total 60 (proven best)" in texts
    # $6 a share: A and C 20% each, B and D 10%; the initial offering's 40% pays the bank.
    paid = {p: state.cash[p] - before.cash[p] for p in "ABCD"}
    assert paid == {"A": 12, "B": 6, "C": 12, "D": 6}
    assert state.space(state.corps["PRR"]).price == 112  # 100 -> 112: pay moves right


def test_a_typed_revenue_above_the_proven_best_is_refused_below_it_accepted() -> None:
    """18xx routes: the best routes earn 60; 70 is refused, 60 and 50 are paid as typed,
    and the table may force more."""
    state = position_1830()
    with pytest.raises(RuleError, match="the best routes earn 60, not 70") as refused:
        played(state, "run 70")
    assert refused.value.rule == ROUTES
    for revenue in (60, 50):
        paid, events = played(state, f"run {revenue}")
        assert paid.space(paid.corps["PRR"]).price == 112
        assert f"PRR runs for ${revenue}" in [e.text for e in events]
    forced, events = play.apply(state, typed_move(GAME, state, "C", ["run", "70"]), forced=True)
    assert any(isinstance(e, Overridden) for e in events)
    assert forced.corps["PRR"].cash == state.corps["PRR"].cash  # paid out in full


def test_routes_shows_the_best_routes_and_changes_nothing() -> None:
    state = position_1830()
    after, events = played(state, "routes")
    assert after == state
    assert [e.text for e in events] == [
        "best routes of PRR (phase 2):",
        "  2-train: H10 20 - H12 10 = 30",
        "  2-train: H16 20 - H12 10 = 30",
        "  total 60 (proven best)",
        "run best takes them, or type the revenue run",
    ]


def test_run_best_keeps_the_payout_asked_for() -> None:
    """1830 operating.payouts: withhold keeps the best revenue in the company."""
    state = position_1830()
    after, _ = played(state, "run best withhold")
    assert after.corps["PRR"].cash == state.corps["PRR"].cash + 60
    with pytest.raises(RuleError, match="1830 has no half payout"):
        played(state, "run best half")


def test_a_typed_revenue_is_trusted_before_any_track_is_entered() -> None:
    """Until a tile is laid the referee cannot tell the track on the table from the printed
    map: the revenue is trusted, and said to be."""
    state = with_train(or_1830())
    assert not state.tiles
    _after, events = played(state, "run 60")
    assert "trusted: the revenue (no tile entered yet, so the track is not known)" in [
        e.text for e in events
    ]


def test_run_best_is_refused_where_the_search_cannot_answer() -> None:
    """Nothing to pay from: no train, or no map (a fact: forcing does not help)."""
    state, _ = played(position_1830(), "run best")
    state, _ = played(state, "done\ndone\ndone\ndone\ndone")  # stock round 4: all pass
    no_trains = edited(state, lambda d: d.corps["PRR"].trains.clear())
    with pytest.raises(RuleError, match="knows no routes here") as refused:
        play.apply(no_trains, typed_move(GAME, no_trains, "C", ["run", "best"]), forced=True)
    assert refused.value.rule == ROUTES
    toy = GAME.setup(["A", "B"], "described", _toy())
    with pytest.raises(UsageError):
        GAME.parse(toy, "A", ["run", "best", "sideways"])
    toy = edited(toy, _operating_toy)
    with pytest.raises(RuleError, match="names no map: the table counts the routes"):
        GAME.apply(toy, typed_move(GAME, toy, "B", ["run", "best"]))
    with pytest.raises(RuleError, match="names no map"):
        GAME.apply(toy, typed_move(GAME, toy, "B", ["routes"]))


def _toy() -> dict[str, object]:
    import tomllib

    return tomllib.loads(Path(TOY).read_text(encoding="utf-8"))


def _operating_toy(draft: State) -> None:
    """The Toy Line with BLU (B's) floated and operating with a 2-train."""
    blu = draft.corps["BLU"]
    blu.held = {"B": 60, "ipo": 40}
    blu.president, blu.par, blu.row, blu.column, blu.floated = "B", 40, 0, 4, True
    blu.trains.append("2")
    draft.round, draft.order, draft.operating, draft.stock_round = "operating", ["BLU"], 0, 1


def test_without_a_map_nothing_changes() -> None:
    """Toy Line names no map: a typed revenue is taken as before, with nothing said of it."""
    toy = edited(GAME.setup(["A", "B"], "described", _toy()), _operating_toy)
    _after, events = GAME.apply(toy, typed_move(GAME, toy, "B", ["run", "400"]))
    assert not any("trusted" in e.text for e in events)
    options = GAME.options(toy)
    assert "routes" not in options.verbs and options.args["run"][0] == ()


def test_the_position_holds_every_company_s_stations() -> None:
    """The search sees the other companies' stations (a full city of theirs blocks a route)."""
    state = edited(position_1830(), lambda d: d.stations.append(("I15", 0, "B&O")))
    tokens = {(t.hex, t.city, t.company) for t in routes.position(state).tokens}
    assert tokens == {("H12", 0, "PRR"), ("H10", 0, "PRR"), ("I15", 0, "B&O")}


def test_the_title_trains_run_as_referee_route_names_them() -> None:
    """A train of unlimited distance named D collects diesel values, as `--trains D` does."""
    state = edited(with_train(or_1830()), lambda d: d.corps["PRR"].trains.extend(["6", "D"]))
    trains = routes.route_trains(state, state.corps["PRR"])
    assert list(trains) == parse_trains("2,6,D")


def shell_1830() -> Shell:
    board, _file = title_data("1830")
    session = Session.new("18xx", ["A", "B", "C", "D"], "described", board)
    for line in OPENING.strip().splitlines():
        session.play(line)
    return Shell(session)


def test_completion_and_help_offer_routes_and_run_best_with_a_map() -> None:
    sh = shell_1830()
    assert "routes" in offers.candidates(sh.session, [])
    assert offers.candidates(sh.session, ["run"]) == ["best"]
    assert offers.candidates(sh.session, ["run", "best"]) == ["full", "withhold"]
    assert sh.run("help run").text.startswith(
        "run REVENUE|best [full|half|withhold]\n"
        "  the revenue of the company's trains (best: its best routes on the title's map)\n"
    )
    assert "    run best" in sh.run("help run").text
    assert sh.run("help routes").text.startswith("routes\n  the best routes of the company")
    assert GAME.parse(sh.session.state, "C", ["routes"]) == Routes("C")


def test_routes_and_the_refusal_in_japanese() -> None:
    sh = shell_1830()
    i18n.use("ja")
    assert sh.run("routes").text.splitlines()[:2] == [
        "  PRRの最良の路線(フェイズ2):",
        "    2-列車: H10 20 - H12 10 = 30",
    ]
    refused = sh.run("run 70")
    assert refused.text.startswith("却下: 最良の路線の収益は60です(70は誤り) [ルール 18xx 路線]")


def test_a_save_with_run_best_resumes_to_the_same_state(tmp_path: Path) -> None:
    """The save holds `run best` as typed; its replay searches again and pays the same."""
    state, _ = played(position_1830(), "run best\ndone")
    save = tmp_path / "g.toml"
    lines = OPENING.strip() + "\nrun best\ndone\n"
    args = ["new", "18xx", "-p", "A,B,C,D", "--title", "1830", "--save", str(save)]
    result = CliRunner().invoke(cli, args, input=lines)
    assert result.exit_code == 0, result.output
    session, _warnings = savefile.read(save)
    assert session.state == state
    shown = CliRunner().invoke(cli, ["show", str(save), "--json"])
    assert shown.exit_code == 0, shown.output
    snapshot = json.loads(json.dumps(GAME.snapshot(state), default=str))
    assert json.loads(shown.output)["state"] == snapshot


def test_run_best_replaces_every_run_of_the_nine_set_1889_game() -> None:
    """tests/scenarios/18xx-1889-2p-nine-sets-bank-broken.txt types every run as the best
    route on the map then (checked there with `referee route`): `run best` in its place, on
    the position the game itself entered, reaches the same state."""
    from devtools.scenario import load

    path = Path(__file__).parents[2] / "scenarios" / "18xx-1889-2p-nine-sets-bank-broken.txt"
    scenario = load(path)
    session = Session.new(scenario.game, scenario.players, scenario.variant, scenario.board)
    session.settle()
    sh = Shell(session)
    runs = 0
    for command in scenario.commands:
        if command.figures:
            continue
        words = command.text.split()
        if command.refusal is None and words[0] == "run" and words[1:2] != ["best"]:
            best = ["run", "best", *words[2:]]
            assert session.what_if(" ".join(best))[0] == session.what_if(command.text)[0]
            runs += 1
        assert sh.run(command.text).ok == (command.refusal is None), command.text
    assert runs == 60


def test_operating_full_cities_block_false_lets_a_route_through_a_full_city() -> None:
    """operating.full_cities_block (the 18xx rule: a route may not pass through a city whose
    every slot holds another company's station; 18xx.games's engine of April 2020 did not
    check it): B&O's station fills H10's one slot; it blocks PRR's routes unless the title
    says false."""
    from dataclasses import replace

    from referee.eighteen.graph import build_graph

    state = edited(position_1830(), lambda d: d.stations.__setitem__(1, ("H10", 0, "B&O")))

    def h10_blocked(state: State) -> bool:
        graph = build_graph(routes.position(state), "PRR")
        return next(n.blocked for n in graph.nodes if n.hex == "H10" and n.kind == "city")

    assert h10_blocked(state)
    operating = replace(state.title.operating, full_cities_block=False)
    lax = edited(state, lambda d: setattr(d, "title", replace(d.title, operating=operating)))
    assert not h10_blocked(lax)
