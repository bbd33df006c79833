"""The command language of Railroad Rivals: verbs, moves, and parsing typed words into moves."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NoReturn

from referee.core.engine import Form, Incomplete, UsageError, Verb
from referee.core.grammar import Grammar, Typed
from referee.core.rules_kit import count_words, usage_of
from referee.core.words import amount, match
from referee.i18n import N_, _, ngettext, pgettext

from .board import check_city_name, check_railroad_name, parse_pos
from .names import city_aliases, cube, cube_aliases
from .sections import R_BID, R_DELIVER, R_DRAFT, R_HOTEL, R_PLACE, R_SETUP, R_TOWER
from .state import COLOURS, CUBES, MAX_RAILROADS, START_CITIES, START_CUBES, Pos, State


@dataclass(frozen=True)
class Start:
    actor: str
    name: str
    edges: tuple[str, str, str, str]
    cargo: int


@dataclass(frozen=True)
class Draw:
    actor: str
    colours: tuple[str, ...]


@dataclass(frozen=True)
class Order:
    actor: str
    order: tuple[str, ...]


@dataclass(frozen=True)
class Reveal:
    actor: str
    cities: tuple[str, ...]
    stocks: tuple[str, ...]


@dataclass(frozen=True)
class Bid:
    actor: str
    points: int


@dataclass(frozen=True)
class Pass:
    actor: str


@dataclass(frozen=True)
class Take:
    actor: str
    tile: str
    kind: str  # "city" or "stock"


@dataclass(frozen=True)
class Place:
    actor: str
    name: str
    pos: Pos | None  # None: where its railroads match, if that is one square only
    edges: tuple[str, str, str, str]
    cargo: int
    blank: bool  # the player confirms none of their tiles can be placed matching a railroad


@dataclass(frozen=True)
class Deliver:
    actor: str
    colour: str
    path: tuple[str, ...]  # from[, to[, then]]: cities (to left out: FROM's one link)


@dataclass(frozen=True)
class Hotel:
    actor: str
    city: str


@dataclass(frozen=True)
class Tower:
    actor: str
    city: str


Move = Start | Draw | Order | Reveal | Bid | Pass | Take | Place | Deliver | Hotel | Tower


class Railroads:
    """Resolves typed initials to railroads, learning new ones up to the game's twelve."""

    def __init__(self, state: State) -> None:
        self.known = list(state.railroads)
        self.fixed = state.railroads_fixed

    def resolve(self, word: str) -> str:
        low = word.lower()
        for name in self.known:
            if name.lower() == low:
                return name
        if self.fixed or len(self.known) >= MAX_RAILROADS:
            try:
                return match(word, self.known, N_("railroad"))
            except UsageError:
                nearest = difflib.get_close_matches(word.upper(), self.known, n=1, cutoff=0)
                why = (
                    _("all 12 railroads are known") if not self.fixed else _("the board lists them")
                )
                said = _("'{word}' is not a railroad of this game ({why})").format(
                    word=word, why=why
                )
                if nearest:
                    said += _("; did you mean {name}?").format(name=nearest[0])
                raise UsageError(said, ", ".join(self.known)) from None
        name = check_railroad_name(word).upper()
        self.known.append(name)
        return name


def city_name(state: State, word: str) -> str:
    """A city tile's name as typed, spelt as the box's list spells it where the board data
    gives one (whether the box holds it is a rule: turns.on_reveal, placement.on_place)."""
    name = check_city_name(word)
    return next((c for c in state.city_names if c.lower() == name.lower()), name)


def edges_of(words: Sequence[str], roads: Railroads) -> tuple[str, str, str, str]:
    if len(words) == 1:
        words = split_edges(words[0], roads.known)
    n, e, s, w = (("" if x == "-" else roads.resolve(x)) for x in words)
    return n, e, s, w


def split_edges(word: str, known: Sequence[str]) -> tuple[str, ...]:
    """`-SF-SF` -> `- SF - SF`: the four edges in one word, each a `-` or a railroad already
    known (a name has no `-`); refused unless it splits into four edges one way only."""
    names = sorted({"-", *known}, key=len, reverse=True)
    low = word.lower()

    def ways(at: int) -> list[tuple[str, ...]]:
        if at == len(low):
            return [()]
        found = []
        for name in names:
            if low.startswith(name.lower(), at):
                found += [(name, *rest) for rest in ways(at + len(name)) if len(rest) < 4]
        return found

    four = [w for w in ways(0) if len(w) == 4]
    if len(four) != 1:
        said = (
            _("'{word}' splits more than one way of '-' and the railroads known ({known})")
            if four
            else _("'{word}' is not four edges of '-' and the railroads known ({known})")
        )
        raise UsageError(
            said.format(word=word, known=", ".join(known) or _("none yet")),
            _("type the edges apart: N E S W, e.g. - SF - SF"),
        )
    return four[0]


