"""What a game's referee says of the route search: the answer in lines, the revenue `run best`
takes from it, and the rule that a typed revenue is not above the proven best.

Lost Atlas (referee/games/lost_atlas/routes.py) and the titles described in a file
(referee/games/titled/routes.py) each build the Position of their game; from the answer of
`search.best_routes` on, they say and judge the same things, written here once.
"""

from __future__ import annotations

from referee.eighteen.search import Answer
from referee.engine import RuleError
from referee.i18n import _
from referee.rules_kit import Judge

# An unproven answer is never used to refuse a typed revenue.
SEARCH_SECONDS = 60.0


def describe(answer: Answer) -> list[str]:
    """One line per train: its stops with their values, and its revenue; then the total."""
    nodes = answer.graph.nodes
    lines = []
    for train, route, revenue in zip(answer.trains, answer.routes, answer.revenues, strict=True):
        if route is None:
            lines.append(_("{train}-train: no route (0)").format(train=train.name))
            continue
        suburb = _(" +10 suburb")
        stops = " - ".join(
            f"{nodes[s].name} {nodes[s].diesel_value if train.diesel else nodes[s].value}"
            + (suburb if nodes[s].suburb else "")
            for s in route.stops
        )
        lines.append(
            _("{train}-train: {stops} = {revenue}").format(
                train=train.name, stops=stops, revenue=revenue
            )
        )
    verdict = _("proven best") if answer.proven else _("best found, NOT proven (time ran out)")
    lines.append(_("total {total} ({verdict})").format(total=answer.total, verdict=verdict))
    return lines


def proposal(company: str, phase: str, answer: Answer) -> list[str]:
    """What `routes` says: the best routes of `company` in `phase` (as the game names it)."""
    said = _("best routes of {company} (phase {phase}):").format(company=company, phase=phase)
    return [
        said,
        *("  " + line for line in describe(answer)),
        _("run best takes them, or type the revenue run"),
    ]


def taken(answer: Answer | None, rule: str, proven_only: bool = True) -> Answer:
    """The answer `run best` pays (its total) or `routes` shows. Refused, whatever the table
    forces, without an answer, or (`proven_only`) with one the search did not prove in time."""
    if answer is None:
        raise RuleError(
            _("the referee knows no routes here (no map, or no train)"),
            rule,
            "run N",
            computable=False,
        )
    if proven_only and not answer.proven:
        said = _(
            "the route search proved no best in {seconds} s: the table counts the routes"
            " and types the revenue"
        )
        raise RuleError(said.format(seconds=round(SEARCH_SECONDS)), rule, "run N", computable=False)
    return answer


def judge_typed(judge: Judge, total: int, best: int | None, rule: str) -> None:
    """A typed revenue is at most the proven best (`best`; None: not known, so not judged)."""
    judge.rule(
        best is None or total <= best,
        _("the best routes earn {best}, not {total}").format(best=best, total=total),
        rule,
        _("routes shows them; run best takes them"),
    )
