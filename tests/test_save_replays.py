"""Nothing is written to a save that does not load (issue 33): random legal play in every game,
with `amend`, `undo`, `redo`, `force` and `as` among the moves; after each of those the save is
loaded back and must give the session's own log and state."""

from __future__ import annotations

import itertools
import random
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from devtools.random_play import Speller, random_line
from referee.core.datafiles import load_table
from referee.core.engine import RefereeError
from referee.play.session import Session
from referee.store import savefile
from tests.games.congo_line.test_properties import spellers as congo_spellers
from tests.games.lost_atlas.helpers import MICRO2
from tests.games.lost_atlas.test_property import LEAN
from tests.games.lost_atlas.test_property import _spellers as atlas_spellers
from tests.games.railroad_rivals.test_rr_properties import spellers as rivals_spellers
from tests.games.union_station.test_properties import spellers as union_spellers

FIXTURES = Path(__file__).parent / "fixtures"
Spell = Callable[[Any], Mapping[str, Speller]]


def _board(name: str) -> dict[str, Any]:
    return tomllib.loads((FIXTURES / name).read_text(encoding="utf-8"))


def _express_spellers(state: Any) -> Mapping[str, Speller]:
    from tests.games.express01.test_express01_properties import spellers

    return spellers(state)


def _atlas_spellers(state: Any) -> Mapping[str, Speller]:
    """Lost Atlas's spellers but for `place`: the micro game's map is built already."""
    return {verb: spell for verb, spell in atlas_spellers(state).items() if verb != "place"}


def _rivals() -> Spell:
    """Railroad Rivals' spellers, naming each new city tile anew."""
    names = (f"T{n}" for n in itertools.count(1))

    def spell(state: Any) -> Mapping[str, Speller]:
        return rivals_spellers(state, lambda: next(names))

    return spell


@dataclass(frozen=True)
class Setup:
    game: str
    players: str
    variant: str
    board: dict[str, Any]
    spell: Callable[[], Spell | None]  # a new speller for each game played
    opening: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()  # verbs drawn besides those `options` offers
    steps: int = 100


GAMES = {
    "union-station": Setup(
        "union-station",
        "A,B,C",
        "",
        _board("union-station-fixture-board.toml"),
        lambda: union_spellers,
    ),
    "railroad-rivals": Setup(
        "railroad-rivals",
        "A,B,C",
        "hotels",
        {"city_tiles": 20, "stock_tiles": 60, "railroads": []},
        _rivals,
    ),
    "express01": Setup(
        "express01",
        "A,B,C",
        "short",
        _board("express01-fixture-board.toml"),
        lambda: _express_spellers,
        extra=("lay", "buy"),
    ),
    "congo-line": Setup(
        "congo-line",
        "A,B,C",
        "",
        _board("congo-line-fixture-board.toml"),
        lambda: congo_spellers,
    ),
    "lost-atlas": Setup(
        "lost-atlas",
        "A,B",
        "micro",
        {},
        lambda: _atlas_spellers,
        (MICRO2, "destinations 30/40/70/100"),
        LEAN,
    ),
    "1889": Setup("18xx", "A,B,C", "described", load_table("titles/1889"), lambda: None, steps=60),
}


# How often each action is drawn; a refused one is drawn again, up to TRIES times.
KINDS = {"move": 80, "as": 4, "force": 3, "undo": 4, "redo": 3, "amend": 6}
TRIES = 20


class Table:
    """A session saved in a file, played at random."""

    def __init__(self, name: str, path: Path, rng: random.Random) -> None:
        setup = GAMES[name]
        self.session = Session.new(setup.game, setup.players.split(","), setup.variant, setup.board)
        savefile.create(self.session, path)
        self.session.settle()
        for line in setup.opening:
            self.session.play(line)
        self.path, self.rng, self.steps = path, rng, setup.steps
        self.spell, self.extra = setup.spell(), setup.extra

    def line(self, state: Any) -> str:
        """A line a player might type at `state`."""
        options = self.session.game.options(state)
        spellers = self.spell(state) if self.spell is not None else None
        return random_line(options, self.rng.choice, spellers, self.extra)

    def step(self) -> str:
        """One random action accepted (tried a few times); which kind it was ("" if none)."""
        kind = self.rng.choices(list(KINDS), list(KINDS.values()))[0]
        for _try in range(TRIES):
            try:
                self.act(kind)
            except RefereeError:
                continue
            return kind
        return ""

    def act(self, kind: str) -> None:
        session, rng = self.session, self.rng
        if kind == "move":
            session.play(self.line(session.state))
        elif kind == "as":
            session.play(f"as {rng.choice(session.players)} {self.line(session.state)}")
        elif kind == "force":
            session.play(f'force {self.line(session.state)} --because "the table says"')
        elif kind == "undo":
            session.undo(rng.choice([1, 1, 2]))
        elif kind == "redo":
            session.redo()
        else:
            self.amend()

    def amend(self) -> None:
        session, rng = self.session, self.rng
        number = rng.randrange(1, len(session.entries) + 1) if session.entries else 1
        before = session.states[number - 1]
        text = rng.choice(
            [
                self.line(before),
                self.line(before),
                f"as {rng.choice(session.players)} {self.line(before)}",
                f'force {self.line(before)} --because "the table says"',
            ]
        )
        session.amend(number, text)

    def check(self) -> None:
        """The save loads back to the session's log and state."""
        session = self.session
        assert session.save_error == ""
        again, warnings = savefile.read(self.path)
        assert warnings == []
        assert _log(again) == _log(session)
        assert [(e.by, e.text) for e in again.redo_stack] == [
            (e.by, e.text) for e in session.redo_stack
        ]
        game = session.game
        assert game.snapshot(again.state) == game.snapshot(session.state)