def _read_start(t: Typed[State]) -> Start:
    args = t.args
    if len(args) == 5:
        _no_cargo(args[0], t.usage)
    t.count(6 if len(args) != 3 else 3, 6)
    name = match(args[0], START_CITIES, N_("start city"), aliases=city_aliases(START_CITIES))
    edges = edges_of(args[1:-1], Railroads(t.state))
    return Start(t.actor, name, edges, amount(args[-1], N_("cargo"), low=0, high=10))


def _read_draw(t: Typed[State]) -> Draw:
    return Draw(t.actor, _drawn(t.state, list(t.args)))


def _read_order(t: Typed[State]) -> Order:
    t.count(1, None)
    return Order(t.actor, tuple(match(w, t.state.players, N_("player")) for w in t.args))


def _read_reveal(t: Typed[State]) -> Reveal:
    return parse_reveal(t.state, t.actor, list(t.args))


def _read_bid(t: Typed[State]) -> Bid:
    t.count(1, 1)
    return Bid(t.actor, amount(t.args[0], pgettext("railroad-rivals", "bid"), low=1, high=999))


def _read_pass(t: Typed[State]) -> Pass:
    t.count(0, 0)
    return Pass(t.actor)


def _read_take(t: Typed[State]) -> Take:
    t.count(1, 1)
    state = t.state
    display = {**{c: "city" for c in state.display_cities}}
    display.update({s: "stock" for s in state.display_stocks})
    if not display:
        raise UsageError(_("no tile is on display to take"))
    tile = match(t.args[0], display, N_("revealed tile"))
    return Take(t.actor, tile, display[tile])


def _read_place(t: Typed[State]) -> Place:
    return _place(t.state, t.actor, list(t.args), t.usage)


def _read_deliver(t: Typed[State]) -> Deliver:
    return _deliver(t.state, t.actor, list(t.args))


def _read_hotel(t: Typed[State]) -> Hotel:
    t.count(1, 1)
    return Hotel(t.actor, _city(t.state, t.args[0]))


def _read_tower(t: Typed[State]) -> Tower:
    t.count(1, 1)
    return Tower(t.actor, _city(t.state, t.args[0]))


