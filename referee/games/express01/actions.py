"""The actions of a turn: a) expand, b) acquire shares, c) bonus payment, d) change position."""

from __future__ import annotations

from collections import Counter

from referee.core.engine import Event, RuleError, UsageError
from referee.core.rules_kit import Judge
from referee.games.express01 import network
from referee.games.express01.commands import Buy, Done, Lay, Run, Swap, Take
from referee.games.express01.flow import begin, end_turn, first_turn
from referee.games.express01.names import company as shown
from referee.games.express01.names import deck_words
from referee.games.express01.readings import CAPITAL_BONUS, LOCO_SHARE
from referee.games.express01.sections import ACQUIRE, BONUS, CARDS, EXPAND, LOCO, POSITION, TURN
from referee.games.express01.state import (
    BLACK,
    ROUTE_DECKS,
    Spot,
    State,
    add,
    add_shares,
    deck,
)
from referee.i18n import N_, _, ngettext

STATION_OF = {
    "through": N_("through station"),
    "terminal": N_("terminal station"),
    "capital": N_("capital station"),
}
CAPITAL_PLUS = 1  # カード説明: 首都駅 (ボーナス支払い時には+1ボーナス)


# --- paying -----------------------------------------------------------------------------
def _payment(
    state: State, player: str, pay: tuple[str, ...] | None, cost: int, rule: str, judge: Judge
) -> tuple[str, ...]:
    """The cards that pay a cost: as named, or the only kind the player holds."""
    hand = {d: n for d, n in state.hands[player].items() if n}
    if pay is None:
        if cost == 0:
            return ()
        if len(hand) == 1 and next(iter(hand.values())) >= cost:
            return (next(iter(hand)),) * cost
        held = " ".join(f"{d}*{n}" for d, n in hand.items()) or _("nothing")
        raise UsageError(
            ngettext(
                "say which {cost} card {player} pays: pay DECK",
                "say which {cost} cards {player} pays: pay DECK ...",
                cost,
            ).format(cost=cost, player=player),
            _("hand: {held}").format(held=held),
        )
    judge.rule(
        len(pay) == cost,
        ngettext(
            "the cost is {cost} card, not {paid}", "the cost is {cost} cards, not {paid}", cost
        ).format(cost=cost, paid=len(pay)),
        rule,
        f"pay {cost}",
    )
    for code, n in Counter(pay).items():
        if code == BLACK:
            judge.fact(
                state.loco == player and n == 1,
                _("{player} does not hold the black locomotive").format(player=player),
                LOCO,
            )
        else:
            judge.fact(
                hand.get(code, 0) >= n,
                _("{player} holds {held} {deck}, cannot pay {n}").format(
                    player=player, held=hand.get(code, 0), deck=code, n=n
                ),
                TURN,
                _("costs are paid from the hand"),
            )
    return pay


def _pay(state: State, player: str, cards: tuple[str, ...], to: str, events: list[Event]) -> None:
    """Pay from hand onto the decks (to="") or into another player's hand."""
    before = state.hand_size(player)
    for code in cards:
        if code == BLACK:
            state.loco = ""  # 「黒機関車」2: discarded after use
            continue
        add(state.hands[player], code, -1)
        add(state.hands[to] if to else state.decks, code, +1)
    if cards:
        where = _("to {player}").format(player=to) if to else _("onto the decks")
        loco = _(" (the black locomotive is discarded)") if BLACK in cards else ""
        events.append(
            Event(
                _("{player} pays {cards} {where}{loco}: hand {before} -> {after}").format(
                    player=player,
                    cards=", ".join(
                        _("black loco") if c == BLACK else deck_words(c) for c in cards
                    ),
                    where=where,
                    loco=loco,
                    before=before,
                    after=state.hand_size(player),
                )
            )
        )


