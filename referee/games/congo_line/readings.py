"""Where the rules text of Congo Line allows two readings (congo-line.ja.txt, by line); the first
choice of each is the referee's default."""

from __future__ import annotations

from referee.core.engine import Reading
from referee.i18n import N_

MOVE_LENGTH = Reading(
    "congo-line",
    "move-length",
    "L92, L94",
    N_("does a train move up to the dice-chart number, or the whole of it"),
    (
        ("up-to", N_("the mover chooses any number of spaces up to the dice-chart number")),
        (
            "full",
            N_(
                "the train moves the whole number, cut short only by a city it enters or by the"
                " trains that block the spaces beyond"
            ),
        ),
    ),
)
PURPLE_LOAD = Reading(
    "congo-line",
    "purple-load",
    "L91, L102",
    N_("does a purple load (an extra load) count toward a player's 3 cubes per train a turn"),
    (
        ("counts", N_("yes: dice loads and purple loads together are at most 3 per train")),
        ("dice-only", N_("no: only the dice load is limited to 3; purple loads come on top")),
    ),
)
AUTO_MOVE = Reading(
    "congo-line",
    "auto-move",
    "L96",
    N_("when do the trains due an automatic move go (the rules: when the train leaves its city)"),
    (
        ("after-move", N_("after the mover's whole move: they may find it in their way")),
        (
            "on-leaving",
            N_(
                "at the moment the train leaves its city, before it goes on: the mover may find"
                " them in its way"
            ),
        ),
    ),
)
READINGS = (MOVE_LENGTH, PURPLE_LOAD, AUTO_MOVE)
