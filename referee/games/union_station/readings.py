"""Where the rules text of Union Station allows two readings (union-station.ja.txt, by line);
the first choice of each is the referee's default."""

from __future__ import annotations

from referee.core.engine import Reading
from referee.i18n import N_

BUY_ORDER = Reading(
    "union-station",
    "buy-order",
    "L65, L69, L76-L78, L141",
    N_("inside one buy, does the price rise come before the Union Station Company step"),
    (
        (
            "rise-first",
            N_(
                "the price rise (and its dividends), then the offer shift, then the Union Station"
                " Company step: a buy that pays the 20th dividend ends the game before its special"
                " dividend"
            ),
        ),
        (
            "usc-first",
            N_(
                "the Union Station Company step (and its special dividend) comes at the purchase,"
                " before the price rise: such a buy pays its special dividend, then ends the game"
            ),
        ),
    ),
)
TOP_SQUARE = Reading(
    "union-station",
    "top-square",
    "L121-L125, L139",
    N_("a price on the top square of the value track rises again: does it enter that square again"),
    (
        ("stays", N_("no: the price stays where it is and pays nothing more")),
        (
            "re-enters",
            N_(
                "yes: it enters the top square again, and pays its dividend when that square is"
                " gold"
            ),
        ),
    ),
)
STUCK = Reading(
    "union-station",
    "stuck",
    "L61, L145-L149",
    N_("nobody can buy, lay or sell any more (every turn a forced pass): what then"),
    (
        (
            "play-on",
            N_(
                "the referee says so and the passes go on: no end condition of L145-L149 has"
                " come, so the table settles it"
            ),
        ),
        (
            "ends",
            N_(
                "the game ends at once and is scored as it stands, as when no railroad can lay"
                " track (L149): nobody can lay track any more"
            ),
        ),
    ),
)
READINGS = (BUY_ORDER, TOP_SQUARE, STUCK)