# --- a) expand ---------------------------------------------------------------------------
def lay(state: State, move: Lay, judge: Judge) -> tuple[State, list[Event]]:
    state = begin(state, "expand", judge)
    turn = state.turn
    assert turn is not None
    spot = state.spot(move.card)
    judge.fact(
        spot.stage < 3,
        _("card {card} is at stage 3 (blue): nothing replaces it").format(card=move.card),
        EXPAND,
    )
    stage = spot.stage + 1  # base -> 1 -> 2 -> 3, never skipping a stage
    if state.track and move.exits is None:
        raise UsageError(_("track mode: say where the track leads"), f"lay {move.card} ... to 8,14")
    route = move.kind == "route"
    judge.rule(
        not (spot.station and route),
        _("card {card} holds a station: only a station card replaces it").format(card=move.card),
        EXPAND,
        _("built track (and its station) never goes away"),
    )
    judge.rule(
        not (first_turn(state) and route),
        _("the first player must build a station first"),
        TURN,
        "lay CARD through|terminal|capital COMPANY",
    )
    if state.track:
        with judge.overridable():
            network.check_lay(state, spot, move, first=first_turn(state))
    free = route and turn.free_route
    judge.rule(
        not (free and move.pay),
        _("this route card is already paid: one payment lays two route cards"),
        EXPAND,
        _("lay {card} {kind} (without pay)").format(card=move.card, kind=move.kind),
    )
    events: list[Event] = []
    # 手札をそれぞれのデッキ上に表向きに置くことで、下記どちらかを実行してよい: 2つのルート
    # カード / 1つの駅カード. The count is not written; only one card per payment makes
    # "two route cards or one station" a choice, and the action repeats "while payment allows".
    cost = 0 if free else 1
    cards = _payment(state, move.actor, move.pay, cost, EXPAND, judge)
    _pay(state, move.actor, cards, "", events)
    code = deck(move.kind, stage)
    judge.fact(state.decks[code] >= 1, _("deck {deck} is empty").format(deck=code), EXPAND)
    add(state.decks, code, -1)
    if spot.stage == 0:
        state.bases[move.actor] = (*state.bases[move.actor], move.card)
        gone = _("base card {card} to {player}'s display").format(card=move.card, player=move.actor)
    else:
        old = deck(spot.kind, spot.stage)
        add(state.decks, old, +1)
        gone = _("the {deck} card back onto its deck").format(deck=old)
    exits = frozenset(move.exits) if move.exits is not None else spot.exits
    company = move.company if move.kind != "route" else ""
    bonus = _bonus(state, move, judge)
    state.board[move.card - 1] = Spot(move.card, stage, move.kind, company, bonus, exits)
    what = (
        _("{kind} of {company}").format(kind=_(STATION_OF[move.kind]), company=shown(company))
        if company
        else _("route card")
    )
    plus = f" +{bonus}" if bonus else ""
    events.append(
        Event(
            _("{player} lays {deck} ({what}{bonus}) on card {card}; {gone}").format(
                player=move.actor, deck=code, what=what, bonus=plus, card=move.card, gone=gone
            )
        )
    )
    if move.bonus is None and bonus:
        added = _(
            "the capital's +{bonus} is added by the referee: every capital station pays it"
        ).format(bonus=bonus)
        events.append(state.readings.noted(added, CAPITAL_BONUS))
    if move.kind == "route":
        assert state.turn is not None
        state.turn.free_route = not free
        if not free:
            events.append(Event(_("one more route card may be laid without paying")))
    return state, events


def _bonus(state: State, move: Lay, judge: Judge) -> int:
    """The station's bonus at a bonus payment: as typed from the card; a capital's +1 is known
    to the referee (カード説明: 首都駅 ... ボーナス支払い時には+1ボーナス), so it is never
    left to the table's memory unless the table reads the cards otherwise (CAPITAL_BONUS)."""
    if move.kind != "capital" or state.readings.of(CAPITAL_BONUS) != "every":
        return move.bonus or 0
    judge.rule(
        move.bonus != 0,
        _("a capital station pays +1 at a bonus payment: it cannot be +0"),
        CARDS,
        _("lay {card} capital {company} (the referee adds the +1)").format(
            card=move.card, company=move.company
        ),
        reading=state.readings.note(CAPITAL_BONUS),
    )
    return CAPITAL_PLUS if move.bonus is None else move.bonus