def _log(session: Session) -> list[tuple[str, str, bool]]:
    return [(e.by, e.text, e.auto) for e in session.entries]


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_save_loads_back_to_the_session_after_amend_undo_redo_force_and_as(
    name: str, seed: int, tmp_path: Path
) -> None:
    table = Table(name, tmp_path / "g.toml", random.Random(seed))
    for _ in range(table.steps):
        if table.session.game.is_over(table.session.state):
            break
        if table.step() not in ("", "move"):
            table.check()
    table.check()


# A Lost Atlas micro game (A and B) as typed, 48 moves with the automatic ones; at move 16
# Bridging runs 250 and B's `pass` at 18 is a choice; B's `done` at 36, A's `pass` at 28 and 47
# are automatic. B's `done` at 40 is typed: a forced 3-train could still be bought there (the
# train-limit reading decides it), so the referee leaves the turn's end to the table.
ATLAS_LOG = (
    MICRO2, "destinations 30/40/70/100", "pass", "pass",
    "charters Adaptive,Agricultural/Bridging,Eastern", "pass", "auction 120", "pass",
    "pick Bridging", "pass", "pass", "lay A1 yellow cost 0", "buy 2", "issue", "run 250",
    "payout", "pass", "pass", "buy Bridging treasury", "auction 150", "pick Eastern",
    "sell Bridging", "done", "buy Eastern treasury", "pass", "issue", "buy 2", "done",
    "redeem", "run 100", "payout", "buy 2", "issue", "run 100", "withhold", "done", "issue",
    "lay D4 yellow cost 0", "run 100", "withhold", "done", "pass", "redeem",
)  # fmt: skip


def _atlas(tmp_path: Path) -> Session:
    session = Session.new("lost-atlas", ["A", "B"], "micro", {})
    savefile.create(session, tmp_path / "g.toml")
    session.settle()
    for line in ATLAS_LOG:
        session.play(line)
    assert len(session.entries) == 48
    return session


def _loads_back(session: Session) -> None:
    assert session.path is not None
    again, warnings = savefile.read(session.path)
    assert warnings == [] and _log(again) == _log(session)
    assert session.game.snapshot(again.state) == session.game.snapshot(session.state)


def test_lost_atlas_amendment_that_makes_a_later_move_another_player_s_is_refused(
    tmp_path: Path,
) -> None:
    """Issue 33, as found: Bridging withholding at move 17 instead of paying leaves it cash
    for a forced 3-train at move 35, so its turn no longer ends by itself (move 36), and B's
    `issue` at move 37 falls in the same turn as its `redeem`. Before, the amended save recorded
    such a shifted move for the wrong player and never loaded again ("move 37 (issue) is
    recorded as B's but was A's")."""
    session = _atlas(tmp_path)
    log, file = _log(session), session.path.read_bytes() if session.path else b""
    with pytest.raises(RefereeError, match=r"move 37 \(B: issue\) no longer holds: one share"):
        session.amend(17, "withhold")
    with pytest.raises(RefereeError, match=r"move 48 \(B: redeem\) no longer holds"):
        session.amend(44, "payout")
    assert _log(session) == log and session.path and session.path.read_bytes() == file
    _loads_back(session)


def test_lost_atlas_amendment_that_shifts_the_automatic_moves_saves_a_game_that_loads(
    tmp_path: Path,
) -> None:
    """Issue 33: with Bridging running 40, not 250, B has nothing left to do after the payout:
    the referee ends the turn itself, and B's typed `pass` (move 18) is taken as that `done`,
    as at the table; every later move keeps its player, and the save loads back to the same
    game. Poorer, Bridging can no longer be forced to buy a 3 at move 40 either: that `done`
    becomes the referee's, and the one typed confirms it."""
    session = _atlas(tmp_path)
    log = _log(session)
    session.amend(16, "run 40")
    assert log[39] == ("B", "done", False)
    assert _log(session) == [
        *log[:15],
        ("B", "run 40", False),
        ("B", "payout", False),
        ("B", "done", True),
        *log[18:39],
        ("B", "done", True),
        *log[40:],
    ]
    _loads_back(session)
