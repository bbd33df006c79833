"""Route rules that depend on the game and the company: stops counted, revenue, local routes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.core.engine import RuleError, UsageError
from referee.core.route_options import Rules
from referee.eighteen.graph import Node, TrackGraph
from referee.eighteen.position import Position
from referee.eighteen.trains import Train
from referee.i18n import _


@dataclass(frozen=True)
class Route:
    stops: tuple[int, ...]  # node ids in running order (counted stops only)
    mask: int  # track resources used
    links: tuple[int, ...]  # link ids, for the picture


@dataclass(frozen=True)
class RouteBonus:
    """A sum one route of a run earns once when it stops on every one of these hexes (18AL's
    M&C markers, game.rb bonuses_for_routes: the best route takes it; one route may take
    several)."""

    hexes: frozenset[str]
    amount: int


@dataclass(frozen=True)
class Bonuses:
    """What a company's routes earn beyond the values of their stops."""

    # (hex, amount): each of its trains stopping there earns that much more (18AL's Warrior
    # Coal Field token, game.rb bonuses_for_hex_on_route); never multiplied
    stops: tuple[tuple[str, int], ...] = ()
    routes: tuple[RouteBonus, ...] = ()  # once a run, to one route (Train.earns says which)


NO_BONUSES = Bonuses()


@dataclass(frozen=True)
class Setup:
    """What the search needs besides the track: the game's options, the company's abilities."""

    rules: Rules
    express: bool = False  # Express: with exactly one train, it counts one more stop
    overnight: bool = False  # Overnight: may pass blocked cities, which count nothing
    resourceful: bool = False  # Resourceful: a rusted train runs once more
    trains: int = 1
    some_towns_free: bool = False  # one of its trains passes towns free (Train.towns_free)
    multiplier: int = 1  # what its multiplying trains multiply cities by (Train.multiplier)
    bonuses: Bonuses = NO_BONUSES

    def distance(self, train: Train) -> int:
        extra = 1 if self.express and self.trains == 1 and train.distance else 0
        return train.limit() + extra

    def towns_free(self) -> bool:
        """Whether routes are listed with towns free: the game's rule, or one of the trains'
        (a train that counts towns then has them counted when its candidates are scored)."""
        return self.rules.towns_free or self.some_towns_free

    def counts_towns(self, train: Train) -> bool:
        return not (self.rules.towns_free or train.towns_free)

    def local_stops(self, graph: TrackGraph) -> list[int]:
        """Lost Atlas: a train may run a hub city alone, without track (any number of trains)."""
        return graph.token_nodes() if self.rules.local_routes else []


def setup_for(
    position: Position, company: str, trains: Sequence[Train], bonuses: Bonuses | None = None
) -> Setup:
    abilities = position.abilities.get(company, frozenset())
    return Setup(
        rules=position.rules,
        express="express" in abilities,
        overnight="overnight" in abilities,
        resourceful="resourceful" in abilities,
        trains=len(trains),
        some_towns_free=any(t.towns_free for t in trains),
        multiplier=_multiplier(trains),
        bonuses=bonuses or NO_BONUSES,
    )


def _multiplier(trains: Sequence[Train]) -> int:
    """The one multiplier of the trains paid by the route table's second column: a company
    whose trains would need two such columns (a D and a 4D, or two multipliers) is refused."""
    kinds = {t.multiplier for t in trains if t.multiplier != 1}
    if len(kinds) > 1 or (kinds and any(t.diesel for t in trains)):
        raise UsageError(
            _("the route search cannot run these trains together: {trains}").format(
                trains=", ".join(t.name for t in trains)
            ),
            _("at most one kind of train paid other values than the printed ones"),
        )
    return kinds.pop() if kinds else 1


def check_setup(graph: TrackGraph, trains: Sequence[Train], setup: Setup) -> None:
    if not graph.token_nodes():
        raise UsageError(
            _("company {company} has no token on the map").format(company=graph.company)
        )
    if any(t.rusted for t in trains) and not setup.resourceful:
        raise RuleError(
            _("{company} cannot run a rusted train").format(company=graph.company),
            "lost-atlas §26 Resourceful",
        )


def stop_values(graph: TrackGraph, second: bool, setup: Setup) -> list[int]:
    """What each node pays a train that counts it: the printed value, or with `second` the
    route table's second column (a D train's diesel value, or a multiplying train's cities
    and off-boards multiplied, towns not); plus a suburb's bonus and the company's stop
    bonuses, never multiplied."""
    suburb = setup.rules.suburb_bonus
    at = dict(setup.bonuses.stops)
    return [
        _paid(node, second, setup.multiplier)
        + (suburb if node.suburb else 0)
        + (at.get(node.hex, 0) if node.is_stop else 0)
        for node in graph.nodes
    ]


def _paid(node: Node, second: bool, multiplier: int) -> int:
    if not second:
        return node.value
    if multiplier == 1:
        return node.diesel_value
    return node.value * (1 if node.kind == "town" else multiplier)


def weights(graph: TrackGraph, setup: Setup) -> list[int]:
    """Per node, what it counts toward a train's distance while listing: 1 a stop, 0 a
    junction, and 0 a town where towns are free (Setup.towns_free: 18GA's rule for every
    train, 18AL's trains each)."""
    free = ("junction", "town") if setup.towns_free() else ("junction",)
    return [0 if node.kind in free else 1 for node in graph.nodes]


def passable(graph: TrackGraph, setup: Setup) -> list[bool]:
    """Per node, whether a route may pass it: not an off-board, and not a city full of other
    companies' tokens unless the company has Overnight (■26)."""
    return [n.kind != "offboard" and (not n.blocked or setup.overnight) for n in graph.nodes]
