"""A save records what was decided, not what was asked (issue 27, item 4; design §4).

The route search watches the clock: what it proves depends on the machine. A move whose effect
came from it (`run best`, `routes`, a typed revenue judged by the proven best, a Lost Atlas
dividend that runs the best routes first) is logged with what it found (the revenue and the
routes), worked out before the move is applied (`Game.decide`). Loading reads that back and
never searches, so the same save gives the same game on any machine; `apply` never reads the
clock. Saves from before still load (searching once) and are rewritten with what was found.
"""

from __future__ import annotations

import shutil
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from referee.core.engine import Game
from referee.eighteen import search
from referee.games.lost_atlas import routes as atlas_routes
from referee.games.lost_atlas.game import LostAtlas
from referee.games.titled import routes as titled_routes
from referee.games.titled.game import Titled
from referee.play.session import Session
from referee.store import savefile
from referee.store.savefile import ReplayError

FIXTURES = Path(__file__).parents[1] / "fixtures"
# 1889 for two, written before moves recorded what was decided: `routes` (before and after AR
# has trains) and `run best`.
OLD_1889 = FIXTURES / "saves-before-decided" / "18xx-1889-2p-run-best-routes.toml"
# Lost Atlas on its map, six cycles: `run best`, `routes` and dividends that run the routes.
OLD_ATLAS = FIXTURES / "saves-before-atlastype" / "lost-atlas-long-3p-mapped-six-cycles.toml"
CLOCKS = ("monotonic", "monotonic_ns", "time", "time_ns", "perf_counter", "perf_counter_ns")
# What the 1889 save's AR finds with its two 2-trains from K8 (tests/scenarios' run-best game).
AR_ROUTES = {
    "revenue": 70,
    "proven": True,
    "routes": ["2: K8 20 - L7 20 = 40", "2: K8 20 - J9 10 = 30"],
}


@contextmanager
def no_search() -> Iterator[None]:
    """The route search poisoned, as on a machine too slow to prove anything: a load that
    searched would fail."""

    def poisoned(*args: object, **kwargs: object) -> search.Answer:
        raise AssertionError("the route search ran")

    titled_routes._best.cache_clear()  # answers kept from earlier searches would hide one
    with pytest.MonkeyPatch.context() as patch:
        for module in (search, atlas_routes, titled_routes):
            patch.setattr(module, "best_routes", poisoned)
        yield


@contextmanager
def clockless_apply() -> Iterator[list[int]]:
    """Every clock raises while a game's `apply` runs; yields the count of moves applied."""
    applied = [0]

    def stopped(*args: object) -> float:
        raise AssertionError("apply read the clock")

    def without_clock(real: Any) -> Any:
        def apply(game: Game, state: Any, move: Any, *, forced: bool = False) -> Any:
            applied[0] += 1
            with pytest.MonkeyPatch.context() as clocks:
                for name in CLOCKS:
                    clocks.setattr(time, name, stopped)
                return real(game, state, move, forced=forced)

        return apply

    titled_routes._best.cache_clear()
    with pytest.MonkeyPatch.context() as patch:
        for game in (LostAtlas, Titled):
            patch.setattr(game, "apply", without_clock(game.apply))
        yield applied


def snapshot_of(path: Path) -> Any:
    return tomllib.loads(path.read_text(encoding="utf-8"))["snapshot"]


def replayed_snapshot(session: Session) -> Any:
    return tomllib.loads(savefile.render(session))["snapshot"]


def decided_moves(path: Path) -> dict[str, list[dict[str, Any]]]:
    """What the moves of a save record as decided, by their text."""
    found: dict[str, list[dict[str, Any]]] = {}
    for move in tomllib.loads(path.read_text(encoding="utf-8"))["moves"]:
        if "decided" in move:
            found.setdefault(move["text"], []).append(move["decided"])
    return found


def typed_moves(old: Path) -> tuple[Session, list[str]]:
    """A new session of the game `old` holds, and the moves its table typed."""
    before, _warnings = savefile.read(old)
    session = Session.new(
        before.game.name, before.players, before.variant, before.board, before.readings.as_dict()
    )
    return session, [entry.text for entry in before.entries if not entry.auto]


def test_run_best_is_saved_with_the_routes_it_paid_and_loads_without_searching(
    tmp_path: Path,
) -> None:
    """18xx routes: `routes` and `run best` are logged with the revenue and the routes found;
    the save loads with the search poisoned, and `apply` never reads the clock."""
    path = tmp_path / "g.toml"
    session, lines = typed_moves(OLD_1889)
    savefile.create(session, path)
    for line in lines:
        session.play(line)
    assert decided_moves(path) == {"routes": [AR_ROUTES], "run best": [AR_ROUTES]}
    with no_search(), clockless_apply() as applied:
        loaded, warnings = savefile.read(path)
    assert warnings == []
    assert applied[0] >= len(lines)
    assert replayed_snapshot(loaded) == snapshot_of(OLD_1889)


