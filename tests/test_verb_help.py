"""`help VERB` for every verb (issue 26 item 7): the usage, every form with a line that uses
it, and the rule the verb follows. The lines shown are played: each example of a game's verb
(and of the frame's moves, `as`, `force`, `adjust`, `count`) is accepted at some position of
the scenario files where it is legal, so an example cannot go stale when the grammar changes."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from devtools import scenario
from referee import games, i18n
from referee.core.citations import SECTIONS, cite
from referee.core.engine import RefereeError, Verb
from referee.games.titled import auction, common, operating, play
from referee.play import frame
from referee.play.session import Session, split
from referee.shell.shell import Shell
from tests.games.titled.replay import RECORDED, replay

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.txt"))
# 18xx has no rules file: its verbs follow the rules every title shares.
FAMILY_RULES = {
    common.SR,
    common.EMERGENCY,
    common.ROUTES,
    common.SUPPLY,
    common.UPGRADES,
    auction.AUCTION,
    operating.OR,
    play.ROUNDS,
}
PLAYED_BY_THE_FRAME = ("move", "prefix")  # frame verbs whose examples are moves


def game_verbs() -> Iterator[tuple[str, Verb]]:
    for name in games.names():
        for verb in games.get(name).verbs():
            yield name, verb


def test_every_verb_of_every_game_has_forms_with_examples_and_a_rule() -> None:
    missing = []
    for game, verb in game_verbs():
        known = SECTIONS.get(game, FAMILY_RULES)
        rules = {verb.rule, *(form.rule for form in verb.forms if form.rule)}
        if not verb.forms or not rules <= set(known):
            missing.append(f"{game} {verb.name}")
        for form in verb.forms:
            if split(form.example)[0] != verb.name:
                missing.append(f"{game} {verb.name}: '{form.example}' is not a {verb.name}")
    assert not missing, missing


def test_every_verb_of_the_frame_has_forms_with_examples_and_a_rule() -> None:
    missing = [v.name for v in frame.VERBS.values() if not v.forms or not v.rule]
    bad = [
        f.example for v in frame.VERBS.values() for f in v.forms if split(f.example)[0] != v.name
    ]
    assert not missing and not bad, (missing, bad)


def _examples(game: str) -> dict[str, str]:
    """The examples of `game`'s verbs, each with its verb."""
    return {form.example: verb.name for verb in games.get(game).verbs() for form in verb.forms}


FRAME_MOVES = {
    form.example
    for verb in frame.VERBS.values()
    if verb.kind in PLAYED_BY_THE_FRAME
    for form in verb.forms
}


def _accepted(session: Session, line: str) -> bool:
    try:
        session.what_if(line)
    except RefereeError:
        return False
    return True


def _parsed(session: Session, line: str) -> bool:
    actor = session.game.options(session.state).actor
    try:
        session.game.parse(session.state, actor or "", split(line))
    except RefereeError:
        return False
    return True


@dataclass
class Trial:
    """What the positions of a game's scenario files made of the examples."""

    accepted: set[str] = field(default_factory=set)
    parsed: set[str] = field(default_factory=set)  # read as a move, not accepted


@functools.cache
def trial(game: str) -> Trial:
    """Each example of `game`'s verbs is played at the positions of the game's scenario files
    where its verb is legal until one accepts it (failing that, the game must read it as a
    move at one of them: a form no scenario reaches, such as a train over the limit); each
    example of the frame's moves, at every position until one accepts it."""
    examples, done = _examples(game), Trial()
    for path in SCENARIOS:
        loaded = scenario.load(path)
        if loaded.game != game:
            continue
        session = Session.new(loaded.game, loaded.players, loaded.variant, loaded.board)
        session.settle()
        shell = Shell(session)
        lines = [c.text for c in loaded.commands if not c.figures and c.refusal is None]
        _try_along(session, lines, shell.run, examples, done)
    for name in RECORDED_GAMES.get(game, ()):
        _try_recorded(RECORDED / name, examples, done)
    return done


def _try_along(
    session: Session,
    lines: list[str],
    play: Callable[[str], object],
    examples: dict[str, str],
    done: Trial,
) -> None:
    """The examples tried at the session's position, then after each of `lines` played."""
    for line in [*lines, None]:
        _try_here(session, examples, done)
        if line is None:
            break
        play(line)


