"""Trains and phases: the deck, taking a train (bought or exported), rusting and limits.

Rules ■5, ■18, ■19, ■23 and Resourceful/Spacious in ■26.
"""

from __future__ import annotations

from referee.core.engine import Event, RuleError
from referee.core.rules_kit import Judge
from referee.eighteen_rules import phases
from referee.eighteen_rules import trains as rolling
from referee.games.lost_atlas import data
from referee.games.lost_atlas.commands import Discard
from referee.games.lost_atlas.data import INF
from referee.games.lost_atlas.readings import TRAIN_LIMIT
from referee.games.lost_atlas.sections import R_PHASE
from referee.games.lost_atlas.state import Company, State, Train
from referee.i18n import _, ngettext


def deck_top(state: State) -> str | None:
    """The train on top of the deck (rules ■18: bought in order); None when it is empty."""
    return rolling.next_train(map(str, data.table()["trains"]["order"]), state.deck)


def deck_offers(state: State) -> list[str]:
    """What may be bought from the deck now: the top card; 7 and ∞ are one card (■18)."""
    top = deck_top(state)
    if top is None:
        return []
    return ["7", INF] if top == "7" else [top]


def company_limit(state: State, co: Company, level: int = 0) -> int:
    """Rules ■5/■12 limits by the last train taken (or `level`); Spacious +1 (■26)."""
    n = data.limit(level or state.level, co.major)
    return n + 1 if "Spacious" in co.abilities else n


def limit_check(state: State, co: Company, from_deck: str) -> tuple[int, int, str]:
    """The trains `co` counts against its limit and that limit, for buying one more: a train
    of kind `from_deck` from the deck may rust trains and raise the phase (■5, ■19); whether
    the limit is checked before or after that is the reading TRAIN_LIMIT (named, if it may
    matter, as the third item)."""
    level = max(state.level, data.train_level(from_deck)) if from_deck else state.level
    if level == state.level:
        return len(co.running()), company_limit(state, co), ""
    note = state.readings.note(TRAIN_LIMIT)
    if state.readings.of(TRAIN_LIMIT) == "before-rust":
        return len(co.running()), company_limit(state, co), note
    gone = set(_rusted(state.level, level))
    kept = [t for t in co.running() if t.kind not in gone]
    return len(kept), company_limit(state, co, level), note


def take_from_deck(state: State, kind: str, events: list[Event]) -> None:
    """A train leaves the deck (bought or exported): phase, rusting and limits (■19, ■23)."""
    rolling.take(state.deck, "7" if kind == INF else kind)
    level = data.train_level(kind)
    if level <= state.level:
        return
    previous = state.level
    state.level = level
    levels = [str(lvl) for lvl in range(previous + 1, level + 1)]
    colour = phases.started(levels, _phase_starts(), state.colour)
    if colour is not None:
        said = _("phase: {old} -> {new} (first {train}-train, ■19)")
        old, new = data.colour_name(state.colour), data.colour_name(colour)
        events.append(Event(said.format(old=old, new=new, train=data.train_name(kind))))
        if state.orr is not None and not state.orr.tile_phase:
            state.orr.tile_phase = state.colour  # ■19: its tiles from the next company on
        state.colour = colour
    for gone in _rusted(previous, level):
        rust(state, gone, events)
    enforce_limits(state, events)


def _phase_starts() -> list[tuple[str, str]]:
    """(phase colour, the level whose first train starts it): ■5/■19."""
    return [(str(colour), on) for on, colour in data.table()["phases"]["colour"].items()]


def _rusted(level: int, to: int) -> list[str]:
    """The kinds that rust when the level rises from `level` to `to` (■5: the table's rusts,
    each the first train of a level rusting one kind)."""
    rusts = data.table()["trains"]["rusts"]
    triggers = [str(lvl) for lvl in range(level + 1, to + 1)]
    return rolling.rusted(triggers, ((str(kind), on) for on, kind in rusts.items()))


