"""Express 01 (Jörg von Rüden, eggertspiele 2012): the game for the referee. The rules live in
flow.py (rounds and turns) and actions.py (the four actions); `rule=` names the headings of
../shared/rules/express01.ja.txt."""

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
from referee.core.rules_kit import Handlers, Judge, impossible
from referee.games.express01 import actions, commands, flow, narrate, render, scoring, slots
from referee.games.express01 import board as board_data
from referee.games.express01.commands import Buy, Done, Lay, Order, Run, Swap, Take
from referee.games.express01.names import company as shown
from referee.games.express01.readings import READINGS
from referee.games.express01.sections import BONUS, END, SETUP, TURN
from referee.games.express01.state import (
    BOARD_CARDS,
    DECKS,
    HAND_START,
    Spot,
    State,
    add,
    add_shares,
)
from referee.i18n import N_, _

HANDLERS = Handlers[State](
    "Express 01",
    {
        Order: flow.order,
        Take: actions.take,
        Lay: actions.lay,
        Buy: actions.buy,
        Run: actions.run,
        Swap: actions.swap,
        Done: actions.done,
    },
)


class Express01(Game[State, commands.Move]):
    name = "express01"
    title = "Express 01"
    min_players = 2
    max_players = 4
    variants = {  # noqa: RUF012 - the contract declares it a ClassVar
        "short": N_("ends after 12 base cards replaced or 3 decks empty"),
        "long": N_("ends after 24 base cards replaced or 4 decks empty"),
    }
    default_variant = "short"

    def variant_words(self, variant: str) -> str:
        return render.variant_words(variant)

    # --- board data ----------------------------------------------------------------
    def board_fields(self) -> Sequence[BoardField]:
        return board_data.FIELDS

    def check_board(self, board: dict[str, Any]) -> dict[str, Any]:
        return board_data.check(board)

    # --- setup -----------------------------------------------------------------------
    def readings(self) -> tuple[Reading, ...]:
        return READINGS

    def setup(
        self,
        players: Sequence[str],
        variant: str,
        board: dict[str, Any],
        readings: Readings = DEFAULT_READINGS,
    ) -> State:
        board = board_data.check(board)
        decks = dict(board["decks"])
        dealt = HAND_START * len(players)
        # ゲームの準備 3: six stage-3 route cards to each player
        if decks["r3"] < dealt:
            raise UsageError(
                _("board 'decks': r3 holds {held}, the deal needs {dealt}").format(
                    held=decks["r3"], dealt=dealt
                )
            )
        start = dict(decks)
        decks["r3"] -= dealt
        return State(
            players=tuple(players),
            variant=variant,
            readings=readings,
            companies=tuple(board["companies"]),
            station_bases=frozenset(board["station_bases"]),
            track=board["track"],
            deck_start=start,
            decks=decks,
            hands={p: {"r3": HAND_START} for p in players},
            shares={p: {} for p in players},
            bases={p: () for p in players},
            board=[Spot(n) for n in range(1, BOARD_CARDS + 1)],
        ).seal()

    def verbs(self) -> Sequence[Verb]:
        return commands.VERBS

    def parse(self, state: State, actor: str, words: Sequence[str]) -> commands.Move:
        return commands.parse(state, actor, words)

    # --- moves -----------------------------------------------------------------------------
    def apply(
        self, state: State, move: commands.Move, *, forced: bool = False
    ) -> tuple[State, list[Event]]:
        if state.over:
            raise RuleError(_("the game is over"), END, _("undo to go back"), computable=False)
        judge = Judge(forced)
        if isinstance(move, Order):
            new, events = HANDLERS.apply(state.draft(), move, judge)
            return new.seal(), events
        judge.fact(
            state.round != 0, _("the turn order is not set yet"), SETUP, "order NAME NAME ..."
        )
        if not isinstance(move, Take):
            if state.payout:
                raise impossible(
                    _("the bonus payment is being taken ({player} takes next)").format(
                        player=state.payout[0]
                    ),
                    BONUS,
                    "take DECK ...",
                )
            assert state.turn is not None
            judge.turn(move.actor, state.turn.player, TURN)
        new, events = flow.after_action(*HANDLERS.apply(state.draft(), move, judge))
        return new.seal(), events

    def narrate(self, before: State, move: commands.Move, after: State, by: str) -> str:
        return narrate.narrate(self, before, move, after, by)

    def seat(self, state: State, player: str, again: bool = False) -> State | None:
        return flow.seat(state, player, again)

    def unseat(self, state: State, player: str) -> tuple[State, bool]:
        return flow.unseat(state)

    def said_now(self, state: State, text: str) -> str:
        if not state.payout:
            return text
        try:
            move = commands.parse(state, state.payout[0], text.split())
        except UsageError:
            return text
        said = actions.said_now(state, move) if isinstance(move, Take) else None
        return said or text

    def round_name(self, state: State) -> str:
        if state.over:
            return _("End of the game")
        return _("Round {n}").format(n=state.round) if state.round else _("Setup")

    def options(self, state: State) -> Options:
        if state.over:
            return Options(None, (), phase=_("game over"))
        if state.round == 0:
            return Options(
                state.players[0], ("order",), slots.order(state.players), _("choosing the order")
            )
        if state.payout:
            phase = _("bonus payment of {company}: {player} takes a card").format(
                company=shown(state.payout_company), player=state.payout[0]
            )
            return Options(state.payout[0], ("take",), slots.take(state), phase)
        turn = state.turn
        assert turn is not None
        verbs = [v for v in ("lay", "buy", "run", "swap") if flow.may(turn, flow.HALF[v])]
        verbs.append("done")
        player = turn.player
        args = {
            "lay": slots.lay(state),
            **slots.buy(state, player),
            **slots.run(state, player),
            "swap": (tuple(p for p in state.players if p != player),),
        }
        pos = state.positions[player]
        phase = _("round {round}, {player}'s turn (position {position})").format(
            round=state.round, player=player, position=pos
        )
        legal = {k: v for k, v in args.items() if k.split()[0] in verbs}
        return Options(player, tuple(verbs), legal, phase)

    def is_over(self, state: State) -> bool:
        return state.over

    def standings(self, state: State) -> list[Standing]:
        return scoring.standings(state)

    def status(self, state: State) -> str:
        return render.status(state)

    def toolbar_parts(self, state: State) -> list[str]:
        return render.toolbar_parts(state)

    def views(self) -> Sequence[str]:
        return ("companies",)

    def view(self, state: State, name: str) -> str:
        return render.companies(state) if name == "companies" else super().view(state, name)

    def snapshot(self, state: State) -> dict[str, Any]:
        return render.snapshot(state)

    # --- corrections by hand ----------------------------------------------------------
    def adjustables(self, state: State) -> dict[str, int]:
        values = {f"deck {d}": state.decks[d] for d in DECKS}
        for p in state.players:
            for d in DECKS:
                values[f"hand {p} {d}"] = state.hands[p].get(d, 0)
            for c in state.companies:
                values[f"shares {p} {c}"] = state.shares[p].get(c, 0)
        return values

    def adjust(self, state: State, key: str, value: int) -> tuple[State, list[Event]]:
        if value < 0:
            raise UsageError(_("{key} cannot be negative").format(key=key))
        old = self.adjustables(state)[key]
        parts = key.split()
        s = state.draft()
        if parts[0] == "deck":
            add(s.decks, parts[1], value - old)
        elif parts[0] == "shares":
            add_shares(s, parts[1], parts[2], value - old)
        else:
            add(s.hands[parts[1]], parts[2], value - old)
        return s.seal(), [
            Event(
                _("{key} {old} -> {value} (adjusted by hand)").format(key=key, old=old, value=value)
            )
        ]

    def cash(self, state: State, player: str) -> int | None:
        return state.hand_size(player)  # the hand is the players' working capital