# Forms that name what no scenario's title has (18AL's NDY: its discount and its sale between
# players) are tried at the positions of a short recorded game of the title that has it too.
RECORDED_GAMES = {"18xx": ("18AL/hs_pzujrnou_144868.json",)}


def _try_recorded(path: Path, examples: dict[str, str], done: Trial) -> None:
    """The moves of the recorded game's log (those the referee made itself follow again),
    each played as typed; a move refused fails the test rather than leave the position."""
    first = replay(path).session
    session = Session.new("18xx", first.players, first.variant, first.board)
    session.settle()
    typed = [entry.text for entry in first.entries if not entry.auto]
    _try_along(session, typed, session.play, examples, done)


def _try_here(session: Session, examples: dict[str, str], done: Trial) -> None:
    legal = set(session.game.options(session.state).verbs)
    for line, verb in examples.items():
        if line in done.accepted:
            continue
        if verb in legal and _accepted(session, line):
            done.accepted.add(line)
        elif line not in done.parsed and _parsed(session, line):
            done.parsed.add(line)
    done.accepted |= {line for line in FRAME_MOVES - done.accepted if _accepted(session, line)}


@pytest.mark.parametrize("game", games.names())
def test_every_example_is_accepted_where_its_verb_is_legal(game: str) -> None:
    """Each example of a game's verb is accepted at a position of its scenario files where its
    verb is legal, or at least read as a move (a form no scenario reaches)."""
    done = trial(game)
    unread = sorted(set(_examples(game)) - done.accepted - done.parsed)
    assert not unread
    if game in RECORDED_GAMES:  # its positions were reached: a sale between players there
        assert "private NDY 1" in done.accepted


def test_every_example_of_a_frame_move_is_accepted_in_some_game() -> None:
    accepted = set().union(*(trial(game).accepted for game in games.names()))
    assert not sorted(FRAME_MOVES - accepted)


SETUP = ("charters Expansive,Eastern / Express,Suburban", "destinations 30/40/70/100")
AUCTION = (*SETUP, "auction 120")
# Where the shell's commands have something to work on: moves to take back, amend and ask
# about; none (`reading`); a move undone (`redo`); a file of the session's own (`save`).
SETUPS = (AUCTION, (), (*AUCTION, "undo"), (*AUCTION, "save game.toml"))


def _answered(line: str, setup: tuple[str, ...]) -> str:
    """'' if a shell on a Lost Atlas game (micro, A and B), after `setup`, answers `line`."""
    session = Session.new("lost-atlas", ["A", "B"], "micro")
    session.settle()
    shell = Shell(session)
    with i18n.speaking("en"):  # `lang ja` speaks Japanese only until the end of the trial
        for move in setup:
            shell.run(move)
        reply = shell.run(line)
    return "" if reply.ok else reply.text


def test_every_example_of_a_shell_command_is_answered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each example of the shell's commands is answered in one of the SETUPS."""
    monkeypatch.chdir(tmp_path)
    refused = []
    for verb in frame.VERBS.values():
        if verb.kind in PLAYED_BY_THE_FRAME or verb.name in ("share", "quit"):
            continue  # moves are played above; `share` serves a page, `quit` ends the shell
        for form in verb.forms:
            answers = (_answered(form.example, setup) for setup in SETUPS)
            if all(answers):
                refused.append(form.example)
    assert not refused, refused


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_help_on_a_verb_shows_its_usage_every_example_and_its_rule(lang: str) -> None:
    session = Session.new("lost-atlas", ["A", "B", "C"])
    shell = Shell(session)
    verb = next(v for v in games.get("lost-atlas").verbs() if v.name == "lay")
    with i18n.speaking(lang):
        text = shell.run("help lay").text
        said = shell.run("help as").text
    assert verb.usage in text
    assert all(form.example in text for form in verb.forms)
    assert all(form.example in said for form in frame.VERBS["as"].forms)
    with i18n.speaking(lang):
        assert cite(verb.rule) in text
        assert cite(frame.VERBS["as"].rule) in said


def test_a_form_that_follows_another_section_names_it() -> None:
    """Lost Atlas `buy`: a train follows ■18, a share ■8; help names both, each with its
    forms."""
    text = Shell(Session.new("lost-atlas", ["A", "B", "C"])).run("help buy").text
    assert "Rule: ■18 Operating action 7: buying trains" in text
    assert "Rule (buy Eastern, buy Eastern pool): ■8 Stock round 2: buying shares" in text
