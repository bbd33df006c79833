"""Union Station as a `Game`: the dispatch of moves, the end of the game, options, scores."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.core.engine import (
    DEFAULT_READINGS,
    BoardField,
    Event,
    Game,
    Options,
    Reading,
    Readings,
    RuleError,
    Standing,
    UsageError,
    Verb,
)
from referee.core.rules_kit import Handlers, Judge, ranked
from referee.core.words import match
from referee.core.words import offered as completions
from referee.games.union_station import actions, auction, board, commands, narrate, render, track
from referee.games.union_station.commands import (
    Bid,
    Blocked,
    Buy,
    Lay,
    Move,
    Pass,
    Reveal,
    Sell,
    Start,
)
from referee.games.union_station.economy import ALL_BOUGHT, NO_TRACK, STUCK_END, end, ended
from referee.games.union_station.railroads import (
    COLOURS,
    KIND_ALIASES,
    LAST_DIVIDEND,
    LAST_SELLING_DIVIDEND,
    MAP_DISCS,
    MIN_BID,
    START_CASH,
    USC_SPACES,
    shown,
)
from referee.games.union_station.readings import READINGS, STUCK
from referee.games.union_station.render import CASH, SHARE_VALUE, SHARES
from referee.games.union_station.state import AUCTION, OVER, PLAY, SETUP, State, new_state
from referee.i18n import N_, _, language

END_RULE = "ゲームの終了"


class UnionStation(Game[State, Move]):
    name = "union-station"
    title = "Union Station"
    min_players = 3
    max_players = 5
    # the railroads left face down are every colour a reveal may name
    automatic_verbs = frozenset({"reveal"})

    # --- board data -----------------------------------------------------------------------
    def board_fields(self) -> Sequence[BoardField]:
        return board.fields()

    def check_board(self, data: dict[str, Any]) -> dict[str, Any]:
        return board.check(data)

    # --- the game ----------------------------------------------------------------------------
    def readings(self) -> tuple[Reading, ...]:
        return READINGS

    def setup(
        self,
        players: Sequence[str],
        variant: str,
        board_data: dict[str, Any],
        readings: Readings = DEFAULT_READINGS,
    ) -> State:
        return new_state(
            tuple(players), board.load(board_data), START_CASH, readings
        )  # 準備 8: $30 each

    def verbs(self) -> Sequence[Verb]:
        return commands.VERBS

    def parse(self, state: State, actor: str, words: Sequence[str]) -> Move:
        return commands.parse(state, actor, words)

    def apply(self, state: State, move: Move, *, forced: bool = False) -> tuple[State, list[Event]]:
        if state.phase == OVER:
            raise RuleError(
                _("the game is over: {why}").format(why=ended(state)), END_RULE, computable=False
            )
        new, events = HANDLERS.apply(state.draft(), move, Judge(forced))
        _check_end(new, events)
        if _stuck(new):
            note = new.readings.note(STUCK)
            if new.readings.of(STUCK) == "ends":
                end(new, STUCK_END, events)
            else:
                said = _(
                    "nobody can buy, lay or sell any more: every turn is a forced pass and no"
                    " end condition can come (the rules do not cover this; settle it at the"
                    " table) [{note}]"
                )
                events.append(Event(said.format(note=note)))
        return new.seal(), events

    def narrate(self, before: State, move: Move, after: State, by: str) -> str:
        return narrate.narrate(before, move, after, by)

    def seat(self, state: State, player: str, again: bool = False) -> State | None:
        return actions.seat(state, player, again)

    def unseat(self, state: State, player: str) -> tuple[State, bool]:
        return actions.unseat(state)

    def round_name(self, state: State) -> str:
        if state.phase == SETUP:
            return _("Setup")
        if state.phase == AUCTION:
            return _("Auction {n} of {count}").format(
                n=len(state.acquired) + 1, count=len(state.lots)
            )
        if state.phase == OVER:
            return _("End of the game")
        return _("Play")

    def options(self, state: State) -> Options:
        if state.phase == OVER:
            return Options(None, (), {}, _("game over"))
        need = state.needs_reveal()
        if need:
            actor = state.players[state.first if state.phase == SETUP else state.turn]
            if need == "lot":
                phase = _("setup: reveal the auction order ({n} of 5 known)").format(
                    n=len(state.lots)
                )
            else:
                phase = _("reveal the top of the offer deck")
            verbs = ("reveal", "start") if state.phase == SETUP else ("reveal",)
            offered = {"reveal": _reveal_slots(state, need), "start": (state.players,)}
            return Options(actor, verbs, dict(offered), phase)
        if state.phase == AUCTION:
            return _auction_options(state)
        p = state.turn
        seat = state.seats[p]
        buys = tuple(
            dict.fromkeys(c for c in state.offer if c and state.road(c).price <= seat.cash)
        )
        lays = tuple(c for c in _layable(state, p))
        sells = tuple(c for c in _sellable(state, p))
        playable = [v for v, ok in (("buy", buys), ("lay", lays), ("sell", sells)) if ok]
        if not playable:
            playable.append("pass")
        args: dict[str, tuple[tuple[str, ...], ...]] = {
            "buy": (completions(buys), ("+1", "+2", "+3")),
            "sell": (completions(sells),),
        }
        args["lay"] = (completions(lays), *_lay_candidates(state, lays))
        if not state.board.has_map:  # the table's declaration, not a player's move: not listed
            can_lay = [c for c in COLOURS if not track.why_cannot_lay(state, c)]
            args["blocked"] = (completions(can_lay),)
        phase = _("{player}'s turn, dividends {n}/{last}").format(
            player=seat.name, n=state.dividends, last=LAST_DIVIDEND
        )
        return Options(seat.name, tuple(playable), args, phase)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def standings(self, state: State) -> list[Standing]:
        """ゲームの終了: cash plus the price of every share held; ties share the win."""
        rows = []
        for seat in state.seats:
            value = sum(n * state.road(c).price for c, n in zip(COLOURS, seat.shares, strict=True))
            shares = " ".join(
                f"{n} {shown(c)}" for c, n in zip(COLOURS, seat.shares, strict=True) if n
            )
            rows.append(
                (
                    seat.name,
                    seat.cash + value,
                    {CASH: seat.cash, SHARES: shares or "-", SHARE_VALUE: value},
                )
            )
        return ranked((Standing(*row) for row in rows), key=lambda s: s.score)

    def status(self, state: State) -> str:
        return render.status(state, self.options(state), self.standings(state))

    def toolbar_parts(self, state: State) -> list[str]:
        return render.toolbar_parts(state)

    def views(self) -> Sequence[str]:
        return ("market", "companies")

    def view(self, state: State, name: str) -> str:
        if name == "market":
            return render.market(state)
        if name == "companies":
            tables = render.players_table(state, self.options(state), self.standings(state))
            return f"{tables}\n\n{render.railroads_table(state)}"
        return super().view(state, name)

    def snapshot(self, state: State) -> dict[str, Any]:
        return render.snapshot(state)

    # --- corrections by hand -----------------------------------------------------------------
    def adjustables(self, state: State) -> dict[str, int]:
        values = {f"cash {s.name}": s.cash for s in state.seats}
        values |= {f"price {c}": state.road(c).price for c in COLOURS if state.road(c).price}
        values |= {f"discs {c}": state.road(c).discs for c in COLOURS}
        values |= {f"usc {c}": state.road(c).usc for c in COLOURS}
        values["dividends"] = state.dividends
        return values

    def adjust(self, state: State, key: str, value: int) -> tuple[State, list[Event]]:
        key = match(key, self.adjustables(state), N_("number"))
        what, _space, name = key.partition(" ")
        limits = {
            "cash": (0, 1_000_000),
            "price": (MIN_BID, state.board.top),
            "discs": (0, MAP_DISCS),
            "usc": (1, USC_SPACES),
            "dividends": (0, LAST_DIVIDEND - 1),
        }
        low, high = limits[what]
        if not low <= value <= high:
            raise UsageError(
                _("{key} cannot be {value}").format(key=key, value=value),
                _("{low} to {high}").format(low=low, high=high),
            )
        old = self.adjustables(state)[key]
        s = state.draft()
        if what == "cash":
            s.seats[s.players.index(name)].cash = value
        elif what == "price":
            s.road(name).price = value  # a correction: no dividend
        elif what in ("discs", "usc"):
            setattr(s.road(name), what, value)  # a correction: no special dividend
        else:
            s.dividends = value
        said = _("{key} {old} -> {value} (adjusted by hand)").format(key=key, old=old, value=value)
        return s.seal(), [Event(said)]

    def cash(self, state: State, player: str) -> int | None:
        return state.seats[state.players.index(player)].cash


def _pass(state: State, move: Pass, judge: Judge) -> tuple[State, list[Event]]:
    """A pass is final in the auction; in play it is allowed only when no action is."""
    if state.phase == AUCTION:
        return auction.auction_pass(state, move, judge)
    legal = _actions(state, state.turn) if state.phase == PLAY else []
    return actions.play_pass(state, move, judge, legal)


HANDLERS = Handlers[State](
    "Union Station",
    {
        Reveal: auction.reveal,
        Start: auction.start,
        Bid: auction.bid,
        Pass: _pass,
        Blocked: actions.blocked,
        Buy: actions.buy,
        Lay: actions.lay,
        Sell: actions.sell,
    },
)


def _check_end(state: State, events: list[Event]) -> None:
    """ゲームの終了: every share bought, or no railroad able to lay track (the 20th dividend
    ends the game where it is paid)."""
    if state.phase != PLAY:
        return
    if state.deck_size() == 0 and not any(state.offer):
        end(state, ALL_BOUGHT, events)
    elif all(track.why_cannot_lay(state, c) for c in COLOURS):
        end(state, NO_TRACK, events)


def _stuck(state: State) -> bool:
    """No player has any action: the endless round of passes the rules do not settle."""
    if state.phase != PLAY or state.needs_reveal():
        return False
    return not any(_actions(state, p) for p in range(len(state.seats)))


def _layable(state: State, p: int) -> list[str]:
    held = state.seats[p].shares
    return [
        c for c, n in zip(COLOURS, held, strict=True) if n and not track.why_cannot_lay(state, c)
    ]


def _sellable(state: State, p: int) -> list[str]:
    if state.dividends >= LAST_SELLING_DIVIDEND:
        return []
    return [c for c, n in zip(COLOURS, state.seats[p].shares, strict=True) if n]


def _actions(state: State, p: int) -> list[str]:
    """The actions `p` could take now, in words (for refusing a deliberate pass)."""
    cash = state.seats[p].cash
    buys = [c for c in dict.fromkeys(state.offer) if c and state.road(c).price <= cash]
    out = [f"buy {shown(c)}" for c in buys]
    out += [f"lay {shown(c)}" for c in _layable(state, p)]
    out += [f"sell {shown(c)}" for c in _sellable(state, p)]
    return out


def _reveal_slots(state: State, need: str) -> tuple[tuple[str, ...], ...]:
    """The railroads each word of a reveal may name (準備 6, 7): in the setup, the shares of
    the first auction in order, each a railroad not named yet, then the top of the offer
    deck; in play, the top alone: a railroad the deck still holds."""
    top = completions(tuple(c for c, n in zip(COLOURS, state.deck, strict=True) if n))
    if need != "lot":
        return (top,)
    left = tuple(c for c in COLOURS if c not in state.lots)
    return (*(completions(left),) * len(left), top)


def _lay_candidates(state: State, lays: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """The first and the second disc of a lay (線路の敷設): without a map, the kinds of hex;
    with one, the hexes where a railroad of `lays` may lay now, then those and the hexes
    next to them, where the second disc may go once the first is down."""
    if not state.board.has_map:
        kinds = ("plain", "town", "city", "dest")
        where = (*kinds, *KIND_ALIASES) if language() == "ja" else kinds
        return where, where
    first = {h for c in lays for h in track.legal_hexes(state, c)}
    beside = {n for h in first for n in state.board.hexes[h][1]} - {state.board.chicago}
    return tuple(sorted(first)), tuple(sorted(first | beside))


def _auction_options(state: State) -> Options:
    a = state.auction
    assert a is not None
    seat = state.seats[a.bidder]
    low = max(MIN_BID, a.high + 1)
    high = min(seat.cash, state.board.top)
    verbs = ("bid", "pass") if low <= high else ("pass",)
    if not state.acquired and a.leader < 0 and not a.passed:
        verbs = (*verbs, "start")
    least = tuple(str(v) for v in range(low, min(high, low + 5) + 1))  # beside the number pad
    phase = _("auction {n} of 5: {colour}").format(
        n=len(state.acquired) + 1, colour=shown(a.colour)
    )
    if a.leader >= 0:
        phase += _(", high {amount} by {player}").format(
            amount=a.high, player=state.players[a.leader]
        )
    offered: dict[str, tuple[tuple[str, ...], ...]] = {"bid": (least,), "start": (state.players,)}
    return Options(seat.name, verbs, offered, phase, amounts={"bid": (0,)})