# --- b) acquire shares ----------------------------------------------------------------
def buy(state: State, move: Buy, judge: Judge) -> tuple[State, list[Event]]:
    state = begin(state, "acquire", judge)
    price = state.stations(move.company)  # the price is the company's stations on the board
    judge.rule(
        price > 0,
        _("{company} has no station on the board").format(company=shown(move.company)),
        ACQUIRE,
        _("buy shares of companies with a station"),
    )
    source = move.source
    if source not in ROUTE_DECKS:
        judge.fact(
            source != move.actor, _("a share cannot be taken from one's own display"), ACQUIRE
        )
        judge.fact(
            state.shares[source].get(move.company, 0) >= 1,
            _("{player} holds no {company} share").format(
                player=source, company=shown(move.company)
            ),
            ACQUIRE,
        )
        judge.rule(
            state.loco != source,
            _("{player} holds the black locomotive: their shares are safe").format(player=source),
            LOCO,
            _("take it from the route decks, or another player"),
        )
    events: list[Event] = []
    cards = _payment(state, move.actor, move.pay, price, ACQUIRE, judge)
    if source in ROUTE_DECKS:
        _pay(state, move.actor, cards, "", events)
        judge.fact(state.decks[source] >= 1, _("deck {deck} is empty").format(deck=source), ACQUIRE)
        add(state.decks, source, -1)
    else:
        _pay(state, move.actor, cards, source, events)
        add_shares(state, source, move.company, -1)
        events.append(
            Event(
                _("(allowed only when no {company} share is left in the route decks)").format(
                    company=shown(move.company)
                )
            )
        )
    add_shares(state, move.actor, move.company, +1)
    held = state.shares[move.actor][move.company]
    events.append(
        Event(
            _(
                "{player} takes a {company} share from {source} for {price}: now holds {held}"
            ).format(
                player=move.actor,
                company=shown(move.company),
                source=source,
                price=price,
                held=held,
            )
        )
    )
    return state, events


# --- c) bonus payment -------------------------------------------------------------------
def run(state: State, move: Run, judge: Judge) -> tuple[State, list[Event]]:
    state = begin(state, "bonus", judge)
    company, stations = move.company, move.stations
    spots = [state.spot(n) for n in stations]
    judge.rule(
        state.shares[move.actor].get(company, 0) >= 1,
        _("{player} holds no {company} share").format(player=move.actor, company=shown(company)),
        BONUS,
        _("run a company you hold a share of"),
    )
    judge.rule(
        state.stations(company) >= 1,
        _("{company} has no station on the board").format(company=shown(company)),
        BONUS,
    )
    judge.rule(len(set(stations)) == len(stations), _("the route visits a station twice"), BONUS)
    bare = [s.number for s in spots if not s.station]
    judge.rule(
        not bare,
        _("no station on card {cards}").format(cards=", ".join(map(str, bare))),
        BONUS,
        _("the route starts and ends at stations"),
    )
    judge.rule(
        any(s.company == company for s in spots),
        _("the route has no {company} station").format(company=shown(company)),
        BONUS,
    )
    with judge.overridable():
        if state.track:
            network.check_run(state, company, stations)
        else:
            _check_reach(state, company, stations)
    # 「黒機関車」3: its holder declares it as one more share of the paying company, for the
    # payout only (not for the route nor the choice of company); whether they must hold one of
    # its shares too is the reading LOCO_SHARE.
    judge.fact(not move.black or bool(state.loco), _("nobody holds the black locomotive"), LOCO)
    if move.black and state.readings.of(LOCO_SHARE) == "shareholder":
        judge.rule(
            state.shares[state.loco].get(company, 0) > 0,
            _(
                "{player} holds no {company} share: only shareholders receive the bonus payment"
            ).format(player=state.loco, company=shown(company)),
            LOCO,
            _("run without black"),
            reading=state.readings.note(LOCO_SHARE),
        )
    payout = len(stations) + sum(s.bonus for s in spots)  # +1 per station, + printed bonuses
    queue = _payout_order(state, move.actor, company, payout, move.black)
    shares = Counter(queue)
    split = ", ".join(f"{p} {shares[p]}" for p in dict.fromkeys(queue))
    events = [
        Event(
            _("{company} pays {payout} ({stations} stations + {bonus} bonus): {split}").format(
                company=shown(company),
                payout=payout,
                stations=len(stations),
                bonus=payout - len(stations),
                split=split,
            )
        )
    ]
    if move.black:
        used = _("{player} used the black locomotive as a share; it is discarded").format(
            player=state.loco
        )
        events.append(state.readings.noted(used, LOCO_SHARE))
        state.loco = ""
    state.payout, state.payout_company = queue, company
    events.append(
        Event(
            _("take the cards from the deck tops, in turn: {players}").format(
                players=" ".join(queue)
            )
        )
    )
    return _drop_payout_if_no_cards(state, events)


