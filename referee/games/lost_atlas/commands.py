"""The command language of Lost Atlas: words -> moves. No rule is decided here.

Grammar (verb first; names case-insensitive, any unique prefix):
  place N HEX ROT               map building: piece N with its h1 on HEX, turned ROT (0-5)
  capital HEX | capital none    map building: a capital project was drawn
  map N HEX ROT, capital HEX, ...  map building in few lines: the pieces and capitals in the
                                order drawn (a row, or the whole map), checked as place/capital
  charters A,B,C / D,E,F        the charter columns as laid out, top of each column first
                                (the commas may be spaces: a seat taps the names one by one)
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
  lay HEX SIDES... [COLOUR] [TILE]  one track tile on the map, as its track lies: the sides
                                it joins by compass (lay M25 N-S, lay M27 N-SE city, two paths
                                N-S NE-SW); COLOUR or TILE says which when several fit
  HEX SIDES...                  the same without the verb: a move that starts with a hex is a
                                lay (M25 N-S)
  lay HEX TILE ROT              the same by tile number and rotation (e.g. lay M21 57 2)
  lay HEX COLOUR [cost N]       without a map: the colour (yellow, green, purple, grey, bridge)
                                and the terrain cost the company pays
  token HEX [city N] [cost N]   a station token (city N on a hex with two cities)
  routes                        the referee proposes the best routes (with a map)
  run best                      accept the proposed routes
  suburb HEX                    Suburban's suburb token
  run ITEM...                   revenue: one number (the total) or one item per train: a number
                                or the stop values `20+30+40` (`s` = a suburb's +10), either
                                optionally prefixed by the train, `4:20+30+40+70`
  payout | withhold             the dividend step (with the map, before a run: the best
                                routes are run first, as by run best)
  done                          end the turn (in the stock round: a turn with a sale)
  discard TRAIN ...             the trains a company over its limit puts in the pool (■19)
  bankrupt                      the president cannot pay for the forced train (rules ■20)
  propose MINOR | accept | refuse | major NAME | pass   merger round
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from referee.core.engine import Form, UsageError, Verb
from referee.core.grammar import Grammar, Typed
from referee.core.words import amount, match
from referee.eighteen import compass
from referee.eighteen.proposal import Found
from referee.games.lost_atlas import data
from referee.games.lost_atlas.atlas import LAYOUT
from referee.games.lost_atlas.data import INF, POOL, TREASURY
from referee.games.lost_atlas.sections import (
    R_ABILITY,
    R_AUCTION,
    R_BUY,
    R_FORCED,
    R_ISSUE,
    R_MAP,
    R_MERGE,
    R_PASS,
    R_PAY,
    R_RUN,
    R_SELL,
    R_SETUP,
    R_SR,
    R_TOKEN,
    R_TRACK,
    R_TRAIN_LIMIT,
    R_TRAINS,
)
from referee.games.lost_atlas.state import State
from referee.i18n import N_, _, pgettext

COLOUR_WORDS = (*data.COLOURS, "bridge")


colour_name = data.colour_name  # one translation of the colours, kept in data.py


# The colours typed in Japanese, in either language (the rules file's words, as the catalog
# shows them): the move, the log and the save keep the English colour.
COLOUR_ALIASES = {"黄": "yellow", "緑": "green", "紫": "purple", "灰": "grey", "橋": "bridge"}


def colour_aliases() -> dict[str, str]:
    return COLOUR_ALIASES


@dataclass(frozen=True)
class Move:
    """A move with nothing to say beyond its verb. Every verb has a class of its own, so that a
    round finds the handler of a move by its class."""

    actor: str
    verb: ClassVar[str] = ""


class Pass(Move):
    verb = "pass"


class Done(Move):
    verb = "done"


class Issue(Move):
    verb = "issue"


class Redeem(Move):
    verb = "redeem"


@dataclass(frozen=True)
class Searched(Move):
    """A move whose effect may come from the route search: what it found is worked out before
    the move is applied (rules.decide), never by `apply` (the search watches the clock)."""

    found: Found | None = None


class Payout(Searched):
    verb = "payout"


class Withhold(Searched):
    verb = "withhold"


class Bankrupt(Move):
    verb = "bankrupt"


class Accept(Move):
    verb = "accept"


class Refuse(Move):
    verb = "refuse"


class Routes(Searched):
    verb = "routes"


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
    amount: int
    verb: ClassVar[str] = ""


class OpenAuction(Amount):
    verb = "auction"


class Bid(Amount):
    verb = "bid"


@dataclass(frozen=True)
class Named:
    """A move naming a minor or a major (`name`), or a hex (`where`)."""

    actor: str
    name: str = ""
    where: str = ""
    verb: ClassVar[str] = ""


class Pick(Named):
    verb = "pick"


class Propose(Named):
    verb = "propose"


class NameMajor(Named):
    verb = "major"


class Suburb(Named):
    verb = "suburb"


class Capital(Named):
    verb = "capital"


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
    # The track as the table described it (compass sides); the referee finds the tile.
    track: compass.Track = ()


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
class MapLine:
    """Pieces and capital projects in the order drawn, as one move."""

    actor: str
    items: tuple[PlacePiece | Capital, ...]


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
    found: Found | None = None  # the best routes, as `Searched.found`


def hexname(word: str) -> str:
    """A hex coordinate as printed around the drawn map: letters then digits (C4, AA12)."""
    if not is_hexname(word):
        raise UsageError(
            pgettext("lost-atlas", "'{word}' is not a hex name").format(word=word),
            _("letters then a number, e.g. C4"),
        )
    return word.upper()


def is_hexname(word: str) -> bool:
    """Whether `word` is written as a hex is (letters then digits): no verb is."""
    letters = word.rstrip("0123456789")
    return letters.isascii() and letters.isalpha() and len(letters) < len(word)


def train_kind(word: str) -> str:
    w = word.lower().removesuffix("-train")
    if w in ("∞", "infinite", "infinity"):
        w = INF
    return match(w, data.TRAIN_NAMES, N_("train"))


def _keywords(words: Sequence[str], keys: Sequence[str], usage: str) -> dict[str, str]:
    out: dict[str, str] = {}
    it = iter(words)
    for w in it:
        key = match(w, keys, N_("keyword"))
        value = next(it, None)
        if value is None:
            raise UsageError(_("'{key}' needs a value").format(key=key), usage)
        out[key] = value
    return out


def parse_run_item(word: str) -> RunItem:
    train = ""
    if ":" in word:
        head, word = word.split(":", 1)
        train = train_kind(head)
    parts = word.split("+")
    if len(parts) == 1 and parts[0] != "s":
        return RunItem(train, amount(parts[0], N_("revenue"), high=100_000), None)
    values, suburbs = [], 0
    for p in parts:
        if p.lower() == "s":
            suburbs += 1
        else:
            values.append(amount(p, N_("stop value"), high=1000))
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
    | MapLine
    | Discard
    | Run
)


def _keywords_of(t: Typed[State], start: int, keys: Sequence[str]) -> dict[str, str]:
    return _keywords(t.args[start:], keys, t.usage)


def _bare(kind: type[Move]) -> Callable[[Typed[State]], Move]:
    def parse(t: Typed[State]) -> Move:
        t.count(0)
        return kind(t.actor)

    return parse


def _place(t: Typed[State]) -> PlacePiece:
    t.count(3)
    number, hex_, rot = t.args
    return PlacePiece(
        t.actor,
        amount(number, N_("piece number"), low=1, high=28),
        hexname(hex_),
        amount(rot, N_("rotation"), high=5),
    )


def _capital(t: Typed[State]) -> Capital:
    t.count(1)
    where = "" if t.args[0].lower() == "none" else hexname(t.args[0])
    return Capital(t.actor, "", where)


def _map(t: Typed[State]) -> MapLine:
    """`map 25 M21 0, 3 O23 1, capital M23`: each item read as its own place or capital line
    (the commas may be left out: a piece is three words, a capital two)."""
    t.count(1, None)
    words = " ".join(t.args).replace(",", " ").replace(";", " ").split()
    items: list[PlacePiece | Capital] = []
    while words:
        if words[0].lower() == "capital":
            items.append(_capital(t.as_verb("capital", tuple(words[1:2]))))
            words = words[2:]
        else:
            items.append(_place(t.as_verb("place", tuple(words[:3]))))
            words = words[3:]
    return MapLine(t.actor, tuple(items))


def _discard(t: Typed[State]) -> Discard:
    t.count(1, None)
    return Discard(t.actor, tuple(train_kind(a) for a in t.args))


def _charters(t: Typed[State]) -> Charters:
    t.count(1, None)
    names = list(data.minors())
    cols = tuple(
        tuple(match(n, names, N_("minor")) for n in col.replace(",", " ").split())
        for col in " ".join(t.args).split("/")
    )
    if any(not c for c in cols):
        raise UsageError(_("an empty column"), t.usage)
    return Charters(t.actor, cols)


def _destinations(t: Typed[State]) -> Destinations:
    t.count(1, None)
    values = " ".join(t.args).replace("/", " ").split()
    if len(values) != 4:
        raise UsageError(_("the card has four values (yellow, green, purple, grey)"), t.usage)
    return Destinations(t.actor, tuple(amount(v, N_("revenue"), high=1000) for v in values))


def _amount(kind: type[Amount]) -> Callable[[Typed[State]], Amount]:
    def parse(t: Typed[State]) -> Amount:
        t.count(1)
        return kind(t.actor, amount(t.args[0], N_("bid"), low=1, high=100_000))

    return parse


def _pick(t: Typed[State]) -> Pick:
    t.count(1, 2)
    name = match(t.args[0], data.minors(), N_("minor"))
    return Pick(t.actor, name, hexname(t.args[1]) if len(t.args) > 1 else "")


def _propose(t: Typed[State]) -> Propose:
    t.count(1)
    return Propose(t.actor, match(t.args[0], data.minors(), N_("minor")))


def _major(t: Typed[State]) -> NameMajor:
    t.count(1)
    return NameMajor(t.actor, match(t.args[0], data.majors(), N_("major")))


def _suburb(t: Typed[State]) -> Suburb:
    t.count(1)
    return Suburb(t.actor, "", hexname(t.args[0]))


def _sell(t: Typed[State]) -> Sell:
    t.count(1, None)
    items: list[tuple[str, int]] = []
    names = sorted(t.state.companies)
    args = t.args
    i = 0
    while i < len(args):
        co = match(args[i], names, N_("company"))
        n = 1
        if i + 1 < len(args) and args[i + 1].isdigit():
            n = amount(args[i + 1], N_("shares"), low=1, high=10)
            i += 1
        items.append((co, n))
        i += 1
    return Sell(t.actor, tuple(items))


def _buy(t: Typed[State]) -> BuyShare | BuyTrain:
    t.count(1, None)
    if t.state.round == "stock":
        return _buy_share(t)
    return _buy_train(t)


def _buy_share(t: Typed[State]) -> BuyShare:
    co = match(t.args[0], sorted(t.state.companies), N_("company"))
    source = match(t.args[1], (TREASURY, POOL), N_("source")) if len(t.args) > 1 else ""
    return BuyShare(t.actor, co, source)


def _buy_train(t: Typed[State]) -> BuyTrain:
    kind = train_kind(t.args[0])
    rest = t.args[1:]
    source = "deck"
    if rest and POOL.startswith(rest[0].lower()):  # any prefix, as everywhere
        source, rest = POOL, rest[1:]
    if not rest:
        return BuyTrain(t.actor, kind, source)
    kw = _keywords(rest, ("from", "for", "trade"), t.usage)
    if "trade" in kw:
        return BuyTrain(t.actor, kind, source, trade=train_kind(kw["trade"]))
    if "from" in kw and source == "deck":
        seller = match(kw["from"], sorted(t.state.companies), N_("company"))
        if "for" not in kw:
            raise UsageError(_("a train from a company needs the agreed price"), t.usage)
        price = amount(kw["for"], N_("price"), low=0, high=100_000)
        return BuyTrain(t.actor, kind, seller, price)
    raise UsageError(_("say where the train comes from"), t.usage)


def _cost(kw: dict[str, str]) -> int:
    return amount(kw.get("cost", "0"), N_("cost"), high=1000)


def _lay(t: Typed[State]) -> LayTile:
    t.count(2, None)
    tiles = {name.lower(): name for name in data.track_tiles()}
    tile = tiles.get(t.args[1].lower())
    if tile is None and compass.is_sides(t.args[1]):
        return _lay_sides(t, tiles)
    if tile is None:
        return _lay_colour(t)
    t.count(3, None)
    kw = _keywords_of(t, 3, ("cost",))
    return LayTile(
        t.actor,
        hexname(t.args[0]),
        data.tile_colour(tile),
        _cost(kw),
        tile,
        amount(t.args[2], N_("rotation"), high=5),
    )


def _lay_sides(t: Typed[State], tiles: dict[str, str]) -> LayTile:
    """`lay HEX N-SE city [COLOUR] [TILE] [cost N]`: the track as it lies on the map."""
    words = list(t.args[1:])
    cost = 0
    if len(words) >= 2 and words[-2].lower() == "cost":
        cost = amount(words[-1], N_("cost"), high=1000)
        words = words[:-2]
    colour = tile = ""
    while words and not compass.is_sides(words[-1]) and words[-1].lower() not in compass.NODE_WORDS:
        last = words.pop()
        if last.lower() in tiles:
            tile = tiles[last.lower()]
        else:
            colour = match(
                last, data.COLOURS, N_("colour or tile number"), aliases=colour_aliases()
            )
    track = compass.parse_track(words, LAYOUT)
    return LayTile(t.actor, hexname(t.args[0]), colour, cost, tile, 0, track)


def _lay_colour(t: Typed[State]) -> LayTile:
    """Without a map: the colour of the tile and the terrain cost the company pays."""
    kw = _keywords_of(t, 2, ("cost", "tile", "rot"))
    return LayTile(
        t.actor,
        hexname(t.args[0]),
        match(t.args[1], COLOUR_WORDS, N_("colour"), aliases=colour_aliases()),
        _cost(kw),
        kw.get("tile", ""),
        amount(kw.get("rot", "0"), N_("rotation"), high=5),
    )


def _token(t: Typed[State]) -> Token:
    t.count(1, None)
    kw = _keywords_of(t, 1, ("cost", "city"))
    return Token(
        t.actor,
        hexname(t.args[0]),
        _cost(kw),
        amount(kw["city"], N_("city"), high=3) if "city" in kw else -1,
    )


def _run(t: Typed[State]) -> Run:
    t.count(1, None)
    if t.args[0].lower() == "best":
        if len(t.args) > 1:
            raise UsageError(_("run best takes nothing more"), t.usage)
        return Run(t.actor, (), best=True)
    items = tuple(parse_run_item(a) for a in t.args)
    total_only = len(items) == 1 and items[0].stops is None and not items[0].train
    return Run(t.actor, items, total_only)


# The grammar: each verb, its help line and the one parser that reads its words.
GRAMMAR: Grammar[State] = Grammar(
    (
        Verb(
            "place",
            "place N HEX ROT",
            N_("map building: a piece with its h1 on HEX, turned ROT"),
            (Form("place 9 M21 0"),),
            R_MAP,
        ),
        _place,
    ),
    (
        Verb(
            "capital",
            "capital HEX | capital none",
            N_("map building: a capital project drawn"),
            (
                Form("capital L16", N_("the hex of the project drawn")),
                Form("capital none", N_("no project drawn")),
            ),
            R_MAP,
        ),
        _capital,
    ),
    (
        Verb(
            "map",
            "map N HEX ROT, capital HEX, ...",
            N_("map building: several pieces and capitals at once, in the order drawn"),
            (Form("map 9 M21 0, 1 K21 5, 12 M19 5"),),
            R_MAP,
        ),
        _map,
    ),
    (
        Verb(
            "charters",
            "charters A,B,C / D,E,F",
            N_("lay out the charter columns (top first)"),
            (
                Form("charters Expansive,Eastern / Express,Suburban"),
                Form(
                    "charters Expansive Eastern / Express Suburban",
                    N_("name by name, as a seat taps them"),
                ),
            ),
            R_SETUP,
        ),
        _charters,
    ),
    (
        Verb(
            "destinations",
            "destinations Y/G/P/G",
            N_("the distant-destination card chosen"),
            (Form("destinations 30/40/70/100"),),
            R_SETUP,
        ),
        _destinations,
    ),
    (
        Verb(
            "auction",
            "auction AMOUNT",
            N_("open an auction for a minor (at least 120)"),
            (Form("auction 120"),),
            R_AUCTION,
        ),
        _amount(OpenAuction),
    ),
    (
        Verb(
            "bid", "bid AMOUNT", N_("raise the auction (steps of 5)"), (Form("bid 125"),), R_AUCTION
        ),
        _amount(Bid),
    ),
    (
        Verb(
            "pick",
            "pick MINOR [HEX]",
            N_("the auction winner takes a minor on top of a column"),
            (
                Form("pick Eastern", N_("the minor on top of a column")),
                Form("pick Eastern M23", N_("and its home hex, where it has a choice")),
            ),
            R_AUCTION,
        ),
        _pick,
    ),
    (
        Verb(
            "sell",
            "sell CO [N] [CO [N] ...]",
            N_("sell shares (first, once per stock round)"),
            (
                Form("sell Expansive", N_("one share")),
                Form("sell Expansive 2", N_("so many shares of a company")),
            ),
            R_SELL,
        ),
        _sell,
    ),
    (
        Verb(
            "buy",
            "buy CO [pool] | buy TRAIN [pool] [trade T] | buy TRAIN from CO for N",
            N_("a share or a train"),
            (
                Form("buy Eastern", N_("a share from the treasury"), R_BUY),
                Form("buy Eastern pool", N_("a share from the pool"), R_BUY),
                Form("buy 3", N_("a train from the bank")),
                Form(
                    "buy 2 from Eastern for 1",
                    N_("a train from another company, at a price agreed"),
                ),
            ),
            R_TRAINS,
        ),
        _buy,
    ),
    (
        Verb(
            "issue",
            "issue",
            N_("the company sells one share to the pool (price -1)"),
            (Form("issue"),),
            R_ISSUE,
        ),
        _bare(Issue),
    ),
    (
        Verb(
            "redeem",
            "redeem",
            N_("the company buys one share back from the pool"),
            (Form("redeem"),),
            R_ISSUE,
        ),
        _bare(Redeem),
    ),
    (
        Verb(
            "lay",
            "lay HEX SIDES [city] [COLOUR] [TILE] | lay HEX TILE ROT | lay HEX COLOUR [cost N]",
            N_("lay or upgrade one track tile (lay M25 N-S, lay M27 N-SE city; or M25 N-S)"),
            (
                Form("lay K17 NE-NW", N_("track by the sides it joins")),
                Form("lay M27 N-SE city", N_("a tile with a city")),
                Form("lay K17 9 1", N_("with the map: the tile and its rotation")),
                Form("lay K17 yellow", N_("without the sides: its colour")),
                Form("lay K17 yellow cost 40", N_("and the terrain cost paid")),
            ),
            R_TRACK,
        ),
        _lay,
    ),
    (
        Verb(
            "token",
            "token HEX [city N] [cost N]",
            N_("place a station token"),
            (
                Form("token K17"),
                Form("token K17 city 2 cost 40", N_("at one city of the tile, at a price")),
            ),
            R_TOKEN,
        ),
        _token,
    ),
    (
        Verb(
            "routes",
            "routes",
            N_("the best routes of the operating company (needs the map)"),
            (Form("routes"),),
            R_RUN,
        ),
        _bare(Routes),
    ),
    (
        Verb(
            "suburb",
            "suburb HEX",
            N_("Suburban places a suburb token"),
            (Form("suburb C3"),),
            R_ABILITY,
        ),
        _suburb,
    ),
    (
        Verb(
            "run",
            "run best | run N | run ITEM ... (20+30+40, 4:20+30)",
            N_("the trains' revenue"),
            (
                Form("run best", N_("with the map: the best routes")),
                Form("run 40", N_("the revenue in all")),
                Form("run 20+30+40", N_("each stop of a route")),
                Form("run 2:60 3:100", N_("each train's revenue")),
            ),
            R_RUN,
        ),
        _run,
    ),
    (
        Verb(
            "discard",
            "discard TRAIN ...",
            N_("trains over the limit to the pool (■19)"),
            (Form("discard 2"),),
            R_TRAIN_LIMIT,
        ),
        _discard,
    ),
    (
        Verb(
            "payout",
            "payout",
            N_("pay the revenue to the shareholders (with the map: runs best)"),
            (Form("payout"),),
            R_PAY,
        ),
        _bare(Payout),
    ),
    (
        Verb(
            "withhold",
            "withhold",
            N_("the company keeps the revenue (price -1; map: runs best)"),
            (Form("withhold"),),
            R_PAY,
        ),
        _bare(Withhold),
    ),
    (Verb("done", "done", N_("end this turn"), (Form("done"),), R_PASS), _bare(Done)),
    (
        Verb(
            "pass",
            "pass",
            N_("pass (stock round, auction, merger round)"),
            (
                Form("pass", N_("in the stock round or an auction")),
                Form("pass", N_("in the merger round: no proposal"), R_MERGE),
            ),
            R_SR,
        ),
        _bare(Pass),
    ),
    (
        Verb(
            "bankrupt",
            "bankrupt",
            N_("the president cannot raise the money for the forced train"),
            (Form("bankrupt"),),
            R_FORCED,
        ),
        _bare(Bankrupt),
    ),
    (
        Verb(
            "propose",
            "propose MINOR",
            N_("propose a merger with another minor"),
            (Form("propose Express"),),
            R_MERGE,
        ),
        _propose,
    ),
    (
        Verb(
            "accept",
            "accept",
            N_("accept the merger proposed to your minor"),
            (Form("accept"),),
            R_MERGE,
        ),
        _bare(Accept),
    ),
    (
        Verb(
            "refuse",
            "refuse",
            N_("refuse the merger proposed to your minor"),
            (Form("refuse"),),
            R_MERGE,
        ),
        _bare(Refuse),
    ),
    (
        Verb(
            "major",
            "major NAME",
            N_("the new president names the major"),
            (Form("major Conglomerate"),),
            R_MERGE,
        ),
        _major,
    ),
)
VERBS = GRAMMAR.verbs


def said_now(state: State, text: str) -> str:
    """A move of an older save as this version says it: `done` was once a pass at the start of
    a stock turn and in the merger round; it is `pass` there now (the verb after `as NAME` and
    `force`, any prefix of done that named it alone)."""
    words = text.split()
    i = 0
    while i < len(words) and words[i].lower() in ("as", "force"):
        i += 2 if words[i].lower() == "as" else 1
    if i >= len(words) or len(words[i]) < 2 or not "done".startswith(words[i].lower()):
        return text
    sr, mr = state.sr, state.mr
    stock_turn = state.round == "stock" and sr is not None and not sr.auction and not sr.sold_turn
    merger_turn = state.round == "merger" and mr is not None and not mr.proposal and not mr.naming
    if state.discard or not (stock_turn or merger_turn):
        return text
    return " ".join([*words[:i], "pass", *words[i + 1 :]])


def parse(state: State, actor: str, words: Sequence[str]) -> AnyMove:
    if is_hexname(words[0]):  # `K17 NE-SW`: a move that starts with a hex lays track there
        words = ("lay", *words)
    move: AnyMove = GRAMMAR.parse(state, actor, words)
    return move