# The grammar: each verb, its help and the one parser that reads its words.
GRAMMAR: Grammar[State] = Grammar(
    (
        Verb(
            "start",
            "start CITY N E S W CARGO",
            N_(
                "the start city drawn (edges: initials or -; known railroads may run together:"
                " -SF-SF)"
            ),
            (Form("start Chicago PRR B&O - NYC 2"),),
            R_SETUP,
        ),
        _read_start,
    ),
    (
        Verb(
            "draw",
            "draw COLOUR ... | draw WGC",
            N_("the cubes drawn from the bag for a city, or their initials in one word (draw wwg)"),
            (
                Form("draw wood", N_("the cubes by colour")),
                Form("draw wwg", N_("their initials in one word")),
            ),
            R_PLACE,
        ),
        _read_draw,
    ),
    (
        Verb(
            "order",
            "order NAME NAME ...",
            N_("the first turn order, as the character cards fell (the last name may be left out)"),
            (Form("order A B"),),
            R_SETUP,
        ),
        _read_order,
    ),
    (
        Verb(
            "reveal",
            "reveal [city] NAME ... stock RR ...",
            N_("the city and stock tiles turned up (the names before 'stock' are cities)"),
            (
                Form("reveal Denver Omaha stock PRR B&O", N_("cities, then stock tiles")),
                Form("reveal city Tulsa Reno stock PRR B&O", N_("the same, saying 'city'")),
                Form("reveal stock B&O UP PRR NYC", N_("stock tiles only")),
            ),
            R_BID,
        ),
        _read_reveal,
    ),
    (
        Verb(
            "bid",
            "bid POINTS",
            N_("bid victory points to go first this turn"),
            (Form("bid 1"),),
            R_BID,
        ),
        _read_bid,
    ),
    (
        Verb(
            "pass",
            "pass",
            N_("pass the bid, or place no city, or deliver nothing"),
            (Form("pass"),),
            R_BID,
        ),
        _read_pass,
    ),
    (
        Verb(
            "take",
            "take TILE",
            N_("draft a revealed city (by name) or stock tile (by railroad)"),
            (
                Form("take Denver", N_("a city tile, by name")),
                Form("take PRR", N_("a stock tile, by railroad")),
            ),
            R_DRAFT,
        ),
        _read_take,
    ),
    (
        Verb(
            "place",
            "place CITY [X,Y] N E S W CARGO [blank]",
            N_(
                "place a city tile; X,Y may be left out where its railroads match at one square "
                "only; the edges of known railroads may run together (-SF-SF); "
                "'blank' = none of your tiles can match a railroad (X,Y needed)"
            ),
            (
                Form("place Denver 1,0 - UP - B&O 2", N_("at a square, each edge a word")),
                Form("place Omaha --PRR- 2", N_("where it matches at one square only")),
                Form("place Boise 0,1 - - - - 1 blank", N_("no tile of yours can match")),
            ),
            R_PLACE,
        ),
        _read_place,
    ),
    (
        Verb(
            "deliver",
            "deliver [COLOUR] FROM [TO [THEN]]",
            N_(
                "deliver a cube along the link FROM-TO (the colour may be left out when FROM holds "
                "one, TO when FROM has one link)"
            ),
            (
                Form("deliver wood Chicago Denver", N_("a cube of that colour along one link")),
                Form("deliver Chicago Omaha", N_("FROM holds one colour")),
                Form("deliver Reno", N_("FROM holds one colour and has one link")),
                Form("deliver Tulsa Cincinnati Denver", N_("on along a second link")),
            ),
            R_DELIVER,
        ),
        _read_deliver,
    ),
    (
        Verb(
            "hotel",
            "hotel CITY",
            N_("place your hotel (before your delivery)"),
            (Form("hotel Cincinnati"),),
            R_HOTEL,
        ),
        _read_hotel,
    ),
    (
        Verb(
            "tower",
            "tower CITY",
            N_("place your water tower (before your delivery)"),
            (Form("tower Cincinnati"),),
            R_TOWER,
        ),
        _read_tower,
    ),
)
VERBS = GRAMMAR.verbs


def parse(state: State, actor: str, words: Sequence[str]) -> Move:
    move: Move = GRAMMAR.parse(state, actor, words)
    return move


def _place(state: State, actor: str, args: list[str], usage: str) -> Place:
    """NAME [X,Y] N E S W CARGO [blank], the edges also in one word (`-SF-SF`). Without X,Y
    the tile goes where its railroads match (placement.on_place); `blank` needs X,Y."""
    blank = bool(args) and args[-1].lower() == "blank"
    words = args[:-1] if blank else args
    if len(words) == 6 and _square(words[1]):
        _no_cargo(words[0], usage)
    if len(words) not in ((4, 7) if blank else (3, 4, 6, 7)):
        raise UsageError(_("place takes 3 to 8 words, not {n}").format(n=len(args)), usage)
    at = len(words) in (4, 7)
    if at and not any(c.isdigit() for c in words[1]):
        raise UsageError(_("'{word}' is not a square X,Y").format(word=words[1]), usage)
    edges = edges_of(words[2 if at else 1 : -1], Railroads(state))
    cargo = amount(words[-1], N_("cargo"), low=0, high=10)
    name = city_name(state, words[0])
    # A tile drafted in view keeps the name it was revealed under, however it is typed.
    name = next((c for c in state.known.get(actor, ()) if c.lower() == name.lower()), name)
    return Place(actor, name, parse_pos(words[1]) if at else None, edges, cargo, blank)


def _square(word: str) -> bool:
    """Whether a word is a square X,Y (never a railroad's initials: they hold no comma)."""
    try:
        parse_pos(word)
    except UsageError:
        return False
    return True


def _no_cargo(city: str, usage: str) -> NoReturn:
    """A tile typed up to its four edges: its cargo, a number no list holds, is still to come
    (`Incomplete`: a seat taps the edges, then the number)."""
    said = _("{city} needs its cargo after the four edges: the number in its corners")
    raise Incomplete(said.format(city=city), usage)


