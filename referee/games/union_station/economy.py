"""Money that moves by itself: price rises and their dividends, special dividends, the fall
of a sold railroad. Each function writes the state (a draft) in place and appends what changed
to `events`.
"""

from __future__ import annotations

from referee.core.engine import Event
from referee.games.union_station.railroads import (
    BOTTOM_ROW,
    COLOURS,
    LAST_DIVIDEND,
    ROW,
    USC_SPACES,
    USC_SPECIAL,
    shown,
)
from referee.games.union_station.readings import TOP_SQUARE
from referee.games.union_station.state import OVER, State
from referee.i18n import N_, _

# Why the game ended, kept in the state in English (a save resumes the same in either
# language) and shown through the catalog (`ended`).
ALL_BOUGHT = N_("every share has been bought")
NO_TRACK = N_("no railroad can lay track")
TWENTIETH = N_("the 20th dividend has been paid")
STUCK_END = N_("nobody can buy, lay or sell any more [reading union-station.stuck=ends]")


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def end(state: State, why: str, events: list[Event]) -> None:
    """`why` is one of the reasons above, in English."""
    state.phase, state.ended = OVER, why
    events.append(Event(_("GAME OVER: {why}").format(why=ended(state))))


def ended(state: State) -> str:
    """Why the game ended, in the language in force."""
    return _(state.ended)


def pay_per_share(
    state: State, colour: str, per_share: int, label: str, events: list[Event]
) -> None:
    """Pay `per_share` to every holder of `colour`, one line per holder."""
    paid = []
    i = COLOURS.index(colour)
    for seat in state.seats:
        n = seat.shares[i]
        if n:
            paid.append(
                f"{seat.name} +{per_share * n} ({seat.cash} -> {seat.cash + per_share * n})"
            )
            seat.cash += per_share * n
    events.append(
        Event(
            _("{label}: {colour} pays {amount} a share: {paid}").format(
                label=label, colour=shown(colour), amount=per_share, paid=", ".join(paid)
            )
        )
    )


def rise(state: State, colour: str, by: int, events: list[Event]) -> None:
    """Raise a price (buy or lay) and pay a dividend for each gold square entered or passed.

    The track ends at its top value: a price that would rise past it stays on the top square
    (the board has no square above it), and only gold squares actually reached pay.
    """
    old = state.road(colour).price
    new = min(old + by, state.board.top)
    top_note = (
        _(" (the top of the track; +{by} would be {price})").format(by=by, price=old + by)
        if old + by > new
        else ""
    )
    golds = state.board.golds_between(old, new)
    if old == new and by > 0:  # already on the top square: whether it enters it again
        top_note += f" [{state.readings.note(TOP_SQUARE)}]"
        if state.readings.of(TOP_SQUARE) == "re-enters" and new in state.board.gold:
            golds = [new]
    events.append(
        Event(
            _("{colour} price {old} -> {new}{note}").format(
                colour=shown(colour), old=old, new=new, note=top_note
            )
        )
    )
    state.road(colour).price = new
    for gold in golds:
        dividend(state, colour, gold, events)
        if state.phase == OVER:
            break  # 配当: the 20th ends the game at once; a second payment is cancelled


def dividend(state: State, colour: str, gold: int, events: list[Event]) -> None:
    """配当: each share pays the current price divided by the shares players hold."""
    held = state.held(colour)
    number = state.dividends + 1
    label = _("dividend #{n} (gold {gold})").format(n=number, gold=gold)
    if held:
        price = state.road(colour).price
        # 配当: 全プレイヤーが保有する株式数で割った金額(端数切上) — rounded up.
        pay_per_share(state, colour, ceil_div(price, held), label, events)
    else:
        events.append(Event(_nobody(label, colour)))
    state.dividends = number
    events.append(
        Event(
            _("dividends paid {old} -> {new} of {last}").format(
                old=number - 1, new=number, last=LAST_DIVIDEND
            )
        )
    )
    if number >= LAST_DIVIDEND:
        end(state, TWENTIETH, events)


def usc_step(state: State, colour: str, events: list[Event], order: str = "") -> None:
    """シカゴ・ユニオン・ステーション株式会社: a bought railroad's disc moves one space down.

    When the last disc crosses a line, the special dividend of that line is paid to the
    shareholders of every railroad. It does not move the dividend marker.
    """
    before = min(r.usc for r in state.roads)
    space = state.road(colour).usc
    if space >= USC_SPACES:
        events.append(
            Event(
                _("{colour} stays on the last Union Station Company space").format(
                    colour=shown(colour)
                )
            )
        )
        return
    state.road(colour).usc = space + 1
    events.append(
        Event(
            _("{colour} Union Station Company space {old} -> {new}").format(
                colour=shown(colour), old=space, new=space + 1
            )
        )
    )
    after = min(r.usc for r in state.roads)
    if after > before:
        amount = USC_SPECIAL[after - 2]
        said = _("every railroad has passed the ${amount} line: special dividend").format(
            amount=amount
        )
        events.append(Event(f"{said} [{order}]" if order else said))
        for c in COLOURS:
            held = state.held(c)
            label = _("special ${amount}").format(amount=amount)
            if held:
                # 1株あたり、プレイヤーの全株式の所有数で割った金額(端数切上) — rounded up.
                pay_per_share(state, c, ceil_div(amount, held), label, events)
            else:
                events.append(Event(_nobody(label, c)))


def fall(state: State, colour: str, events: list[Event]) -> None:
    """株式の売却: the price drops one row (-6); the bottom row (5-10) does not drop."""
    old = state.road(colour).price
    new = old if old <= BOTTOM_ROW[1] else old - ROW
    if new == old:
        events.append(
            Event(
                _("{colour} price stays {price} (bottom row)").format(
                    colour=shown(colour), price=old
                )
            )
        )
        return
    events.append(
        Event(
            _("{colour} price {old} -> {new} (no dividend when falling)").format(
                colour=shown(colour), old=old, new=new
            )
        )
    )
    state.road(colour).price = new


def _nobody(label: str, colour: str) -> str:
    return _("{label}: nobody holds {colour}; nothing paid").format(
        label=label, colour=shown(colour)
    )
