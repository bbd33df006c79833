"""Status, toolbar and snapshot of an Express 01 game."""

from __future__ import annotations

from typing import Any

from referee.core import fit
from referee.games.express01 import flow, scoring
from referee.games.express01.names import STAGE_NAMES
from referee.games.express01.names import company as shown
from referee.games.express01.names import kind as kind_name
from referee.games.express01.sections import LIMITS
from referee.games.express01.state import DECKS, STAGE_COLOUR, State
from referee.i18n import N_, _, ngettext, pgettext

VARIANT_NAMES = {"short": N_("short"), "long": N_("long")}


def variant_words(variant: str) -> str:
    """The variant as the rules name it (ショートゲーム, ロングゲーム)."""
    return _(VARIANT_NAMES[variant]) if variant in VARIANT_NAMES else variant


def _face(state: State, player: str) -> str:
    return _("the train has left") if player in state.moved else _("locomotive")


def _held(state: State, player: str) -> str:
    """The hand by deck, in deck order (r3*4 th1), so the table knows what can pay."""
    hand = state.hands[player]
    cards = [f"{d}*{hand[d]}" if hand[d] > 1 else d for d in DECKS if hand.get(d)]
    return " ".join(cards) or "-"


def _next(state: State) -> str:
    turn = state.turn
    assert turn is not None
    done = flow.steps_text(turn.steps) or _("nothing yet")
    verbs = [v for v, half in flow.HALF.items() if flow.may(turn, half)]
    free = _("; the next route card is already paid for") if turn.free_route else ""
    return _("{player}'s turn: {done}{free}; next: {verbs}").format(
        player=turn.player, done=done, free=free, verbs=", ".join([*verbs, "done"])
    )


def players_table(state: State) -> str:
    """Per player, in position order: card, hand, shares, base cards, black loco, capital."""
    rows = []
    for p in state.in_order():
        cap = scoring.capital(state, p)
        shares = " ".join(f"{shown(c)} {n}" for c, n in sorted(state.shares[p].items())) or "-"
        bases = (
            " ".join(f"{b}{'s' if b in state.station_bases else 'r'}" for b in state.bases[p])
            or "-"
        )
        rows.append(
            [
                state.positions.get(p, "-"),
                _face(state, p),
                p,
                state.hand_size(p),
                _held(state, p),
                shares,
                bases,
                _("yes") if state.loco == p else "",
                cap.total,
            ]
        )
    headers = [_("pos"), _("card"), _("player"), _("hand"), _("hand cards"), _("shares")]
    return fit.table(
        rows,
        [*headers, _("base cards"), _("black loco"), pgettext("express01", "capital")],
        keep=3,
    )


def companies_table(state: State) -> str:
    """Per company: its stations, the cards they are on, its shares out and its price."""
    crows = []
    for c in state.companies:
        stations = [s.number for s in state.board if s.station and s.company == c]
        crows.append(
            [
                shown(c),
                len(stations),
                " ".join(map(str, stations)) or "-",
                state.shares_of(c),
                len(stations),
            ]
        )
    headers = [_("company"), _("stations"), _("on cards"), _("shares out"), _("price")]
    return fit.table(crows, headers)


def companies(state: State) -> str:
    return f"{players_table(state)}\n\n{companies_table(state)}"


def status(state: State) -> str:
    parts = [
        _("Express 01 ({variant}), round {round}").format(
            variant=variant_words(state.variant), round=state.round
        )
    ]
    if state.over:
        parts[0] += _(": game over")
    parts += [players_table(state), companies_table(state)]
    laid = [s for s in state.board if s.stage]
    if laid:
        brows = [
            [
                s.number,
                _(STAGE_NAMES[STAGE_COLOUR[s.stage]]),
                kind_name(s.kind),
                shown(s.company) if s.company else "-",
                f"+{s.bonus}" if s.bonus else "",
                " ".join(map(str, sorted(s.exits))),
            ]
            for s in laid
        ]
        headers = [_("card"), _("stage"), _("type"), _("station"), _("bonus"), _("track to")]
        parts.append(fit.table(brows, headers))
    decks = "  ".join(f"{d} {state.decks[d]}" for d in DECKS)
    parts.append(_("decks: {decks}").format(decks=decks))
    base_limit, deck_limit = LIMITS[state.variant]
    empty = state.empty_decks()
    end = _(
        "end: {replaced}/{base_limit} base cards replaced, {empty}/{deck_limit} decks empty"
    ).format(
        replaced=state.replaced(), base_limit=base_limit, empty=len(empty), deck_limit=deck_limit
    )
    if state.end_triggered:
        end += _(" -- reached: this round is the last")
    parts.append(end)
    if state.payout:
        parts.append(
            _("bonus payment of {company}: to take, in turn: {players}").format(
                company=shown(state.payout_company), players=" ".join(state.payout)
            )
        )
    elif state.turn:
        parts.append(_next(state))
    return "\n\n".join(parts)


def toolbar_parts(state: State) -> list[str]:
    """In words a table reads at a glance: the round, each player's cards in hand and capital,
    the black loco, how near the end is."""
    bases, decks = LIMITS[state.variant]
    return [
        _("round {round}").format(round=state.round) if state.round else _("setup: the turn order"),
        "; ".join(
            ngettext(
                "{player} {cards} card, capital {capital}",
                "{player} {cards} cards, capital {capital}",
                state.hand_size(p),
            ).format(player=p, cards=state.hand_size(p), capital=scoring.capital(state, p).total)
            for p in state.in_order()
        ),
        _("black loco: {player}").format(player=state.loco) if state.loco else "",
        _("{replaced} of {bases} base cards replaced, {empty} of {decks} decks empty").format(
            replaced=state.replaced(), bases=bases, empty=len(state.empty_decks()), decks=decks
        ),
    ]


def snapshot(state: State) -> dict[str, Any]:
    return {
        "variant": state.variant,
        "round": state.round,
        "over": state.over,
        "end_triggered": state.end_triggered,
        "turns_taken": state.turns_taken,
        "turn": state.turn.player if state.turn else "",
        "steps": list(state.turn.steps) if state.turn else [],
        "free_route": bool(state.turn and state.turn.free_route),
        "black_loco": state.loco,
        "positions": dict(state.positions),
        "moved": sorted(state.moved),
        "decks": dict(state.decks),
        "hands": {p: {d: n for d, n in h.items() if n} for p, h in state.hands.items()},
        "shares": {p: dict(s) for p, s in state.shares.items()},
        "bases": {p: list(b) for p, b in state.bases.items()},
        "board": [
            {
                "card": s.number,
                "stage": s.stage,
                "type": s.kind,
                "company": s.company,
                "bonus": s.bonus,
                "exits": sorted(s.exits),
            }
            for s in state.board
            if s.stage
        ],
        "payout": list(state.payout),
        "capital": {p: scoring.capital(state, p).total for p in state.players},
    }