def rust(state: State, kind: str, events: list[Event]) -> None:
    """Every train of `kind` rusts and leaves the game (■5), except Resourceful's (■26)."""
    state.pool_trains, in_pool = rolling.rust(state.pool_trains, lambda t: t.kind == kind)
    lost = len(in_pool)
    for co in state.companies.values():
        once_more = _runs_once_more if "Resourceful" in co.abilities else None
        co.trains, rusted = rolling.rust(co.trains, lambda t: t.kind == kind, once_more)
        for _gone, stand_in in rusted:
            if stand_in is not None:
                said = _("{company}: its {train}-train rusts but runs once more (■26)")
            else:
                lost += 1
                said = _("{company}: its {train}-train rusts and leaves the game")
            events.append(Event(said.format(company=co.name, train=data.train_name(kind))))
    state.deck[kind] = 0 if state.deck.get(kind, 0) > 0 else state.deck.get(kind, 0)
    state.rusted_log.append(kind)
    said = _("{train}-trains rust (■5); {n} left the game in all")
    events.append(Event(said.format(train=data.train_name(kind), n=lost)))


def _runs_once_more(t: Train) -> Train | None:
    """■26 Resourceful: a train rusting runs once more, marked rusted; one rusted already goes."""
    return None if t.rusted else Train(t.kind, rusted=True)


def enforce_limits(state: State, events: list[Event]) -> None:
    """Trains over a company's limit go to the pool (■19). When they are not all alike, the
    president chooses which (`discard`); the game waits for that choice."""
    held = {
        co.name: (len(co.running()), company_limit(state, co))
        for co in state.companies.values()
        if co.name not in state.discard
    }
    for name, excess in phases.over_limit(held).items():
        co = state.companies[name]
        kinds = {t.kind for t in co.running()}
        if len(kinds) == 1:
            for t in co.running()[:excess]:
                _to_pool(state, co, t, events)
        else:
            state.discard.append(co.name)
            said = _("{company} is {n} over its train limit: {player} chooses (discard TRAIN ...)")
            events.append(Event(said.format(company=co.name, n=excess, player=co.president)))


def _to_pool(state: State, co: Company, t: Train, events: list[Event]) -> None:
    co.trains.remove(t)
    state.pool_trains.append(t)
    said = _("{company}: {train}-train over the limit goes to the pool")
    events.append(Event(said.format(company=co.name, train=data.train_name(t.kind))))


def excess(state: State, co: Company) -> int:
    return rolling.excess(len(co.running()), company_limit(state, co))


def discard(state: State, move: object, judge: Judge, events: list[Event]) -> None:
    """■19: the president of a company over its limit names the trains that go to the pool."""
    co = state.companies[state.discard[0]]
    judge.turn(move.actor, co.president, R_PHASE)  # type: ignore[attr-defined]
    if not isinstance(move, Discard):
        raise RuleError(
            _("{company} is over its train limit: first the trains to the pool").format(
                company=co.name
            ),
            R_PHASE,
            "discard " + " ".join(t.kind for t in co.running()),
        )
    need = excess(state, co)
    if len(move.kinds) != need:
        raise RuleError(
            ngettext(
                "{company} puts {need} train in the pool, not {n}",
                "{company} puts {need} trains in the pool, not {n}",
                need,
            ).format(company=co.name, need=need, n=len(move.kinds)),
            R_PHASE,
            computable=False,
        )
    for kind in move.kinds:
        t = next((t for t in co.running() if t.kind == kind), None)
        if t is None:
            raise RuleError(
                _("{company} has no other {train}-train").format(
                    company=co.name, train=data.train_name(kind)
                ),
                R_PHASE,
                _("its trains: {trains}").format(trains=" ".join(t.kind for t in co.running())),
                computable=False,
            )
        _to_pool(state, co, t, events)
    state.discard.pop(0)
    enforce_limits(state, events)


def export(state: State, events: list[Event]) -> None:
    """Rules ■23: the top card leaves the game; a 2 takes every 2 with it."""
    top = deck_top(state)
    if top is None:
        events.append(Event(_("export: the deck is empty, nothing leaves")))
        return
    if top == "2":
        n = state.deck["2"]
        state.deck["2"] = 0
        state.exported.append(f"{n} x 2")
        said = _("export: all {n} remaining 2-trains leave the game (■23)")
        events.append(Event(said.format(n=n)))
        return
    said = _("export: a {train}-train leaves the game (■23)")
    events.append(Event(said.format(train=data.train_name(top))))
    state.exported.append(top)
    take_from_deck(state, top, events)


def cheapest_available(state: State) -> tuple[int, str, str] | None:
    """(price, train, source) of the cheapest train in the deck or the pool (■20)."""
    offers = [(data.train_price(k), k, "deck") for k in deck_offers(state)]
    offers += [(data.train_price(t.kind), t.kind, "pool") for t in state.pool_trains]
    return min(offers) if offers else None
