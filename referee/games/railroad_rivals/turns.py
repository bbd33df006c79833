"""The turn: setup, revealing tiles, the turn-order bid, the draft, and moving on through
the phases (§準備, §タイルの補充とターン順のビッド, §タイルのドラフト, §都市タイルの不足,
§ゲーム終了)."""

from __future__ import annotations

from referee.core.citations import bracket
from referee.core.engine import Event
from referee.core.rules_kit import Judge
from referee.i18n import _, ngettext

from . import commands as cmd
from . import places
from .phases import allowed_kinds, expected_reveal, kinds_text
from .placement import await_cubes, box_text, no_cubes, not_in_box, whereabouts
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
    state.cities = {move.name: City(move.name, (0, 0), move.edges, move.cargo, no_cubes(state))}
    state.grid = {(0, 0): move.name}
    events = [
        Event(
            _("start city: {city} at 0,0 (cargo {cargo})").format(city=move.name, cargo=move.cargo)
        )
    ]
    await_cubes(state, move.name, START_CUBES, events)
    return state, events


def on_order(state: State, move: cmd.Order, judge: Judge) -> tuple[State, list[Event]]:
    expect(state, move, (ORDER,), judge)
    order = move.order
    unnamed = [p for p in state.players if p not in order]
    if len(unnamed) == 1 and len(set(order)) == len(order) == len(state.players) - 1:
        order = (*order, unnamed[0])  # the last card: who is left
    judge.fact(
        sorted(order) == sorted(state.players),
        _("the turn order must name every player once"),
        R_SETUP,
        _("order {players} (in the order of the character cards)").format(
            players=" ".join(state.players)
        ),
    )
    # §準備 6: the first player starts at 6, each next one 2 more.
    state.order = order
    state.scores = {p: START_SCORE + SCORE_STEP * i for i, p in enumerate(order)}
    listed = ", ".join(f"{p} ({state.scores[p]})" for p in order)
    events = [Event(_("turn order: {order}").format(order=listed))]
    return state, events + _next_turn(state)


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
        outside = not_in_box(state, name)
        judge.fact(not outside, outside, R_BID, box_text(state))
        where = whereabouts(state, name)
        judge.fact(
            not where and name.lower() not in seen,
            _("{city} is {where}").format(city=name, where=where or _("named twice")),
            R_BID,
            _("each city tile exists once"),
        )
        seen.add(name.lower())
    state.city_pile -= got_c
    state.stock_pile -= got_s
    state.display_cities, state.display_stocks = move.cities, move.stocks
    _enter_bid(state)
    shown = [*move.cities, *move.stocks]
    said = _("revealed: {tiles}").format(tiles=", ".join(shown) or _("nothing"))
    return state, [Event(said)]


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
    state.high, state.high_bidder = move.points, move.actor
    _next_bidder(state)
    event = Event(
        _("{player} bids {points} to go first").format(player=move.actor, points=move.points)
    )
    return state, [event]


def on_pass(state: State, move: cmd.Pass, judge: Judge) -> tuple[State, list[Event]]:
    expect(state, move, (BID, PLACE, DELIVER), judge)
    p = move.actor
    if state.phase == BID:
        # §タイルの補充とターン順のビッド: a pass is final.
        state.passed = (*state.passed, p)
        _next_bidder(state)
        return state, [Event(_("{player} passes the bid (final)").format(player=p))]
    state.step += 1
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
        return state, [event]
    said = _("{player} delivers nothing this turn").format(player=p)
    return state, [Event(said)]


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
        state.display_cities = tuple(rest)
        state.hands[p] += 1
        state.known[p] = (*state.known[p], move.tile)
        event = Event(
            _("{player} takes the city tile {tile} (hidden tiles {hidden})").format(
                player=p, tile=move.tile, hidden=state.hands[p]
            )
        )
    else:
        state.display_stocks = tuple(rest)
        state.stocks[p] = (*state.stocks[p], move.tile)
        event = Event(
            _("{player} takes a {railroad} stock tile").format(player=p, railroad=move.tile)
        )
    if state.draft_round == 1:
        state.first_pick[p] = move.kind
    state.step += 1
    return state, [event]


