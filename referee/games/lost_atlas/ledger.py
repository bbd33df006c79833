"""Money, shares, presidents and the stock track: the bookkeeping every round shares."""

from __future__ import annotations

from referee.core.engine import Event
from referee.eighteen_rules import limits, presidency, shares
from referee.games.lost_atlas import data
from referee.games.lost_atlas.data import POOL
from referee.games.lost_atlas.state import Company, State
from referee.i18n import _

BANK = "bank"


def balance(state: State, party: str) -> int:
    if party == BANK:
        return state.bank
    if party in state.cash:
        return state.cash[party]
    return state.companies[party].cash


def _set(state: State, party: str, value: int) -> None:
    if party == BANK:
        state.bank = value
    elif party in state.cash:
        state.cash[party] = value
    else:
        state.companies[party].cash = value


def pay(state: State, payer: str, payee: str, amount: int, events: list[Event], why: str) -> None:
    """Move `amount` from payer to payee (player, company name or BANK); say so, and `why`
    (a few words through the catalog: "terrain cost", "dividend")."""
    if amount == 0:
        return
    for party, delta in ((payer, -amount), (payee, amount)):
        old = balance(state, party)
        _set(state, party, old + delta)
        if party != BANK:
            said = _("{party}: cash {old} -> {new} ({why})")
            events.append(Event(said.format(party=party, old=old, new=old + delta, why=why)))


def pool_limit(co: Company) -> int:
    """Rules ■4: the pool holds at most 50% (2 of a minor's 5 shares, 5 of a major's 10)."""
    return limits.share_limit(co.size, int(data.table()["shares"]["pool_limit_percent"]))


def pool_room(co: Company) -> int:
    """Shares the pool may still take of `co` (■4: at most 50%)."""
    return limits.room(pool_limit(co), co.held(POOL))


def player_limit(co: Company) -> int:
    """Rules ■4: a player holds at most 60% (3 of 5, 6 of 10)."""
    return limits.share_limit(co.size, int(data.table()["shares"]["player_limit_percent"]))


def move_shares(co: Company, frm: str, to: str, n: int) -> None:
    """`n` shares change hands, without payment (a holder left with none drops out)."""
    shares.hand_over(co.shares, shares.given(frm, to, n), keep_empty=False)


def trade(state: State, co: Company, done: shares.Trade, events: list[Event], why: str) -> None:
    """The shares and the cash of a trade move (■8, ■9, ■20)."""
    shares.hand_over(co.shares, done, keep_empty=False)
    pay(state, done.payer, done.payee, done.amount, events, why)


def check_president(state: State, co: Company, events: list[Event]) -> None:
    """Rules ■4: a player with more shares than the president takes over; among several with
    the most, the nearest clockwise from the president. Certificates are swapped (the count of
    shares each holds does not change)."""
    others = {p: co.held(p) for p in state.active_players if p != co.president}
    p = presidency.successor(co.president, co.held(co.president), state.players, others)
    if not p:
        return
    said = _("{company}: president {old} -> {new} (certificates swapped)")
    events.append(Event(said.format(company=co.name, old=co.president, new=p)))
    co.president = p


def move_price(state: State, co: Company, steps: int, why: str, events: list[Event]) -> None:
    """Move the marker; a marker entering a space goes under those already there (rules ■9).
    `why` is a message marked N_ (said in the language in force)."""
    new = data.step(co.price, steps)
    if new != co.price:
        said = _("{company}: price {old} -> {new} ({why})")
        events.append(Event(said.format(company=co.name, old=co.price, new=new, why=_(why))))
        co.price = new
        co.arrival = state.bottom_arrival()
    else:
        said = _("{company}: price stays {price} ({why}; end of the track)")
        events.append(Event(said.format(company=co.name, price=co.price, why=_(why))))


def value(state: State, player: str) -> int:
    """Cash plus shares at the current price (rules ■25)."""
    return state.cash[player] + sum(c.held(player) * c.price for c in state.companies.values())
