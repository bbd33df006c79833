"""Games played on 18xx.games (tests/games/titled/recorded) replayed through the banker as a
table types them (tests/games/titled/replay.py): every player's final value is the site's
`result`, no move is forced, after each operating round every cash and price is what the
recorded actions imply (tests/games/titled/ledger.py), and each recorded run is at most the
best the route search proves. The long games are marked `recorded` (the suite leaves them
out by default): `pytest -m recorded tests/games/titled/test_recorded_games.py`."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from referee.games.titled.describe import shipped_name
from tests.games.titled.replay import Replay, each_forced, recorded_games, replay


@cache
def replayed(path: Path) -> Replay:
    return replay(path)


def _name(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


# The games short enough for every run of the suite; the others replay with `-m recorded`.
QUICK = ("1889/hs_jmmljkbw_17502", "1889/hs_lhglbbiz_17502", "18AL/hs_pzujrnou_144868")


def _marked(path: Path) -> object:
    """Every fixture of every shipped title replays exactly: none is expected to fail."""
    return pytest.param(path, marks=[] if _name(path) in QUICK else [pytest.mark.recorded])


NAMES = [_name(p) for p in recorded_games()]
# The checks below are parametrized at module scope: pytest orders them game by game, so that
# xdist hands a game's checks to one worker, which replays the game once (`replayed`).


@pytest.mark.parametrize("path", [_marked(p) for p in recorded_games()], ids=NAMES, scope="module")
def test_a_recorded_game_replays_with_no_forced_move(path: Path) -> None:
    result = replayed(path)
    assert not result.failed
    assert list(each_forced(result)) == []


@pytest.mark.parametrize("path", [_marked(p) for p in recorded_games()], ids=NAMES, scope="module")
def test_a_recorded_game_ends_with_the_sites_final_values(path: Path) -> None:
    result = replayed(path)
    assert result.scores() == result.game.result


@pytest.mark.parametrize("path", [_marked(p) for p in recorded_games()], ids=NAMES, scope="module")
def test_after_each_operating_round_cash_and_prices_are_what_the_actions_imply(
    path: Path,
) -> None:
    """Issue 28 item 1: at the end of each operating round every player's and company's cash
    and every company's price is the ledger's, kept from the recorded actions alone and the
    title's file (its certificates, player-count rules, drawn company, free lays, rusting and
    lost runs: 18TN's and 18Chesapeake's rules too)."""
    result = replayed(path)
    assert result.rounds > 0
    assert result.checks == []


@pytest.mark.parametrize("path", [_marked(p) for p in recorded_games()], ids=NAMES, scope="module")
def test_each_recorded_revenue_is_at_most_the_proven_best_that_run_best_pays(path: Path) -> None:
    """Issue 28 item 4 (rule 18xx routes): each revenue the site recorded is at most the best
    routes the search proves on the track of that moment, which `run best` pays; 18AL's runs
    too, its trains passing towns free, the 4D doubling and its privates' bonuses."""
    result = replayed(path)
    assert result.routes == []
    if path.parent.name == "18AL":
        assert result.runs > 0


@pytest.mark.parametrize("path", [_marked(p) for p in recorded_games()], ids=NAMES, scope="module")
def test_a_recorded_revenue_the_search_leaves_to_the_table_is_its_routes_priced(
    path: Path,
) -> None:
    """trains.*.towns_free (18AL): each revenue the site kept with its hex chains is also held
    against the chains priced stop by stop with the title's bonuses, as the older records'
    runs are priced (replay.py price_check), apart from the route search."""
    result = replayed(path)
    assert result.mispriced == []
    if path.parent.name == "18AL" and path.stem in ("18AL_game_end_bankrupt", "hs_pzujrnou_144868"):
        assert result.priced > 0


def test_the_ledger_check_fails_where_the_banker_and_the_actions_differ() -> None:
    """The check after an operating round names the round and the figure that differs."""
    from tests.games.titled.ledger import compare

    path = next(p for p in recorded_games() if _name(p) == QUICK[0])
    result = replay(path)  # not the cached replay: its ledger is changed here
    ledger = result.ledger
    assert ledger is not None
    assert compare(ledger, result.state, ("operating", 1, 1)) == []
    ledger.cash["P1"] += 10
    corp = next(iter(ledger.where))
    ledger.move(corp, "right")
    found = compare(ledger, result.state, ("operating", 1, 1))
    assert found[0] == f"OR 1.1: P1 has {result.state.cash['P1']}, the actions imply " + str(
        result.state.cash["P1"] + 10
    )
    assert len(found) == 2 and found[1].startswith(f"OR 1.1: {corp} is at ")


def test_undo_and_redo_leave_the_actions_the_site_kept() -> None:
    """Where the site marked the actions an undo took back (`skip`), the actions that stand
    are exactly the others."""
    from tests.games.titled.replay import effective, load

    for path in recorded_games():
        actions = load(path).actions
        if not any(a.get("skip") for a in actions):
            continue
        kept = [a["id"] for a in actions if not a.get("skip") and a["type"] not in ("undo", "redo")]
        assert [a["id"] for a in effective(actions) if "id" in a] == kept, path.name


def test_a_redo_puts_back_all_that_the_last_undo_took_back() -> None:
    """18xx.games' undo to an `action_id` takes back every action after it as one step, and a
    redo puts that whole step back (Game::Base.filtered_actions); 1830_game_end_bank's #401, a
    buy kept this way, is P3's $466."""
    from tests.games.titled.replay import effective

    def act(n: int) -> dict[str, object]:
        return {"id": n, "type": "pass"}

    actions = [
        *(act(n) for n in range(1, 5)),
        {"id": 5, "type": "undo"},  # takes back 4
        {"id": 6, "type": "undo", "action_id": 1},  # takes back 2 and 3 as one step
        {"id": 7, "type": "redo"},  # puts 2 and 3 back
        {"id": 8, "type": "undo"},  # takes back 3
        act(9),
    ]
    assert [a["id"] for a in effective(actions)] == [1, 2, 9]


def _proofs() -> list[object]:
    from referee.games.titled.describe import load_title, shipped

    pairs = [(name, game) for name in shipped() for game in load_title(name).proven_by]
    return [
        pytest.param(name, game, marks=[] if game in QUICK else [pytest.mark.recorded])
        for name, game in pairs
    ]


@pytest.mark.parametrize(("title", "game"), _proofs())
def test_each_game_a_title_names_as_its_proof_replays_exactly(title: str, game: str) -> None:
    """[title] proven_by (shown by `referee title list`): each game named replays with no
    forced move to the site's final values."""
    path = next(p for p in recorded_games() if _name(p) == game)
    result = replayed(path)
    assert shipped_name(result.game.title) == title  # the site's name, the file's (18tn)
    assert not result.failed and not result.forced
    assert result.scores() == result.game.result
