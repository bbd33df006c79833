"""The command language of Lost Atlas: words -> moves. No rule is decided here.

Grammar (verb first; names case-insensitive, any unique prefix):
  place N HEX ROT               map building: piece N with its h1 on HEX, turned ROT (0-5)
  capital HEX | capital none    map building: a capital project was drawn
  charters A,B,C / D,E,F        the charter columns as laid out, top of each column first
  destinations 30/40/70/100     the chosen distant-destination card (yellow/green/purple/grey)
  auction AMOUNT                open an auction of a minor with a first bid (stock round)
  bid AMOUNT | pass             in an auction
  pick MINOR [HEX]              the winner takes a minor (Adaptive names its home hex)
  sell CO [N] [CO [N]...]       sell shares (stock round; in a forced train purchase too)
  buy CO [treasury|pool]        buy one share (stock round)
  buy TRAIN [pool]              buy a train from the deck (or the pool) (operating round)
  buy TRAIN from CO for N       buy a train from another company at an agreed price
  buy inf [pool] trade TRAIN    the ∞ for 800, handing in a train
  issue | redeem                one share to / from the pool
  lay HEX TILE ROT              one track tile on the map (e.g. lay M21 57 2)
  lay HEX COLOUR [cost N]       without a map: the colour (yellow, green, purple, grey, bridge)
                                and the terrain cost the company pays
  token HEX [city N] [cost N]   a station token (city N on a hex with two cities)
  routes                        the referee proposes the best routes (with a map)
  run best                      accept the proposed routes
  suburb HEX                    Suburban's suburb token
  run ITEM...                   revenue: one number (the total) or one item per train: a number
                                or the stop values `20+30+40` (`s` = a suburb's +10), either
                                optionally prefixed by the train, `4:20+30+40+70`
  payout | withhold             the dividend step
  done                          end the turn
  discard TRAIN ...             the trains a company over its limit puts in the pool (■19)
  bankrupt                      the president cannot pay for the forced train (rules ■20)
  propose MINOR | accept | refuse | major NAME | pass   merger round
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from referee.engine import UsageError, Verb
from referee.games.lost_atlas import data
from referee.games.lost_atlas.data import INF, POOL, TREASURY
from referee.games.lost_atlas.state import State
from referee.words import amount, match

VERBS = (
    Verb("place", "place N HEX ROT", "map building: a piece with its h1 on HEX, turned ROT"),
    Verb("capital", "capital HEX | capital none", "map building: a capital project drawn"),
    Verb("charters", "charters A,B,C / D,E,F", "lay out the charter columns (top first)"),
    Verb("destinations", "destinations Y/G/P/G", "the distant-destination card chosen"),
    Verb("auction", "auction AMOUNT", "open an auction for a minor (at least 120)"),
    Verb("bid", "bid AMOUNT", "raise the auction (steps of 5)"),
    Verb("pick", "pick MINOR [HEX]", "the auction winner takes a minor on top of a column"),
    Verb("sell", "sell CO [N] [CO [N] ...]", "sell shares (first, once per stock round)"),
    Verb(
        "buy",
        "buy CO [pool] | buy TRAIN [pool] [trade T] | buy TRAIN from CO for N",
        "a share or a train",
    ),
    Verb("issue", "issue", "the company sells one share to the pool (price -1)"),
    Verb("redeem", "redeem", "the company buys one share back from the pool"),
    Verb("lay", "lay HEX TILE ROT | lay HEX COLOUR [cost N]", "lay or upgrade one track tile"),
    Verb("token", "token HEX [city N] [cost N]", "place a station token"),
    Verb("routes", "routes", "the best routes of the operating company (needs the map)"),
    Verb("suburb", "suburb HEX", "Suburban places a suburb token"),
    Verb("run", "run best | run N | run ITEM ... (20+30+40, 4:20+30)", "the trains' revenue"),
    Verb("discard", "discard TRAIN ...", "trains over the limit to the pool (■19)"),
    Verb("payout", "payout", "pay the revenue to the shareholders"),
    Verb("withhold", "withhold", "the company keeps the revenue (price -1)"),
    Verb("done", "done", "end this turn"),
    Verb("pass", "pass", "pass (stock round, auction, merger round)"),
    Verb("bankrupt", "bankrupt", "the president cannot raise the money for the forced train"),
    Verb("propose", "propose MINOR", "propose a merger with another minor"),
    Verb("accept", "accept", "accept the merger proposed to your minor"),
    Verb("refuse", "refuse", "refuse the merger proposed to your minor"),
    Verb("major", "major NAME", "the new president names the major"),
)
VERB_NAMES = tuple(v.name for v in VERBS)
COLOUR_WORDS = (*data.COLOURS, "bridge")


@dataclass(frozen=True)
class Move:
    """A move with no arguments beyond its verb (pass, done, issue, payout, ...)."""

    actor: str
    verb: str


@dataclass(frozen=True)
class Charters:
    actor: str
    columns: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Destinations:
    actor: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class Amount:
    actor: str
    verb: str  # auction, bid
    amount: int


@dataclass(frozen=True)
class Named:
    actor: str
    verb: str  # pick, propose, major, suburb
    name: str
    where: str = ""


@dataclass(frozen=True)
class Sell:
    actor: str
    items: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class BuyShare:
    actor: str
    company: str
    source: str  # "" (treasury if it has one, else pool), TREASURY, POOL


@dataclass(frozen=True)
class BuyTrain:
    actor: str
    kind: str
    source: str = "deck"  # deck, pool, or a company's name
    price: int | None = None  # agreed price when bought from a company
    trade: str = ""  # the train handed in for the ∞


@dataclass(frozen=True)
class LayTile:
    actor: str
    hex: str
    colour: str
    cost: int = 0
    tile: str = ""
    rot: int = 0


@dataclass(frozen=True)
class Token:
    actor: str
    hex: str
    cost: int = 0
    city: int = -1  # -1: the city on the hex with a free spot


@dataclass(frozen=True)
class PlacePiece:
    actor: str
    number: int
    hex: str
    rot: int


@dataclass(frozen=True)
class Discard:
    actor: str
    kinds: tuple[str, ...]


@dataclass(frozen=True)
class RunItem:
    train: str  # "" = the next train in order
    revenue: int
    stops: int | None  # stops counted when stop values were typed
    suburbs: int = 0


@dataclass(frozen=True)
class Run:
    actor: str
    items: tuple[RunItem, ...] = field(default_factory=tuple)
    total_only: bool = False
    best: bool = False  # `run best`: the referee's proposed routes


def hexname(word: str) -> str:
    """A hex coordinate as printed around the drawn map: letters then digits (C4, AA12)."""
    w = word.upper()
    letters = w.rstrip("0123456789")
    digits = w[len(letters) :]
    if not letters.isalpha() or not digits:
        raise UsageError(f"'{word}' is not a hex name", "letters then a number, e.g. C4")
    return w


def train_kind(word: str) -> str:
    w = word.lower().removesuffix("-train")
    if w in ("∞", "infinite", "infinity"):
        w = INF
    return match(w, data.TRAIN_NAMES, "train")


def _keywords(words: Sequence[str], keys: Sequence[str], usage: str) -> dict[str, str]:
    out: dict[str, str] = {}
    it = iter(words)
    for w in it:
        key = match(w, keys, "keyword")
        value = next(it, None)
        if value is None:
            raise UsageError(f"'{key}' needs a value", usage)
        out[key] = value
    return out


def parse_run_item(word: str) -> RunItem:
    train = ""
    if ":" in word:
        head, word = word.split(":", 1)
        train = train_kind(head)
    parts = word.split("+")
    if len(parts) == 1 and parts[0] != "s":
        return RunItem(train, amount(parts[0], "revenue", high=100_000), None)
    values, suburbs = [], 0
    for p in parts:
        if p.lower() == "s":
            suburbs += 1
        else:
            values.append(amount(p, "stop value", high=1000))
    revenue = sum(values) + suburbs * data.table()["tokens"]["suburb_bonus"]
    return RunItem(train, revenue, len(values), suburbs)


AnyMove = (
    Move
    | Charters
    | Destinations
    | Amount
    | Named
    | Sell
    | BuyShare
    | BuyTrain
    | LayTile
    | Token
    | PlacePiece
    | Discard
    | Run
)


def parse(state: State, actor: str, words: Sequence[str]) -> AnyMove:
    verb = match(words[0], VERB_NAMES, "verb")
    args = list(words[1:])
    usage = next(v.usage for v in VERBS if v.name == verb)

    def need(n: int) -> None:
        if len(args) < n:
            raise UsageError(f"{verb} needs more words", usage)

    if verb in (
        "pass",
        "done",
        "issue",
        "redeem",
        "payout",
        "withhold",
        "bankrupt",
        "accept",
        "refuse",
        "routes",
    ):
        if args:
            raise UsageError(f"{verb} takes no arguments", usage)
        return Move(actor, verb)
    if verb == "place":
        need(3)
        if len(args) > 3:
            raise UsageError("place takes a piece number, a hex and a rotation", usage)
        return PlacePiece(
            actor,
            amount(args[0], "piece number", low=1, high=28),
            hexname(args[1]),
            amount(args[2], "rotation", high=5),
        )
    if verb == "capital":
        need(1)
        where = "" if args[0].lower() == "none" else hexname(args[0])
        return Named(actor, verb, "", where)
    if verb == "discard":
        need(1)
        return Discard(actor, tuple(train_kind(a) for a in args))
    if verb == "charters":
        need(1)
        text = " ".join(args)
        names = list(data.minors())
        cols = tuple(
            tuple(match(n, names, "minor") for n in col.replace(",", " ").split())
            for col in text.split("/")
        )
        if any(not c for c in cols):
            raise UsageError("an empty column", usage)
        return Charters(actor, cols)
    if verb == "destinations":
        need(1)
        values = " ".join(args).replace("/", " ").split()
        if len(values) != 4:
            raise UsageError("the card has four values (yellow, green, purple, grey)", usage)
        return Destinations(actor, tuple(amount(v, "revenue", high=1000) for v in values))
    if verb in ("auction", "bid"):
        need(1)
        return Amount(actor, verb, amount(args[0], "bid", low=1, high=100_000))
    if verb in ("pick", "propose"):
        need(1)
        choices = list(data.minors())
        name = match(args[0], choices, "minor")
        where = hexname(args[1]) if verb == "pick" and len(args) > 1 else ""
        return Named(actor, verb, name, where)
    if verb == "major":
        need(1)
        return Named(actor, verb, match(args[0], data.majors(), "major"))
    if verb == "suburb":
        need(1)
        return Named(actor, verb, "", hexname(args[0]))
    if verb == "sell":
        need(1)
        items: list[tuple[str, int]] = []
        names = sorted(state.companies)
        i = 0
        while i < len(args):
            co = match(args[i], names, "company")
            n = 1
            if i + 1 < len(args) and args[i + 1].isdigit():
                n = amount(args[i + 1], "shares", low=1, high=10)
                i += 1
            items.append((co, n))
            i += 1
        return Sell(actor, tuple(items))
    if verb == "buy":
        need(1)
        if state.round == "stock":
            co = match(args[0], sorted(state.companies), "company")
            source = match(args[1], (TREASURY, POOL), "source") if len(args) > 1 else ""
            return BuyShare(actor, co, source)
        kind = train_kind(args[0])
        rest = args[1:]
        if not rest:
            return BuyTrain(actor, kind)
        source = "deck"
        if POOL.startswith(rest[0].lower()):  # any prefix, as everywhere
            source, rest = POOL, rest[1:]
            if not rest:
                return BuyTrain(actor, kind, POOL)
        kw = _keywords(rest, ("from", "for", "trade"), usage)
        if "trade" in kw:
            return BuyTrain(actor, kind, source, trade=train_kind(kw["trade"]))
        if "from" in kw and source == "deck":
            seller = match(kw["from"], sorted(state.companies), "company")
            if "for" not in kw:
                raise UsageError("a train from a company needs the agreed price", usage)
            return BuyTrain(actor, kind, seller, amount(kw["for"], "price", low=0, high=100_000))
        raise UsageError("say where the train comes from", usage)
    if verb == "lay":
        need(2)
        tiles = {t.lower(): t for t in data.track_tiles()}
        if args[1].lower() in tiles:
            need(3)
            kw = _keywords(args[3:], ("cost",), usage)
            tile = tiles[args[1].lower()]
            return LayTile(
                actor,
                hexname(args[0]),
                data.tile_colour(tile),
                amount(kw.get("cost", "0"), "cost", high=1000),
                tile,
                amount(args[2], "rotation", high=5),
            )
        kw = _keywords(args[2:], ("cost", "tile", "rot"), usage)
        return LayTile(
            actor,
            hexname(args[0]),
            match(args[1], COLOUR_WORDS, "colour"),
            amount(kw.get("cost", "0"), "cost", high=1000),
            kw.get("tile", ""),
            amount(kw.get("rot", "0"), "rotation", high=5),
        )
    if verb == "token":
        need(1)
        kw = _keywords(args[1:], ("cost", "city"), usage)
        return Token(
            actor,
            hexname(args[0]),
            amount(kw.get("cost", "0"), "cost", high=1000),
            amount(kw["city"], "city", high=3) if "city" in kw else -1,
        )
    if verb == "run":
        need(1)
        if args[0].lower() == "best":
            if len(args) > 1:
                raise UsageError("run best takes nothing more", usage)
            return Run(actor, (), best=True)
        run_items = tuple(parse_run_item(a) for a in args)
        total_only = len(run_items) == 1 and run_items[0].stops is None and not run_items[0].train
        return Run(actor, run_items, total_only)
    raise UsageError(f"unknown verb '{verb}'", ", ".join(VERB_NAMES))  # pragma: no cover