def _check_reach(state: State, company: str, stations: tuple[int, ...]) -> None:
    """Without the track the referee still knows the train moves at least one card from a
    station to the next: a route of k stations needs k - 1 shares shown at the least."""
    reach = state.shares_of(company)
    if len(stations) - 1 > reach:
        raise RuleError(
            _(
                "{stations} stations are {apart} apart at the least; "
                "{company}'s train runs {reach} ({shown})"
            ).format(
                stations=len(stations),
                apart=ngettext("{n} card", "{n} cards", len(stations) - 1).format(
                    n=len(stations) - 1
                ),
                company=shown(company),
                reach=reach,
                shown=network.shares_shown(reach),
            ),
            BONUS,
            _("one card per share shown in all displays"),
        )


def _payout_order(
    state: State, actor: str, company: str, total: int, black: bool
) -> tuple[str, ...]:
    """Who takes each card, in order: one card each, round after round, starting with the
    actor and going on by position; nobody more than their shares; the rest to the actor."""
    ordered = state.in_order()
    start = ordered.index(actor)
    ordered = ordered[start:] + ordered[:start]
    caps = {p: state.shares[p].get(company, 0) for p in ordered}
    if black:
        caps[state.loco] += 1
    got = dict.fromkeys(ordered, 0)
    queue: list[str] = []
    while len(queue) < total:
        takers = [p for p in ordered if got[p] < caps[p]]
        if not takers:
            break
        for p in takers[: total - len(queue)]:
            queue.append(p)
            got[p] += 1
    queue += [actor] * (total - len(queue))  # what is left goes to the actor
    return tuple(queue)


