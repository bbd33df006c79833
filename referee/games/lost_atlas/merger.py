"""The merger round (rules ■22)."""

from __future__ import annotations

from referee.core.engine import Event, RuleError
from referee.core.rules_kit import Handlers, Judge
from referee.eighteen_rules import stations
from referee.games.lost_atlas import data, ledger, routes, trains
from referee.games.lost_atlas.commands import Accept, NameMajor, Pass, Propose, Refuse
from referee.games.lost_atlas.dispatch import carry_out
from referee.games.lost_atlas.sections import R_MERGE
from referee.games.lost_atlas.state import Company, MergerRound, State
from referee.i18n import _


def minors_in_order(state: State) -> list[str]:
    return [n for n in state.order() if not state.companies[n].major]


def start_merger_round(state: State, events: list[Event]) -> None:
    """The merger round (over at once when no merger is possible)."""
    state.round = "merger"
    state.mr = MergerRound()
    events.append(Event(_("cycle {cycle}: merger round").format(cycle=state.cycle)))
    next_minor(state, events)


def next_minor(state: State, events: list[Event]) -> None:
    """The next minor may propose; when none is left the round is over (`state.mr` None)."""
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
            return
        state.mr = None
        return
    mr.current = left[0]  # ■22: in price order, higher on a space first
    co = state.companies[mr.current]
    said = _("{company} ({player}) may propose a merger, or pass")
    events.append(Event(said.format(company=mr.current, player=co.president)))


def over(state: State) -> bool:
    return state.mr is None


def resume(state: State, events: list[Event]) -> None:
    """After a `discard` (■19): the merger round goes on if it was only waiting for that
    choice."""
    mr = state.mr
    if not state.discard and state.round == "merger" and mr is not None and not mr.current:
        next_minor(state, events)


def actor(state: State) -> str:
    mr = state.mr
    assert mr is not None
    if mr.naming:
        return mr.naming[0]
    if mr.proposal:
        return state.companies[mr.proposal[1]].president
    return state.companies[mr.current].president


def mr_move(state: State, move: object, judge: Judge) -> tuple[State, list[Event]]:
    """One move of the merger round (on a draft); the round is over when `over(state)`."""
    mr = _round(state)
    judge.turn(move.actor, actor(state), R_MERGE)  # type: ignore[attr-defined]
    if mr.naming:
        refusal = RuleError(
            _("{player} names the new major").format(player=mr.naming[0]),
            R_MERGE,
            "major " + " | ".join(state.majors_available()),
        )
        return carry_out(NAMING, state, move, judge, refusal)
    if mr.proposal:
        refusal = RuleError(_("the proposal waits for an answer"), R_MERGE, "accept | refuse")
        return carry_out(ANSWERING, state, move, judge, refusal)
    refusal = RuleError(_("in the merger round: propose MINOR or pass"), R_MERGE)
    return carry_out(PROPOSING, state, move, judge, refusal)


def _round(state: State) -> MergerRound:
    assert state.mr is not None
    return state.mr


def _name_major(state: State, move: NameMajor, judge: Judge) -> tuple[State, list[Event]]:
    events: list[Event] = []
    _merge(state, move.name, events)
    return state, events


def _refuse(state: State, move: Refuse, judge: Judge) -> tuple[State, list[Event]]:
    mr = _round(state)
    assert mr.proposal is not None
    a, b = mr.proposal
    mr.refused.append((a, b))
    mr.proposal = None
    said = _("{company} refuses {proposer}'s proposal; not again this round (■22)")
    return state, [Event(said.format(company=b, proposer=a))]


def _accept_move(state: State, move: Accept, judge: Judge) -> tuple[State, list[Event]]:
    mr = _round(state)
    assert mr.proposal is not None
    events: list[Event] = []
    _accept(state, *mr.proposal, events)
    return state, events


def _propose(state: State, move: Propose, judge: Judge) -> tuple[State, list[Event]]:
    mr = _round(state)
    a, b = mr.current, move.name
    target = state.companies.get(b)
    if target is None or target.major or b == a:
        raise RuleError(
            _("{company} is not another minor in play").format(company=b),
            R_MERGE,
            "propose " + " | ".join(n for n in minors_in_order(state) if n != a),
            computable=False,
        )
    for refusal in _proposal_refusals(state, a, b):
        judge.broken(refusal)
    mr.proposal = (a, b)
    said = _("{proposer} proposes a merger to {company}: {player}, accept or refuse")
    return state, [Event(said.format(proposer=a, company=b, player=target.president))]


def _proposal_refusals(state: State, a: str, b: str) -> list[RuleError]:
    """Why minor `a` may not propose a merger to minor `b` now (■22)."""
    mr = _round(state)
    out = []
    # ■22 "相手が拒否したらこのラウンド中に再び提案することはできません": read as the pair's
    # merger being off for the round, whichever of the two proposes it.
    if (a, b) in mr.refused or (b, a) in mr.refused:
        refuser = b if (a, b) in mr.refused else a
        said = _("{refuser} refused a merger of {a} and {b} this round")
        out.append(RuleError(said.format(refuser=refuser, a=a, b=b), R_MERGE))
    if routes.connected(state, state.companies[a], state.companies[b]) is False:
        out.append(RuleError(_("no route links {a} and {b}").format(a=a, b=b), R_MERGE))
    return out


def partners(state: State) -> list[str]:
    """The minors the minor whose turn it is may propose to (■22); without the map every
    other minor not refused, as the table traces the route."""
    a = _round(state).current
    return [b for b in minors_in_order(state) if b != a and not _proposal_refusals(state, a, b)]


def _pass(state: State, move: Pass, judge: Judge) -> tuple[State, list[Event]]:
    mr = _round(state)
    said = (
        _("{company} passes")
        if partners(state)
        else _("{company} passes: no minor it may propose to (■22)")
    )
    events = [Event(said.format(company=mr.current))]
    mr.done.append(mr.current)
    next_minor(state, events)
    return state, events


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
    said = _("{company} accepts; {player} presides the new major: name it")
    events.append(Event(said.format(company=b, player=new)))


def _merge(state: State, major: str, events: list[Event]) -> None:
    mr = state.mr
    assert mr is not None and mr.naming is not None
    new, a, b = mr.naming
    if major not in state.majors_available():
        raise RuleError(_("{company} is in use").format(company=major), R_MERGE, computable=False)
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
    # ■22: one token on each circle; costs printed (typed when placed)
    spare += [stations.PRINTED] * circles
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
    held = ", ".join(f"{data.place_name(h)} {n}" for h, n in sorted(shares.items()))
    said = _(
        "{a} and {b} merge into {major}: president {player}, price {price}, "
        "cash {cash}, shares {held}"
    )
    events.append(
        Event(said.format(a=a, b=b, major=major, player=new, price=price, cash=co.cash, held=held))
    )
    ledger.check_president(state, co, events)
    trains.enforce_limits(state, events)
    mr.done.append(a)
    next_minor(state, events)


NAMING: Handlers[State] = Handlers("merger-round", {NameMajor: _name_major})
ANSWERING: Handlers[State] = Handlers("merger-round", {Accept: _accept_move, Refuse: _refuse})
# `done` is not a pass here: typed after the referee's done that ended the operating round, it
# confirms that done instead of passing the first minor (saves from before: commands.said_now).
PROPOSING: Handlers[State] = Handlers("merger-round", {Propose: _propose, Pass: _pass})
