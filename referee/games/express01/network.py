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

from referee.engine import RuleError
from referee.games.express01.commands import Lay
from referee.games.express01.sections import BONUS, EXPAND
from referee.games.express01.state import Spot, State


def joined(state: State, a: int, b: int) -> bool:
    return b in state.spot(a).exits and a in state.spot(b).exits


def check_lay(state: State, spot: Spot, move: Lay, *, first: bool) -> None:
    exits = frozenset(move.exits or ())
    if move.card in exits:
        raise RuleError(f"card {move.card}'s track cannot lead to itself", EXPAND)
    lost = spot.exits - exits
    if lost:
        raise RuleError(
            f"the track of card {move.card} to {', '.join(map(str, sorted(lost)))} would be lost",
            EXPAND,
            "built track never goes away: keep every exit and add to it",
        )
    if first or spot.exits:
        return
    if not any(move.card in state.spot(e).exits for e in exits):
        raise RuleError(
            f"card {move.card} joins no track",
            EXPAND,
            "extend existing track or join an adjacent track end",
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


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _value(state: State, stations: Sequence[int]) -> int:
    return len(stations) + sum(state.spot(n).bonus for n in stations)


def _length(state: State, stations: Sequence[int]) -> int:
    """Cards the train moves along the route, or raise when two stops are not joined."""
    used = 0
    for a, b in itertools.pairwise(stations):
        step = _distances(state, a).get(b)
        if step is None:
            raise RuleError(
                f"no track joins station {a} to station {b} without another station", BONUS
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
            f"the route is {_cards(used)} long; {company}'s train runs {reach} "
            f"({reach} shares shown)",
            BONUS,
        )
    best = best_route(state, company, reach)
    if best is None:  # the route given has no station of the company: refused before, or forced
        return
    shown = " ".join(map(str, best.stations))
    if used < best.length:
        raise RuleError(
            f"the route runs {_cards(used)}; a longer one runs {best.length}: {shown}",
            BONUS,
            "no shorter route while a longer one is possible",
        )
    value = _value(state, stations)
    if value < best.value:
        raise RuleError(
            f"a route as long ({_cards(used)}) pays {best.value}, not {value}: {shown}",
            BONUS,
            "of the longest routes, take the one paying most",
        )
