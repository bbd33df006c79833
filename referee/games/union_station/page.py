"""Union Station: the value track with its gold squares, the offer row, the USC track."""

from __future__ import annotations

from typing import Any

from referee.core.gamespec import Played
from referee.core.html import esc, items, swatch, table
from referee.games.union_station import track
from referee.games.union_station.railroads import (
    COLOURS,
    LAST_DIVIDEND,
    LAST_SELLING_DIVIDEND,
    RAILROADS,
    USC_SPACES,
    shown,
)
from referee.games.union_station.state import State
from referee.i18n import _, ngettext


def prices(game: Any, state: State) -> dict[str, int]:
    return {c: state.road(c).price for c in COLOURS if state.road(c).price}


def _value_track(state: State) -> str:
    board = state.board
    at: dict[int, list[str]] = {}
    for c in COLOURS:
        price = state.road(c).price
        if price:
            at.setdefault(price, []).append(c)
    cells = []
    for value in range(board.low, board.top + 1):
        gold = " gold" if value in board.gold else ""
        here = "".join(f"<div>{swatch(c)}</div>" for c in at.get(value, []))
        cells.append(f'<div class="sq{gold}"><b>{value}</b>{here}</div>')
    legend = _("gold squares (dividend): {values}").format(
        values=", ".join(map(str, board.gold)) or _("none")
    )
    return f'<div class="track">{"".join(cells)}</div><p>{esc(legend)}</p>'


def _railroads(state: State) -> str:
    rows = []
    for r in RAILROADS:
        road = state.road(r.colour)
        golds = [g for g in state.board.gold if g > road.price]
        if road.arrived:
            can = _("arrived")
        else:
            can = _("blocked") if track.why_cannot_lay(state, r.colour) else _("can lay")
        rows.append(
            [
                f"{swatch(r.colour)} ({esc(shown(r.name))})",
                road.price or "-",
                golds[0] if golds else "-",
                state.held(r.colour),
                road.discs,
                f"{esc(shown(r.destination))}: {esc(can)}",
            ]
        )
    headers = [
        _("railroad"),
        _("price"),
        _("next gold"),
        _("shares held"),
        _("discs"),
        _("destination"),
    ]
    return table(headers, rows, raw=True)


def _offer(state: State) -> str:
    slots = [f"+{i + 1}: {swatch(c) if c else '-'}" for i, c in enumerate(state.offer)]
    # The offer deck is face down: the table sees how many cards, not which.
    top = (
        esc(_("top card:")) + f" {swatch(state.top)}"
        if state.top
        else esc(_("top card not turned up"))
    )
    down = esc(
        ngettext("{n} card face down", "{n} cards face down", sum(state.deck)).format(
            n=sum(state.deck)
        )
    )
    return items([*slots, f"{top}; {down}"], raw=True)


def _usc(state: State) -> str:
    rows = []
    for c in COLOURS:
        usc = state.road(c).usc
        spaces = "".join(
            f'<span class="dot{" on" if n <= usc else ""}">{n}</span>'
            for n in range(1, USC_SPACES + 1)
        )
        rows.append([swatch(c), spaces, f"{usc}/{USC_SPACES}"])
    headers = [_("railroad"), _("Union Station Company track"), _("space")]
    return table(headers, rows, raw=True)


def panels(session: Played, state: State) -> list[tuple[str, str]]:
    lots = ""
    if state.lots and state.phase == "setup":
        order = esc(_("auction order:"))
        lots = f"<p>{order} " + ", ".join(swatch(c) for c in state.lots) + "</p>"
    paid = _("{n} of {last} paid").format(n=state.dividends, last=LAST_DIVIDEND)
    selling = _("no selling once the {n}th is paid").format(n=LAST_SELLING_DIVIDEND)
    return [
        (_("Value track"), _value_track(state)),
        (_("Railroads"), _railroads(state)),
        (_("Offer row"), _offer(state) + lots),
        (_("Union Station Company"), _usc(state)),
        (_("Dividends"), f'<p class="big">{esc(paid)}</p><p>{esc(selling)}</p>'),
    ]


def ending(session: Played, state: State) -> list[str]:
    blocked = [c for c in COLOURS if track.why_cannot_lay(state, c)]
    return [
        _("the {last}th dividend ends the game: {n} paid, {left} to go").format(
            last=LAST_DIVIDEND, n=state.dividends, left=LAST_DIVIDEND - state.dividends
        ),
        ngettext(
            "every share bought ends it: {n} share left in the offer row and deck",
            "every share bought ends it: {n} shares left in the offer row and deck",
            state.deck_size() + sum(1 for c in state.offer if c),
        ).format(n=state.deck_size() + sum(1 for c in state.offer if c)),
        _("no railroad able to lay track ends it: {n} of {all} can still lay").format(
            n=len(COLOURS) - len(blocked), all=len(COLOURS)
        ),
    ]


def holdings(session: Played, state: State, player: str) -> list[tuple[str, str]]:
    """What `player` holds, for their seat: cash and shares by railroad."""
    seat = next(p for p in session.game.snapshot(state)["players"] if p["name"] == player)
    shares = ", ".join(f"{n} {shown(c)}" for c, n in seat["shares"].items() if n)
    return [(_("cash"), str(seat["cash"])), (_("shares"), shares or "-")]
