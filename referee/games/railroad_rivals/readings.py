"""Where the rules text of Railroad Rivals allows two readings (railroad-rivals.ja.txt, by line);
the first choice of each is the referee's default."""

from __future__ import annotations

from referee.engine import Reading
from referee.i18n import N_

DROPBACK_ORDER = Reading(
    "railroad-rivals",
    "dropback-order",
    "L73",
    N_("with the drop-back bid rule, where do passers go: パスを行った順にターン順が後になる"),
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
READINGS = (DROPBACK_ORDER, BID_LIMIT)
