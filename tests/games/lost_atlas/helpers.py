"""Building Lost Atlas positions for the rule tests by playing typed moves."""

from __future__ import annotations

from referee.core.engine import Event, choose_readings, typed_move
from referee.games.lost_atlas.game import LostAtlas
from referee.games.lost_atlas.state import State

G = LostAtlas()
MICRO2 = "charters Expansive,Eastern / Express,Suburban"


def play(state: State, *lines: str, actor: str | None = None) -> State:
    for line in lines:
        state, _ = step(state, line, actor)
    return state


def step(state: State, line: str, actor: str | None = None) -> tuple[State, list[Event]]:
    who = actor or G.options(state).actor
    assert who is not None
    return G.apply(state, typed_move(G, state, who, line.split()))


def new(
    variant: str = "micro",
    players: tuple[str, ...] = ("A", "B"),
    charters: str = MICRO2,
    readings: dict[str, str] | None = None,
) -> State:
    chosen = choose_readings(G.readings(), readings or {})
    return play(G.setup(list(players), variant, {}, chosen), charters, "destinations 30/40/70/100")


def two_minors(**readings: str) -> State:
    """Micro, A and B: A founds Expansive at 120 (price 60), B Express at 130 (price 60, on
    top); both pass: Express is about to operate in OR1. `readings`: key_name=choice."""
    s = new(readings={k.replace("_", "-"): v for k, v in readings.items()})
    return play(s, *TWO_MINORS)


# The stock round of `two_minors`, as typed.
TWO_MINORS = (
    "auction 120",
    "pass",
    "pick Expansive",
    "auction 130",
    "pass",
    "pick Express",
    "pass",
    "pass",
)


# A whole short-game map (25 pieces, 2 capitals) placed by two players, every placement legal
# (rules ■3). Homes: Expansive I33, Eastern M27 (mine), Agricultural O25, Resourceful M33,
# Suburban M35, Tunneling M39, Express I39, Northern M43 (port); capitals M23, O23.
SHORT_MAP = (
    "place 25 M21 0",
    "place 3 O23 1",
    "place 2 M27 4",
    "place 24 O29 3",
    "capital M23",
    "place 28 K25 5",
    "place 15 P26 4",
    "place 20 M29 2",
    "place 23 Q21 1",
    "capital O23",
    "place 18 J30 5",
    "place 4 M31 1",
    "place 14 K33 2",
    "place 16 L34 1",
    "place 6 N34 1",
    "place 1 I33 3",
    "place 17 J36 0",
    "place 27 H36 4",
    "place 8 M37 1",
    "place 12 K39 0",
    "place 16 H28 0",
    "place 5 I41 4",
    "place 15 I43 5",
    "place 13 K43 5",
    "place 7 N42 2",
    "place 22 K45 1",
    "place 19 L46 5",
)
SHORT_CHARTERS = (
    "charters Expansive,Eastern,Express,Suburban / Tunneling,Northern,Resourceful,Agricultural"
)


def mapped() -> State:
    """Short game with the map above; A founds Expansive, B Eastern (both 120, price 60);
    Eastern (on top) is about to operate in OR1."""
    s = play(
        G.setup(["A", "B"], "short", {}), *SHORT_MAP, SHORT_CHARTERS, "destinations 30/40/70/100"
    )
    return play(
        s,
        "auction 120",
        "pass",
        "pick Expansive",
        "auction 120",
        "pass",
        "pick Eastern",
        "pass",
        "pass",
    )


# A whole long-game map (33 pieces, 3 capitals) placed by three players, every placement
# legal (rules ■3). Homes: Bridging M23, Expansive K21, Overnight M17, Eastern J18 (mine),
# Agricultural P20, Resourceful J20, Express J24, Suburban L28, Northern J26 (port),
# Tunneling P26, Spacious P30; capitals L16, I21, K27; blanks L30 Q27 P32 O31 Q29 Q31.
LONG_MAP = (
    "place 9 M21 0",
    "place 1 K21 5",
    "place 12 M19 5",
    "place 10 L16 0",
    "place 2 J18 5",
    "capital L16",
    "place 3 O19 0",
    "place 13 K23 0",
    "place 4 I21 5",
    "place 5 I23 0",
    "place 14 M25 5",
    "capital I21",
    "place 6 L26 0",
    "place 7 J28 4",
    "place 15 O23 5",
    "place 8 O25 0",
    "place 16 M29 5",
    "capital K27",
    "place 11 O29 5",
    "place 17 M15 5",
    "place 18 O17 5",
    "place 19 O13 0",
    "place 20 L12 0",
    "place 21 J14 0",
    "place 22 J12 5",
    "place 12 M11 5",
    "place 13 H18 5",
    "place 14 G21 5",
    "place 15 L10 4",
    "place 16 G23 0",
    "place 23 H14 0",
    "place 24 P10 1",
    "place 25 F18 5",
    "place 26 J8 0",
    "place 27 R20 2",
    "place 28 R24 2",
)
LONG_CHARTERS = (
    "charters Bridging,Expansive,Eastern,Agricultural / "
    "Overnight,Suburban,Tunneling,Northern / Express,Resourceful,Adaptive,Spacious"
)


def long_mapped(players: tuple[str, ...] = ("A", "B", "C"), charters: str = LONG_CHARTERS) -> State:
    """A long game on LONG_MAP, charters laid out, the first stock round about to start."""
    s = play(G.setup(list(players), "long", {}), *LONG_MAP)
    return play(s, charters, "destinations 30/40/70/100")
