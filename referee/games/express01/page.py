"""Express 01: the cards on the table, the players' displays, deck sizes; hands as counts."""

from __future__ import annotations

from typing import Any

from referee.core.gamespec import Played
from referee.core.html import esc, swatch, table
from referee.games.express01.names import STAGE_NAMES, company, deck_words, kind, stage
from referee.games.express01.sections import LIMITS
from referee.games.express01.state import KINDS, STAGE_COLOUR, STAGES, State, deck
from referee.i18n import _


def prices(game: Any, state: State) -> dict[str, int]:
    return {}


def _decks(state: State) -> list[list[str | int]]:
    """Each deck in words (its card type and stage), not the code typed in moves (th2)."""
    return [[esc(kind(k)), esc(stage(s)), state.decks[deck(k, s)]] for k in KINDS for s in STAGES]


def _swatch(name: str) -> str:
    return swatch(name, company(name))


def panels(session: Played, state: State) -> list[tuple[str, str]]:
    players = []
    for p in state.in_order():
        shares = ", ".join(f"{n} {_swatch(c)}" for c, n in state.shares[p].items() if n)
        players.append(
            [
                esc(p),
                state.positions.get(p, "-"),
                esc(_("the train has left") if p in state.moved else _("to play")),
                state.hand_size(p),  # hands are secret: the table sees how many cards
                shares or "-",
                esc(" ".join(map(str, state.bases[p])) or "-"),
                esc(_("black loco")) if state.loco == p else "",
            ]
        )
    headers = [
        _("player"),
        _("position"),
        _("card"),
        _("cards in hand"),
        _("shares"),
        _("base cards"),
        "",
    ]
    companies = [[_swatch(c), state.shares_of(c), state.stations(c)] for c in state.companies]
    board = [
        [
            s["card"],
            s["stage"] or esc(_(STAGE_NAMES[STAGE_COLOUR[0]])),
            esc(kind(s["type"])),
            _swatch(s["company"]) if s["company"] else "-",
            f"+{s['bonus']}" if s["bonus"] else "",
            esc(" ".join(map(str, s["exits"])) or "-"),
        ]
        for s in session.game.snapshot(state)["board"]
    ]
    cards_headers = [_("card"), _("stage"), _("type"), _("station"), _("bonus"), _("track to")]
    return [
        (_("Players"), table(headers, players, raw=True)),
        (
            _("Companies"),
            table([_("company"), _("shares out"), _("stations")], companies, raw=True),
        ),
        (
            _("Cards on the table"),
            table(cards_headers, board, raw=True)
            if board
            else "<p>" + esc(_("only the printed base cards")) + "</p>",
        ),
        (
            _("Decks (cards left, face down)"),
            table([_("type"), _("stage"), _("cards")], _decks(state), raw=True),
        ),
    ]


def ending(session: Played, state: State) -> list[str]:
    bases, decks = LIMITS[state.variant]
    empty = state.empty_decks()
    lines = [
        _("{limit} base cards replaced ends the game: {replaced} of {limit} replaced").format(
            limit=bases, replaced=state.replaced()
        ),
        _("{limit} empty decks end the game: {empty} of {limit} empty").format(
            limit=decks, empty=len(empty)
        )
        + (f" ({', '.join(map(deck_words, empty))})" if empty else ""),
    ]
    if state.end_triggered:
        lines.append(_("the end is reached: this round is the last"))
    return lines


def holdings(session: Played, state: State, player: str) -> list[tuple[str, str]]:
    """What `player` holds, for their own seat only: the cards in their hand (secret from the
    table's page), their shares, base cards and position."""
    snap = session.game.snapshot(state)
    hand = ", ".join(
        f"{n} × {deck_words(code)}" for code, n in sorted(snap["hands"][player].items()) if n
    )
    shares = ", ".join(f"{n} {company(c)}" for c, n in snap["shares"][player].items() if n)
    held = [
        (_("cards in hand"), hand or "-"),
        (_("shares"), shares or "-"),
        (_("base cards"), " ".join(map(str, snap["bases"][player])) or "-"),
        (_("position"), str(snap["positions"].get(player, "-"))),
    ]
    if state.loco == player:
        held.append((_("black loco"), "✓"))
    return held
