"""Where the rules text of Congo Line allows two readings (congo-line.ja.txt, by line); the first
choice of each is the referee's default."""

from __future__ import annotations

from referee.engine import Reading

MOVE_LENGTH = Reading(
    "congo-line",
    "move-length",
    "L92, L94",
    "does a train move up to the dice-chart number, or the whole of it",
    (
        ("up-to", "the mover chooses any number of spaces up to the dice-chart number"),
        (
            "full",
            "the train moves the whole number, cut short only by a city it enters or by the"
            " trains that block the spaces beyond",
        ),
    ),
)
PURPLE_LOAD = Reading(
    "congo-line",
    "purple-load",
    "L91, L102",
    "does a purple load (追加積み込み) count toward a player's 3 cubes per train a turn",
    (
        ("counts", "yes: dice loads and purple loads together are at most 3 per train"),
        ("dice-only", "no: only the dice load is limited to 3; purple loads come on top"),
    ),
)
AUTO_MOVE = Reading(
    "congo-line",
    "auto-move",
    "L96",
    "when do the trains due an auto-move (自動移動) move: 列車が都市を離れる時",
    (
        ("after-move", "after the mover's whole move: they may find it in their way"),
        (
            "on-leaving",
            "at the moment the train leaves its city, before it goes on: the mover may find"
            " them in its way",
        ),
    ),
)
READINGS = (MOVE_LENGTH, PURPLE_LOAD, AUTO_MOVE)
