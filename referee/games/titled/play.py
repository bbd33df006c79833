"""One move of a described title: the state after it and what changed (pure).

The game is not in the registry yet: emergency train purchases, bankruptcy and the command
language are not written (see the README's section on titles).
"""

from __future__ import annotations

from referee.core.engine import Event
from referee.core.rules_kit import Handler, Judge, impossible
from referee.games.titled import auction, operating, stock
from referee.games.titled.commands import GRAMMAR
from referee.games.titled.moves import (
    Bankrupt,
    BidPrivate,
    Buy,
    BuyPrivate,
    BuyTrain,
    Discard,
    Done,
    Exchange,
    Lay,
    Par,
    PlaceBonus,
    Routes,
    Run,
    Sell,
    Token,
)
from referee.games.titled.state import State
from referee.i18n import N_, _

ROUNDS = N_("18xx rounds")

OPERATING: dict[type, Handler[State]] = {
    Lay: operating.lay,
    Token: operating.token,
    Run: operating.run,
    Routes: operating.show_routes,
    BuyTrain: operating.buy_train,
    Discard: operating.discard,
    BuyPrivate: operating.buy_private,
    PlaceBonus: operating.place_bonus,
    Done: operating.done,
    Sell: operating.emergency_sell,
    Bankrupt: operating.bankrupt,
    Exchange: stock.exchange,
}


def stock_done(state: State, move: Done, judge: Judge) -> tuple[State, list[Event]]:
    """`done` in a stock round; the round's end begins the operating rounds."""
    return stock.done(state, move, judge, operating.begin_set)


STOCK: dict[type, Handler[State]] = {
    Lay: operating.player_lay,
    Par: stock.par,
    Buy: stock.buy,
    Sell: stock.sell,
    Done: stock_done,
    Exchange: stock.exchange,
    BuyPrivate: stock.buy_private,
}
AUCTION: dict[type, Handler[State]] = {
    BidPrivate: auction.bid,
    Done: auction.passes,
    Par: auction.pending_par,
    Exchange: stock.exchange,
}


def apply(state: State, move: object, *, forced: bool = False) -> tuple[State, list[Event]]:
    judge = Judge(forced)
    draft = state.draft()
    in_auction = draft.round == "auction" or draft.auction.awaiting_par
    table: dict[type, Handler[State]] = {"operating": OPERATING, "stock": STOCK}.get(
        draft.round, {}
    )
    handler = (AUCTION if in_auction else table).get(type(move))
    if handler is None:
        said = _("{move} is not a move now").format(move=GRAMMAR.verb_of(move))
        raise impossible(said, ROUNDS)
    new, events = handler(draft, move, judge)
    events += operating.bank_end(new)
    return new.seal(), judge.events(events)


def actor(state: State) -> str | None:
    """Who acts now (None when the game is over)."""
    if state.round == "auction" or state.auction.awaiting_par:
        return auction.actor(state)
    if state.round == "operating":
        return operating.actor(state)
    if state.round == "stock":
        return state.player
    return None
