"""The actions of a turn: a) expand, b) acquire shares, c) bonus payment, d) change position."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from referee.engine import Event, RuleError, UsageError
from referee.games.express01 import network
from referee.games.express01.commands import Buy, Done, Lay, Run, Swap, Take
from referee.games.express01.flow import begin, end_turn, first_turn
from referee.games.express01.readings import CAPITAL_BONUS, LOCO_SHARE
from referee.games.express01.sections import ACQUIRE, BONUS, CARDS, EXPAND, LOCO, POSITION, TURN
from referee.games.express01.state import (
    BLACK,
    ROUTE_DECKS,
    Spot,
    State,
    deck,
    with_deck,
    with_hand,
    with_shares,
    with_spot,
)
from referee.rules_kit import Judge

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
        held = " ".join(f"{d}*{n}" for d, n in hand.items()) or "nothing"
        raise UsageError(f"say which {cost} card(s) {player} pays: pay DECK ...", f"hand: {held}")
    judge.rule(len(pay) == cost, f"the cost is {cost} card(s), not {len(pay)}", rule, f"pay {cost}")
    for code, n in Counter(pay).items():
        if code == BLACK:
            judge.fact(
                state.loco == player and n == 1,
                f"{player} does not hold the black locomotive",
                LOCO,
            )
        else:
            judge.fact(
                hand.get(code, 0) >= n,
                f"{player} holds {hand.get(code, 0)} {code}, cannot pay {n}",
                TURN,
                "costs are paid from the hand",
            )
    return pay


def _pay(state: State, player: str, cards: tuple[str, ...], to: str, events: list[Event]) -> State:
    """Pay from hand onto the decks (to="") or into another player's hand."""
    before = state.hand_size(player)
    for code in cards:
        if code == BLACK:
            state = replace(state, loco="")  # 「黒機関車」2: discarded after use
            continue
        state = with_hand(state, player, code, -1)
        state = with_hand(state, to, code, +1) if to else with_deck(state, code, +1)
    if cards:
        where = f"to {to}" if to else "onto the decks"
        loco = " (the black locomotive is discarded)" if BLACK in cards else ""
        events.append(
            Event(
                f"{player} pays {' '.join(cards)} {where}{loco}: hand {before} -> "
                f"{state.hand_size(player)}"
            )
        )
    return state


# --- a) expand ---------------------------------------------------------------------------
def lay(state: State, move: Lay, judge: Judge) -> tuple[State, list[Event]]:
    state = begin(state, "expand", judge)
    turn = state.turn
    assert turn is not None
    spot = state.spot(move.card)
    judge.fact(
        spot.stage < 3, f"card {move.card} is at stage 3 (blue): nothing replaces it", EXPAND
    )
    stage = spot.stage + 1  # base -> 1 -> 2 -> 3, never skipping a stage
    if state.track and move.exits is None:
        raise UsageError("track mode: say where the track leads", f"lay {move.card} ... to 8,14")
    route = move.kind == "route"
    judge.rule(
        not (spot.station and route),
        f"card {move.card} holds a station: only a station card replaces it",
        EXPAND,
        "built track (and its station) never goes away",
    )
    judge.rule(
        not (first_turn(state) and route),
        "the first player must build a station first",
        TURN,
        "lay CARD through|terminal|capital COMPANY",
    )
    if state.track:
        with judge.overridable():
            network.check_lay(state, spot, move, first=first_turn(state))
    free = route and turn.free_route
    judge.rule(
        not (free and move.pay),
        "this route card is already paid: one payment lays two route cards",
        EXPAND,
        f"lay {move.card} {move.kind} (without pay)",
    )
    events: list[Event] = []
    # 手札をそれぞれのデッキ上に表向きに置くことで、下記どちらかを実行してよい: 2つのルート
    # カード / 1つの駅カード. The count is not written; only one card per payment makes
    # "two route cards or one station" a choice, and the action repeats "while payment allows".
    cost = 0 if free else 1
    cards = _payment(state, move.actor, move.pay, cost, EXPAND, judge)
    state = _pay(state, move.actor, cards, "", events)
    code = deck(move.kind, stage)
    judge.fact(state.decks[code] >= 1, f"deck {code} is empty", EXPAND)
    state = with_deck(state, code, -1)
    if spot.stage == 0:
        bases = dict(state.bases)
        bases[move.actor] = (*bases[move.actor], move.card)
        state = replace(state, bases=bases)
        gone = f"base card {move.card} to {move.actor}'s display"
    else:
        old = deck(spot.kind, spot.stage)
        state = with_deck(state, old, +1)
        gone = f"the {old} card back onto its deck"
    exits = frozenset(move.exits) if move.exits is not None else spot.exits
    company = move.company if move.kind != "route" else ""
    bonus = _bonus(state, move, judge)
    state = with_spot(state, Spot(move.card, stage, move.kind, company, bonus, exits))
    what = f"{move.kind} station of {company}" if company else "route card"
    shown = f" +{bonus}" if bonus else ""
    events.append(Event(f"{move.actor} lays {code} ({what}{shown}) on card {move.card}; {gone}"))
    if move.bonus is None and bonus:
        added = f"the capital's +{bonus} is added by the referee: every capital station pays it"
        events.append(state.readings.noted(added, CAPITAL_BONUS))
    if move.kind == "route":
        assert state.turn is not None
        state = replace(state, turn=replace(state.turn, free_route=not free))
        if not free:
            events.append(Event("one more route card may be laid without paying"))
    return state, events


