"""What a company's routes earn beyond their stops, from its privates (18AL's): a token a
private brings, placed on a hex (privates.*.stop_bonus), and the markers a private gives the
company that buys it (privates.*.route_bonuses). The route search adds them (eighteen.rules
Bonuses)."""

from __future__ import annotations

from referee.core.engine import Event
from referee.core.rules_kit import Judge
from referee.eighteen.rules import Bonuses, RouteBonus
from referee.games.titled.common import OR, key
from referee.games.titled.moves import PlaceBonus
from referee.games.titled.state import Corp, State
from referee.games.titled.title import Private, StopBonus
from referee.i18n import _


def _private(state: State, abbr: str) -> Private:
    return next(p for p in state.title.privates if p.abbr == abbr)


def _in_force(state: State, bonus: StopBonus) -> bool:
    """Until the phase `until` begins."""
    names = [p.name for p in state.title.phases]
    return not bonus.until or names.index(state.phase) < names.index(bonus.until)


def place(state: State, corp: Corp, move: PlaceBonus, judge: Judge) -> list[Event]:
    """`private PRIVATE HEX`: the company operating places the token its private brings."""
    judge.fact(
        move.private in state.privates, _("no private {private}").format(private=move.private), OR
    )
    p = _private(state, move.private)
    bonus = p.stop_bonus
    rule = key(state, f"privates.{p.abbr}.stop_bonus")
    judge.fact(
        bonus is not None, _("{private} brings no token to place").format(private=p.abbr), OR
    )
    assert bonus is not None
    owns = _("{company} does not own {private}").format(company=corp.abbr, private=p.abbr)
    judge.fact(state.privates[p.abbr] == corp.abbr, owns, OR)
    placed = _("the token of {private} is placed already").format(private=p.abbr)
    judge.rule(p.abbr not in state.bonus_tokens, placed, rule)
    where = _("the token of {private} goes on {hexes}, not {hex}")
    judge.rule(
        move.hex in bonus.hexes,
        where.format(private=p.abbr, hexes=", ".join(bonus.hexes), hex=move.hex),
        rule,
    )
    no_train = _("{company} places the token once it owns a train").format(company=corp.abbr)
    judge.rule(bool(corp.trains), no_train, rule)
    gone = _("the token of {private} has left the game").format(private=p.abbr)
    judge.rule(_in_force(state, bonus), gone, rule)
    state.bonus_tokens[p.abbr] = (corp.abbr, move.hex)
    said = _("{company} places the token of {private} on {hex}: {bonus} more a train there")
    return [
        Event(
            said.format(
                company=corp.abbr,
                private=p.abbr,
                hex=move.hex,
                bonus=state.title.money(bonus.bonus),
            )
        )
    ]


def bought(state: State, corp: Corp, p: Private) -> None:
    """The company buying a private receives the markers it gives."""
    if p.route_bonuses:
        state.bonus_holders[p.abbr] = corp.abbr


def new_president(state: State, corp: Corp) -> list[Event]:
    """In a stock round, a company whose president changes loses its markers (18AL's
    step/buy_sell_par_shares.rb; not in an emergency sale)."""
    if state.round != "stock":
        return []
    lost = sorted(p for p, holder in state.bonus_holders.items() if holder == corp.abbr)
    for p in lost:
        del state.bonus_holders[p]
    said = _("{company} loses the markers of {private}: its president changed")
    return [Event(said.format(company=corp.abbr, private=p)) for p in lost]


def of(state: State, corp: Corp) -> Bonuses:
    """What the company's routes earn beyond their stops now."""
    stops = tuple(
        (hex_, _stop_bonus(state, p).bonus)
        for p, (holder, hex_) in sorted(state.bonus_tokens.items())
        if holder == corp.abbr and _in_force(state, _stop_bonus(state, p))
    )
    routes = tuple(
        RouteBonus(frozenset(marker.hexes), marker.bonus)
        for p, holder in sorted(state.bonus_holders.items())
        if holder == corp.abbr
        for marker in _private(state, p).route_bonuses
    )
    return Bonuses(stops, routes)


def _stop_bonus(state: State, abbr: str) -> StopBonus:
    bonus = _private(state, abbr).stop_bonus
    assert bonus is not None
    return bonus
