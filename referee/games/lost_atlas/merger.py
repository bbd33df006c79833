"""The merger round (rules ■22)."""

from __future__ import annotations

from referee.engine import Event, RuleError
from referee.games.lost_atlas import data, ledger, routes, trains
from referee.games.lost_atlas.commands import Move, Named
from referee.games.lost_atlas.state import Company, MergerRound, State
from referee.rules_kit import Judge

R_MERGE = "■22 合併ラウンド"


def minors_in_order(state: State) -> list[str]:
    return [n for n in state.order() if not state.companies[n].major]


def start_merger_round(state: State, events: list[Event]) -> bool:
    """The merger round; True when no merger is possible and it is over at once."""
    state.round = "merger"
    state.mr = MergerRound()
    events.append(Event(f"cycle {state.cycle}: merger round"))
    return next_minor(state, events)


def next_minor(state: State, events: list[Event]) -> bool:
    """The next minor may propose; True when none is left and the round is over."""
    mr = state.mr
    assert mr is not None
    mr.proposal = None
    mr.naming = None
    minors = minors_in_order(state)
    left = [n for n in minors if n not in mr.done]
    if len(minors) < 2 or not left or not state.majors_available():
        if state.discard:
            # ■22 then ■23: a new major over its limit gives up trains (■19) in the merger
            # round, before the export; the cycle ends when the choice is made (trains.discard).
            mr.current = ""
            return False
        state.mr = None
        return True
    mr.current = left[0]  # ■22: in price order, higher on a space first
    co = state.companies[mr.current]
    events.append(Event(f"{mr.current} ({co.president}) may propose a merger, or pass"))
    return False


def resume(state: State, events: list[Event]) -> bool:
    """After a `discard` (■19): the merger round goes on if it was only waiting for that
    choice; True when it is then over."""
    mr = state.mr
    if not state.discard and state.round == "merger" and mr is not None and not mr.current:
        return next_minor(state, events)
    return False


def actor(state: State) -> str:
    mr = state.mr
    assert mr is not None
    if mr.naming:
        return mr.naming[0]
    if mr.proposal:
        return state.companies[mr.proposal[1]].president
    return state.companies[mr.current].president


def mr_move(state: State, move: object, judge: Judge, events: list[Event]) -> bool:
    """One move of the merger round; True when it ends the round."""
    mr = state.mr
    assert mr is not None
    judge.turn(move.actor, actor(state), R_MERGE)  # type: ignore[attr-defined]
    if mr.naming:
        if not (isinstance(move, Named) and move.verb == "major"):
            raise RuleError(
                f"{mr.naming[0]} names the new major",
                R_MERGE,
                "major " + " | ".join(state.majors_available()),
            )
        return _merge(state, move.name, events)
    if mr.proposal:
        if not (isinstance(move, Move) and move.verb in ("accept", "refuse")):
            raise RuleError("the proposal waits for an answer", R_MERGE, "accept | refuse")
        a, b = mr.proposal
        if move.verb == "refuse":
            mr.refused.append((a, b))
            mr.proposal = None
            events.append(Event(f"{b} refuses {a}'s proposal; not again this round (■22)"))
            return False
        _accept(state, a, b, events)
        return False
    if isinstance(move, Named) and move.verb == "propose":
        a, b = mr.current, move.name
        target = state.companies.get(b)
        if target is None or target.major or b == a:
            raise RuleError(
                f"{b} is not another minor in play",
                R_MERGE,
                "propose " + " | ".join(n for n in minors_in_order(state) if n != a),
                computable=False,
            )
        # ■22 "相手が拒否したらこのラウンド中に再び提案することはできません": read as the pair's
        # merger being off for the round, whichever of the two proposes it.
        refuser = b if (a, b) in mr.refused else a
        judge.rule(
            (a, b) not in mr.refused and (b, a) not in mr.refused,
            f"{refuser} refused a merger of {a} and {b} this round",
            R_MERGE,
        )
        link = routes.connected(state, state.companies[a], target)
        judge.rule(link is not False, f"no route links {a} and {b}", R_MERGE)
        mr.proposal = (a, b)
        events.append(Event(f"{a} proposes a merger to {b}: {target.president}, accept or refuse"))
    elif isinstance(move, Move) and move.verb in ("pass", "done"):
        events.append(Event(f"{mr.current} passes"))
        mr.done.append(mr.current)
        return next_minor(state, events)
    else:
        raise RuleError("in the merger round: propose MINOR or pass", R_MERGE)
    return False


