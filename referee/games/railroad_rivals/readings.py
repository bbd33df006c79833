"""Where the rules text of Railroad Rivals allows two readings (railroad-rivals.ja.txt, by line);
the first choice of each is the referee's default."""

from __future__ import annotations

from referee.core.engine import Reading
from referee.i18n import N_

DROPBACK_ORDER = Reading(
    "railroad-rivals",
    "dropback-order",
    "L73",
    N_(
        "with the drop-back bid rule, where do passers go (the rules: in the order they passed,"
        " they come later in turn order)"
    ),
    (
        ("first-last", N_("the first to pass drops back furthest and ends last")),
        (
            "first-next",
            N_("passers follow the winner in the order they passed: the first is second"),
        ),
    ),
)
BID_LIMIT = Reading(
    "railroad-rivals",
    "bid-limit",
    "L25, L27",
    N_("may a bid exceed the bidder's score (the rules only say the points are lost)"),
    (
        ("score", N_("a bid may not exceed the bidder's score")),
        ("none", N_("any bid is allowed; the winner's score may go below zero")),
    ),
)
EARLY_DELIVERY = Reading(
    "railroad-rivals",
    "early-delivery",
    "L48, L53-L55",
    N_(
        "a cube delivered before its player's place in turn order came (`as NAME`): is it the"
        " first of its colour this turn by when it was delivered, or by turn order"
    ),
    (
        ("as-delivered", N_("by when it was delivered: a cube delivered early counts first")),
        (
            "turn-order",
            N_(
                "by turn order: a cube of the same colour delivered later by a player ahead in"
                " turn order counts before it, and its player's points are corrected"
            ),
        ),
    ),
)
READINGS = (DROPBACK_ORDER, BID_LIMIT, EARLY_DELIVERY)
