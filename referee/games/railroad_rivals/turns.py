"""The turn: setup, revealing tiles, the turn-order bid, the draft, and moving on through
the phases (§準備, §タイルの補充とターン順のビッド, §タイルのドラフト, §都市タイルの不足,
§ゲーム終了)."""

from __future__ import annotations

from dataclasses import replace

from referee.engine import Event
from referee.rules_kit import Judge

from . import commands as cmd
from .phases import allowed_kinds, expected_reveal
from .placement import await_cubes, no_cubes, whereabouts
from .readings import BID_LIMIT, DROPBACK_ORDER
from .scoring import standings
from .sections import (
    R_BID,
    R_DRAFT,
    R_SETUP,
    R_SHORTAGE,
    SCORE_STEP,
    START_SCORE,
    expect,
)
from .state import (
    BID,
    DELIVER,
    DRAFT,
    ORDER,
    OVER,
    PLACE,
    REVEAL,
    START,
    START_CUBES,
    City,
    State,
)


def on_start(state: State, move: cmd.Start, judge: Judge) -> tuple[State, list[Event]]:
    expect(state, move, (START,), judge)
    city = City(move.name, (0, 0), move.edges, move.cargo, no_cubes(state))
    state = replace(state, cities={move.name: city}, grid={(0, 0): move.name})
    events = [Event(f"start city: {move.name} at 0,0 (cargo {move.cargo})")]
    return await_cubes(state, move.name, START_CUBES, events)


def on_order(state: State, move: cmd.Order, judge: Judge) -> tuple[State, list[Event]]:
    expect(state, move, (ORDER,), judge)
    unnamed = [p for p in state.players if p not in move.order]
    if len(unnamed) == 1 and len(set(move.order)) == len(move.order) == len(state.players) - 1:
        move = replace(move, order=(*move.order, unnamed[0]))  # the last card: who is left
    judge.fact(
        sorted(move.order) == sorted(state.players),
        "the turn order must name every player once",
        R_SETUP,
        f"order {' '.join(state.players)} (in the order of the character cards)",
    )
    # §準備 6: the first player starts at 6, each next one 2 more.
    scores = {p: START_SCORE + SCORE_STEP * i for i, p in enumerate(move.order)}
    state = replace(state, order=move.order, scores=scores)
    events = [Event("turn order: " + ", ".join(f"{p} ({scores[p]})" for p in move.order))]
    state, more = _next_turn(state)
    return state, events + more


def on_reveal(state: State, move: cmd.Reveal, judge: Judge) -> tuple[State, list[Event]]:
    expect(state, move, (REVEAL,), judge)
    want_c, want_s = expected_reveal(state)
    got_c, got_s = len(move.cities), len(move.stocks)
    judge.rule(
        (got_c, got_s) == (want_c, want_s),
        f"reveal {want_c} city and {want_s} stock tiles, not {got_c} and {got_s}",
        R_SHORTAGE if state.shortage else R_BID,
        f"reveal city ({want_c} names) stock ({want_s} railroads)",
    )
    judge.fact(
        got_c <= state.city_pile and got_s <= state.stock_pile,
        f"only {state.city_pile} city and {state.stock_pile} stock tiles are face down",
        R_BID,
    )
    seen: set[str] = set()
    for name in move.cities:
        where = whereabouts(state, name)
        judge.fact(
            not where and name.lower() not in seen,
            f"{name} is {where or 'named twice'}",
            R_BID,
            "each city tile exists once",
        )
        seen.add(name.lower())
    state = replace(
        state,
        city_pile=state.city_pile - got_c,
        stock_pile=state.stock_pile - got_s,
        display_cities=move.cities,
        display_stocks=move.stocks,
    )
    shown = [*move.cities, *move.stocks]
    return _enter_bid(state), [Event(f"revealed: {', '.join(shown) or 'nothing'}")]


def on_bid(state: State, move: cmd.Bid, judge: Judge) -> tuple[State, list[Event]]:
    expect(state, move, (BID,), judge)
    judge.rule(
        move.points > state.high,
        f"a bid must beat {state.high}",
        R_BID,
        f"bid {state.high + 1} or more, or pass",
    )
    score = state.scores[move.actor]
    if state.readings.of(BID_LIMIT) == "score":
        judge.rule(
            move.points <= score,
            f"{move.actor} has only {score} points to bid",
            R_BID,
            f"bid up to {score} or pass",
            reading=state.readings.note(BID_LIMIT),
        )
    state = replace(state, high=move.points, high_bidder=move.actor)
    event = Event(f"{move.actor} bids {move.points} to go first")
    return _next_bidder(state), [event]


def on_pass(state: State, move: cmd.Pass, judge: Judge) -> tuple[State, list[Event]]:
    expect(state, move, (BID, PLACE, DELIVER), judge)
    p = move.actor
    if state.phase == BID:
        # §タイルの補充とターン順のビッド: a pass is final.
        state = replace(state, passed=(*state.passed, p))
        return _next_bidder(state), [Event(f"{p} passes the bid (final)")]
    if state.phase == PLACE:
        held = state.hands[p]
        event = Event(
            f"{p} places no city: {p} declares none of their {held} tiles can be placed "
            "legally (§都市タイルの配置: a player with a legal tile must place one)"
        )
        return replace(state, step=state.step + 1), [event]
    return replace(state, step=state.step + 1), [Event(f"{p} delivers nothing this turn")]


