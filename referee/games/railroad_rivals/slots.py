"""The words each move may take, listed in its place for completion and for a seat's buttons
(issue 32 item 5: a seat taps its moves). What only the tiles show is not listed: the name of a
city tile drawn face down (§準備 4, §タイルの補充) and a railroad's initials before they are
first typed, unless the board data lists them (`city_names`, `railroads`); the cargo is a
number (`Options.amounts`)."""

from __future__ import annotations

from itertools import combinations_with_replacement

from referee.core.words import offered

from .board import fmt_pos, open_positions
from .names import city_aliases, cube_aliases
from .phases import expected_reveal
from .placement import unseen
from .readings import BID_LIMIT
from .state import START_CITIES, State

Slots = dict[str, tuple[tuple[str, ...], ...]]
Amounts = dict[str, tuple[int, ...]]

HANDFULS = 10  # the most draws offered as one word of initials (`draw wwg`)
LEAST_BIDS = 5  # the bids listed beside the number pad


def amounts(verb: str) -> Amounts:
    """The numbers typed on a seat's number pad: the bid, and the cargo printed on a tile,
    in its place in the long forms `start CITY N E S W CARGO` and `place CITY X,Y N E S W
    CARGO` (the forms with the edges in one word are typed)."""
    return {verb: {"bid": (0,), "start": (5,), "place": (6,)}[verb]}


def edges(state: State) -> tuple[str, ...]:
    """What a tile's edge may show: blank (`-`) or a railroad known."""
    return ("-", *state.railroads)


def start(state: State) -> Slots:
    """§準備 2: the start city drawn (one of three), its four edges, then its cargo."""
    cities = offered(START_CITIES, city_aliases(START_CITIES))
    return {"start": (cities, *(edges(state),) * 4)}


def draw(state: State) -> Slots:
    """§準備 3, §都市タイルの配置: each cube drawn, a colour the bag still holds; and the
    cubes all at once as one word of initials, each handful the bag can give, while few."""
    held = tuple(c for c, n in zip(state.colours(), state.bag, strict=False) if n)
    in_bag = offered(held, cube_aliases(held))  # in Japanese, 木材 beside wood
    hands = handfuls(state)
    # a handful is a whole draw: nothing follows it (`draw ww` under its own key)
    alone = {f"draw {hand}": ((hand,),) for hand in hands}
    return {"draw": ((*in_bag, *hands), *(in_bag,) * (state.pending_cubes - 1)), **alone}


def handfuls(state: State) -> tuple[str, ...]:
    """The draws the bag can give for the city waiting for cubes, each as initials in the
    order of the colours (`wg`, never `gw` too); none for one cube or one colour (the
    referee draws a bag of one colour), nor where they are more than HANDFULS."""
    held = [(c[0], n) for c, n in zip(state.colours(), state.bag, strict=False) if n]
    if state.pending_cubes < 2 or len(held) < 2:
        return ()
    hands = [
        hand
        for hand in combinations_with_replacement(range(len(held)), state.pending_cubes)
        if all(hand.count(i) <= n for i, (_letter, n) in enumerate(held))
    ]
    if len(hands) > HANDFULS:
        return ()
    return tuple("".join(held[i][0] for i in hand) for hand in hands)


def reveal(state: State) -> Slots:
    """§タイルの補充: the city tiles turned up come first, by the names printed on them (those
    of the box not seen yet where the board data lists them, else typed), then `stock` and a
    railroad for each stock tile; §都市タイルの不足: stock tiles only."""
    cities, stocks = expected_reveal(state)
    after = (("stock",), *(state.railroads,) * stocks) if stocks else ()
    if not cities:
        return {"reveal": after}
    named = (unseen(state),) * cities
    return {"reveal": (*named, *after), "reveal city": (("city",), *named, *after)}


def bid(state: State, actor: str) -> Slots:
    """§タイルの補充とターン順のビッド: the least bids beating the high bid, within the
    bidder's score where the table reads the rules so (bid-limit)."""
    least = state.high + 1
    most = least + LEAST_BIDS - 1
    if state.readings.of(BID_LIMIT) == "score":
        most = min(most, state.scores.get(actor, 0))
    return {"bid": (tuple(str(n) for n in range(least, most + 1)),)}


def place(state: State, actor: str) -> Slots:
    """§都市タイルの配置: a tile drafted in view, or while the player holds one dealt face down
    (§準備 4), one of the box's not seen yet where the board data lists them (else typed);
    an empty square beside a city, its four edges, its cargo, and `blank` where no tile of
    the player's can match a railroad."""
    spots = tuple(fmt_pos(s) for s in open_positions(state))
    known = state.known.get(actor, ())
    hidden = state.hands.get(actor, 0) > len(known)
    tiles = (*known, *(unseen(state) if hidden else ()))
    return {"place": (tiles, spots, *(edges(state),) * 4, (), ("blank",))}
