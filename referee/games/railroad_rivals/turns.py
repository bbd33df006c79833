"""The turn: setup, revealing tiles, the turn-order bid, the draft, and moving on through
the phases (§準備, §タイルの補充とターン順のビッド, §タイルのドラフト, §都市タイルの不足,
§ゲーム終了)."""

from __future__ import annotations

from dataclasses import replace

from referee.core.citations import bracket
from referee.core.engine import Event
from referee.core.rules_kit import Judge
from referee.i18n import _, ngettext

from . import commands as cmd
from . import places
from .phases import allowed_kinds, expected_reveal, kinds_text
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
    events = [
        Event(
            _("start city: {city} at 0,0 (cargo {cargo})").format(city=move.name, cargo=move.cargo)
        )
    ]
    return await_cubes(state, move.name, START_CUBES, events)


def on_order(state: State, move: cmd.Order, judge: Judge) -> tuple[State, list[Event]]:
    expect(state, move, (ORDER,), judge)
    unnamed = [p for p in state.players if p not in move.order]
    if len(unnamed) == 1 and len(set(move.order)) == len(move.order) == len(state.players) - 1:
        move = replace(move, order=(*move.order, unnamed[0]))  # the last card: who is left
    judge.fact(
        sorted(move.order) == sorted(state.players),
        _("the turn order must name every player once"),
        R_SETUP,
        _("order {players} (in the order of the character cards)").format(
            players=" ".join(state.players)
        ),
    )
    # §準備 6: the first player starts at 6, each next one 2 more.
    scores = {p: START_SCORE + SCORE_STEP * i for i, p in enumerate(move.order)}
    state = replace(state, order=move.order, scores=scores)
    listed = ", ".join(f"{p} ({scores[p]})" for p in move.order)
    events = [Event(_("turn order: {order}").format(order=listed))]
    state, more = _next_turn(state)
    return state, events + more


