"""Tiles as the table sees them: `lay HEX` and the sides the track joins (rules ■14)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from devtools import scenario
from referee.core.engine import Overridden, RuleError, UsageError
from referee.eighteen import compass
from referee.games.lost_atlas import render, sections
from referee.games.lost_atlas.state import State
from referee.shell.loop import run_interactive
from referee.shell.shell import Shell

from .helpers import G, mapped, play, step
from .test_track import eastern_built

R_TRACK = sections.R_TRACK
R_UPGRADE = sections.R_UPGRADE


def green_after_eastern() -> State:
    """Eastern has 9 on M25 (N-S) and 291a on M23; the phase is green, no tile laid yet."""
    s = eastern_built().draft()
    s.colour, s.level = "green", 3  # as if a 3-train had been bought
    s.orr.lays = []
    return s.seal()


def test_one_tile_fits_the_sides_said__rule_14() -> None:
    s = play(mapped(), "buy 2")
    assert play(s, "lay M25 N-S").tiles["M25"] == ("9", 0)
    assert play(s, "lay m25 s-n").tiles["M25"] == ("9", 0)  # any order, any case
    s = play(s, "lay M25 N-S")
    # The capital hex takes the star tiles: two sides and the city between them.
    assert play(s, "lay M23 S-SW city").tiles["M23"] == ("291a", 0)
    assert play(s, "lay M23 S-SW").tiles["M23"] == ("291a", 0)  # the city goes without saying


def test_several_fit_are_listed_with_their_numbers__rule_14() -> None:
    s = green_after_eastern()
    with pytest.raises(UsageError) as e:
        step(s, "lay M25 N-S")  # the old track alone: every green tile that keeps it
    assert "12 lays fit N-S on M25, say which" in e.value.message
    assert "tile 23 (green) N-S NE-S" in e.value.message
    assert "lay M25 N-S NE-S" in e.value.allowed
    with pytest.raises(UsageError, match="2 lays fit N-S 23"):
        step(s, "lay M25 N-S 23")  # the number narrows it to the two ways 23 keeps N-S
    assert play(s, "lay M25 N-S NE-S").tiles["M25"] == ("23", 0)


def test_no_fit_is_refused_with_what_fits__rule_14() -> None:
    s = play(mapped(), "buy 2")
    with pytest.raises(RuleError) as e:
        step(s, "lay M25 N-SE")  # tile 8 would not join Eastern's track
    assert e.value.rule == sections.R_REACH
    assert e.value.legal == "what fits: S-SW (7); SE-S (7); S-NW (8); NE-S (8); N-S (9)"
    with pytest.raises(RuleError) as e:
        step(s, "lay M25 N-S green")  # yellow tiles only on an empty hex
    assert e.value.rule == R_UPGRADE
    assert "no tile laid as N-S green may go on M25" in e.value.reason
    assert "N-S (9)" in e.value.legal


def test_upgrade_said_by_its_new_track__rule_14_upgrade() -> None:
    s = green_after_eastern()
    for line in ("lay M25 S-NE", "lay M25 N-S NE-S"):  # the new leg alone, or the whole tile
        after, events = step(s, line)
        assert after.tiles["M25"] == ("23", 0)
        assert events[0].text == "tile 9 goes back to the supply"
    with pytest.raises(RuleError, match="the old track leaving N would be lost") as e:
        step(s, "lay M27 S-SE city")  # the mine's old track leaves by N
    assert e.value.rule == R_UPGRADE
    assert e.value.legal == "what fits: N-NW city (LA1); N-NE city (LA1)"


def test_forced_lay_takes_the_one_tile_said__rule_14() -> None:
    s = play(mapped(), "buy 2")
    move = G.parse(s, "B", ["lay", "M25", "N-SE"])
    after, events = G.apply(s, move, forced=True)
    assert after.tiles["M25"] == ("8", 3)
    assert any(isinstance(e, Overridden) and e.rule == sections.R_REACH for e in events)


def test_sides_are_read_for_the_flat_map() -> None:
    s = play(mapped(), "buy 2")
    with pytest.raises(UsageError, match="'E' is not a side of a hex on this map"):
        G.parse(s, "B", ["lay", "M25", "N-E"])
    with pytest.raises(UsageError, match="more meet at a city"):
        G.parse(s, "B", ["lay", "M25", "N-S-SE"])
    with pytest.raises(UsageError, match="'city' follows the sides"):
        G.parse(s, "B", ["lay", "M25", "N-S", "city", "city"])
    assert G.parse(s, "B", ["lay", "M25", "9", "0"]).tile == "9"  # numbers keep working


def test_completion_offers_the_lays_legal_on_the_hex_typed() -> None:
    s = green_after_eastern()
    args = G.options(s).args
    assert args["lay M27"] == (("M27",), ("N-NW", "N-NE"), ("city",))
    assert "N-S" in args["lay M25"][1] and "NE-S" in args["lay M25"][2]


def test_map_drawing_names_each_tile_by_its_sides() -> None:
    s = eastern_built()
    assert "tiles: M23 291a S-SW city; M25 9 N-S" in render.status(s)


def test_describe_reads_a_tile_in_both_layouts() -> None:
    from referee.eighteen.tiles import tile

    assert compass.text(compass.describe(tile("57", "t"), 0), "flat") == "N-S city"
    assert compass.text(compass.describe(tile("57", "t"), 0), "pointy") == "NE-SW city"
    assert compass.text(compass.describe(tile("16", "t"), 1), "flat") == "N-SW NE-NW"


def green_table() -> Shell:
    """The long mapped scenario in cycle 3 (green), Eastern to lay: K17 has tile 9 (NE-SW)."""
    path = Path(__file__).parents[2] / "scenarios" / "lost-atlas-long-3p-mapped-six-cycles.txt"
    whole = scenario.load(path)
    upto = next(c.number for c in whole.commands if c.text == "lay K17 NE-NW")
    played = [c for c in whole.commands if c.number < upto and c.refusal is None]
    cut = replace(whole, commands=played, expect_over=None, expect_scores={}, expect_winners=[])
    return Shell(scenario.play(cut))


def test_the_shell_asks_which_of_several_lays__rule_14() -> None:
    asked: list[tuple[str, tuple[str, ...]]] = []

    def choose(question: str, choices: Sequence[str]) -> int | None:
        asked.append((question, tuple(choices)))
        return choices.index("lay K17 NE-SW NE-NW")

    shell = green_table()
    refused = shell.run("lay K17 NE-SW")  # in a pipe: refused, with the choices
    assert not refused.ok and refused.exit_code == 2
    assert "8 lays fit NE-SW on K17, say which" in refused.text
    assert "lay K17 NE-SW NE-NW" in refused.text
    shell.choose = choose
    reply = shell.run("lay K17 NE-SW")
    assert reply.ok and "Eastern lays green on K17 (tile 23: NE-SW NE-NW)" in reply.text
    assert len(asked[0][1]) == 8
    assert shell.session.entries[-1].text == "lay K17 NE-SW NE-NW"  # the log says which


def test_at_the_terminal_the_choice_is_typed_by_its_number__rule_14(capsys) -> None:
    session = green_table().session
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("lay K17 NE-SW\r")
        pipe.send_text("3\r")  # the third lay listed
        pipe.send_text("quit\r")
        run_interactive(session)
    assert session.entries[-1].text == "lay K17 NE-SW NE-NW"
    assert "Eastern lays green on K17 (tile 23: NE-SW NE-NW)" in capsys.readouterr().out
