"""Where the rules text of Lost Atlas allows two readings (lost-atlas.ja.txt, by line); the
first choice of each is the referee's default. Questions and sentences are marked N_: the
frame shows them through the catalog."""

from __future__ import annotations

from referee.core.engine import Reading
from referee.i18n import N_

START_VALUE = Reading(
    "lost-atlas",
    "start-value",
    "L564-L566",
    N_("half the winning bid falls between two spaces of the stock track: which one is the start"),
    (
        ("floor", N_("the highest space not above it (bid 175: 87 -> 80)")),
        (
            "nearest",
            N_("the nearest space, the lower one on a tie (bid 175: 87 -> 90; L566: nearest)"),
        ),
    ),
)
TRAIN_LIMIT = Reading(
    "lost-atlas",
    "train-limit",
    "L1104, L1143",
    N_("is the train limit checked before the purchase's own rusting and new limit, or after"),
    (
        (
            "after-rust",
            N_(
                "after (L1104, so as to stay within the limit: the limit is on what the purchase"
                " leaves; L1143-L1145 make rusting its effect): the 4 rusts the 2, leaving the 3"
                " and the 4 within the limit"
            ),
        ),
        (
            "before-rust",
            N_("before: a minor with a 2 and a 3 at its limit of 2 may not buy the first 4"),
        ),
    ),
    before="before-rust",
)
SALES = Reading(
    "lost-atlas",
    "sales",
    "L626",
    N_("when in the stock round may a player sell (L626: sales on the first turn of the round)"),
    (
        ("first-in-turn", N_("once a round, all at once, at the start of any one of their turns")),
        ("first-turn", N_("only on their first turn of the round")),
    ),
)
BANKRUPT_OTHER = Reading(
    "lost-atlas",
    "bankrupt-other",
    "L1168-L1180",
    N_("a bankrupt player presides over another company that no other player holds: what of it"),
    (
        ("closes", N_("it closes as the bankrupt's company does (■20)")),
        (
            "passes-on",
            N_(
                "the president's certificate passes from the pool to the next player clockwise,"
                " who presides"
            ),
        ),
    ),
)
PRICE_ZERO = Reading(
    "lost-atlas",
    "price-zero",
    "L109, L1168-L1180",
    N_("a company's price is 0 (the track starts at $0): does it go on"),
    (
        ("operates", N_("yes: it operates as any company")),
        ("closes", N_("no: when its turn to operate comes, it closes as at ■20 instead")),
    ),
)
ZERO_REVENUE = Reading(
    "lost-atlas",
    "zero-revenue",
    "L940-L942, L985-L987",
    N_("a company with trains earns 0 and pays out: does its price drop"),
    (
        ("drops", N_("yes: one step left, as for a company without trains (L942)")),
        (
            "stays",
            N_("no: only a company without trains drops; 0 pays nothing and moves nothing"),
        ),
    ),
)
READINGS = (START_VALUE, TRAIN_LIMIT, SALES, BANKRUPT_OTHER, PRICE_ZERO, ZERO_REVENUE)
