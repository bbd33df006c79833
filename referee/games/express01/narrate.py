"""Express 01's moves as sentences for the record (`Game.narrate`): the move in full, its
effect in a few words (the money it moved for the player)."""

from __future__ import annotations

from referee.core.engine import Game
from referee.core.telling import cash_change, with_effect
from referee.games.express01.commands import Buy, Done, Lay, Move, Order, Run, Swap, Take
from referee.games.express01.names import company, deck_words, kind
from referee.games.express01.state import State
from referee.i18n import _


def narrate(game: Game[State, Move], before: State, move: Move, after: State, by: str) -> str:
    return with_effect(_sentence(move, by), [cash_change(game, before, after, by)])


def _sentence(move: Move, by: str) -> str:
    match move:
        case Order():
            return _("the turn order is {order}").format(order=", ".join(move.names))
        case Lay() if move.company:
            return _("{player} lays {kind} on card {card} for {company}").format(
                player=by, kind=kind(move.kind), card=move.card, company=company(move.company)
            )
        case Lay():
            return _("{player} lays {kind} on card {card}").format(
                player=by, kind=kind(move.kind), card=move.card
            )
        case Buy():
            return _("{player} acquires a {company} share from {source}").format(
                player=by, company=company(move.company), source=deck_words(move.source)
            )
        case Run():
            stations = " → ".join(str(n) for n in move.stations)
            return _("{player} runs {company} through {stations}").format(
                player=by, company=company(move.company), stations=stations
            )
        case Take() if move.takers:
            cards = ", ".join(
                f"{taker} {deck_words(card)}"
                for taker, card in zip(move.takers, move.cards, strict=False)
            )
            return _("the bonus cards are taken: {cards}").format(cards=cards)
        case Take():
            return _("{player} takes the cards {cards}").format(
                player=by, cards=", ".join(map(deck_words, move.cards))
            )
        case Swap():
            return _("{player} swaps position cards with {other}").format(
                player=by, other=move.other
            )
        case Done():
            return _("{player} ends the turn").format(player=by)
    return ""
