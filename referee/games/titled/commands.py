"""The verbs of a described title and their grammar: typed words -> a move (moves.py), one
parser a verb, declared beside its help in one table (referee/core/grammar.py)."""

from __future__ import annotations

from referee.core.engine import Form, UsageError, Verb
from referee.core.grammar import Grammar, Typed
from referee.core.words import amount, match
from referee.games.titled.auction import AUCTION
from referee.games.titled.common import EMERGENCY, OR, ROUTES, SR, UPGRADES
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
from referee.games.titled.state import IPO, POOL, State
from referee.i18n import N_, _


def _company(t: Typed[State], word: str) -> str:
    return match(word, [c.abbr for c in t.state.title.companies], N_("company"))


def _private_named(t: Typed[State], word: str) -> str:
    return match(word, list(t.state.privates), N_("private"))


def _train_named(t: Typed[State], word: str) -> str:
    return match(word, [train.name for train in t.state.title.trains], N_("train"))


def _source(t: Typed[State]) -> str:
    """Where a share comes from: the initial offering unless the word after says pool."""
    pool = bool(t.args[1:]) and match(t.args[1], ["pool", "ipo"], N_("source")) == "pool"
    return POOL if pool else IPO


def _done(t: Typed[State]) -> Done:
    t.count(0)
    return Done(t.actor)


def _bankrupt(t: Typed[State]) -> Bankrupt:
    t.count(0)
    return Bankrupt(t.actor)


def _routes(t: Typed[State]) -> Routes:
    t.count(0)
    return Routes(t.actor)


def _bid(t: Typed[State]) -> BidPrivate:
    t.count(2)
    return BidPrivate(t.actor, _private_named(t, t.args[0]), amount(t.args[1]))


def _par(t: Typed[State]) -> Par:
    t.count(2)
    return Par(t.actor, _company(t, t.args[0]), amount(t.args[1], N_("par price")))


def _buy(t: Typed[State]) -> Buy:
    t.count(1, 2)
    source = _source(t)
    return Buy(t.actor, _company(t, t.args[0]), source)


def _sell(t: Typed[State]) -> Sell:
    t.count(1, 2)
    company = _company(t, t.args[0])
    return Sell(t.actor, company, amount(t.args[1], N_("count"), low=1) if t.args[1:] else 1)


def _tile(t: Typed[State]) -> Lay:
    t.count(3, 5)
    args = list(t.args)
    rotation = amount(args[2], N_("rotation"), high=5)
    by = ""  # a private's extra lay names the private last
    if args[3:] and not args[-1].isdigit():
        by = _private_named(t, args.pop())
    cost = amount(args[3], N_("cost")) if args[3:] else 0
    return Lay(t.actor, args[0].upper(), args[1], rotation, cost, by)


def _token(t: Typed[State]) -> Token:
    t.count(1, 3)
    args = list(t.args)
    by = ""  # a private's free station names the private last
    if args[1:] and not args[-1].isdigit():
        by = _private_named(t, args.pop())
    city = amount(args[1], N_("city"), high=5) if args[1:] else 0
    return Token(t.actor, args[0].upper(), city, by)


def _run(t: Typed[State]) -> Run:
    t.count(1, 2)
    args = t.args
    how = match(args[1], ["full", "half", "withhold"], N_("payout")) if args[1:] else "full"
    if args[0].lower() == "best":
        return Run(t.actor, 0, how, best=True)
    return Run(t.actor, amount(args[0], N_("revenue")), how)


def _train(t: Typed[State]) -> BuyTrain:
    t.count(1, 4)
    args = t.args
    name = _train_named(t, args[0])
    if args[1:2] == ("trade",) and len(args) == 3:
        return BuyTrain(t.actor, name, trade=_train_named(t, args[2]))
    if args[1:2] == ("from",) and len(args) == 4:
        return BuyTrain(t.actor, name, seller=_company(t, args[2]), price=amount(args[3]))
    if len(args) == 2 and args[1] in t.state.privates:
        return BuyTrain(t.actor, name, private=args[1])
    if len(args) > 1:
        raise UsageError(
            _("train NAME, train NAME trade OLD, train NAME from CO PRICE or train NAME PRIVATE")
        )
    return BuyTrain(t.actor, name)


def _exchange(t: Typed[State]) -> Exchange:
    t.count(1, 2)
    source = _source(t)
    return Exchange(t.actor, _private_named(t, t.args[0]), source)


def _discard(t: Typed[State]) -> Discard:
    t.count(2)
    return Discard(t.actor, _company(t, t.args[0]), _train_named(t, t.args[1]))


def _private(t: Typed[State]) -> BuyPrivate | PlaceBonus:
    t.count(2)
    private, word = _private_named(t, t.args[0]), t.args[1]
    if word[:1].isalpha():  # a hex: the private's bonus token (privates.*.stop_bonus)
        return PlaceBonus(t.actor, private, word.upper())
    return BuyPrivate(t.actor, private, amount(word))


