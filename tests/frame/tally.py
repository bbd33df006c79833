"""Tally: a tiny game that exists only to test the frame (not a product game).

Players start with 10. On your turn: `give NAME N` (pay another player; you cannot pay more
than you have, rule "T1"), `pass`, or `finish` (ends the game; rule "T2": only when some
player has 20 or more). A forced move names each check it skipped (Overridden; OutOfTurn for
"T0", whose turn it is); no payment above 50 can be made even forced (rule "T3"). Standings:
most cash. Board data: a `bonus` number paid to the first player at setup. One reading,
`pay-limit`: `cash` (the default: rule T1 as above) or `none` (cash may go below zero).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee.core.engine import (
    DEFAULT_READINGS,
    BoardField,
    Event,
    Game,
    Options,
    OutOfTurn,
    Overridden,
    Reading,
    Readings,
    RuleError,
    Standing,
    UsageError,
    Verb,
)
from referee.core.words import amount, match


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    cash: tuple[int, ...]
    turn: int = 0
    over: bool = False
    readings: Readings = DEFAULT_READINGS
    early: frozenset[str] = frozenset()  # moved before their place came: skipped at it
    held: int = -1  # whose turn waits while another moves at their own place (`seat`)


PAY_LIMIT = Reading(
    "tally",
    "pay-limit",
    "T1",
    "may a player pay more than they have",
    (("cash", "no: a payment is at most the payer's cash"), ("none", "yes: cash may go below 0")),
)


@dataclass(frozen=True)
class Give:
    actor: str
    to: str
    n: int


@dataclass(frozen=True)
class Simple:
    actor: str
    verb: str


class Tally(Game):
    name = "tally"
    title = "Tally"
    min_players = 2
    max_players = 4
    variants = {"standard": "as written", "rich": "start with 20"}  # noqa: RUF012

    def board_fields(self) -> Sequence[BoardField]:
        return (BoardField("bonus", "bonus for the first player", "3"),)

    def check_board(self, board: dict[str, Any]) -> dict[str, Any]:
        raw = board.get("bonus", 0)
        try:
            return {"bonus": int(raw)}
        except (TypeError, ValueError):
            raise UsageError(f"bonus must be a whole number, not '{raw}'") from None

    def readings(self) -> tuple[Reading, ...]:
        return (PAY_LIMIT,)

    def setup(
        self,
        players: Sequence[str],
        variant: str,
        board: dict[str, Any],
        readings: Readings = DEFAULT_READINGS,
    ) -> State:
        start = 20 if variant == "rich" else 10
        cash = [start] * len(players)
        cash[0] += board.get("bonus", 0)
        return State(tuple(players), tuple(cash), readings=readings)

    def verbs(self) -> Sequence[Verb]:
        return (
            Verb("give", "give NAME N", "pay N to another player"),
            Verb("pass", "pass", "do nothing"),
            Verb("finish", "finish", "end the game (someone has 20 or more)"),
        )

    def parse(self, state: State, actor: str, words: Sequence[str]) -> Any:
        verb = match(words[0], ["give", "pass", "finish"], "verb")
        if verb == "give":
            if len(words) != 3:
                raise UsageError("give needs a player and an amount", "give NAME N")
            return Give(actor, match(words[1], state.players, "player"), amount(words[2], low=1))
        return Simple(actor, verb)

    def apply(self, state: State, move: Any, *, forced: bool = False) -> tuple[State, list[Event]]:
        skipped: list[Event] = []  # the checks a forced move broke, each named

        def check(
            ok: bool, reason: str, rule: str, kind: type[Overridden] = Overridden, reading: str = ""
        ) -> None:
            if not ok:
                if not forced:
                    raise RuleError(reason, rule, reading=reading)
                skipped.append(kind(reason, rule))

        i = state.players.index(move.actor)
        check(i == state.turn, f"it is {state.players[state.turn]}'s turn", "T0", OutOfTurn)
        nxt, state = self._after(state, i)
        if isinstance(move, Give):
            if state.readings.of(PAY_LIMIT) == "cash":
                note = state.readings.note(PAY_LIMIT)
                check(
                    move.n <= state.cash[i],
                    f"{move.actor} has only {state.cash[i]}",
                    "T1",
                    reading=note,
                )
            if move.n > 50:
                raise RuleError("no coin pays more than 50 at once", "T3", computable=False)
            j = state.players.index(move.to)
            cash = list(state.cash)
            cash[i] -= move.n
            cash[j] += move.n
            return replace(state, cash=tuple(cash), turn=nxt), [
                *skipped,
                Event(f"{move.actor} pays {move.n} to {move.to}"),
            ]
        if move.verb == "finish":
            check(max(state.cash) >= 20, "nobody has 20 yet", "T2")
            return replace(state, over=True), [*skipped, Event("the game ends")]
        return replace(state, turn=nxt), [*skipped, Event(f"{move.actor} passes")]

    def _after(self, state: State, i: int) -> tuple[int, State]:
        """Who moves after player `i`: the held turn, else the next in order not moved early."""
        if state.held >= 0:
            early = state.early | {state.players[i]}
            return state.held, replace(state, held=-1, early=early)
        nxt = (i + 1) % len(state.players)
        while state.players[nxt] in state.early:
            state = replace(state, early=state.early - {state.players[nxt]})
            nxt = (nxt + 1) % len(state.players)
        return nxt, state

    def seat(self, state: State, player: str, again: bool = False) -> State | None:
        if (player in state.early and not again) or state.over:
            return None
        return replace(state, turn=state.players.index(player), held=state.turn)

    def options(self, state: State) -> Options:
        if state.over:
            return Options(None, ())
        players = tuple(p for p in state.players if p != state.players[state.turn])
        return Options(
            state.players[state.turn],
            ("give", "pass", "finish"),
            {"give": (players, ("1", "2", "5"))},
            phase="playing",
        )

    def is_over(self, state: State) -> bool:
        return state.over

    def standings(self, state: State) -> list[Standing]:
        order = sorted(zip(state.players, state.cash, strict=True), key=lambda pc: -pc[1])
        best = order[0][1]
        return [Standing(p, c, {"cash": c}, 1 if c == best else 2) for p, c in order]

    def status(self, state: State) -> str:
        cash = [f"{p}: {c}" for p, c in zip(state.players, state.cash, strict=True)]
        turn = "game over" if state.over else f"{state.players[state.turn]} to move"
        return "\n".join([*cash, turn])

    def toolbar_parts(self, state: State) -> list[str]:
        return [" ".join(f"{p} {c}" for p, c in zip(state.players, state.cash, strict=True))]

    def snapshot(self, state: State) -> dict[str, Any]:
        return {"cash": dict(zip(state.players, state.cash, strict=True)), "over": state.over}

    def adjustables(self, state: State) -> dict[str, int]:
        return {f"cash {p}": c for p, c in zip(state.players, state.cash, strict=True)}

    def adjust(self, state: State, key: str, value: int) -> tuple[State, list[Event]]:
        player = key.split()[1]
        cash = list(state.cash)
        i = state.players.index(player)
        old, cash[i] = cash[i], value
        return replace(state, cash=tuple(cash)), [Event(f"{player}: cash {old} -> {value}")]

    def cash(self, state: State, player: str) -> int | None:
        return state.cash[state.players.index(player)]