def _accept(state: State, a: str, b: str, events: list[Event]) -> None:
    mr = state.mr
    assert mr is not None
    ca, cb = state.companies[a], state.companies[b]
    pa, pb = ca.president, cb.president
    total = {p: ca.held(p) + cb.held(p) for p in (pa, pb)}
    # ■22: the president holding more of the two together; a tie: the president of the company
    # higher on the track.
    higher = min((ca, cb), key=lambda c: (-c.price, c.arrival))
    new = higher.president
    if total[pa] != total[pb]:
        new = pa if total[pa] > total[pb] else pb
    mr.naming = (new, a, b)
    events.append(Event(f"{b} accepts; {new} presides the new major: name it"))


def _merge(state: State, major: str, events: list[Event]) -> bool:
    mr = state.mr
    assert mr is not None and mr.naming is not None
    new, a, b = mr.naming
    if major not in state.majors_available():
        raise RuleError(f"{major} is in use", R_MERGE, computable=False)
    ca, cb = state.companies.pop(a), state.companies.pop(b)
    shares: dict[str, int] = {}
    for c in (ca, cb):  # ■22: each 20% share becomes one 10% share
        for holder, n in c.shares.items():
            shares[holder] = shares.get(holder, 0) + n
    # ■22: the average of the two prices rounded down; between spaces, the highest space not
    # above it (facts §3, medium).
    price = data.floor_space((ca.price + cb.price) // 2)
    hubs: list[str] = []
    spare: list[int] = []
    for h in ca.hubs + cb.hubs:
        # ■22 同じタイルに2つの旧駅トークン: one tile, even when its two cities differ (the mine
        # hex, "M27" and "M27.1"): the second token goes to the "free" circle (■15: one per tile).
        if routes.hub_spot(h)[0] in {routes.hub_spot(k)[0] for k in hubs}:
            spare.append(0)
        else:
            hubs.append(h)
    circles = data.table()["tokens"]["major_circles"]
    spare += [-1] * circles  # ■22: one token on each circle; costs printed (typed when placed)
    if "Expansive" in ca.abilities + cb.abilities:
        expansive = ca if "Expansive" in ca.abilities else cb
        if data.table()["tokens"]["expansive_extra_cost"] in expansive.spare_tokens:
            spare.append(data.table()["tokens"]["expansive_extra_cost"])  # ■26 Expansive
    spare = spare[: max(0, data.table()["tokens"]["major"] - len(hubs))]  # extras to the box
    co = Company(
        name=major,
        major=True,
        president=new,
        cash=ca.cash + cb.cash,
        price=price,
        arrival=state.bottom_arrival(),
        shares=shares,
        trains=ca.trains + cb.trains,
        hubs=hubs,
        spare_tokens=spare,
        abilities=ca.abilities + cb.abilities,
        new=False,
        operated=True,
        suburbs=ca.suburbs + cb.suburbs,
        bridges_left=ca.bridges_left + cb.bridges_left,
        members=[a, b],
    )
    state.companies[major] = co
    state.majors_used.append(major)
    state.closed += [a, b]
    held = ", ".join(f"{h} {n}" for h, n in sorted(shares.items()))
    events.append(
        Event(
            f"{a} and {b} merge into {major}: president {new}, price {price}, "
            f"cash {co.cash}, shares {held}"
        )
    )
    ledger.check_president(state, co, events)
    trains.enforce_limits(state, events)
    mr.done.append(a)
    return next_minor(state, events)
