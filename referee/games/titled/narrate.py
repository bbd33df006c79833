"""A described title's moves as sentences for the record (`Game.narrate`): the move in full,
who made it (for which company, in an operating round), and its effect in a few words (the
player's money, the company's treasury and share price)."""

from __future__ import annotations

from typing import Any

from referee.games.titled import moves as mv
from referee.games.titled.state import POOL, State
from referee.i18n import _, ngettext


def narrate(before: State, move: Any, after: State, by: str) -> str:
    company = _operating(before)
    who = by if not company else _("{player} for {company}").format(player=by, company=company)
    effects = [_cash(before, after, by), *_company_effects(before, after, company)]
    said = "; ".join(effect for effect in effects if effect)
    sentence = _sentence(before, move, who)
    return _("{sentence}: {effect}").format(sentence=sentence, effect=said) if said else sentence


def _operating(state: State) -> str:
    if state.round == "operating" and state.operating < len(state.order):
        return state.order[state.operating]
    return ""


def _cash(before: State, after: State, player: str) -> str:
    old, new = before.cash.get(player), after.cash.get(player)
    if old is None or new is None or old == new:
        return ""
    money = before.title.money
    return _("{player}'s money {old} → {new}").format(player=player, old=money(old), new=money(new))


def _price(state: State, name: str) -> int:
    corp = state.corps[name]
    return state.space(corp).price if corp.started and corp.row >= 0 else 0


def _company_effects(before: State, after: State, name: str) -> list[str]:
    if name not in before.corps or name not in after.corps:
        return []
    old, new, money = before.corps[name], after.corps[name], before.title.money
    said = []
    if old.cash != new.cash:
        treasury = _("{company}'s treasury {old} → {new}")
        said.append(treasury.format(company=name, old=money(old.cash), new=money(new.cash)))
    if _price(before, name) != _price(after, name):
        price = _("{company}'s price {old} → {new}")
        said.append(price.format(company=name, old=_price(before, name), new=_price(after, name)))
    return said


def _from(source: str) -> str:
    return _("the bank pool") if source == POOL else _("the initial offering")


def _sentence(state: State, move: Any, who: str) -> str:
    money = state.title.money
    match move:
        case mv.Par():
            return _("{player} starts {company} at par {price}").format(
                player=who, company=move.company, price=money(move.price)
            )
        case mv.Buy():
            return _("{player} buys one {company} certificate from {source}").format(
                player=who, company=move.company, source=_from(move.source)
            )
        case mv.Sell():
            said = ngettext(
                "{player} sells {n} {company} certificate",
                "{player} sells {n} {company} certificates",
                move.count,
            )
            return said.format(player=who, n=move.count, company=move.company)
        case mv.Done():
            return _("{player} is done").format(player=who)
        case mv.BidPrivate():
            return _("{player} bids {amount} for {private}").format(
                player=who, amount=money(move.amount), private=move.private
            )
        case mv.Lay():
            return _("{player} lays tile {tile} on {hex}").format(
                player=who, tile=move.tile, hex=move.hex
            )
        case mv.Token():
            return _("{player} places a station on {hex}").format(player=who, hex=move.hex)
        case mv.Run():
            return _run(state, move, who)
        case mv.Routes():
            return _("{player} looks at the best routes").format(player=who)
        case mv.BuyTrain() if move.seller:
            return _("{player} buys a {train}-train from {seller} for {price}").format(
                player=who, train=move.train, seller=move.seller, price=money(move.price)
            )
        case mv.BuyTrain():
            return _("{player} buys a {train}-train from the bank").format(
                player=who, train=move.train
            )
        case mv.Discard():
            return _("{company} discards a {train}-train").format(
                company=move.company, train=move.train
            )
        case mv.BuyPrivate():
            return _("{player} buys {private} for {price}").format(
                player=who, private=move.private, price=money(move.price)
            )
        case mv.Bankrupt():
            return _("{player} goes bankrupt").format(player=who)
        case mv.Exchange():
            return _("{player} exchanges {private} for a certificate from {source}").format(
                player=who, private=move.private, source=_from(move.source)
            )
    return ""


def _run(state: State, move: mv.Run, who: str) -> str:
    revenue = state.title.money(move.revenue)
    if move.how == "withhold":
        return _("{player} runs for {revenue} and withholds it").format(player=who, revenue=revenue)
    if move.how == "half":
        return _("{player} runs for {revenue} and pays half").format(player=who, revenue=revenue)
    return _("{player} runs for {revenue} and pays it out").format(player=who, revenue=revenue)
