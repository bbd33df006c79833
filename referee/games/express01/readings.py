"""Where the rules text of Express 01 allows two readings (express01.ja.txt, by line); the first
choice of each is the referee's default."""

from __future__ import annotations

from referee.core.engine import Reading
from referee.i18n import N_

LOCO_SHARE = Reading(
    "express01",
    "loco-share",
    "L198, L299",
    N_(
        "does the black locomotive's extra share pay a holder with no share of the paying "
        "company (L299 adds it as a share; L198: only the shareholders of a company receive its"
        " bonus payments)"
    ),
    (
        (
            "shareholder",
            N_(
                "no: only a holder of a share of the paying company may declare it (L198 pays"
                " shareholders only; L299 calls it an additional share)"
            ),
        ),
        ("any-holder", N_("yes: it counts as one share of the payout whatever its holder holds")),
    ),
    before="any-holder",
)
CAPITAL_BONUS = Reading(
    "express01",
    "capital-bonus",
    "L186, L280",
    N_(
        "does every capital station pay +1 at a bonus payment (L280: capital stations ... +1"
        " bonus at a bonus payment), or only one whose card shows it (L186: some stations give"
        " a special bonus shown at the top right of their card)"
    ),
    (
        (
            "every",
            N_("every capital pays +1: the referee adds it; a `+N` typed says its printed bonus"),
        ),
        (
            "printed",
            N_("a capital pays only the bonus typed from its card (`+1`), like other stations"),
        ),
    ),
    before="printed",
)
READINGS = (LOCO_SHARE, CAPITAL_BONUS)