def take(state: State, move: Take, judge: Judge) -> tuple[State, list[Event]]:
    judge.fact(bool(state.payout), _("no bonus payment is being taken"), BONUS)
    judge.rule(
        move.actor == state.payout[0],
        _("{player} takes the next card, not {actor}").format(
            player=state.payout[0], actor=move.actor
        ),
        BONUS,
        f"as {state.payout[0]} take DECK",
    )
    judge.fact(
        len(move.cards) <= len(state.payout),
        ngettext(
            "only {n} card is left to take", "only {n} cards are left to take", len(state.payout)
        ).format(n=len(state.payout)),
        BONUS,
    )
    due = state.payout[: len(move.cards)]
    if move.takers is None:
        # L192: each shareholder takes their own card, from the deck they choose: the cards
        # of one take are the taker's, unless the table names whose each card is.
        mine = next((i for i, p in enumerate(due) if p != move.actor), None)
        if mine is not None:
            judge.rule(
                False,
                _("card {n} is {player}'s to choose, not {actor}'s").format(
                    n=mine + 1, player=due[mine], actor=move.actor
                ),
                BONUS,
                _("take {cards}, then {player} takes; or name the takers: take {said}").format(
                    cards=" ".join(move.cards[:mine]),
                    player=due[mine],
                    said=_said(move.cards, due),
                ),
            )
    else:
        for i, (named, owed) in enumerate(zip(move.takers, due, strict=True)):
            if not judge.rule(
                named == owed,
                _("card {n} is {player}'s, not {named}'s").format(
                    n=i + 1, player=owed, named=named
                ),
                BONUS,
                _("in the payment order: {players}").format(players=" ".join(state.payout)),
            ):
                break
    events = []
    for code, player in zip(move.cards, state.payout, strict=False):
        judge.fact(
            state.decks[code] >= 1,
            _("deck {deck} is empty").format(deck=code),
            BONUS,
            _("take from another deck"),
        )
        add(state.decks, code, -1)
        add(state.hands[player], code, +1)
        events.append(
            Event(
                _("{player} takes {deck}: hand {hand}").format(
                    player=player, deck=deck_words(code), hand=state.hand_size(player)
                )
            )
        )
    state.payout = state.payout[len(move.cards) :]
    return _drop_payout_if_no_cards(state, events)


def _said(cards: tuple[str, ...], takers: tuple[str, ...]) -> str:
    """`A r3 B te2 A c1 c2`: cards with each taker named before their own."""
    words: list[str] = []
    for i, (code, player) in enumerate(zip(cards, takers, strict=False)):
        if i == 0 or takers[i - 1] != player:
            words.append(player)
        words.append(code)
    return " ".join(words)


def said_now(state: State, move: Take) -> str | None:
    """An old save's take of several players' cards without their names (accepted before
    L192 was read strictly), said with the takers named; None when it needs no change."""
    due = state.payout[: len(move.cards)]
    if move.takers is not None or len(set(due)) < 2:
        return None
    return f"take {_said(move.cards, due)}"


def _drop_payout_if_no_cards(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    if state.payout and not any(state.decks.values()):
        events.append(
            Event(
                ngettext(
                    "every deck is empty: {n} card cannot be paid",
                    "every deck is empty: {n} cards cannot be paid",
                    len(state.payout),
                ).format(n=len(state.payout))
            )
        )
        state.payout = ()
    if not state.payout:
        state.payout_company = ""
        assert state.turn is not None
        events.append(Event(_("{player}: swap PLAYER, or done").format(player=state.turn.player)))
    return state, events


# --- d) change position, end of turn ----------------------------------------------------
def swap(state: State, move: Swap, judge: Judge) -> tuple[State, list[Event]]:
    judge.rule(
        not first_turn(state), _("the first player must build a station first"), TURN, "lay ..."
    )
    state = begin(state, "position", judge)
    judge.fact(move.other != move.actor, _("swap with another player"), POSITION)
    positions = state.positions
    positions[move.actor], positions[move.other] = positions[move.other], positions[move.actor]
    # The face goes with the player: whoever has had a turn this round shows "left".
    face = _("the train has left") if move.other in state.moved else _("locomotive")
    events = [
        Event(
            _(
                "{player} and {other} swap position cards: {player} {position}, "
                "{other} {other_position} ({face})"
            ).format(
                player=move.actor,
                other=move.other,
                position=positions[move.actor],
                other_position=positions[move.other],
                face=face,
            )
        )
    ]
    return end_turn(state, events)


def done(state: State, move: Done, judge: Judge) -> tuple[State, list[Event]]:
    judge.rule(
        not first_turn(state),
        _("the first player must build a station in the first turn"),
        TURN,
        "lay CARD through|terminal|capital COMPANY",
    )
    return end_turn(state, [])
