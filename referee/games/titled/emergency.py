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

from referee.core.engine import Event
from referee.core.rules_kit import Judge
from referee.eighteen_rules import bankruptcy, emergency, limits, market, pool, shares
from referee.games.titled.common import EMERGENCY, key, moved
from referee.games.titled.holdings import BANK, president_percent, successor, trade
from referee.games.titled.state import POOL, Corp, State
from referee.i18n import _


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
        (
            _(
                "{company} cannot pay {price}: its president helps only a company without a"
                " train, and only toward a train from the bank"
            )
            if not title.operating.emergency_from_companies
            else _(
                "{company} cannot pay {price}: its president helps only a company without a train"
            )
        ).format(company=corp.abbr, price=title.money(price)),
        key(state, name),
    )
    face = title.train(train).price
    judge.rule(
        price <= face,
        _(
            "in an emergency a {train} train from another company costs at most {price},"
            " its face value"
        ).format(train=train, price=title.money(face)),
        key(state, name),
    )
    events = president_helps(state, corp, price, judge)
    seller.cash += price
    return events


def president_helps(state: State, corp: Corp, price: int, judge: Judge) -> list[Event]:
    """`corp` spends all its cash toward `price` and its president pays the rest; the caller
    hands the `price` to whoever sells the train."""
    title = state.title
    president, rest = corp.president, emergency.presidents_part(price, corp.cash)
    judge.rule(
        state.cash[president] >= rest,
        _(
            "{player} has {cash} of the {need} {company} lacks: sell shares, or declare bankruptcy"
        ).format(
            player=president,
            cash=title.money(state.cash[president]),
            need=title.money(rest),
            company=corp.abbr,
        ),
        EMERGENCY,
    )
    state.cash[president] -= rest
    corp.cash = 0
    said = _("{player} pays {amount} toward {company}'s train")
    return [Event(said.format(player=president, amount=title.money(rest), company=corp.abbr))]


def settle_bankrupt(state: State, player: str) -> list[Event]:
    """What becomes of `player`'s shares and cash as the title's `end.bankrupt_assets` says."""
    title = state.title
    assets = title.end.bankrupt_assets
    if assets == "kept":
        said = _("trusted: the table settles what {player} holds (not moved)")
        return [Event(said.format(player=player))]
    events: list[Event] = []
    for company in title.companies:
        corp = state.corps[company.abbr]
        if not corp.started or not corp.percent(player):
            continue
        events += _sell_all(state, corp, player)
    cash = bankruptcy.to_bank(assets, state.cash[player])
    if cash:
        said = _("{player}'s {cash} goes to the bank")
        events.append(Event(said.format(player=player, cash=title.money(cash))))
        state.bank += cash
        state.cash[player] -= cash
    return events


def _sell_all(state: State, corp: Corp, player: str) -> list[Event]:
    """Sell as many of `player`'s certificates of `corp` as the pool may take: the president's
    only when another player would take the presidency."""
    title = state.title
    company = title.company(corp.abbr)
    room = limits.room(title.shares.pool_limit, corp.percent(POOL))
    held = corp.percent(player)
    president = corp.president == player
    heir = ""
    if president:
        corp.held[player] = 0
        heir = successor(state, corp, company, player)
        corp.held[player] = held
    keep = pool.kept(president, president_percent(state, corp.abbr), passes=bool(heir))
    count = bankruptcy.leaving(title.end.bankrupt_assets, held, keep, room, company.unit)
    if count == 0:
        said = _("{player} keeps {percent}% of {company}: the pool takes no more")
        return [Event(said.format(player=player, percent=held, company=corp.abbr))]
    price = state.space(corp).price
    trade(state, corp, shares.sale(player, POOL, BANK, count, price, company.unit))
    sold = _("{player} sells {count} {company} to the pool for {amount}")
    events = [
        Event(
            sold.format(
                player=player, count=count, company=corp.abbr, amount=title.money(price * count)
            )
        )
    ]
    if president and corp.percent(player) < president_percent(state, corp.abbr) and heir:
        corp.president = heir
        said = _("{heir} becomes president of {company} (from {player})")
        events.append(Event(said.format(heir=heir, company=corp.abbr, player=player)))
    drops = market.sale_drops(count, title.shares.sell_drop)
    to = market.move(title.market, state.space(corp), "sold", drops)
    return [*events, *moved(state, corp, to)]
