"""The verbs of a described title and their grammar: typed words -> a move (moves.py)."""

from __future__ import annotations

from collections.abc import Sequence

from referee.engine import Form, UsageError, Verb
from referee.games.titled.auction import AUCTION
from referee.games.titled.common import EMERGENCY, ROUTES, SR, UPGRADES
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
    Routes,
    Run,
    Sell,
    Token,
)
from referee.games.titled.operating import OR
from referee.games.titled.state import IPO, POOL, State
from referee.i18n import N_, _
from referee.rules_kit import count_words
from referee.words import amount, match

VERBS = (
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
    Verb(
        "par",
        "par COMPANY PRICE",
        N_("start a company: buy its president's certificate"),
        (Form("par B&O 67"),),
        SR,
    ),
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
    Verb(
        "sell",
        "sell COMPANY [COUNT]",
        N_("sell certificates to the pool"),
        (Form("sell PRR 1"),),
        SR,
    ),
    Verb("done", "done", N_("end the turn (a pass if nothing was done)"), (Form("done"),), SR),
    Verb("pass", "pass", N_("the same as done"), (Form("pass"),), SR),
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
    Verb(
        "routes",
        "routes",
        N_("the best routes of the company operating (on the title's map)"),
        (Form("routes"),),
        ROUTES,
    ),
    Verb(
        "train",
        "train NAME [trade OLD | from COMPANY PRICE]",
        N_("buy a train"),
        (
            Form("train 2", N_("from the bank")),
            Form("train D trade 4", N_("from the bank, trading in an old train")),
            Form("train 6 from NYNH 600", N_("from another company, at a price agreed")),
        ),
        OR,
    ),
    Verb(
        "discard",
        "discard COMPANY TRAIN",
        N_("give a train back over the limit"),
        (Form("discard PRR 3"),),
        OR,
    ),
    Verb(
        "private",
        "private PRIVATE PRICE",
        N_("the company buys a private from its owner"),
        (Form("private SV 40"),),
        OR,
    ),
    Verb(
        "bankrupt",
        "bankrupt",
        N_("the president cannot pay for the company's train"),
        (Form("bankrupt"),),
        EMERGENCY,
    ),
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
)


def parse(state: State, actor: str, words: Sequence[str]) -> object:
    """The move `words` say, typed by `actor`; UsageError saying what was wrong."""
    if not words:
        raise UsageError(_("say a move"), ", ".join(v.name for v in VERBS))
    verb, args = match(words[0], [v.name for v in VERBS], N_("verb")), list(words[1:])
    companies = [c.abbr for c in state.title.companies]
    privates = list(state.privates)
    trains = [t.name for t in state.title.trains]

    def company(word: str) -> str:
        return match(word, companies, N_("company"))

    if verb in ("done", "pass", "bankrupt", "routes"):
        count_words(VERBS, verb, args, 0)
        return {"bankrupt": Bankrupt, "routes": Routes}.get(verb, Done)(actor)
    if verb == "bid":
        count_words(VERBS, verb, args, 2)
        return BidPrivate(actor, match(args[0], privates, N_("private")), amount(args[1]))
    if verb == "par":
        count_words(VERBS, verb, args, 2)
        return Par(actor, company(args[0]), amount(args[1], N_("par price")))
    if verb == "buy":
        count_words(VERBS, verb, args, 1, 2)
        source = (
            POOL if args[1:] and match(args[1], ["pool", "ipo"], N_("source")) == "pool" else IPO
        )
        return Buy(actor, company(args[0]), source)
    if verb == "sell":
        count_words(VERBS, verb, args, 1, 2)
        return Sell(actor, company(args[0]), amount(args[1], N_("count"), low=1) if args[1:] else 1)
    if verb == "tile":
        count_words(VERBS, verb, args, 3, 5)
        rotation = amount(args[2], N_("rotation"), high=5)
        by = ""  # a private's extra lay names the private last
        if args[3:] and not args[-1].isdigit():
            by = match(args.pop(), privates, N_("private"))
        cost = amount(args[3], N_("cost")) if args[3:] else 0
        return Lay(actor, args[0].upper(), args[1], rotation, cost, by)
    if verb == "token":
        count_words(VERBS, verb, args, 1, 3)
        by = ""  # a private's free station names the private last
        if args[1:] and not args[-1].isdigit():
            by = match(args.pop(), privates, N_("private"))
        city = amount(args[1], N_("city"), high=5) if args[1:] else 0
        return Token(actor, args[0].upper(), city, by)
    if verb == "run":
        count_words(VERBS, verb, args, 1, 2)
        how = match(args[1], ["full", "half", "withhold"], N_("payout")) if args[1:] else "full"
        if args[0].lower() == "best":
            return Run(actor, 0, how, best=True)
        return Run(actor, amount(args[0], N_("revenue")), how)
    if verb == "train":
        count_words(VERBS, verb, args, 1, 4)
        name = match(args[0], trains, N_("train"))
        if args[1:2] == ["trade"] and len(args) == 3:
            return BuyTrain(actor, name, trade=match(args[2], trains, N_("train")))
        if args[1:2] == ["from"] and len(args) == 4:
            return BuyTrain(actor, name, seller=company(args[2]), price=amount(args[3]))
        if len(args) > 1:
            raise UsageError(_("train NAME, train NAME trade OLD or train NAME from CO PRICE"))
        return BuyTrain(actor, name)
    if verb == "exchange":
        count_words(VERBS, verb, args, 1, 2)
        source = (
            POOL if args[1:] and match(args[1], ["pool", "ipo"], N_("source")) == "pool" else IPO
        )
        return Exchange(actor, match(args[0], privates, N_("private")), source)
    if verb == "discard":
        count_words(VERBS, verb, args, 2)
        return Discard(actor, company(args[0]), match(args[1], trains, N_("train")))
    count_words(VERBS, verb, args, 2)
    return BuyPrivate(actor, match(args[0], privates, N_("private")), amount(args[1]))
