"""線路の敷設, 目的地の都市 and 株価の値上がり, without and with a map."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.core.engine import UsageError

from .helpers import GAME, fixture_board, move, opened, refused, session, with_offer, with_road

MAP = fixture_board("union-station-fixture-map.toml")


@pytest.fixture
def play():
    """C to move (holds black and white); offer +1 green, all spaces but +1 free."""
    return with_offer(opened().state, "green", "orange", "white")  # full: no reveal after lays


def mapped():
    s = session(board=MAP)
    from .helpers import OPENING

    for line in OPENING:
        s.play(line)
    return with_offer(s.state, "green", "orange", "white")


def test_lay_raises_price_by_kind__rule_株価の値上がり(play):
    """Town +2, city +3, plain 0 (the fixture's gold 9 pays once for white 5 -> 7 -> 10)."""
    state, _ = move(play, "lay white town city")
    assert state.road("white").price == 10
    assert state.road("white").discs == 10 and len(state.track) == 2
    state, _ = move(state, "lay blue plain plain")  # A
    assert state.road("blue").price == 8


def test_lay_needs_a_share__rule_線路の敷設(play):
    assert refused(play, "lay blue town town").rule == "線路の敷設"


def test_lay_places_two_discs__rule_線路の敷設(play):
    err = refused(play, "lay white town")
    assert err.rule == "線路の敷設" and "second" in err.legal


def test_destination_plus5_and_lays_no_more__rule_目的地の都市(play):
    state, events = move(play, "lay white dest")  # one disc: it arrived
    road = state.road("white")
    assert road.price == 10 and road.arrived and road.discs == 0
    assert any("back to the box" in e for e in events)
    assert "white" not in GAME.options(state).args["blocked"][0]
    state = replace(state, turn=2)
    assert refused(state, "lay white town town").rule == "線路の敷設"


def test_nothing_after_the_destination__rule_目的地の都市(play):
    assert refused(play, "lay white dest town").rule == "目的地の都市"


def test_discs_run_out__rule_線路の敷設(play):
    state = with_road(play, "white", discs=1)
    assert refused(state, "lay white town town").rule == "線路の敷設"
    state, _ = move(state, "lay white town")  # the last disc alone is fine
    assert state.road("white").discs == 0
    state = replace(state, turn=2)
    assert "white" not in GAME.options(state).args["lay"][0]


def test_named_hexes_hold_two_discs_of_different_colours__rule_線路の敷設(play):
    state, _ = move(play, "lay white town@C4 city@D5")
    state = replace(state, turn=2)
    assert refused(state, "lay white town@C4 plain").rule == "線路の敷設"  # white already there
    state, _ = move(state, "lay black town@C4 plain")
    state = replace(state, turn=0)
    err = refused(state, "lay blue town@C4 plain", actor="A")
    assert "two discs" in err.reason


def test_named_hex_keeps_its_kind(play):
    state, _ = move(play, "lay white town@C4 city@D5")
    state = replace(state, turn=2)
    assert refused(state, "lay black city@C4 plain").rule == "線路の敷設"
    state, _ = move(state, "lay black plain dest@d5")  # d5 is a city: black's destination ok
    assert state.road("black").arrived


def test_blocked_declared_by_the_table_without_map__rule_ゲームの終了(play):
    state = play
    # the table's declaration, not a move of the player to act: not offered as one
    assert "blocked" not in GAME.options(state).verbs
    for colour in ("black", "green", "blue", "orange"):
        state, _ = move(state, f"blocked {colour}")
        assert state.phase == "play"
    assert refused(state, "lay black town town").rule == "線路の敷設"
    state, _events = move(state, "blocked white")
    assert state.phase == "over" and "no railroad can lay track" in state.ended


def test_lay_grammar_errors(play):
    for text in (
        "lay white",
        "lay white town city plain",
        "lay white hill city",
        "lay white @C4 town",
    ):
        with pytest.raises(UsageError):
            GAME.parse(play, "C", text.split())


# --- with a map --------------------------------------------------------------------------
def test_map_first_disc_touches_chicago__rule_線路の敷設():
    state = mapped()
    assert refused(state, "lay white B3 C1").rule == "線路の敷設"
    assert refused(state, "lay white CHI A2").rule == "線路の敷設"


def test_map_kind_is_read_from_the_map__rule_株価の値上がり():
    state, _ = move(mapped(), "lay white A2 B3")  # plain, then Minneapolis: a city for white
    assert state.road("white").price == 5 + 3
    state = replace(state, turn=2)
    state, _ = move(state, "lay white C1")  # Pittsburgh: +5, arrived, one disc is enough
    assert state.road("white").arrived and state.road("white").price == 13


def test_map_later_discs_touch_own_track_or_chicago__rule_線路の敷設():
    state, _ = move(mapped(), "lay black A1 A3")  # both touch Chicago
    state = replace(state, turn=2)
    assert refused(state, "lay black C1 B1").rule == "線路の敷設"
    state, _ = move(state, "lay black B4 B1")  # B4 touches A3 (own), B1 its destination
    assert state.road("black").arrived


def test_map_kind_typed_must_agree():
    assert refused(mapped(), "lay white city@A2 A3").rule == "線路の敷設"


def test_map_single_disc_when_no_hex_is_left__rule_線路の敷設():
    state = mapped()
    from referee.games.union_station.state import Disc

    full = [Disc(c, "plain", h) for h in ("A1", "A3", "B2", "B3") for c in ("green", "blue")]
    state = replace(state, track=full)
    assert refused(state, "lay white A2 B2").rule == "線路の敷設"
    state, _ = move(state, "lay white A2")  # only A2 is free, and after it nothing is
    assert state.road("white").discs == 11


def test_map_blocked_railroads_end_the_game__rule_ゲームの終了():
    """With a map the referee sees when no railroad can lay: the game ends at once."""
    state = mapped()
    from referee.games.union_station.state import Disc

    full = [Disc(c, "plain", h) for h in ("A1", "A2") for c in ("green", "blue")]
    state = replace(state, track=full)
    for colour in ("black", "green", "blue", "orange"):
        state = with_road(state, colour, arrived=True, discs=0)
    assert GAME.options(state).args["lay"][1] == ("A3",)
    state, _ = move(state, "lay white A3 B4")  # B4 is Cleveland: a city for white
    assert state.phase == "play"
    state = replace(state, turn=2)
    state, _ = move(state, "lay white B3 C1")  # Pittsburgh: white arrives; nobody can lay
    assert state.phase == "over" and state.ended == "no railroad can lay track"


def test_map_refuses_declared_blocks():
    assert refused(mapped(), "blocked white").rule == "線路の敷設"


def test_no_disc_on_a_hex_named_chicago_without_a_map__rule_線路の敷設(play):
    """L94: no track is laid on Chicago; without a map its name is enough to know it."""
    e = refused(play, "lay white town@Chicago plain")
    assert e.rule == "線路の敷設" and "Chicago" in e.reason


def test_own_destination_typed_as_a_city_is_refused__rule_目的地の都市(play):
    """Pittsburgh is white's destination: for white it counts as dest, never as a city."""
    e = refused(play, "lay white plain city@Pittsburgh")
    assert e.rule == "目的地の都市" and "dest@PITTSBURGH" in e.legal
    state, _ = move(play, "lay white plain city@Cleveland")  # orange's: a city for white
    assert state.track[-1].hex == "CLEVELAND"


def test_hex_names_may_have_spaces_and_the_hint_says_hyphens():
    s = opened()
    s.play('lay black plain "city@Des Moines"')
    assert s.state.track[-1].hex == "DES-MOINES"
    with pytest.raises(UsageError, match="letters, digits, hyphens and spaces"):
        s.what_if("lay white plain city@C4!")