def on_reveal(state: State, move: cmd.Reveal, judge: Judge) -> tuple[State, list[Event]]:
    expect(state, move, (REVEAL,), judge)
    want_c, want_s = expected_reveal(state)
    got_c, got_s = len(move.cities), len(move.stocks)
    judge.rule(
        (got_c, got_s) == (want_c, want_s),
        _(
            "reveal {cities} city and {stocks} stock tiles, not {got_cities} and {got_stocks}"
        ).format(cities=want_c, stocks=want_s, got_cities=got_c, got_stocks=got_s),
        R_SHORTAGE if state.shortage else R_BID,
        _("reveal city ({cities}) stock ({stocks})").format(
            cities=ngettext("{n} name", "{n} names", want_c).format(n=want_c),
            stocks=ngettext("{n} railroad", "{n} railroads", want_s).format(n=want_s),
        ),
    )
    judge.fact(
        got_c <= state.city_pile and got_s <= state.stock_pile,
        _("only {cities} city and {stocks} stock tiles are face down").format(
            cities=state.city_pile, stocks=state.stock_pile
        ),
        R_BID,
    )
    seen: set[str] = set()
    for name in move.cities:
        where = whereabouts(state, name)
        judge.fact(
            not where and name.lower() not in seen,
            _("{city} is {where}").format(city=name, where=where or _("named twice")),
            R_BID,
            _("each city tile exists once"),
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
    said = _("revealed: {tiles}").format(tiles=", ".join(shown) or _("nothing"))
    return _enter_bid(state), [Event(said)]


def on_bid(state: State, move: cmd.Bid, judge: Judge) -> tuple[State, list[Event]]:
    expect(state, move, (BID,), judge)
    judge.rule(
        move.points > state.high,
        _("a bid must beat {high}").format(high=state.high),
        R_BID,
        _("bid {least} or more, or pass").format(least=state.high + 1),
    )
    score = state.scores[move.actor]
    if state.readings.of(BID_LIMIT) == "score":
        judge.rule(
            move.points <= score,
            ngettext(
                "{player} has only {score} point to bid",
                "{player} has only {score} points to bid",
                score,
            ).format(player=move.actor, score=score),
            R_BID,
            _("bid up to {score} or pass").format(score=score),
            reading=state.readings.note(BID_LIMIT),
        )
    state = replace(state, high=move.points, high_bidder=move.actor)
    event = Event(
        _("{player} bids {points} to go first").format(player=move.actor, points=move.points)
    )
    return _next_bidder(state), [event]


def on_pass(state: State, move: cmd.Pass, judge: Judge) -> tuple[State, list[Event]]:
    expect(state, move, (BID, PLACE, DELIVER), judge)
    p = move.actor
    if state.phase == BID:
        # §タイルの補充とターン順のビッド: a pass is final.
        state = replace(state, passed=(*state.passed, p))
        return _next_bidder(state), [Event(_("{player} passes the bid (final)").format(player=p))]
    if state.phase == PLACE:
        held = state.hands[p]
        event = Event(
            ngettext(
                "{player} places no city: {player} declares their {held} tile cannot be "
                "placed legally; a player with a legal tile must place one {rule}",
                "{player} places no city: {player} declares none of their {held} tiles can be "
                "placed legally; a player with a legal tile must place one {rule}",
                held,
            ).format(player=p, held=held, rule=bracket("都市タイルの配置"))
        )
        return replace(state, step=state.step + 1), [event]
    said = _("{player} delivers nothing this turn").format(player=p)
    return replace(state, step=state.step + 1), [Event(said)]


def on_take(state: State, move: cmd.Take, judge: Judge) -> tuple[State, list[Event]]:
    expect(state, move, (DRAFT,), judge)
    display = state.display_cities if move.kind == "city" else state.display_stocks
    judge.fact(move.tile in display, _("{tile} is not on display").format(tile=move.tile), R_DRAFT)
    allowed = allowed_kinds(state, move.actor)
    judge.rule(
        move.kind in allowed,
        _("{player} must take a {kinds} tile now").format(
            player=move.actor, kinds=kinds_text(allowed)
        ),
        R_SHORTAGE if state.shortage else R_DRAFT,
        _("the second pick is the other kind than the first"),
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
        event = Event(
            _("{player} takes the city tile {tile} (hidden tiles {hidden})").format(
                player=p, tile=move.tile, hidden=state.hands[p]
            )
        )
    else:
        state = replace(
            state,
            display_stocks=tuple(rest),
            stocks={**state.stocks, p: (*state.stocks[p], move.tile)},
        )
        event = Event(
            _("{player} takes a {railroad} stock tile").format(player=p, railroad=move.tile)
        )
    if state.draft_round == 1:
        state = replace(state, first_pick={**state.first_pick, p: move.kind})
    return replace(state, step=state.step + 1), [event]


def settle(state: State) -> tuple[State, list[Event]]:
    """Carry the game on through every step that needs nobody's input."""
    events: list[Event] = []
    while True:
        if state.held >= 0:  # a move at a player's own place, before it came
            given_back = places.give_back(state)
            if given_back is None:
                return state, events
            state, events = given_back[0], events + given_back[1]
        skipped = places.skip_early(state)
        if skipped is not None:
            state, events = skipped[0], events + skipped[1]
        elif state.phase == REVEAL and expected_reveal(state) == (0, 0):
            events.append(Event(_("no tiles are left to reveal")))
            state = _enter_bid(replace(state, display_cities=(), display_stocks=()))
        elif state.phase == BID and state.turn == 1:
            state = _enter_draft(state)  # §タイルの補充とターン順のビッド: not on turn 1
        elif state.phase == BID and len(state.order) - len(state.passed) <= 1:
            state, more = _settle_bid(state)
            events += more
        elif state.phase == DRAFT and state.step >= state.n:
            if state.draft_round == 1:
                state = replace(state, draft_round=2, step=0, early=())
            else:
                left = [*state.display_cities, *state.display_stocks]
                if left:
                    events.append(
                        Event(_("left over and set aside: {tiles}").format(tiles=", ".join(left)))
                    )
                state = replace(
                    state,
                    phase=PLACE,
                    step=0,
                    early=(),
                    set_aside=state.set_aside + state.display_cities,
                    display_cities=(),
                    display_stocks=(),
                )
        elif state.phase == DRAFT and not _available(state, state.order[state.step]):
            events.append(
                Event(_("{player} has no tile to take").format(player=state.order[state.step]))
            )
            state = replace(state, step=state.step + 1)
        elif state.phase == PLACE and state.step >= state.n:
            state = replace(state, phase=DELIVER, step=0, delivered={}, early=(), early_cubes=())
        elif state.phase == PLACE and state.hands[state.order[state.step]] == 0:
            events.append(
                Event(
                    _("{player} holds no city tile to place").format(player=state.order[state.step])
                )
            )
            state = replace(state, step=state.step + 1)
        elif state.phase == DELIVER and state.step >= state.n:
            if state.ending:  # §ゲーム終了: the turn is played out, then the game ends
                state = replace(state, phase=OVER)
                events.append(Event(_("the game is over; stock tiles score their prices")))
                events += [
                    Event(
                        _("{place}. {player} {score} ({track} + {stock} in stock)").format(
                            place=s.place,
                            player=s.player,
                            score=s.score,
                            track=s.details["track"],
                            stock=s.details["stock value"],
                        )
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
    state = replace(state, turn=turn, phase=REVEAL, step=0, delivered={}, early=(), early_cubes=())
    events = [Event(_("turn {turn} begins").format(turn=turn))]
    if not state.shortage and state.city_pile < state.n:
        # §都市タイルの不足: the remaining city tiles are not used.
        events.append(Event(_short_of_cities(state.city_pile, stocks=2 * state.n)))
        state = replace(state, shortage=True, city_pile=0)
    return state, events


SHORT = "都市タイルの不足"


def _short_of_cities(left: int, stocks: int) -> str:
    """§都市タイルの不足, said for the tiles left face down (none, when the pile ran out)."""
    if not left:
        return _(
            "city tiles run out; from now on {stocks} stock tiles are revealed and each "
            "player takes two {rule}"
        ).format(stocks=stocks, rule=bracket(SHORT))
    return ngettext(
        "city tiles run short: the last {left} is set aside; from now on {stocks} stock tiles "
        "are revealed and each player takes two {rule}",
        "city tiles run short: the last {left} are set aside; from now on {stocks} stock "
        "tiles are revealed and each player takes two {rule}",
        left,
    ).format(left=left, stocks=stocks, rule=bracket(SHORT))


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
    if state.high_bidder:
        said = _("{player} wins the bid for {paid}: {before} -> {after}").format(
            player=winner, paid=paid, before=state.scores[winner], after=scores[winner]
        )
    else:  # the last not to pass never bid and never passed: nothing of theirs to type
        said = _("the bidding ends with no bid: {player}, the last not to pass, goes first").format(
            player=winner
        )
    events = [Event(said)]
    if state.dropback:
        # §ビッドの選択ルール: passers drop back in the order they passed.
        passers = [p for p in state.passed if p != winner]
        if state.readings.of(DROPBACK_ORDER) == "first-last":
            passers.reverse()
        order = (winner, *rest, *passers)
        said = _("turn order: {order}").format(order=", ".join(order))
        events.append(state.readings.noted(said, DROPBACK_ORDER))
    else:
        order = (winner, *[p for p in state.order if p != winner])
        events.append(Event(_("turn order: {order}").format(order=", ".join(order))))
    return _enter_draft(replace(state, scores=scores, order=order)), events


def _available(state: State, player: str) -> bool:
    kinds = allowed_kinds(state, player)
    return bool(
        ("city" in kinds and state.display_cities) or ("stock" in kinds and state.display_stocks)
    )
