"""Railroad Rivals (../shared/rules/railroad-rivals.ja.txt): the Game the frame plays.

The rules themselves live in turns.py (setup, tiles, bid, draft), placement.py, delivery.py
and scoring.py; this module wires them into the contract.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from referee.core.engine import (
    DEFAULT_READINGS,
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
from referee.core.rules_kit import Handlers, Judge
from referee.core.words import offered
from referee.i18n import N_, NP_, _

from . import board as grid
from . import commands as cmd
from . import delivery, narrate, placement, places, render, scoring, slots, turns
from .names import cube_aliases
from .phases import actor_of, allowed_kinds, phase_text
from .readings import READINGS
from .sections import BAG, R_END, R_SETUP, TWO_PLAYER_CITY_REMOVED
from .state import (
    BID,
    CUBES,
    DRAFT,
    MAX_RAILROADS,
    ORDER,
    OVER,
    PLACE,
    REVEAL,
    START,
    START_CUBES,
    State,
)

HANDLERS = Handlers[State](
    "Railroad Rivals",
    {
        cmd.Start: turns.on_start,
        cmd.Order: turns.on_order,
        cmd.Reveal: turns.on_reveal,
        cmd.Bid: turns.on_bid,
        cmd.Pass: turns.on_pass,
        cmd.Take: turns.on_take,
        cmd.Draw: placement.on_draw,
        cmd.Place: placement.on_place,
        cmd.Deliver: delivery.on_deliver,
        cmd.Hotel: delivery.on_hotel,
        cmd.Tower: delivery.on_tower,
    },
)


class RailroadRivals(Game[State, cmd.Move]):
    name = "railroad-rivals"
    title = "Railroad Rivals"
    min_players = 2
    max_players = 5
    # A draw from a bag of one colour, a draft with one tile left to take: no choice in them.
    automatic_verbs: ClassVar[frozenset[str]] = frozenset({"draw", "take"})
    # Options of the rules file: ホテルと給水塔 (hotels) and ビッドの選択ルール (dropback).
    variants: ClassVar[dict[str, str]] = {
        "standard": N_("the rules as written"),
        "hotels": N_("with hotels and water towers (ホテルと給水塔)"),
        "dropback": N_("bid passers drop back in the order they passed (ビッドの選択ルール)"),
        "hotels+dropback": N_("hotels and water towers, and the optional bid rule"),
    }
    # the names as the rules file heads the options, for `variant_words`
    VARIANT_WORDS = (
        NP_("variant", "hotels"),
        NP_("variant", "dropback"),
        NP_("variant", "hotels+dropback"),
    )

    # --- board data -----------------------------------------------------------------------
    def board_fields(self) -> Sequence[Any]:
        return grid.FIELDS

    def check_board(self, board: dict[str, Any]) -> dict[str, Any]:
        return grid.check_board(board)

    # --- setup ----------------------------------------------------------------------------
    def readings(self) -> tuple[Reading, ...]:
        return READINGS

    def setup(
        self,
        players: Sequence[str],
        variant: str,
        board: dict[str, Any],
        readings: Readings = DEFAULT_READINGS,
    ) -> State:
        board = grid.check_board(board)
        n = len(players)
        removed = TWO_PLAYER_CITY_REMOVED if n == 2 else 0  # §2人ゲーム変更点
        # §準備 2, 4: one start city on the table, two tiles dealt to each player.
        city_pile = board["city_tiles"] - 1 - 2 * n - removed
        # §2人ゲーム変更点: one stock tile of each company is removed: those the board lists,
        # else the game's twelve.
        companies = len(board["railroads"]) or MAX_RAILROADS
        stock_pile = board["stock_tiles"] - (companies if n == 2 else 0)
        if city_pile < 0 or stock_pile < 0:
            raise UsageError(
                _(
                    "the box's {cities} city / {stocks} stock tiles are too few for {n} players"
                ).format(cities=board["city_tiles"], stocks=board["stock_tiles"], n=n)
            )
        flags = set(variant.split("+"))
        roads = tuple(board["railroads"])
        state = State(
            players=tuple(players),
            hotels="hotels" in flags,
            dropback="dropback" in flags,
            city_pile=city_pile,
            stock_pile=stock_pile,
            railroads=roads,
            railroads_fixed=bool(roads),
            bag=(),
            hands={p: 2 for p in players},
            known={p: () for p in players},
            stocks={p: () for p in players},
            prices={r: 0 for r in roads},  # §準備 7: every price starts at 0
            readings=readings,
            city_names=tuple(board.get("city_names", ())),
        )
        state.bag = BAG[: len(state.colours())]
        return state.seal()

    def verbs(self) -> Sequence[Verb]:
        return cmd.VERBS

    def parse(self, state: State, actor: str, words: Sequence[str]) -> cmd.Move:
        return cmd.parse(state, actor, words)

    # --- moves ----------------------------------------------------------------------------
    def apply(
        self, state: State, move: cmd.Move, *, forced: bool = False
    ) -> tuple[State, list[Event]]:
        if state.phase == OVER:
            raise RuleError(_("the game is over"), R_END, computable=False)
        judge = Judge(forced)
        learned = cmd.new_railroads(state, move)
        draft = state.draft()
        if learned:
            judge.fact(
                len(state.railroads) + len(learned) <= MAX_RAILROADS and not state.railroads_fixed,
                _("{names} would be more than the game's twelve railroads").format(
                    names=", ".join(learned)
                ),
                R_SETUP,
                ", ".join(state.railroads),
            )
            draft.railroads += learned
            draft.prices.update(dict.fromkeys(learned, 0))
        new, events = HANDLERS.apply(draft, move, judge)
        if learned:
            k = len(new.railroads)
            near = cmd.lookalikes(learned, new.railroads)
            said = _("railroad learned: {names} ({k} of 12 known){near}").format(
                names=", ".join(learned), k=k, near=near
            )
            events.insert(0, Event(said))
        events += turns.settle(new)
        return new.seal(), events

    def narrate(self, before: State, move: cmd.Move, after: State, by: str) -> str:
        return narrate.narrate(self, before, move, after, by)

    def seat(self, state: State, player: str, again: bool = False) -> State | None:
        return places.seat(state, player, again)

    def unseat(self, state: State, player: str) -> tuple[State, bool]:
        return places.unseat(state, player)

    # --- questions ------------------------------------------------------------------------
    def round_name(self, state: State) -> str:
        if state.phase in (START, START_CUBES, ORDER):
            return _("Setup")
        if state.phase == OVER:
            return _("End of the game")
        return _("Turn {n}").format(n=state.turn)

    def options(self, state: State) -> Options:
        phase = state.phase
        actor = actor_of(state)
        text = phase_text(state)
        if phase == OVER:
            return Options(None, (), {}, _("game over"))
        if phase == START:
            cargo = slots.amounts("start")
            return Options(actor, ("start",), slots.start(state), text, amounts=cargo)
        if phase in (START_CUBES, CUBES):
            # with one colour left in the bag the draw has no choice in it: the referee makes it
            return Options(actor, ("draw",), slots.draw(state), text)
        if phase == ORDER:
            names = (state.players,) * (len(state.players) - 1)
            return Options(actor, ("order",), {"order": names}, text)
        if phase == REVEAL:
            return Options(actor, ("reveal",), slots.reveal(state), text)
        if phase == BID:
            bids = slots.bid(state, actor or "")
            return Options(actor, ("pass", "bid"), bids, text, amounts=slots.amounts("bid"))
        if phase == DRAFT:
            kinds = allowed_kinds(state, actor or "")
            tiles = (state.display_cities if "city" in kinds else ()) + (
                state.display_stocks if "stock" in kinds else ()
            )
            return Options(actor, ("take",), {"take": (tiles,)}, text)
        if phase == PLACE:
            # with no city tile in hand there is nothing to place: the pass is the referee's
            placing = ("place", "pass") if state.hands.get(actor or "", 0) else ("pass",)
            place, cargo = slots.place(state, actor or ""), slots.amounts("place")
            return Options(actor, placing, place, text, amounts=cargo)
        verbs = ["deliver", "pass"]
        if state.hotels:
            if actor not in state.hotel_used:
                verbs.append("hotel")
            if actor not in state.tower_used:
                verbs.append("tower")
        cities = tuple(state.cities)
        with_cubes = tuple(c.name for c in state.cities.values() if any(c.cubes))
        colours = offered(state.colours(), cube_aliases(state.colours()))
        args = {
            "deliver": ((*colours, *with_cubes), cities, cities, cities),
            "hotel": (tuple(c.name for c in state.cities.values() if not c.hotel),),
            "tower": (tuple(c.name for c in state.cities.values() if not c.tower),),
        }
        return Options(actor, tuple(verbs), args, text)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def standings(self, state: State) -> list[Standing]:
        return scoring.standings(state)

    def status(self, state: State) -> str:
        return render.status(state, self.standings(state))

    def toolbar_parts(self, state: State) -> list[str]:
        return render.toolbar_parts(state)

    def views(self) -> Sequence[str]:
        return ("market",)

    def view(self, state: State, name: str) -> str:
        return render.market(state) if name == "market" else super().view(state, name)

    def snapshot(self, state: State) -> dict[str, Any]:
        return render.snapshot(state)

    # --- corrections ----------------------------------------------------------------------
    def adjustables(self, state: State) -> dict[str, int]:
        out = {f"score {p}": v for p, v in state.scores.items()}
        out.update({f"tiles {p}": v for p, v in state.hands.items()})
        out.update({f"price {r}": v for r, v in state.prices.items()})
        return out

    def adjust(self, state: State, key: str, value: int) -> tuple[State, list[Event]]:
        kind, _space, name = key.partition(" ")
        field = {"score": "scores", "tiles": "hands", "price": "prices"}.get(kind, "")
        current: dict[str, int] = getattr(state, field) if field else {}
        if name not in current:
            raise UsageError(
                _("nothing called '{key}' can be adjusted").format(key=key),
                ", ".join(self.adjustables(state)),
            )
        if value < 0 and kind != "score":
            raise UsageError(_("{key} cannot be negative").format(key=key))
        said = _("{key}: {old} -> {value} (adjusted by the table)").format(
            key=key, old=current[name], value=value
        )
        draft = state.draft()
        getattr(draft, field)[name] = value
        return draft.seal(), [Event(said)]