def _bonus(state: State, move: Lay, judge: Judge) -> int:
    """The station's bonus at a bonus payment: as typed from the card; a capital's +1 is known
    to the referee (カード説明: 首都駅 ... ボーナス支払い時には+1ボーナス), so it is never
    left to the table's memory unless the table reads the cards otherwise (CAPITAL_BONUS)."""
    if move.kind != "capital" or state.readings.of(CAPITAL_BONUS) != "every":
        return move.bonus or 0
    judge.rule(
        move.bonus != 0,
        "a capital station pays +1 at a bonus payment: it cannot be +0",
        CARDS,
        f"lay {move.card} capital {move.company} (the referee adds the +1)",
        reading=state.readings.note(CAPITAL_BONUS),
    )
    return CAPITAL_PLUS if move.bonus is None else move.bonus


# --- b) acquire shares ----------------------------------------------------------------
def buy(state: State, move: Buy, judge: Judge) -> tuple[State, list[Event]]:
    state = begin(state, "acquire", judge)
    price = state.stations(move.company)  # the price is the company's stations on the board
    judge.rule(
        price > 0,
        f"{move.company} has no station on the board",
        ACQUIRE,
        "buy shares of companies with a station",
    )
    source = move.source
    if source not in ROUTE_DECKS:
        judge.fact(source != move.actor, "a share cannot be taken from one's own display", ACQUIRE)
        judge.fact(
            state.shares[source].get(move.company, 0) >= 1,
            f"{source} holds no {move.company} share",
            ACQUIRE,
        )
        judge.rule(
            state.loco != source,
            f"{source} holds the black locomotive: their shares are safe",
            LOCO,
            "take it from the route decks, or another player",
        )
    events: list[Event] = []
    cards = _payment(state, move.actor, move.pay, price, ACQUIRE, judge)
    if source in ROUTE_DECKS:
        state = _pay(state, move.actor, cards, "", events)
        judge.fact(state.decks[source] >= 1, f"deck {source} is empty", ACQUIRE)
        state = with_deck(state, source, -1)
    else:
        state = _pay(state, move.actor, cards, source, events)
        state = with_shares(state, source, move.company, -1)
        events.append(
            Event(f"(allowed only when no {move.company} share is left in the route decks)")
        )
    state = with_shares(state, move.actor, move.company, +1)
    held = state.shares[move.actor][move.company]
    events.append(
        Event(
            f"{move.actor} takes a {move.company} share from {source} for {price}: now holds {held}"
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
        f"{move.actor} holds no {company} share",
        BONUS,
        "run a company you hold a share of",
    )
    judge.rule(state.stations(company) >= 1, f"{company} has no station on the board", BONUS)
    judge.rule(len(set(stations)) == len(stations), "the route visits a station twice", BONUS)
    bare = [s.number for s in spots if not s.station]
    judge.rule(
        not bare,
        f"no station on card {', '.join(map(str, bare))}",
        BONUS,
        "the route starts and ends at stations",
    )
    judge.rule(
        any(s.company == company for s in spots), f"the route has no {company} station", BONUS
    )
    with judge.overridable():
        if state.track:
            network.check_run(state, company, stations)
        else:
            _check_reach(state, company, stations)
    # 「黒機関車」3: its holder declares it as one more share of the paying company, for the
    # payout only (not for the route nor the choice of company); whether they must hold one of
    # its shares too is the reading LOCO_SHARE.
    judge.fact(not move.black or bool(state.loco), "nobody holds the black locomotive", LOCO)
    if move.black and state.readings.of(LOCO_SHARE) == "shareholder":
        judge.rule(
            state.shares[state.loco].get(company, 0) > 0,
            f"{state.loco} holds no {company} share: only shareholders receive the bonus payment",
            LOCO,
            "run without black",
            reading=state.readings.note(LOCO_SHARE),
        )
    payout = len(stations) + sum(s.bonus for s in spots)  # +1 per station, + printed bonuses
    queue = _payout_order(state, move.actor, company, payout, move.black)
    shares = Counter(queue)
    split = ", ".join(f"{p} {shares[p]}" for p in dict.fromkeys(queue))
    events = [
        Event(
            f"{company} pays {payout} ({len(stations)} stations + {payout - len(stations)} bonus)"
            f": {split}"
        )
    ]
    if move.black:
        used = f"{state.loco} used the black locomotive as a share; it is discarded"
        events.append(state.readings.noted(used, LOCO_SHARE))
        state = replace(state, loco="")
    state = replace(state, payout=queue, payout_company=company)
    events.append(Event(f"take the cards from the deck tops, in turn: {' '.join(queue)}"))
    return _drop_payout_if_no_cards(state, events)


def _check_reach(state: State, company: str, stations: tuple[int, ...]) -> None:
    """Without the track the referee still knows the train moves at least one card from a
    station to the next: a route of k stations needs k - 1 shares shown at the least."""
    reach = state.shares_of(company)
    if len(stations) - 1 > reach:
        raise RuleError(
            f"{len(stations)} stations are {len(stations) - 1} cards apart at the least; "
            f"{company}'s train runs {reach} ({reach} shares shown)",
            BONUS,
            "one card per share shown in all displays",
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
    judge.fact(bool(state.payout), "no bonus payment is being taken", BONUS)
    judge.rule(
        move.actor == state.payout[0],
        f"{state.payout[0]} takes the next card, not {move.actor}",
        BONUS,
        f"as {state.payout[0]} take DECK",
    )
    judge.fact(
        len(move.cards) <= len(state.payout),
        f"only {len(state.payout)} card(s) are left to take",
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
                f"card {mine + 1} is {due[mine]}'s to choose, not {move.actor}'s",
                BONUS,
                f"take {' '.join(move.cards[:mine])}, then {due[mine]} takes; or name the"
                f" takers: take {_said(move.cards, due)}",
            )
    else:
        for i, (named, owed) in enumerate(zip(move.takers, due, strict=True)):
            if not judge.rule(
                named == owed,
                f"card {i + 1} is {owed}'s, not {named}'s",
                BONUS,
                f"in the payment order: {' '.join(state.payout)}",
            ):
                break
    events = []
    for code, player in zip(move.cards, state.payout, strict=False):
        judge.fact(state.decks[code] >= 1, f"deck {code} is empty", BONUS, "take from another deck")
        state = with_deck(state, code, -1)
        state = with_hand(state, player, code, +1)
        events.append(Event(f"{player} takes {code}: hand {state.hand_size(player)}"))
    state = replace(state, payout=state.payout[len(move.cards) :])
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
        events.append(Event(f"every deck is empty: {len(state.payout)} card(s) cannot be paid"))
        state = replace(state, payout=())
    if not state.payout:
        state = replace(state, payout_company="")
        assert state.turn is not None
        events.append(Event(f"{state.turn.player}: swap PLAYER, or done"))
    return state, events


# --- d) change position, end of turn ----------------------------------------------------
def swap(state: State, move: Swap, judge: Judge) -> tuple[State, list[Event]]:
    judge.rule(
        not first_turn(state), "the first player must build a station first", TURN, "lay ..."
    )
    state = begin(state, "position", judge)
    judge.fact(move.other != move.actor, "swap with another player", POSITION)
    positions = dict(state.positions)
    positions[move.actor], positions[move.other] = positions[move.other], positions[move.actor]
    # The face goes with the player: whoever has had a turn this round shows "left".
    face = "the train has left" if move.other in state.moved else "locomotive"
    events = [
        Event(
            f"{move.actor} and {move.other} swap position cards: {move.actor} "
            f"{positions[move.actor]}, {move.other} {positions[move.other]} ({face})"
        )
    ]
    state = replace(state, positions=positions)
    return end_turn(state, events)


def done(state: State, move: Done, judge: Judge) -> tuple[State, list[Event]]:
    judge.rule(
        not first_turn(state),
        "the first player must build a station in the first turn",
        TURN,
        "lay CARD through|terminal|capital COMPANY",
    )
    return end_turn(state, [])
