"""Route rules that depend on the game and the company: stops counted, revenue, local routes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.core.engine import RuleError, UsageError
from referee.core.route_options import Rules
from referee.eighteen.graph import TrackGraph
from referee.eighteen.position import Position
from referee.eighteen.trains import Train
from referee.i18n import _


@dataclass(frozen=True)
class Route:
    stops: tuple[int, ...]  # node ids in running order (counted stops only)
    mask: int  # track resources used
    links: tuple[int, ...]  # link ids, for the picture


@dataclass(frozen=True)
class Setup:
    """What the search needs besides the track: the game's options, the company's abilities."""

    rules: Rules
    express: bool = False  # Express: with exactly one train, it counts one more stop
    overnight: bool = False  # Overnight: may pass blocked cities, which count nothing
    resourceful: bool = False  # Resourceful: a rusted train runs once more
    trains: int = 1

    def distance(self, train: Train) -> int:
        extra = 1 if self.express and self.trains == 1 and train.distance else 0
        return train.limit() + extra

    def local_stops(self, graph: TrackGraph) -> list[int]:
        """Lost Atlas: a train may run a hub city alone, without track (any number of trains)."""
        return graph.token_nodes() if self.rules.local_routes else []


def setup_for(position: Position, company: str, trains: Sequence[Train]) -> Setup:
    abilities = position.abilities.get(company, frozenset())
    return Setup(
        rules=position.rules,
        express="express" in abilities,
        overnight="overnight" in abilities,
        resourceful="resourceful" in abilities,
        trains=len(trains),
    )


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


def stop_values(graph: TrackGraph, diesel: bool, setup: Setup) -> list[int]:
    """What each node pays a train that counts it (D trains take the diesel value)."""
    bonus = setup.rules.suburb_bonus
    return [
        (node.diesel_value if diesel else node.value) + (bonus if node.suburb else 0)
        for node in graph.nodes
    ]


def weights(graph: TrackGraph, setup: Setup) -> list[int]:
    """Per node, what it counts toward a train's distance: 1 a stop, 0 a junction, and 0 a
    town where the game's towns are free (18GA's trains count cities and off-boards only)."""
    free = ("junction", "town") if setup.rules.towns_free else ("junction",)
    return [0 if node.kind in free else 1 for node in graph.nodes]


def passable(graph: TrackGraph, setup: Setup) -> list[bool]:
    """Per node, whether a route may pass it: not an off-board, and not a city full of other
    companies' tokens unless the company has Overnight (■26)."""
    return [n.kind != "offboard" and (not n.blocked or setup.overnight) for n in graph.nodes]
