"""Lost Atlas's moves as sentences for the record (`Game.narrate`): the move in full, who made
it (for which company, in an operating or merger round), and its effect in a few words (the
player's money, the company's treasury and share price)."""

from __future__ import annotations

from typing import Any

from referee.core.engine import Game
from referee.core.telling import cash_change, with_effect
from referee.games.lost_atlas import commands as cmd
from referee.games.lost_atlas.data import POOL, TREASURY, colour_name, place_name, train_name
from referee.games.lost_atlas.state import State
from referee.i18n import _, ngettext


def narrate(
    game: Game[State, cmd.AnyMove], before: State, move: cmd.AnyMove, after: State, by: str
) -> str:
    answering = isinstance(move, cmd.Accept | cmd.Refuse)  # for the company proposed to
    company = "" if answering else _company(before)
    who = by if not company else _("{player} for {company}").format(player=by, company=company)
    effects = [cash_change(game, before, after, by), *_company_effects(before, after, company)]
    revenue = before.orr.revenue if before.orr is not None else None
    if isinstance(move, cmd.Payout | cmd.Withhold) and revenue is not None:
        said = (
            _("{player} pays out {revenue}")
            if isinstance(move, cmd.Payout)
            else _("{player} withholds {revenue}")
        )
        return with_effect(said.format(player=who, revenue=revenue), effects)
    return with_effect(_sentence(move, who), effects)


def _company(state: State) -> str:
    """The company whose turn it is (operating round), or "" when a player acts for themself."""
    if state.round == "operating" and state.orr is not None:
        return state.orr.current
    if state.round == "merger" and state.mr is not None:
        return state.mr.current
    return ""


def _company_effects(before: State, after: State, name: str) -> list[str]:
    old, new = before.companies.get(name), after.companies.get(name)
    if old is None or new is None:
        return []
    said = []
    if old.cash != new.cash:
        treasury = _("{company}'s treasury {old} → {new}")
        said.append(treasury.format(company=name, old=old.cash, new=new.cash))
    if old.price != new.price:
        price = _("{company}'s price {old} → {new}")
        said.append(price.format(company=name, old=old.price, new=new.price))
    return said


def _sentence(move: Any, who: str) -> str:
    match move:
        case cmd.Pass():
            return _("{player} passes").format(player=who)
        case cmd.Done():
            return _("{player} is done").format(player=who)
        case cmd.Issue():
            return _("{player} issues a share").format(player=who)
        case cmd.Redeem():
            return _("{player} redeems a share").format(player=who)
        case cmd.Payout():
            return _("{player} pays the revenue out").format(player=who)
        case cmd.Withhold():
            return _("{player} withholds the revenue").format(player=who)
        case cmd.Routes():
            return _("{player} takes the proposed routes").format(player=who)
        case cmd.Bankrupt():
            return _("{player} goes bankrupt").format(player=who)
        case cmd.Accept():
            return _("{player} accepts the merger").format(player=who)
        case cmd.Refuse():
            return _("{player} refuses the merger").format(player=who)
        case cmd.Charters():
            return _("{player} lays out the charters").format(player=who)
        case cmd.Destinations():
            values = ", ".join(str(v) for v in move.values)
            return _("{player} sets the destination values {values}").format(
                player=who, values=values
            )
        case cmd.OpenAuction():
            return _("{player} opens an auction at {amount}").format(player=who, amount=move.amount)
        case cmd.Bid():
            return _("{player} bids {amount}").format(player=who, amount=move.amount)
        case cmd.Named():
            return _named(move, who)
        case cmd.Sell():
            sold = ", ".join(
                ngettext("{n} {company} share", "{n} {company} shares", n).format(n=n, company=c)
                for c, n in move.items
            )
            return _("{player} sells {shares}").format(player=who, shares=sold)
        case cmd.BuyShare():
            return _buy_share(move, who)
        case cmd.BuyTrain():
            return _("{player} buys a {train}-train from {source}").format(
                player=who, train=train_name(move.kind), source=place_name(move.source)
            )
        case cmd.LayTile() if move.colour:
            return _("{player} lays {colour} track on {hex}").format(
                player=who, colour=colour_name(move.colour), hex=move.hex
            )
        case cmd.LayTile():
            return _("{player} lays track on {hex}").format(player=who, hex=move.hex)
        case cmd.Token():
            return _("{player} places a station on {hex}").format(player=who, hex=move.hex)
        case cmd.MapLine():
            return _("{player} places the map pieces drawn").format(player=who)
        case cmd.PlacePiece():
            return _("{player} places map piece {number} on {hex}").format(
                player=who, number=move.number, hex=move.hex
            )
        case cmd.Discard():
            trains = ", ".join(_("{train}-train").format(train=train_name(k)) for k in move.kinds)
            return _("{player} discards {trains}").format(player=who, trains=trains)
        case cmd.Run():
            return _run(move, who)
    return ""


def _named(move: cmd.Named, who: str) -> str:
    match move:
        case cmd.Pick():
            return _("{player} picks {company}").format(player=who, company=move.name)
        case cmd.Propose():
            return _("{player} proposes a merger with {company}").format(
                player=who, company=move.name
            )
        case cmd.NameMajor():
            return _("{player} names the major {company}").format(player=who, company=move.name)
        case cmd.Suburb():
            return _("{player} places a suburb on {hex}").format(player=who, hex=move.where)
        case cmd.Capital():
            return _("{player} places a capital on {hex}").format(player=who, hex=move.where)
    return ""


def _buy_share(move: cmd.BuyShare, who: str) -> str:
    if move.source == POOL:
        said = _("{player} buys one {company} share from the pool")
    elif move.source == TREASURY:
        said = _("{player} buys one {company} share from its treasury")
    else:
        said = _("{player} buys one {company} share")
    return said.format(player=who, company=move.company)


def _run(move: cmd.Run, who: str) -> str:
    if move.best:
        return _("{player} runs the best routes found").format(player=who)
    total = sum(item.revenue for item in move.items)
    return _("{player} runs for {revenue}").format(player=who, revenue=total)
