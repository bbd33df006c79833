"""What the table sees: status, toolbar, options and the snapshot."""

from __future__ import annotations

import json

from .helpers import OPENING, new, play, three_at_delivery, three_at_placement


def test_status_shows_everything_the_issue_names() -> None:
    s = three_at_delivery("hotels")
    play(s, "hotel Denver", 'adjust price B&O 12 --because "test"')
    text = s.game.status(s.state)
    lines = text.splitlines()
    # each player's hotel and water tower
    assert player_row(text, "A")[-3:] == ["Denver", "in", "hand"]
    assert "city tiles (drafted)" in text
    # prices as the board shows them, with the lap
    assert "12 (marker on 2, lap 2)" in text
    # cubes per city, links with owners, the grid with coordinates
    assert any(line.split()[:5] == ["Chicago", "0,0", "3", "w2", "g1"] for line in lines)
    assert any(line.split() == ["B&O", "Denver", "-", "Chicago", "A"] for line in lines)
    assert "x=0" in text and "y=-1" in text and "(0,1)" in text
    assert "B&O=A" in text  # the link drawn on the tile edge
    assert "w2 H:A" in text  # Denver's cubes and A's hotel drawn on the tile


def test_status_player_rows() -> None:
    s = three_at_delivery()
    text = s.game.status(s.state)
    # player, score, stock tiles, stock value, total, hidden city tiles
    assert player_row(text, "A")[1:] == ["A", "6", "B&O", "0", "6", "2"]
    assert player_row(text, "C")[1:] == ["C", "10", "PRR", "0", "10", "2"]


def player_row(text: str, player: str) -> list[str]:
    """A player's row of the status table (seat first), its panels joined: the columns 80 do
    not hold go on in a panel below, the seat and the name repeated (issue 31)."""
    words: list[str] = []
    for line in text.splitlines():
        parts = line.split()
        if len(parts) > 1 and parts[1] == player and parts[0] in ("1", "2", "3"):
            words += parts if not words else parts[2:]
    return words


def test_status_names_the_city_tiles_drafted_in_view() -> None:
    s = three_at_placement()
    lines = s.game.status(s.state).splitlines()
    row = next(line for line in lines if line.split()[:2] == ["1", "A"])
    assert row.split()[-2:] == ["3", "(Denver)"]
    assert s.game.snapshot(s.state)["drafted_city_tiles"]["B"] == ["Omaha"]


def test_toolbar_and_options() -> None:
    s = new()
    assert s.game.options(s.state).verbs == ("start",)
    # the setup toolbar does not repeat the prompt's phase
    assert s.game.options(s.state).phase not in s.game.toolbar(s.state)
    assert s.game.toolbar(s.state).startswith("setup: no scores")
    play(s, *OPENING, "order B C A")
    opts = s.game.options(s.state)
    assert (opts.actor, opts.verbs) == ("B", ("reveal",))
    assert "turn 1" in opts.phase
    assert s.game.toolbar(s.state) == "scores B 6, C 8, A 10"


def test_snapshot_is_plain_data() -> None:
    s = three_at_delivery("hotels")
    snap = s.game.snapshot(s.state)
    assert json.loads(json.dumps(snap)) == snap
    assert snap["hidden_city_tiles"] == {"A": 2, "B": 2, "C": 2}
    assert snap["cities"][0]["cubes"] == {"wood": 2, "grain": 1}
