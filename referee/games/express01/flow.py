"""The course of a game: setup order, rounds, government aid, turns, the end condition."""

from __future__ import annotations

from referee.core.engine import Event
from referee.core.rules_kit import Judge
from referee.games.express01 import scoring
from referee.games.express01.commands import Order
from referee.games.express01.names import deck_words
from referee.games.express01.sections import LIMITS, SETUP, TURN
from referee.games.express01.state import State, Turn
from referee.i18n import N_, _, ngettext

HALF = {"lay": "expand", "buy": "acquire", "run": "bonus", "swap": "position"}
# The halves as the table reads them (the turn keeps the English keys).
HALF_NAMES = {
    "expand": N_("expand"),
    "acquire": N_("acquire"),
    "bonus": N_("bonus"),
    "position": N_("position"),
}


def steps_text(steps: tuple[str, ...]) -> str:
    return _(" then ").join(_(HALF_NAMES[s]) for s in steps)


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
        _("{half} does not follow {steps} in one action pair").format(
            half=_(HALF_NAMES[half]), steps=steps_text(turn.steps)
        ),
        TURN,
        _("pairs: expand+acquire, acquire+expand, bonus+position; 'done' ends the turn"),
    )
    if turn.steps and turn.steps[-1] == half:
        return state
    turn.steps, turn.free_route = (*turn.steps, half), False
    return state


def first_turn(state: State) -> bool:
    """ターン進行: position 1 must build a station in the very first turn of the game."""
    return state.turns_taken == 0 and not any(s.station for s in state.board)


# --- setup: the turn order ----------------------------------------------------------------
def order(state: State, move: Order, judge: Judge) -> tuple[State, list[Event]]:
    judge.fact(state.round == 0, _("the turn order is already set"), SETUP)
    positions = {p: i for i, p in enumerate(move.names, start=1)}
    shown = (
        _(" (cards {cards})").format(cards=", ".join(map(str, move.cards))) if move.cards else ""
    )
    listed = ", ".join(f"{i} {p}" for p, i in positions.items())
    events = [Event(_("positions: {positions}{cards}").format(positions=listed, cards=shown))]
    if move.cards:
        events.append(Event(_("the cards played for the order go back to their hands")))
    state.positions = positions
    return new_round(state, events)


def new_round(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    state.round, state.moved = state.round + 1, frozenset()
    taker = scoring.aid_receiver(state)
    capitals = ", ".join(f"{p} {scoring.capital(state, p).total}" for p in state.in_order())
    events.append(
        Event(
            _("round {round}: government aid: capital {capitals}").format(
                round=state.round, capitals=capitals
            )
        )
    )
    if state.loco and state.loco != taker:
        events.append(Event(_("{player} gives up the black locomotive").format(player=state.loco)))
    events.append(Event(_("{player} takes the black locomotive").format(player=taker)))
    state.loco = taker
    return next_turn(state, events)


def next_turn(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """ターン終了: the lowest position number whose card still shows the locomotive."""
    waiting = [p for p in state.in_order() if p not in state.moved]
    player = waiting[0]
    events.append(
        Event(
            _("{player}'s turn (position {position})").format(
                player=player, position=state.positions[player]
            )
        )
    )
    taking_turn(state, player)
    return state, events


def taking_turn(state: State, player: str) -> None:
    """`player`'s turn now: the one they began early and set aside, or a new one."""
    state.turn = next((t for t in state.held if t.player == player), Turn(player))
    state.held = [t for t in state.held if t.player != player]


def seat(state: State, player: str, again: bool = False) -> State | None:
    """`as NAME` (ターン進行, ターン終了: one turn each round, in position order): NAME's own
    turn, begun or new, while the current one is held; None once NAME's train has left this
    round (unless the table forces a second turn), or while a bonus payment is taken."""
    if state.turn is None or state.payout or state.back or state.round == 0:
        return None
    if player in state.moved and not again:
        return None
    s = state.draft()
    current = s.turn
    assert current is not None
    taking_turn(s, player)
    s.held.append(current)
    s.back = current.player
    return s.seal()


def unseat(state: State) -> tuple[State, bool]:
    """After a move at NAME's place: the held turn back; NAME's turn, if it goes on, set
    aside for their next move (their train left if it ended: `end_turn` gave it back)."""
    if not state.back:
        return state, True
    s = state.draft()
    if s.turn is not None:
        s.held.append(s.turn)
    back, s.back = s.back, ""
    taking_turn(s, back)
    return s.seal(), False


def end_turn(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    assert state.turn is not None
    player = state.turn.player
    events.append(
        Event(
            _("{player}'s position card {position}: the train has left").format(
                player=player, position=state.positions[player]
            )
        )
    )
    state.moved, state.turn = state.moved | {player}, None
    state.turns_taken += 1
    if state.back:  # a turn at its own place, before it came: the held one goes on
        taking_turn(state, state.back)
        state.back = ""
        return state, events
    if len(state.moved) < len(state.players):
        return next_turn(state, events)
    # ラウンド終了
    if state.end_triggered:
        state.over = True
        events.append(
            Event(_("round {round} is over and so is the game").format(round=state.round))
        )
        for s in scoring.standings(state):
            events.append(
                Event(
                    _("{place}. {player}: capital {score}").format(
                        place=s.place, player=s.player, score=s.score
                    )
                )
            )
        return state, events
    events.append(Event(_("round {round} is over").format(round=state.round)))
    return new_round(state, events)


def after_action(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """ゲーム終了: checked after every action; the round is then played out."""
    if state.end_triggered or state.over:
        return state, events
    bases, empty = LIMITS[state.variant]
    replaced, emptied = state.replaced(), state.empty_decks()
    if replaced >= bases or len(emptied) >= empty:
        why = (
            _("{n} base cards replaced").format(n=replaced)
            if replaced >= bases
            else ngettext(
                "{n} deck empty ({decks})", "{n} decks empty ({decks})", len(emptied)
            ).format(n=len(emptied), decks=", ".join(map(deck_words, emptied)))
        )
        events.append(
            Event(_("the end is reached ({why}): this round is the last").format(why=why))
        )
        state.end_triggered = True
    return state, events
