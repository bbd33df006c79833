"""Track mode: the table enters where each card's track leads (`lay 9 ... to 8,14`), and the
referee checks that track is kept and joined, and finds the longest bonus route itself.

Two board cards are joined when each one's track leads to the other. A train moves one card
per step; between two stations of its route it passes only cards without a station (a
station passed through would be a station of the route). Between two stops the train takes
the shortest way: track may be used again, so any other way could be padded at will and a
route's length (c)ボーナス支払い: no shorter route while a longer one is possible) would mean
nothing.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from referee.core.engine import RuleError
from referee.games.express01.commands import Lay
from referee.games.express01.names import company as shown_company
from referee.games.express01.sections import BONUS, EXPAND
from referee.games.express01.state import Spot, State
from referee.i18n import _, ngettext


def joined(state: State, a: int, b: int) -> bool:
    return b in state.spot(a).exits and a in state.spot(b).exits


def check_lay(state: State, spot: Spot, move: Lay, *, first: bool) -> None:
    exits = frozenset(move.exits or ())
    if move.card in exits:
        raise RuleError(
            _("card {card}'s track cannot lead to itself").format(card=move.card), EXPAND
        )
    lost = spot.exits - exits
    if lost:
        raise RuleError(
            _("the track of card {card} to {cards} would be lost").format(
                card=move.card, cards=", ".join(map(str, sorted(lost)))
            ),
            EXPAND,
            _("built track never goes away: keep every exit and add to it"),
        )
    if first or spot.exits:
        return
    if not any(move.card in state.spot(e).exits for e in exits):
        raise RuleError(
            _("card {card} joins no track").format(card=move.card),
            EXPAND,
            _("extend existing track or join an adjacent track end"),
        )


def _distances(state: State, start: int) -> dict[int, int]:
    """Steps from station `start` to every station reachable through station-less cards."""
    seen = {start: 0}
    found: dict[int, int] = {}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for nxt in state.spot(here).exits:
            if nxt in seen or not joined(state, here, nxt):
                continue
            seen[nxt] = seen[here] + 1
            if state.spot(nxt).station:
                found[nxt] = seen[nxt]
            else:
                todo.append(nxt)
    return found


def shares_shown(n: int) -> str:
    """How far a company's train runs: one card per share shown."""
    return ngettext("{n} share shown", "{n} shares shown", n).format(n=n)


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _value(state: State, stations: Sequence[int]) -> int:
    return len(stations) + sum(state.spot(n).bonus for n in stations)


def _length(state: State, stations: Sequence[int]) -> int:
    """Cards the train moves along the route, or raise when two stops are not joined."""
    used = 0
    for a, b in itertools.pairwise(stations):
        step = _distances(state, a).get(b)
        if step is None:
            raise RuleError(
                _("no track joins station {a} to station {b} without another station").format(
                    a=a, b=b
                ),
                BONUS,
            )
        used += step
    return used


@dataclass(frozen=True)
class Route:
    length: int  # cards moved
    value: int  # +1 per station, + printed bonuses
    stations: tuple[int, ...]

    @property
    def rank(self) -> tuple[int, int]:
        """c)ボーナス支払い: a longer route goes first; of routes as long, the one paying more."""
        return (self.length, self.value)


def best_route(state: State, company: str, reach: int) -> Route | None:
    """The longest route within `reach` cards that has a `company` station; of the longest,
    the one paying most. None when no route of two stations is possible."""
    stations = [s.number for s in state.board if s.station]
    dist = {s: _distances(state, s) for s in stations}
    best: Route | None = None

    def extend(route: list[int], used: int) -> None:
        nonlocal best
        if len(route) >= 2 and any(state.spot(n).company == company for n in route):
            found = Route(used, _value(state, route), tuple(route))
            if best is None or found.rank > best.rank:
                best = found
        for nxt, d in dist[route[-1]].items():
            if nxt not in route and used + d <= reach:
                route.append(nxt)
                extend(route, used + d)
                route.pop()

    for s in stations:
        extend([s], 0)
    return best


def check_run(state: State, company: str, stations: Sequence[int]) -> None:
    reach = state.shares_of(company)  # one card per share shown in all displays
    used = _length(state, stations)
    if used > reach:
        raise RuleError(
            _("the route is {cards} long; {company}'s train runs {reach} ({shown})").format(
                cards=_cards(used),
                company=shown_company(company),
                reach=reach,
                shown=shares_shown(reach),
            ),
            BONUS,
        )
    best = best_route(state, company, reach)
    if best is None:  # the route given has no station of the company: refused before, or forced
        return
    shown = " ".join(map(str, best.stations))
    if used < best.length:
        raise RuleError(
            _("the route runs {cards}; a longer one runs {length}: {stations}").format(
                cards=_cards(used), length=best.length, stations=shown
            ),
            BONUS,
            _("no shorter route while a longer one is possible"),
        )
    value = _value(state, stations)
    if value < best.value:
        raise RuleError(
            _("a route as long ({cards}) pays {best}, not {value}: {stations}").format(
                cards=_cards(used), best=best.value, value=value, stations=shown
            ),
            BONUS,
            _("of the longest routes, take the one paying most"),
        )
