"""What a train's first purchase does beyond phases, rusting and closing privates, as a title
describes it on its [[trains]]: `obsolete_on` (trains that run once more, outside the train
limit) and `loses_a_train_run` (each company then owning a train loses one train's run in
its next turn: 18TN's Civil War)."""

from __future__ import annotations

from referee.core.engine import Event
from referee.eighteen_rules import phases
from referee.games.titled.state import Corp, State
from referee.i18n import _


def counted(state: State, corp: Corp) -> int:
    """The trains that count toward the train limit: all but the obsolete ones."""
    return len(phases.running(corp.trains, state.obsolete.__contains__))


def first_bought(state: State, name: str) -> list[Event]:
    """The obsolescence and the lost runs the first `name` train brings."""
    events: list[Event] = []
    for train in state.title.trains:
        if train.obsolete_on == name and train.name not in state.obsolete:
            state.obsolete.append(train.name)
            said = _("{train} trains are obsolete: each runs once more, outside the train limit")
            events.append(Event(said.format(train=train.name)))
    if state.title.train(name).loses_a_train_run:
        hit = [c.abbr for c in state.corps.values() if c.floated and c.trains]
        state.war[:] = sorted(set(state.war) | set(hit))
        said = _("{companies} each lose one train's run in their next operating turn")
        events.append(Event(said.format(companies=", ".join(state.war))))
    return events


def single_train_loses_all(state: State, corp: Corp) -> bool:
    """A company losing a train's run that has one train runs for nothing, its price still."""
    return corp.abbr in state.war and len(corp.trains) == 1


def war_cut(state: State, corp: Corp, runs: list[int]) -> int:
    """What a company losing a train's run forgoes of its routes' revenues `runs` (one per
    train that ran): the lowest, when every train ran; else nothing."""
    if corp.abbr not in state.war or not runs or len(runs) < len(corp.trains):
        return 0
    return min(runs)


def after_run(state: State, corp: Corp) -> list[Event]:
    """After a company's run (or its turn without one): its lost run is spent and its
    obsolete trains leave."""
    events: list[Event] = []
    if corp.abbr in state.war:
        state.war.remove(corp.abbr)
    kept, gone = phases.after_run(corp.trains, state.obsolete.__contains__)
    if gone:
        corp.trains[:] = kept
        said = _("{company}'s obsolete trains leave: {trains}")
        events.append(Event(said.format(company=corp.abbr, trains=", ".join(sorted(set(gone))))))
    return events
