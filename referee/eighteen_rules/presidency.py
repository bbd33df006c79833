"""The presidency: who takes it when holdings change.

Both games: the player holding the most of a company takes the presidency when they hold
more than its president; on a tie, the first of them after the president in seating order
(Lost Atlas ■4: clockwise from the president; 18xx.games: the first after the seller).
A title also asks that the new president hold at least the president's certificate; a
company whose president left the game passes to the remaining holder with the most
(Lost Atlas ■20: a bankrupt president).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def successor(
    president: str,
    kept: int,
    seating: Sequence[str],
    held: Mapping[str, int],
    at_least: int = 0,
) -> str:
    """Who takes the presidency from `president`, who keeps `kept`: of the others in `held`
    (the players who may take it, with what they hold), the one holding the most, if that is
    more than `kept` and at least `at_least`; on a tie the first after `president` in
    `seating`. "" if the presidency stays."""
    seat = seating.index(president) + 1 if president in seating else 0  # none: from the first
    order = [p for p in [*seating[seat:], *seating[:seat]] if p in held and p != president]
    if not order:
        return ""
    best = max(order, key=lambda p: held[p])  # the first of those holding the most
    return best if held[best] > kept and held[best] >= at_least else ""