# The grammar: each verb, its help and the one parser that reads its words.
GRAMMAR: Grammar[State] = Grammar(
    (
        Verb(
            "bid",
            "bid PRIVATE AMOUNT",
            N_("buy the cheapest private at its price, or bid on one"),
            (
                Form("bid SV 20", N_("the cheapest private, at its price")),
                Form("bid DH 75", N_("a bid on another private")),
            ),
            AUCTION,
        ),
        _bid,
    ),
    (
        Verb(
            "par",
            "par COMPANY PRICE",
            N_("start a company: buy its president's certificate"),
            (Form("par B&O 67"),),
            SR,
        ),
        _par,
    ),
    (
        Verb(
            "buy",
            "buy COMPANY [pool]",
            N_("buy a certificate (from the initial offering or pool)"),
            (
                Form("buy B&O", N_("from the initial offering")),
                Form("buy C&O pool", N_("from the pool")),
            ),
            SR,
        ),
        _buy,
    ),
    (
        Verb(
            "sell",
            "sell COMPANY [COUNT]",
            N_("sell certificates to the pool"),
            (Form("sell PRR 1"),),
            SR,
        ),
        _sell,
    ),
    (
        Verb("done", "done", N_("end the turn (a pass if nothing was done)"), (Form("done"),), SR),
        _done,
    ),
    (
        Verb("pass", "pass", N_("the same as done"), (Form("pass"),), SR),
        _done,
    ),
    (
        Verb(
            "tile",
            "tile HEX TILE ROTATION [COST] [PRIVATE]",
            N_("lay a tile, paying the terrain cost (PRIVATE: that private's extra lay)"),
            (
                Form("tile E13 8 1", N_("a tile and its rotation")),
                Form("tile I11 9 0 120", N_("paying the terrain cost")),
                Form("tile B20 3 0 CS", N_("a private's extra lay, beside the company's own")),
            ),
            UPGRADES,
        ),
        _tile,
    ),
    (
        Verb(
            "token",
            "token HEX [CITY] [PRIVATE]",
            N_("place a station token at its price (PRIVATE: the free station a private brings)"),
            (
                Form("token H10"),
                Form("token F16 0 DH", N_("a private's free station, on the tile it laid")),
            ),
            OR,
        ),
        _token,
    ),
    (
        Verb(
            "run",
            "run REVENUE|best [full|half|withhold]",
            N_("the revenue of the company's trains (best: its best routes on the title's map)"),
            (
                Form("run 100", N_("the revenue, paid as the title pays")),
                Form("run 100 withhold", N_("the company keeps it")),
                Form("run 30 half", N_("half to the company, half to the shareholders")),
                Form("run best", N_("its best routes on the title's map")),
            ),
            ROUTES,
        ),
        _run,
    ),
    (
        Verb(
            "routes",
            "routes",
            N_("the best routes of the company operating (on the title's map)"),
            (Form("routes"),),
            ROUTES,
        ),
        _routes,
    ),
    (
        Verb(
            "train",
            "train NAME [trade OLD | from COMPANY PRICE | PRIVATE]",
            N_("buy a train"),
            (
                Form("train 2", N_("from the bank")),
                Form("train D trade 4", N_("from the bank, trading in an old train")),
                Form("train 6 from NYNH 600", N_("from another company, at a price agreed")),
                Form("train 3 NDY", N_("from the bank, at the discount a private gives")),
            ),
            OR,
        ),
        _train,
    ),
    (
        Verb(
            "discard",
            "discard COMPANY TRAIN",
            N_("give a train back over the limit"),
            (Form("discard PRR 3"),),
            OR,
        ),
        _discard,
    ),
    (
        Verb(
            "private",
            "private PRIVATE PRICE|HEX",
            N_("the company buys a private from its owner, or places the private's token"),
            (
                Form("private SV 40"),
                Form(
                    "private NDY 1",
                    N_("in a stock round: from another player, where the phase allows"),
                ),
                Form("private SNAR G4", N_("the bonus token a private it owns brings")),
            ),
            OR,
        ),
        _private,
    ),
    (
        Verb(
            "bankrupt",
            "bankrupt",
            N_("the president cannot pay for the company's train"),
            (Form("bankrupt"),),
            EMERGENCY,
        ),
        _bankrupt,
    ),
    (
        Verb(
            "exchange",
            "exchange PRIVATE [pool]",
            N_("swap a private for the share the title names"),
            (
                Form("exchange DR", N_("for a share of the initial offering")),
                Form("exchange MH pool", N_("for a share of the pool")),
            ),
            SR,
        ),
        _exchange,
    ),
)
VERBS = GRAMMAR.verbs
