"""Our 1889 answers agree with routes-18xx, the peer the route bench measures against, fed the
same positions through its own board and railroad files (bench/peer.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.latepos import map_position
from bench.peer import board_csv, peer_hex, peer_revenue
from referee.core.datafiles import load_table
from referee.eighteen.search import UNLIMITED, best_routes
from referee.eighteen.trains import parse_trains

pytest.importorskip("routes18xx")


def test_hex_names_follow_the_peers_map() -> None:
    """Every company's home, renamed, is the home the peer's own 1889 data gives."""
    import routes18xx

    data = Path(routes18xx.__file__).parent / "data" / "1889" / "railroads.json"
    peer_homes = {
        nick: entry["home"]
        for entry in json.loads(data.read_text()).values()
        for nick in entry["nicknames"]
    }
    ours = load_table("maps/1889.toml")["corporations"]
    assert {name: peer_hex(c["home"]) for name, c in ours.items()} == {
        name: peer_homes[name] for name in ours
    }


@pytest.mark.parametrize("seed", [0, 2, 4])
def test_peer_agrees_on_late_1889_positions(seed: int) -> None:
    position, company, trains = map_position("1889", seed)
    ours = best_routes(position, company, parse_trains(trains), UNLIMITED)
    peer_total, _ = peer_revenue(position, company, trains)
    assert ours.proven
    assert ours.total == peer_total


def test_every_laid_tile_has_a_peer_orientation() -> None:
    position, _, _ = map_position("1889", 5)
    rows = board_csv(position).splitlines()
    assert len(rows) == len(position.laid)
