"""An emergency train bought from another company, and what becomes of a bankrupt player's
holdings: both as the title describes them.

`operating.emergency_from_companies`: a company without a train that cannot pay may buy one from
another company for at most the train's face value, its president paying what it lacks
(18xx.games EBUY_OTHER_VALUE); when the title says no, it pays another company only from its
own cash. `end.bankrupt_assets`: "sold" sells every share the bankrupt holds that the pool
may take, the price falling as for any sale, and hands his cash to the bank (18xx.games' bankrupt
step); "kept" leaves them where they are for the table to settle.
"""

from __future__ import annotations

from referee.engine import Event
from referee.games.titled import market
from referee.games.titled.holdings import successor
from referee.games.titled.rules import key, moved
from referee.games.titled.state import POOL, Corp, State
from referee.games.titled.stock import EMERGENCY
from referee.rules_kit import Judge


def pay_company(
    state: State, corp: Corp, seller: Corp, train: str, price: int, judge: Judge
) -> list[Event]:
    """`corp` pays `seller` `price` for `train`, its president helping in an emergency where
    the title allows it."""
    title = state.title
    if corp.cash >= price:
        corp.cash -= price
        seller.cash += price
        return []
    name = "operating.emergency_from_companies"
    judge.rule(
        title.operating.emergency_from_companies and not corp.trains,
        f"{corp.abbr} cannot pay {title.money(price)}: its president helps only a company "
        "without a train, and only toward a train from the bank"
        if not title.operating.emergency_from_companies
        else f"{corp.abbr} cannot pay {title.money(price)}: its president helps only a "
        "company without a train",
        key(state, name),
    )
    face = title.train(train).price
    judge.rule(
        price <= face,
        f"in an emergency a {train} train from another company costs at most "
        f"{title.money(face)}, its face value",
        key(state, name),
    )
    events = president_helps(state, corp, price, judge)
    seller.cash += price
    return events


def president_helps(state: State, corp: Corp, price: int, judge: Judge) -> list[Event]:
    """`corp` spends all its cash toward `price` and its president pays the rest; the caller
    hands the `price` to whoever sells the train."""
    title = state.title
    president, rest = corp.president, price - corp.cash
    judge.rule(
        state.cash[president] >= rest,
        f"{president} has {title.money(state.cash[president])} of the "
        f"{title.money(rest)} {corp.abbr} lacks: sell shares, or declare bankruptcy",
        EMERGENCY,
    )
    state.cash[president] -= rest
    corp.cash = 0
    return [Event(f"{president} pays {title.money(rest)} toward {corp.abbr}'s train")]


def settle_bankrupt(state: State, player: str) -> list[Event]:
    """What becomes of `player`'s shares and cash as the title's `end.bankrupt_assets` says."""
    title = state.title
    if title.end.bankrupt_assets == "kept":
        return [Event(f"trusted: the table settles what {player} holds (not moved)")]
    events: list[Event] = []
    for company in title.companies:
        corp = state.corps[company.abbr]
        if not corp.started or not corp.percent(player):
            continue
        events += _sell_all(state, corp, player)
    if state.cash[player]:
        events.append(Event(f"{player}'s {title.money(state.cash[player])} goes to the bank"))
        state.bank += state.cash[player]
        state.cash[player] = 0
    return events


def _sell_all(state: State, corp: Corp, player: str) -> list[Event]:
    """Sell as many of `player`'s certificates of `corp` as the pool may take: the president's
    only when another player would take the presidency."""
    title = state.title
    company = title.company(corp.abbr)
    room = max(title.shares.pool_limit - corp.percent(POOL), 0)
    held = corp.percent(player)
    president = corp.president == player
    heir = ""
    if president:
        corp.held[player] = 0
        heir = successor(state, corp, company, player)
        corp.held[player] = held
    sellable = held if (heir or not president) else held - company.shares[0]
    count = min(sellable, room) // company.unit
    if count == 0:
        return [Event(f"{player} keeps {held}% of {corp.abbr}: the pool takes no more")]
    amount = count * company.unit
    price = state.space(corp).price
    corp.held[player] -= amount
    corp.held[POOL] = corp.percent(POOL) + amount
    state.cash[player] += price * count
    state.bank -= price * count
    events = [
        Event(f"{player} sells {count} {corp.abbr} to the pool for {title.money(price * count)}")
    ]
    if president and corp.percent(player) < company.shares[0] and heir:
        corp.president = heir
        events.append(Event(f"{heir} becomes president of {corp.abbr} (from {player})"))
    drops = count if title.shares.sell_drop == "per_share" else 1
    to = market.move(title.market, state.space(corp), "sold", drops)
    return [*events, *moved(state, corp, to)]
