"""Who holds what of a company: certificates counted, presidency passed, limits measured.

Percentages throughout: a company is 100, its ordinary certificates are all `unit` percent and
the president's certificate a multiple of it (the loader refuses any other split).
"""

from __future__ import annotations

from referee.eighteen_rules import limits, presidency, shares
from referee.games.titled.state import CLOSED, IPO, OUT, POOL, Corp, State
from referee.games.titled.title import Company


def president_percent(state: State, abbr: str) -> int:
    """The percent of `abbr`'s president's certificate: the company's own, or the one the
    number of players sets ([players.variants.N] president_percent), which the company drawn
    for a private keeps its own against where drawn_keeps_certificates says so."""
    own = state.title.company(abbr).shares[0]
    rules = state.title.variant(len(state.players))
    if not rules.president_percent:
        return own
    if rules.drawn_keeps_certificates and abbr in state.drawn.values():
        return own
    return rules.president_percent


def certificates(state: State, player: str) -> int:
    """The certificates that count toward `player`'s limit (the title's market zones)."""
    title = state.title
    privates = sum(1 for owner in state.privates.values() if owner == player)
    return limits.certificates(
        (_holding(state, company, player) for company in title.companies),
        privates if title.shares.privates_count else 0,
    )


def _holding(state: State, company: Company, player: str) -> limits.Holding:
    corp = state.corps[company.abbr]
    exempt = corp.started and state.title.market.means(state.space(corp), "no_certificate_limit")
    president = president_percent(state, company.abbr) if corp.president == player else 0
    return limits.Holding(corp.percent(player), company.unit, president, exempt)


def successor(state: State, corp: Corp, company: Company, leaving: str) -> str:
    """The player who takes the presidency from `leaving`, or "": the one holding most, if more
    than `leaving` still does and at least the president's certificate; on a tie the first
    after `leaving` in seating order."""
    others = {p: corp.percent(p) for p in state.players if p != leaving}
    at_least = president_percent(state, corp.abbr)
    return presidency.successor(leaving, corp.percent(leaving), state.players, others, at_least)


BANK = ""  # the bank as a party to a trade (no player is named "")


def trade(state: State, corp: Corp, done: shares.Trade) -> None:
    """The certificates of `corp` and the cash of a trade move (players, `corp`, the bank)."""
    shares.hand_over(corp.held, done)
    for party, delta in ((done.payer, -done.amount), (done.payee, done.amount)):
        if party == BANK:
            state.bank += delta
        elif party == corp.abbr:
            corp.cash += delta
        else:
            state.cash[party] += delta


def give(corp: Corp, giver: str, taker: str, parts: int) -> None:
    """`parts` of `corp` change hands without payment."""
    shares.hand_over(corp.held, shares.given(giver, taker, parts))


def holders(corp: Corp) -> set[str]:
    return {h for h, p in corp.held.items() if p and h not in (IPO, POOL, OUT, CLOSED)}
