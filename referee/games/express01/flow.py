"""The course of a game: setup order, rounds, government aid, turns, the end condition."""

from __future__ import annotations

from dataclasses import replace

from referee.engine import Event
from referee.games.express01 import scoring
from referee.games.express01.commands import Order
from referee.games.express01.sections import LIMITS, SETUP, TURN
from referee.games.express01.state import State, Turn
from referee.rules_kit import Judge

HALF = {"lay": "expand", "buy": "acquire", "run": "bonus", "swap": "position"}


def may(turn: Turn, half: str) -> bool:
    """ターン進行: one action pair per turn, each half optional, in the pair's order."""
    steps = turn.steps
    if steps and steps[-1] == half:
        return half in ("expand", "acquire")  # repeatable while the player can pay
    allowed = {
        "expand": ((), ("acquire",)),
        "acquire": ((), ("expand",)),
        "bonus": ((),),
        "position": ((), ("bonus",)),
    }
    return steps in allowed[half]


def begin(state: State, half: str, judge: Judge) -> State:
    turn = state.turn
    assert turn is not None
    judge.rule(
        may(turn, half),
        f"{half} does not follow {' then '.join(turn.steps)} in one action pair",
        TURN,
        "pairs: expand+acquire, acquire+expand, bonus+position; 'done' ends the turn",
    )
    if turn.steps and turn.steps[-1] == half:
        return state
    return replace(state, turn=replace(turn, steps=(*turn.steps, half), free_route=False))


def first_turn(state: State) -> bool:
    """ターン進行: position 1 must build a station in the very first turn of the game."""
    return state.turns_taken == 0 and not any(s.station for s in state.board)


# --- setup: the turn order ----------------------------------------------------------------
def order(state: State, move: Order, judge: Judge) -> tuple[State, list[Event]]:
    judge.fact(state.round == 0, "the turn order is already set", SETUP)
    positions = {p: i for i, p in enumerate(move.names, start=1)}
    shown = f" (cards {', '.join(map(str, move.cards))})" if move.cards else ""
    events = [Event(f"positions: {', '.join(f'{i} {p}' for p, i in positions.items())}{shown}")]
    if move.cards:
        events.append(Event("the cards played for the order go back to their hands"))
    state = replace(state, positions=positions)
    return new_round(state, events)


def new_round(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    state = replace(state, round=state.round + 1, moved=frozenset())
    taker = scoring.aid_receiver(state)
    capitals = ", ".join(f"{p} {scoring.capital(state, p).total}" for p in state.in_order())
    events.append(Event(f"round {state.round}: government aid: capital {capitals}"))
    if state.loco and state.loco != taker:
        events.append(Event(f"{state.loco} gives up the black locomotive"))
    events.append(Event(f"{taker} takes the black locomotive"))
    state = replace(state, loco=taker)
    return next_turn(state, events)


def next_turn(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """ターン終了: the lowest position number whose card still shows the locomotive."""
    waiting = [p for p in state.in_order() if p not in state.moved]
    player = waiting[0]
    events.append(Event(f"{player}'s turn (position {state.positions[player]})"))
    return replace(state, turn=Turn(player)), events


def end_turn(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    assert state.turn is not None
    player = state.turn.player
    events.append(Event(f"{player}'s position card {state.positions[player]}: the train has left"))
    state = replace(
        state, moved=state.moved | {player}, turn=None, turns_taken=state.turns_taken + 1
    )
    if len(state.moved) < len(state.players):
        return next_turn(state, events)
    # ラウンド終了
    if state.end_triggered:
        state = replace(state, over=True)
        events.append(Event(f"round {state.round} is over and so is the game"))
        for s in scoring.standings(state):
            events.append(Event(f"{s.place}. {s.player}: capital {s.score}"))
        return state, events
    events.append(Event(f"round {state.round} is over"))
    return new_round(state, events)


def after_action(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """ゲーム終了: checked after every action; the round is then played out."""
    if state.end_triggered or state.over:
        return state, events
    bases, empty = LIMITS[state.variant]
    replaced, emptied = state.replaced(), state.empty_decks()
    if replaced >= bases or len(emptied) >= empty:
        why = (
            f"{replaced} base cards replaced"
            if replaced >= bases
            else f"{len(emptied)} decks empty ({' '.join(emptied)})"
        )
        events.append(Event(f"the end is reached ({why}): this round is the last"))
        state = replace(state, end_triggered=True)
    return state, events
