"""Two identical trains counting every stop (∞,∞ in Lost Atlas §16, D,D elsewhere) walked as a
pair (pair.py) give the answers of the exhaustive search, and of listing and combining."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest
from test_deadline import dense_grid
from test_property import check

from bench.latepos import lost_atlas_position
from referee.eighteen.ceilings import Ceilings
from referee.eighteen.config import DEFAULT
from referee.eighteen.graph import Link, Node, TrackGraph, build_graph
from referee.eighteen.pair import Pair, best_pair
from referee.eighteen.position import Rules, position_from_data
from referee.eighteen.rules import Setup, passable, setup_for, stop_values
from referee.eighteen.search import UNLIMITED, best_routes
from referee.eighteen.trains import parse_trains

# Two ∞ or D trains walked as a pair however few routes the network holds.
AS_PAIR = replace(DEFAULT, pair_after=0)


@pytest.mark.parametrize("seed", range(0, 400 * 7919, 7919))
def test_pair_walk_equals_exhaustive(seed: int) -> None:
    """400 random positions (randpos.py), two in five Lost Atlas, where D is ∞."""
    check(seed, lost_atlas=None, trains_drawn="D,D", config=AS_PAIR)


def test_pair_walk_equals_listing_on_a_late_lost_atlas_map() -> None:
    position, company, trains = lost_atlas_position(0)
    assert trains == "∞,∞"
    listed = best_routes(position, company, parse_trains(trains), UNLIMITED)
    walked = best_routes(position, company, parse_trains(trains), UNLIMITED, AS_PAIR)
    assert listed.proven and walked.proven
    assert walked.total == listed.total == sum(walked.revenues)


def test_pair_walk_out_of_time_keeps_the_answer_known_not_proven() -> None:
    position, company, trains = lost_atlas_position(15)
    assert trains == "∞,∞"
    graph = build_graph(position, company)
    train = parse_trains(trains)[0]
    setup = setup_for(position, company, [train, train])
    known = Pair(70, [None, None], [70, 0])
    found = best_pair(graph, train.diesel, setup, time.monotonic() - 1, known)
    assert not found.proven
    assert found.total >= 70 and found.total == sum(found.revenues)


def test_pair_walk_on_a_network_too_dense_gives_up_on_time_not_proven() -> None:
    position = position_from_data(dense_grid(6, 10))
    answer = best_routes(position, "A", parse_trains("D,D"), max_seconds=0.5, config=AS_PAIR)
    assert not answer.proven
    assert answer.total == sum(answer.revenues)


def random_graph(seed: int) -> TrackGraph:
    """Cities (some with a token, some full of others' tokens) and an off-board, joined at
    random, sparsely enough to have cut nodes."""
    rng = random.Random(seed)
    count = rng.randint(4, 10)
    nodes = [
        Node(i, f"H{i}", 0, "city", i, rng.choice([10, 20, 30, 40]), 0, token=rng.random() < 0.3)
        for i in range(count)
    ]
    nodes[0].token = True
    nodes[-1].kind = "offboard"
    for node in nodes[1:-1]:
        node.blocked = not node.token and rng.random() < 0.1
    pairs = [(a, b) for a in range(count) for b in range(a + 1, count)]
    chosen = rng.sample(pairs, min(len(pairs), rng.randint(count - 1, count + 4)))
    links = [Link(a, b, 1 << i, ()) for i, (a, b) in enumerate(chosen)]
    return TrackGraph("A", nodes, links)


def best_path(graph: TrackGraph, setup: Setup) -> int:
    """The most a route holding a token earns, by trying every walk (counted as routes are:
    an off-board or full city only at an end)."""
    through = passable(graph, setup)
    paid = stop_values(graph, False, setup)
    best = 0

    def walk(v: int, met: set[int], value: int, token: bool) -> None:
        nonlocal best
        if token:
            best = max(best, value)
        if len(met) > 1 and not through[v]:
            return
        for w, _, _ in graph.adjacency[v]:
            if w not in met:
                walk(w, met | {w}, value + paid[w], token or graph.nodes[w].token)

    for s in range(len(graph.nodes)):
        walk(s, {s}, paid[s], graph.nodes[s].token)
    return best


@pytest.mark.parametrize("seed", range(300))
def test_richest_path_through_blocks_is_never_below_a_route(seed: int) -> None:
    """Ceilings.anywhere, the second route's ceiling before it is walked, bounds every route."""
    graph = random_graph(seed)
    setup = Setup(Rules())
    reach = Ceilings(graph, setup, False, DEFAULT)
    assert reach.anywhere(graph.token_nodes()) >= best_path(graph, setup)