def on_take(state: State, move: cmd.Take, judge: Judge) -> tuple[State, list[Event]]:
    expect(state, move, (DRAFT,), judge)
    display = state.display_cities if move.kind == "city" else state.display_stocks
    judge.fact(move.tile in display, f"{move.tile} is not on display", R_DRAFT)
    allowed = allowed_kinds(state, move.actor)
    judge.rule(
        move.kind in allowed,
        f"{move.actor} must take a {' or '.join(allowed)} tile now",
        R_SHORTAGE if state.shortage else R_DRAFT,
        "the second pick is the other kind than the first",
    )
    rest = list(display)
    rest.remove(move.tile)
    p = move.actor
    if move.kind == "city":
        state = replace(
            state,
            display_cities=tuple(rest),
            hands={**state.hands, p: state.hands[p] + 1},
            known={**state.known, p: (*state.known[p], move.tile)},
        )
        event = Event(f"{p} takes the city tile {move.tile} (hidden tiles {state.hands[p]})")
    else:
        state = replace(
            state,
            display_stocks=tuple(rest),
            stocks={**state.stocks, p: (*state.stocks[p], move.tile)},
        )
        event = Event(f"{p} takes a {move.tile} stock tile")
    if state.draft_round == 1:
        state = replace(state, first_pick={**state.first_pick, p: move.kind})
    return replace(state, step=state.step + 1), [event]


def settle(state: State) -> tuple[State, list[Event]]:
    """Carry the game on through every step that needs nobody's input."""
    events: list[Event] = []
    while True:
        if state.phase == REVEAL and expected_reveal(state) == (0, 0):
            events.append(Event("no tiles are left to reveal"))
            state = _enter_bid(replace(state, display_cities=(), display_stocks=()))
        elif state.phase == BID and state.turn == 1:
            state = _enter_draft(state)  # §タイルの補充とターン順のビッド: not on turn 1
        elif state.phase == BID and len(state.order) - len(state.passed) <= 1:
            state, more = _settle_bid(state)
            events += more
        elif state.phase == DRAFT and state.step >= state.n:
            if state.draft_round == 1:
                state = replace(state, draft_round=2, step=0)
            else:
                left = [*state.display_cities, *state.display_stocks]
                if left:
                    events.append(Event(f"left over and set aside: {', '.join(left)}"))
                state = replace(
                    state,
                    phase=PLACE,
                    step=0,
                    set_aside=state.set_aside + state.display_cities,
                    display_cities=(),
                    display_stocks=(),
                )
        elif state.phase == DRAFT and not _available(state, state.order[state.step]):
            events.append(Event(f"{state.order[state.step]} has no tile to take"))
            state = replace(state, step=state.step + 1)
        elif state.phase == PLACE and state.step >= state.n:
            state = replace(state, phase=DELIVER, step=0, delivered={})
        elif state.phase == PLACE and state.hands[state.order[state.step]] == 0:
            events.append(Event(f"{state.order[state.step]} holds no city tile to place"))
            state = replace(state, step=state.step + 1)
        elif state.phase == DELIVER and state.step >= state.n:
            if state.ending:  # §ゲーム終了: the turn is played out, then the game ends
                state = replace(state, phase=OVER)
                events.append(Event("the game is over; stock tiles score their prices"))
                events += [
                    Event(
                        f"{s.place}. {s.player} {s.score} ({s.details['track']} + "
                        f"{s.details['stock value']} in stock)"
                    )
                    for s in standings(state)
                ]
            else:
                state, more = _next_turn(state)
                events += more
        else:
            return state, events


def _next_turn(state: State) -> tuple[State, list[Event]]:
    turn = state.turn + 1
    state = replace(state, turn=turn, phase=REVEAL, step=0, delivered={})
    events = [Event(f"turn {turn} begins")]
    if not state.shortage and state.city_pile < state.n:
        # §都市タイルの不足: the remaining city tiles are not used.
        events.append(
            Event(
                f"city tiles run short: the last {state.city_pile} are set aside; from now on "
                f"{2 * state.n} stock tiles are revealed and each player takes two "
                "(§都市タイルの不足)"
            )
        )
        state = replace(state, shortage=True, city_pile=0)
    return state, events


def _enter_bid(state: State) -> State:
    return replace(state, phase=BID, step=0, high=0, high_bidder="", passed=())


def _enter_draft(state: State) -> State:
    return replace(state, phase=DRAFT, step=0, draft_round=1, first_pick={})


def _next_bidder(state: State) -> State:
    """The bid goes round in reverse turn order, skipping those who passed."""
    reverse = tuple(reversed(state.order))
    for k in range(1, state.n + 1):
        i = (state.step + k) % state.n
        if reverse[i] not in state.passed:
            return replace(state, step=i)
    return state


def _settle_bid(state: State) -> tuple[State, list[Event]]:
    """All but one passed: the winner pays the bid and goes first."""
    winner = next((p for p in state.order if p not in state.passed), state.high_bidder)
    paid = state.high if state.high_bidder == winner else 0
    scores = {**state.scores, winner: state.scores[winner] - paid}
    rest = [p for p in state.order if p != winner and p not in state.passed]
    events = [
        Event(f"{winner} wins the bid for {paid}: {state.scores[winner]} -> {scores[winner]}")
    ]
    if state.dropback:
        # §ビッドの選択ルール: passers drop back in the order they passed.
        passers = [p for p in state.passed if p != winner]
        if state.readings.of(DROPBACK_ORDER) == "first-last":
            passers.reverse()
        order = (winner, *rest, *passers)
        events.append(state.readings.noted("turn order: " + ", ".join(order), DROPBACK_ORDER))
    else:
        order = (winner, *[p for p in state.order if p != winner])
        events.append(Event("turn order: " + ", ".join(order)))
    return _enter_draft(replace(state, scores=scores, order=order)), events


def _available(state: State, player: str) -> bool:
    kinds = allowed_kinds(state, player)
    return bool(
        ("city" in kinds and state.display_cities) or ("stock" in kinds and state.display_stocks)
    )