@pytest.mark.parametrize("old", [OLD_1889, OLD_ATLAS], ids=["1889", "lost-atlas"])
def test_a_save_from_before_loads_once_and_is_rewritten_with_what_was_decided(
    old: Path, tmp_path: Path
) -> None:
    """The old save still loads (searching as it loads) and is written back with what was
    found; from then on it loads with the search poisoned and `apply` clockless."""
    path = tmp_path / old.name
    shutil.copy(old, path)
    assert decided_moves(path) == {}
    session, warnings = savefile.resume(path)
    assert warnings == []
    assert session.store is not None
    session.store.close(session)  # the shell quits without a move
    rewritten = decided_moves(path)
    assert "run best" in rewritten
    with no_search(), clockless_apply():
        loaded, warnings = savefile.read(path)
    assert warnings == []
    assert replayed_snapshot(loaded) == snapshot_of(old)


def test_lost_atlas_dividends_before_a_run_record_the_routes_they_ran(tmp_path: Path) -> None:
    """■16/■17: `payout` before a run runs the best routes first; the routes it ran are
    recorded with it, as `run best` records them, and it loads without searching."""
    path = tmp_path / OLD_ATLAS.name
    shutil.copy(OLD_ATLAS, path)
    session, _warnings = savefile.resume(path)
    first = next(i for i, e in enumerate(session.entries) if e.text == "run best")
    run_best = session.entries[first].decided
    session.undo(sum(not e.auto for e in session.entries[first:]))
    session.play("payout")
    payout = next(e for e in session.entries[first:] if e.text == "payout")
    assert payout.decided == run_best and run_best["proven"] is True
    assert session.store is not None
    session.store.close(session)
    with no_search(), clockless_apply():
        loaded, warnings = savefile.read(path)
    assert warnings == []
    assert loaded.game.snapshot(loaded.state) == session.game.snapshot(session.state)


def test_a_revenue_trusted_on_a_slow_machine_stays_trusted_on_a_fast_one(
    tmp_path: Path,
) -> None:
    """18xx routes: where the search proved no best in time, a typed revenue is trusted; the
    save records that no best was proven, so a machine that proves 70 still loads the 80 the
    table ran, unchanged (not refused, not kept as forced)."""
    real = titled_routes.best_routes

    def slow(*args: Any, **kwargs: Any) -> search.Answer:
        return replace(real(*args, **kwargs), proven=False)

    path = tmp_path / "g.toml"
    session, lines = typed_moves(OLD_1889)
    savefile.create(session, path)
    titled_routes._best.cache_clear()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(titled_routes, "best_routes", slow)
        for line in lines[: lines.index("run best")]:
            session.play(line)
        events = session.play("run 80")
    titled_routes._best.cache_clear()
    assert "trusted: the revenue (no proven best to judge it by)" in [e.text for e in events]
    assert session.store is not None
    session.store.close(session)
    assert decided_moves(path)["run 80"] == [{**AR_ROUTES, "proven": False}]
    loaded, warnings = savefile.read(path)  # the real search proves 70 here
    assert warnings == []
    assert not any(e.text.startswith("force") for e in loaded.entries)
    assert loaded.game.snapshot(loaded.state) == session.game.snapshot(session.state)


def test_undo_then_redo_of_run_best_takes_the_routes_it_ran(tmp_path: Path) -> None:
    """Redo plays the move again with what was decided for it, kept in the save's [[redo]]
    too: no second search."""
    path = tmp_path / "g.toml"
    session, lines = typed_moves(OLD_1889)
    savefile.create(session, path)
    for line in lines[: lines.index("run best") + 1]:
        session.play(line)
    after = session.game.snapshot(session.state)
    session.undo()
    assert session.store is not None
    session.store.close(session)
    with no_search():
        loaded, warnings = savefile.read(path)
        entry, events = loaded.redo()
    assert warnings == []
    assert entry.decided == AR_ROUTES
    assert "total 70 (proven best)" in [e.text for e in events]
    assert loaded.game.snapshot(loaded.state) == after


def test_what_was_decided_that_cannot_be_read_is_refused_naming_the_move(
    tmp_path: Path,
) -> None:
    """A record damaged by hand is never read as something else: the load names the move."""
    path = tmp_path / "g.toml"
    session, lines = typed_moves(OLD_1889)
    savefile.create(session, path)
    for line in lines:
        session.play(line)
    text = path.read_text(encoding="utf-8")
    damaged = text.replace('"2: K8 20 - J9 10 = 30"', '"2: K8 twenty"', 1)
    assert damaged != text
    path.write_text(damaged, encoding="utf-8")
    with no_search(), pytest.raises(ReplayError, match=r"move \d+ \(B: routes\).*cannot be read"):
        savefile.read(path)
