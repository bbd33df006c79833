"""A company floats: in a stock round, or when its par is set after the private auction (a
module of its own so that the auction and the stock round share it without importing each
other)."""

from __future__ import annotations

from referee.core.engine import Event
from referee.games.titled.holdings import give
from referee.games.titled.state import IPO, POOL, Corp, State
from referee.games.titled.title import Company
from referee.i18n import _


def float_company(state: State, company: Company, corp: Corp) -> list[Event]:
    """The company floats once its float percent is sold (at its par, full capitalisation)."""
    if corp.floated or corp.percent(IPO) > 100 - company.float_percent:
        return []
    corp.floated = True
    return [*_capital(state, company, corp), *_rest_to_pool(state, corp)]


def _capital(state: State, company: Company, corp: Corp) -> list[Event]:
    if state.title.shares.capitalisation == "incremental":
        said = _("{company} floats with {cash}")
        return [Event(said.format(company=company.abbr, cash=state.title.money(corp.cash)))]
    capital = corp.par * (100 // company.unit)
    state.bank -= capital
    corp.cash += capital
    said = _("{company} floats: the bank pays it {cash}")
    return [Event(said.format(company=company.abbr, cash=state.title.money(capital)))]


def _rest_to_pool(state: State, corp: Corp) -> list[Event]:
    """[players.variants.N] float_sends_rest_to_pool: the initial offering's certificates go
    to the pool once the company floats (18Chesapeake's two-player variant, rules 13.2)."""
    rest = corp.percent(IPO)
    if not rest or not state.title.variant(len(state.players)).float_sends_rest_to_pool:
        return []
    give(corp, IPO, POOL, rest)
    said = _("{company}'s {percent}% left in the initial offering goes to the pool")
    return [Event(said.format(company=corp.abbr, percent=rest))]
