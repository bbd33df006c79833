"""A game's route options: what its routes count beyond the standard 18xx rules.

The contract between a game and the route search (referee/eighteen): a game's spec states its own,
without loading the position (heavy).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rules:
    """Per-game route options (Lost Atlas needs all of them; other games none)."""

    local_routes: bool = False  # a train may run a hub city alone, without track
    port_one_city: bool = False  # the circles of a 'port' tile are one city
    suburb_bonus: int = 0  # per train per suburb city on its route
    full_cities_block: bool = True  # a city full of other companies' stations stops a route
    towns_free: bool = False  # every train passes towns free (18GA; trains.Train.towns_free)
