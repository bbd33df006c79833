"""Text for the table (status, toolbar, what to do next) and the plain-data snapshot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.core import fit
from referee.core.engine import Options, Standing
from referee.games.union_station import track
from referee.games.union_station.economy import ended
from referee.games.union_station.railroads import (
    COLOURS,
    LAST_DIVIDEND,
    LAST_SELLING_DIVIDEND,
    RAILROADS,
    USC_SPACES,
    USC_SPECIAL,
    shown,
    shown_all,
)
from referee.games.union_station.state import AUCTION, OVER, SETUP, State
from referee.i18n import N_, _, ngettext, pgettext

# The columns of the final table (the standings' details), shown through the catalog.
CASH, SHARES, SHARE_VALUE = N_("cash"), N_("shares"), N_("share value")


def _offer_slots(state: State) -> list[str]:
    """Each space of the offer with its premium: `+1 blue`, `+2 -` when empty."""
    return [f"+{i + 1} {shown(c) if c else '-'}" for i, c in enumerate(state.offer)]


def _deck_top(state: State) -> str:
    if state.top:
        return shown(state.top)
    return _("(empty)") if state.deck_size() == 0 else _("(to reveal)")


def _offer_text(state: State) -> str:
    return _("{slots}   deck top {top}, {n} face down").format(
        slots="  ".join(_offer_slots(state)), top=_deck_top(state), n=sum(state.deck)
    )


def _next_gold(state: State, price: int) -> str:
    golds = [g for g in state.board.gold if g > price]
    return str(golds[0]) if golds else "-"


def players_table(state: State, options: Options, standings: Sequence[Standing]) -> str:
    """Per player: cash, shares of each railroad, their value and the total."""
    totals = {s.player: s.score for s in standings}
    rows = []
    for seat in state.seats:
        mark = "*" if options.actor == seat.name else ""
        value = totals[seat.name] - seat.cash
        shares = [n or "" for n in seat.shares]
        rows.append([mark + seat.name, seat.cash, *shares, value, totals[seat.name]])
    headers = [_("player"), _("cash"), *map(shown, COLOURS), _("shares $"), _("total")]
    return fit.table(rows, headers, disable_numparse=True)


def railroads_table(state: State) -> str:
    """Per railroad: price, next gold square, shares held, USC space, discs, destination."""
    roads = []
    for r in RAILROADS:
        road = state.road(r.colour)
        why = track.why_cannot_lay(state, r.colour)
        can = _("arrived") if road.arrived else (_("blocked") if why else _("can lay"))
        roads.append(
            [
                f"{shown(r.colour)} ({shown(r.name)})",
                road.price or "-",
                _next_gold(state, road.price),
                state.held(r.colour),
                f"{road.usc}/{USC_SPACES}",
                road.discs,
                f"{shown(r.destination)}: {can}",
            ]
        )
    headers = [
        _("railroad"),
        _("price"),
        _("next gold"),
        _("held"),
        _("USC"),
        _("discs"),
        _("destination"),
    ]
    return fit.table(roads, headers, disable_numparse=True)


def market(state: State) -> str:
    """The price track: the railroads by price, each with its next gold square (配当)."""
    priced = sorted(
        (r.colour for r in RAILROADS if state.road(r.colour).price),
        key=lambda c: -state.road(c).price,
    )
    rows = [[shown(c), state.road(c).price, _next_gold(state, state.road(c).price)] for c in priced]
    if not rows:
        return _("no railroad has a price yet: the first auction sets them")
    headers = [_("railroad"), _("price"), _("next gold")]
    table = fit.table(rows, headers, disable_numparse=True)
    paid = _("dividends paid: {n} of {last}").format(n=state.dividends, last=LAST_DIVIDEND)
    return f"{table}\n{paid}"


def status(state: State, options: Options, standings: Sequence[Standing]) -> str:
    players = players_table(state, options, standings)
    railroads = railroads_table(state)
    title = _("Union Station — {phase}").format(phase=options.phase)
    lines = [title, players, "", railroads, ""]
    if state.board.note:
        lines.insert(1, _("board: {note}").format(note=state.board.note))
    order = _("auction order: {order}")
    if state.phase == SETUP:
        lines.append(order.format(order=shown_all(state.lots) or _("(to reveal)")))
    elif state.phase == AUCTION and state.auction is not None:
        a = state.auction
        lead = (
            _("{amount} by {player}").format(amount=a.high, player=state.players[a.leader])
            if a.leader >= 0
            else _("none")
        )
        passed = ", ".join(state.players[p] for p in sorted(a.passed)) or _("nobody")
        lines.append(
            _("auction {n} of 5: {colour}; high bid {lead}; passed: {passed}").format(
                n=len(state.acquired) + 1, colour=shown(a.colour), lead=lead, passed=passed
            )
        )
        lines.append(order.format(order=shown_all(state.lots)))
    lines.append(_("offer: {offer}").format(offer=_offer_text(state)))
    lines.append(_usc_text(state))
    paid = (
        _("dividends paid: {n} of {last} (selling ended at {selling})")
        if state.dividends >= LAST_SELLING_DIVIDEND
        else _("dividends paid: {n} of {last} (selling ends at {selling})")
    )
    lines.append(paid.format(n=state.dividends, last=LAST_DIVIDEND, selling=LAST_SELLING_DIVIDEND))
    can_lay = [c for c in COLOURS if not track.why_cannot_lay(state, c)]
    unbought = state.deck_size() + sum(1 for c in state.offer if c)
    lines.append(
        _("end: {unbought}; {left} to the 20th; can lay track: {can}").format(
            unbought=ngettext("{n} share unbought", "{n} shares unbought", unbought).format(
                n=unbought
            ),
            left=ngettext("{n} dividend", "{n} dividends", LAST_DIVIDEND - state.dividends).format(
                n=LAST_DIVIDEND - state.dividends
            ),
            can=shown_all(can_lay) or _("no railroad"),
        )
    )
    if state.phase == OVER:
        lines.append(_("GAME OVER: {why}").format(why=ended(state)))
        final = [
            [
                s.place,
                s.player,
                s.details[CASH],
                s.details[SHARES],
                s.details[SHARE_VALUE],
                s.score,
            ]
            for s in standings
        ]
        headers = [_("place"), _("player"), _(CASH), _(SHARES), _(SHARE_VALUE), _("total")]
        lines.append(fit.table(final, headers, keep=2, disable_numparse=True))
    else:
        lines.append(
            _("to move: {player} ({verbs})").format(
                player=options.actor, verbs=", ".join(options.verbs)
            )
        )
    return "\n".join(lines)


def _usc_text(state: State) -> str:
    """The Union Station Company specials paid, and which railroads hold up the next one."""
    lowest = min(r.usc for r in state.roads)
    paid = " ".join(
        _("${amount} paid").format(amount=a) if i < lowest - 1 else f"${a}"
        for i, a in enumerate(USC_SPECIAL)
    )
    text = _("Union Station Company specials: {paid}").format(paid=paid)
    if lowest < USC_SPACES:
        waiting = [c for c in COLOURS if state.road(c).usc == lowest]
        # the discs start at 1: no buy has moved them before the first line
        if len(waiting) == 1:
            said = (
                _("; ${amount} once {railroads} is bought again")
                if lowest > 1
                else _("; ${amount} once {railroads} is bought")
            )
        else:
            said = (
                _("; ${amount} once {railroads} are each bought again")
                if lowest > 1
                else _("; ${amount} once {railroads} are each bought")
            )
        text += said.format(
            amount=USC_SPECIAL[lowest - 1], railroads=shown_all(waiting, _(" and "))
        )
    return text


def toolbar_parts(state: State) -> list[str]:
    """What a table reads at a glance: the auction under way, cash, the offer row (what may be
    bought and at what premium), the share prices set so far, the dividends paid."""
    priced = [f"{shown(c)} {state.road(c).price}" for c in COLOURS if state.road(c).price]
    return [
        _auction_part(state),
        pgettext("union-station", "cash {cash}").format(
            cash=", ".join(f"{s.name} ${s.cash}" for s in state.seats)
        ),
        _("offer {slots}, deck top {top}").format(
            slots=", ".join(_offer_slots(state)), top=_deck_top(state)
        ),
        _("share prices {prices}").format(prices=", ".join(priced))
        if priced
        else _("no share auctioned yet"),
        _("dividends {n} of {last}").format(n=state.dividends, last=LAST_DIVIDEND),
    ]


def _auction_part(state: State) -> str:
    a = state.auction
    if state.phase != AUCTION or a is None:
        return ""
    if a.leader < 0:
        return _("auction of {colour}: no bid yet").format(colour=shown(a.colour))
    return _("auction of {colour}: high bid {amount} by {player}").format(
        colour=shown(a.colour), amount=a.high, player=state.players[a.leader]
    )


def snapshot(state: State) -> dict[str, Any]:
    a = state.auction
    return {
        "phase": state.phase,
        "ended": state.ended,
        "turn": state.players[state.turn],
        "first": state.players[state.first],
        "dividends": state.dividends,
        "players": [
            {"name": s.name, "cash": s.cash, "shares": dict(zip(COLOURS, s.shares, strict=True))}
            for s in state.seats
        ],
        "railroads": {
            c: {
                "price": r.price,
                "usc": r.usc,
                "discs": r.discs,
                "arrived": r.arrived,
                "declared_blocked": r.declared_blocked,
                "held": state.held(c),
            }
            for c, r in zip(COLOURS, state.roads, strict=True)
        },
        "offer": list(state.offer),
        "top": state.top,
        "deck": dict(zip(COLOURS, state.deck, strict=True)),
        "lots": list(state.lots),
        "acquired": [[c, state.players[p]] for c, p in state.acquired],
        "auction": {}
        if a is None
        else {
            "colour": a.colour,
            "auctioneer": state.players[a.auctioneer],
            "bidder": state.players[a.bidder],
            "high": a.high,
            "leader": state.players[a.leader] if a.leader >= 0 else "",
            "passed": [state.players[p] for p in sorted(a.passed)],
        },
        "track": [{"colour": d.colour, "kind": d.kind, "hex": d.hex} for d in state.track],
    }