def settle(state: State) -> list[Event]:
    """Carry the game (a draft) on through every step that needs nobody's input."""
    events: list[Event] = []
    while True:
        if state.held >= 0:  # a move at a player's own place, before it came
            given_back = places.give_back(state)
            if given_back is None:
                return events
            events.append(given_back)
        skipped = places.skip_early(state)
        if skipped is not None:
            events.append(skipped)
        elif state.phase == REVEAL and expected_reveal(state) == (0, 0):
            events.append(Event(_("no tiles are left to reveal")))
            state.display_cities = state.display_stocks = ()
            _enter_bid(state)
        elif state.phase == BID and state.turn == 1:
            _enter_draft(state)  # §タイルの補充とターン順のビッド: not on turn 1
        elif state.phase == BID and len(state.order) - len(state.passed) <= 1:
            events += _settle_bid(state)
        elif state.phase == DRAFT and state.step >= state.n:
            events += _end_draft_round(state)
        elif state.phase == DRAFT and not _available(state, state.order[state.step]):
            events.append(
                Event(_("{player} has no tile to take").format(player=state.order[state.step]))
            )
            state.step += 1
        elif state.phase == PLACE and state.step >= state.n:
            state.phase, state.step, state.early, state.early_cubes = DELIVER, 0, (), ()
            state.delivered = {}
        elif state.phase == PLACE and state.hands[state.order[state.step]] == 0:
            events.append(
                Event(
                    _("{player} holds no city tile to place").format(player=state.order[state.step])
                )
            )
            state.step += 1
        elif state.phase == DELIVER and state.step >= state.n:
            events += _game_over(state) if state.ending else _next_turn(state)
        else:
            return events


def _end_draft_round(state: State) -> list[Event]:
    """§タイルのドラフト: the second pick follows the first; after it, the tiles left over
    are set aside and the cities are placed."""
    if state.draft_round == 1:
        state.draft_round, state.step, state.early = 2, 0, ()
        return []
    left = [*state.display_cities, *state.display_stocks]
    state.set_aside += state.display_cities
    state.display_cities = state.display_stocks = ()
    state.phase, state.step, state.early = PLACE, 0, ()
    if not left:
        return []
    return [Event(_("left over and set aside: {tiles}").format(tiles=", ".join(left)))]


def _game_over(state: State) -> list[Event]:
    """§ゲーム終了: the last turn is played out, then the game ends."""
    state.phase = OVER
    events = [Event(_("the game is over; stock tiles score their prices"))]
    for s in standings(state):
        said = _("{place}. {player} {score} ({track} + {stock} in stock)")
        track, stock = s.details["track"], s.details["stock value"]
        events.append(
            Event(
                said.format(place=s.place, player=s.player, score=s.score, track=track, stock=stock)
            )
        )
    return events


def _next_turn(state: State) -> list[Event]:
    state.turn += 1
    state.phase, state.step, state.early, state.early_cubes = REVEAL, 0, (), ()
    state.delivered = {}
    events = [Event(_("turn {turn} begins").format(turn=state.turn))]
    if not state.shortage and state.city_pile < state.n:
        # §都市タイルの不足: the remaining city tiles are not used.
        events.append(Event(_short_of_cities(state.city_pile, stocks=2 * state.n)))
        state.shortage, state.city_pile = True, 0
    return events


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


def _enter_bid(state: State) -> None:
    state.phase, state.step, state.high, state.high_bidder, state.passed = BID, 0, 0, "", ()


def _enter_draft(state: State) -> None:
    state.phase, state.step, state.draft_round = DRAFT, 0, 1
    state.first_pick = {}


def _next_bidder(state: State) -> None:
    """The bid goes round in reverse turn order, skipping those who passed."""
    reverse = tuple(reversed(state.order))
    for k in range(1, state.n + 1):
        i = (state.step + k) % state.n
        if reverse[i] not in state.passed:
            state.step = i
            return


def _settle_bid(state: State) -> list[Event]:
    """All but one passed: the winner pays the bid and goes first."""
    winner = next((p for p in state.order if p not in state.passed), state.high_bidder)
    paid = state.high if state.high_bidder == winner else 0
    before = state.scores[winner]
    state.scores[winner] = before - paid
    rest = [p for p in state.order if p != winner and p not in state.passed]
    if state.high_bidder:
        said = _("{player} wins the bid for {paid}: {before} -> {after}").format(
            player=winner, paid=paid, before=before, after=before - paid
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
    state.order = order
    _enter_draft(state)
    return events


def _available(state: State, player: str) -> bool:
    kinds = allowed_kinds(state, player)
    return bool(
        ("city" in kinds and state.display_cities) or ("stock" in kinds and state.display_stocks)
    )
