"""What a game's referee says of the route search: the answer in lines, the revenue `run best`
takes from it, and the rule that a typed revenue is not above the proven best.

Lost Atlas (referee/games/lost_atlas/routes.py) and the titles described in a file
(referee/games/titled/routes.py) each build the Position of their game; from the answer of
`search.best_routes` on, they say and judge the same things, written here once.

The search runs against the clock, so what it found depends on the machine. A move that needs
it carries what was found (`Found`), worked out before the move is applied (`Game.decide`);
the save records it (`record`) and a replay reads it back (`recall`) instead of searching, so
that a save gives the same game on any machine and `apply` stays pure.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.core.engine import RuleError, UsageError
from referee.core.route_options import Rules
from referee.core.rules_kit import Judge
from referee.eighteen.rules import Setup, stop_values
from referee.eighteen.search import Answer
from referee.i18n import _

# An unproven answer is never used to refuse a typed revenue.
SEARCH_SECONDS = 60.0


# At most this many trains' routes in one record: a company never runs more.
MOST_RUNS = 20


@dataclass(frozen=True)
class Stop:
    name: str  # the node as the map names it: C5, or C5.1 for the second city of a hex
    value: int  # what the train collects there (a D train: the diesel value)
    suburb: bool = False  # plus a suburb's 10 (Lost Atlas ■26 Suburban)


@dataclass(frozen=True)
class Ran:
    """One train's route as found: its stops in running order (none: no route), its revenue."""

    train: str
    stops: tuple[Stop, ...]
    revenue: int


@dataclass(frozen=True)
class Found:
    """What the route search found for a company: the routes, their total, whether proven."""

    total: int
    proven: bool
    runs: tuple[Ran, ...]  # one per train, in the company's order

    @classmethod
    def of(cls, answer: Answer) -> Found:
        nodes = answer.graph.nodes
        setup = answer.setup or Setup(Rules())
        paid = {second: stop_values(answer.graph, second, setup) for second in (False, True)}
        runs = []
        for train, route, revenue in zip(
            answer.trains, answer.routes, answer.revenues, strict=True
        ):
            stops = tuple(
                Stop(
                    nodes[s].name,
                    paid[train.second_column][s]
                    - (setup.rules.suburb_bonus if nodes[s].suburb else 0),
                    nodes[s].suburb,
                )
                for s in (route.stops if route is not None else ())
            )
            runs.append(Ran(train.name, stops, revenue))
        return cls(answer.total, answer.proven, tuple(runs))


def record(found: Found) -> dict[str, Any]:
    """What a save records of it, as plain TOML values: `revenue`, `proven` and one line per
    train, `4: C5 40 - D6 30 +10 = 80` (`4: no route = 0`)."""
    return {
        "revenue": found.total,
        "proven": found.proven,
        "routes": [_said(r) for r in found.runs],
    }


def _said(ran: Ran) -> str:
    stops = " - ".join(f"{s.name} {s.value}" + (" +10" if s.suburb else "") for s in ran.stops)
    return f"{ran.train}: {stops or 'no route'} = {ran.revenue}"


def recall(data: Mapping[str, Any]) -> Found:
    """A record read back (`record`); UsageError saying what cannot be read."""
    total, proven, lines = data.get("revenue"), data.get("proven"), data.get("routes")
    if (
        not isinstance(total, int)
        or isinstance(total, bool)
        or not isinstance(proven, bool)
        or not isinstance(lines, list)
        or len(lines) > MOST_RUNS
    ):
        raise _unreadable(data)
    return Found(total, proven, tuple(_ran(line) for line in lines))


def _ran(line: object) -> Ran:
    if not isinstance(line, str):
        raise _unreadable(line)
    train, colon, rest = line.partition(": ")
    said, equals, revenue = rest.rpartition(" = ")
    if not (colon and equals and train and _digits(revenue)):
        raise _unreadable(line)
    stops = () if said == "no route" else tuple(_stop(s, line) for s in said.split(" - "))
    return Ran(train, stops, int(revenue))


def _stop(said: str, line: str) -> Stop:
    words = said.split(" ")
    if len(words) not in (2, 3) or not _digits(words[1]) or words[2:] not in ([], ["+10"]):
        raise _unreadable(line)
    return Stop(words[0], int(words[1]), len(words) == 3)


def _digits(word: str) -> bool:
    return word.isascii() and word.isdigit()  # not `²`, which isdigit() takes


def _unreadable(what: object) -> UsageError:
    return UsageError(
        _("the routes recorded with this move cannot be read: {what}").format(what=repr(what)[:80]),
        _('revenue = N, proven = true|false, routes = ["4: C5 40 - D6 30 = 70", ...]'),
    )


def describe(found: Found) -> list[str]:
    """One line per train: its stops with their values, and its revenue; then the total."""
    lines = []
    suburb = _(" +10 suburb")
    for ran in found.runs:
        if not ran.stops:
            lines.append(_("{train}-train: no route (0)").format(train=ran.train))
            continue
        stops = " - ".join(f"{s.name} {s.value}" + (suburb if s.suburb else "") for s in ran.stops)
        lines.append(
            _("{train}-train: {stops} = {revenue}").format(
                train=ran.train, stops=stops, revenue=ran.revenue
            )
        )
    verdict = _("proven best") if found.proven else _("best found, NOT proven (time ran out)")
    lines.append(_("total {total} ({verdict})").format(total=found.total, verdict=verdict))
    return lines


def proposal(company: str, phase: str, answer: Found) -> list[str]:
    """What `routes` says: the best routes of `company` in `phase` (as the game names it)."""
    said = _("best routes of {company} (phase {phase}):").format(company=company, phase=phase)
    return [
        said,
        *("  " + line for line in describe(answer)),
        _("run best takes them, or type the revenue run"),
    ]


def taken(answer: Found | None, rule: str, proven_only: bool = True) -> Found:
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


def proven_total(found: Found | None) -> int | None:
    """The total of the routes found if proven best; None: not known."""
    return found.total if found is not None and found.proven else None


def decided(searchable: bool, found: Found | None, rule: str) -> Found | None:
    """What the route search found for a move, as `Game.decide` worked it out before the move
    (None where the referee looks for no routes: `searchable` is false); a move that needs it
    and comes without it is refused (`undecided`): `apply` never searches."""
    if not searchable:
        return None
    if found is None:
        raise undecided(rule)
    return found


def undecided(rule: str) -> RuleError:
    """A move that needs the routes found, applied without them: `Game.decide` finds them
    before `apply`, which never searches (the search watches the clock)."""
    return RuleError(
        _("the routes of this move were not worked out before it was applied"),
        rule,
        computable=False,
    )


def judge_typed(judge: Judge, total: int, best: int | None, rule: str) -> None:
    """A typed revenue is at most the proven best (`best`; None: not known, so not judged)."""
    judge.rule(
        best is None or total <= best,
        _("the best routes earn {best}, not {total}").format(best=best, total=total),
        rule,
        _("routes shows them; run best takes them"),
    )
