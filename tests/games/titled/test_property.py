"""Property tests of a described title's rounds: whatever is played (forced
or not), money and certificates are conserved, and replaying the moves gives the same state."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.errors import RefereeError
from referee.games.titled.moves import (
    Bankrupt,
    BidPrivate,
    Buy,
    BuyPrivate,
    BuyTrain,
    Discard,
    Done,
    Lay,
    Par,
    Run,
    Sell,
    Token,
)
from referee.games.titled.operating import available
from referee.games.titled.play import actor, apply
from referee.games.titled.state import IPO, POOL, State
from tests.games.titled.helpers import TOY, start

TITLES = {"1830": "A,B,C,D", "1889": "A,B,C", TOY: "A,B,C"}


def candidates(state: State) -> list[object]:
    who = actor(state)
    assert who is not None
    title = state.title
    moves: list[object] = [Done(who)]
    if state.round == "operating":
        moves += [Run(who, r, how) for r in (0, 60, 150) for how in title.operating.payouts]
        moves += [BuyTrain(who, t) for t in available(state)]
        moves += [BuyTrain(who, "D", trade="4"), Token(who, "E5"), Lay(who, "E5", "57", 0, 80)]
        for abbr, corp in state.corps.items():
            moves += [BuyTrain(who, t, seller=abbr, price=50) for t in corp.trains]
            moves += [Discard(who, abbr, t) for t in corp.trains]
        moves += [BuyPrivate(who, p.abbr, p.cost) for p in title.privates]
        moves += [Sell(who, c.abbr, 1) for c in title.companies]
        return [*moves, Bankrupt(who)]
    for p in state.auction.left:
        cost = next(x.cost for x in title.privates if x.abbr == p)
        moves += [
            BidPrivate(who, p, a) for a in (cost - state.auction.discount, cost + 5, cost + 40)
        ]
    for c in title.companies:
        moves += [Par(who, c.abbr, s.price) for s in title.market.par_spaces()[:3]]
        moves += [Buy(who, c.abbr, IPO), Buy(who, c.abbr, POOL), Sell(who, c.abbr, 1)]
        moves.append(Sell(who, c.abbr, 2))
    return moves


def conserved(state: State) -> None:
    assert state.money_total() == state.title.bank
    for corp in state.corps.values():
        assert sum(corp.held.values()) == 100, corp
        assert all(p >= 0 for p in corp.held.values()), corp
        if corp.started:
            assert corp.president in state.players
            company = state.title.company(corp.abbr)
            assert corp.percent(corp.president) >= company.shares[0]
            assert corp.percent(POOL) <= 100 - company.shares[0]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), name=st.sampled_from(sorted(TITLES)))
def test_money_and_certificates_are_conserved_and_replay_is_the_same(
    data: st.DataObject, name: str
) -> None:
    state = start(name, TITLES[name])
    first, played = state, []
    for _ in range(300):
        if state.round == "over":
            break
        moves = candidates(state)
        pick = data.draw(st.integers(0, 2 * len(moves) - 1))
        move = moves[pick] if pick < len(moves) else moves[0]  # a pass or done half the time
        forced = data.draw(st.integers(0, 9)) == 0
        try:
            new, _ = apply(state, move, forced=forced)
        except RefereeError:
            continue
        conserved(new)
        played.append((move, forced))
        state = new
    replayed = first
    for move, forced in played:
        replayed, _ = apply(replayed, move, forced=forced)
    assert replayed == state


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), name=st.sampled_from(sorted(TITLES)))
def test_random_lines_from_the_options_keep_the_money_whole(seed: int, name: str) -> None:
    """What `options` offers parses; the session's random play conserves money and shares."""
    import random
    import tomllib
    from pathlib import Path

    from devtools.random_play import random_play
    from referee.core.datafiles import load_table
    from referee.games.titled.game import Titled

    game = Titled()
    raw = (
        tomllib.loads(Path(name).read_text(encoding="utf-8"))
        if name.endswith(".toml")
        else load_table(f"titles/{name}")
    )
    state = game.setup(TITLES[name].split(","), "described", raw)
    rng = random.Random(seed)
    for step in random_play(game, state, lambda xs: rng.choice(list(xs)), steps=300):
        conserved(step.after)