def _deliver(state: State, actor: str, args: list[str]) -> Deliver:
    """`deliver wood Tulsa Omaha [Reno]`, or without the colour when the city it leaves holds
    cubes of one colour only: `deliver Tulsa Omaha`. A first word naming a colour is one.
    Without TO, the one link of FROM (delivery.on_deliver)."""
    try:
        colour = _colour(state, args[0]) if args else ""
    except UsageError:
        colour = ""
    count_words(VERBS, "deliver", args, 2 if colour else 1, 4 if colour else 3)
    path = tuple(_city(state, w) for w in args[1 if colour else 0 :])
    if not colour:
        cubes = state.cities[path[0]].cubes
        held = [c for c, n in zip(state.colours(), cubes, strict=False) if n]
        if len(held) != 1:
            said = (
                _("{city} holds {colours} cubes: name the colour").format(
                    city=path[0], colours=_(" and ").join(cube(c) for c in held)
                )
                if held
                else _("{city} holds no cubes: name the colour").format(city=path[0])
            )
            raise UsageError(said, f"deliver COLOUR {' '.join(path)}")
        colour = held[0]
    return Deliver(actor, colour, path)


# The cubes in one word, a letter each (`draw wwg`): the colours' initials are all different
# and no colour's second letter is an initial, so two letters or more never name a colour.
INITIALS = {c[0]: c for c in COLOURS}
assert len(INITIALS) == len(COLOURS)


def _drawn(state: State, words: list[str]) -> tuple[str, ...]:
    """The cubes drawn for the city waiting for them; fewer than it takes: words missing
    (`Incomplete`: the cubes are drawn from the bag, no list can offer them)."""
    colours = _colours(state, words)
    if state.phase in (START_CUBES, CUBES) and len(colours) < state.pending_cubes:
        said = ngettext(
            "{city} takes {n} cube, not {drawn}",
            "{city} takes {n} cubes, not {drawn}",
            state.pending_cubes,
        )
        raise Incomplete(
            said.format(city=state.pending_city, n=state.pending_cubes, drawn=len(colours)),
            usage_of(VERBS, "draw"),
        )
    return colours


def _colours(state: State, words: list[str]) -> tuple[str, ...]:
    low = words[0].lower() if len(words) == 1 else ""
    if len(low) > 1 and all(INITIALS.get(c) in state.colours() for c in low):
        return tuple(INITIALS[c] for c in low)
    return tuple(_colour(state, w) for w in words)


def _colour(state: State, word: str) -> str:
    """A cube colour by its name or its Japanese name (木材 or 茶, ...)."""
    colours = state.colours()
    return match(word, colours, N_("cube colour"), aliases=cube_aliases(colours))


def _city(state: State, word: str) -> str:
    """A city on the table; a start city also by its Japanese name (シカゴ, ...)."""
    return match(word, state.cities, N_("city"), aliases=city_aliases(state.cities))


def parse_reveal(state: State, actor: str, args: list[str]) -> Reveal:
    sections: dict[str, list[str]] = {"city": [], "stock": []}
    current = "city"  # the names before `stock` are cities, `city` or not
    for w in args:
        if w.lower() in ("city", "cities", "stock", "stocks"):
            current = w.lower().rstrip("s").replace("citie", "city")
            continue
        sections[current].append(w)
    if not sections["city"] and not sections["stock"]:
        # the names are those of the tiles drawn: no list can offer them
        raise Incomplete(_("reveal needs the names of the tiles drawn"), usage_of(VERBS, "reveal"))
    roads = Railroads(state)
    cities = tuple(city_name(state, w) for w in sections["city"])
    return Reveal(actor, cities, tuple(roads.resolve(w) for w in sections["stock"]))


def new_railroads(state: State, move: Move) -> tuple[str, ...]:
    """Railroads a move names that the state has not learned yet, in order."""
    names: list[str] = []
    if isinstance(move, Start | Place):
        names = [e for e in move.edges if e]
    elif isinstance(move, Reveal):
        names = list(move.stocks)
    out: list[str] = []
    for name in names:
        if name not in state.railroads and name not in out:
            out.append(name)
    return tuple(out)


def lookalikes(learned: Sequence[str], known: Sequence[str]) -> str:
    """`; NYX looks like NYC: undo if it was a typo` for new names close to older ones."""
    older = [r for r in known if r not in learned]
    notes = []
    for name in learned:
        close = difflib.get_close_matches(name, older, n=1, cutoff=0.6)
        if close:
            notes.append(_("{name} looks like {other}").format(name=name, other=close[0]))
    return _("; {notes}: undo if it was a typo").format(notes=", ".join(notes)) if notes else ""
