"""Checks and small bookkeeping shared by the move handlers of Congo Line."""

from __future__ import annotations

from referee.core.engine import Event
from referee.core.rules_kit import Judge
from referee.i18n import _, ngettext

from .names import shown
from .readings import PURPLE_LOAD
from .state import (
    CAPACITY,
    LOAD_PER_TRAIN,
    State,
    Turn,
)
from .track import (
    R_AUTO,
    R_PURPLE,
    auto_hint,
    where,
)

R_SETUP = "セットアップ"
R_FLOW = "ゲームの流れ"
R_BUY = "株を買う／選択する"
R_DICE = "ダイスアクションの実行"
R_LOAD = "商品を積む／列車の移動 (商品を積む)"
R_ORANGE = "オレンジダイスの解決"
R_END = "ゲームの終了と勝者"


def pay(state: State, player: str, change: int, why: str) -> Event:
    """`why` is said in the language in force."""
    old = state.money[player]
    said = _("{player}: money {old} -> {new} ({why})")
    state.money[player] += change
    return Event(said.format(player=player, old=old, new=old + change, why=why))


def give_share(state: State, player: str, train: str, source: str) -> None:
    """Move one share of `train` from the reserve or Available box to a player."""
    box: dict[str, int] = getattr(state, source)
    box[train] -= 1
    state.shares[player][train] += 1


def can_start(state: State) -> bool:
    """The opening ends after whole rounds (everyone placed as many), or when nobody can place."""
    full = all(len(t.goods) >= CAPACITY for t in state.trains.values())
    rounds = state.placed >= len(state.players) and state.placed % len(state.players) == 0
    return full or rounds or state.supply[state.player] == 0


def setup_step(state: State, wanted: str, judge: Judge) -> None:
    """A setup move made at the wrong step: say which step the table is at."""
    if state.phase == wanted:
        return
    now = {
        "shares": _("the starting shares come first: {player} takes one"),
        "opening": _("the opening placement of goods is going on"),
        "play": _("the setup is over: play has begun"),
    }[state.phase].format(player=state.player)
    judge.fact(False, now, R_SETUP)


def rolled(state: State, judge: Judge) -> Turn:
    setup_step(state, "play", judge)
    assert state.turn is not None
    judge.fact(
        bool(state.turn.dice), _("roll the four dice first"), R_FLOW, _("roll FACE FACE FACE FACE")
    )
    return state.turn


def dice_action(state: State, judge: Judge, die: str = "") -> Turn:
    """Common checks of a dice action; the share step is over once one is made."""
    turn = rolled(state, judge)
    judge.rule(
        not turn.pending_auto,
        ngettext(
            "first choose the line of the auto-moved train: {trains}",
            "first choose the line of the auto-moved trains: {trains}",
            len(turn.pending_auto),
        ).format(trains=", ".join(map(shown, turn.pending_auto))),
        R_AUTO,
        auto_hint(state, turn.pending_auto),
    )
    if die:
        left = turn.purple_left if die == "purple" else turn.orange_left
        judge.rule(
            left > 0,
            _("no {die} die left to use this turn").format(die=shown(die)),
            R_PURPLE if die == "purple" else R_ORANGE,
        )
    turn.share_done = True
    return turn


def use_die(turn: Turn, die: str) -> None:
    if die == "purple":
        turn.purple_left = max(0, turn.purple_left - 1)
    else:
        turn.orange_left = max(0, turn.orange_left - 1)


def load_one(
    state: State, turn: Turn, actor: str, train: str, n: int, judge: Judge, purple: bool = False
) -> Event:
    t = state.trains[train]
    judge.rule(
        t.in_city,
        _("{train} train is not in a city ({where})").format(
            train=shown(train), where=where(state, t)
        ),
        R_LOAD,
        _("goods are loaded only on trains in cities"),
    )
    judge.rule(
        len(t.goods) + n <= CAPACITY,
        _("{train} train carries {goods}; {n} more would pass {capacity}").format(
            train=shown(train), goods=len(t.goods), n=n, capacity=CAPACITY
        ),
        R_LOAD,
    )
    # Whether a purple load counts toward the 3 per train is the reading PURPLE_LOAD.
    counted = not purple or state.readings.of(PURPLE_LOAD) == "counts"
    done = turn.loaded.get(train, 0)
    judge.rule(
        not counted or done + n <= LOAD_PER_TRAIN,
        _("{player} would load {n} on the {train} train this turn").format(
            player=actor, n=done + n, train=shown(train)
        ),
        R_LOAD,
        _("at most {n} per player on one train").format(n=LOAD_PER_TRAIN),
        reading=state.readings.note(PURPLE_LOAD) if purple else "",
    )
    judge.fact(
        state.supply[actor] >= n,
        ngettext(
            "{player} has {n} cube left", "{player} has {n} cubes left", state.supply[actor]
        ).format(player=actor, n=state.supply[actor]),
        R_LOAD,
    )
    t.goods = (*t.goods, *([actor] * n))
    state.supply[actor] -= n
    text = ngettext(
        "{train} train: {n} {player} good loaded, now {goods}",
        "{train} train: {n} {player} goods loaded, now {goods}",
        n,
    ).format(train=shown(train), n=n, player=actor, goods=len(t.goods))
    if counted:
        turn.loaded[train] = done + n
    return state.readings.noted(text, PURPLE_LOAD) if purple else Event(text)


def next_player(state: State, events: list[Event]) -> None:
    """ゲームの流れ: clockwise, past those who had their turn early (said so); a turn held
    while a player had theirs early comes back."""
    if state.back >= 0:
        early = (*state.early, state.player)
        taking_turn(state, state.back)
        state.back, state.early = -1, early
        return
    nxt = (state.current + 1) % len(state.players)
    while state.players[nxt] in state.early:
        said = _("{player} has already had this turn, before it came: skipped")
        events.append(Event(said.format(player=state.players[nxt])))
        state.early = tuple(p for p in state.early if p != state.players[nxt])
        nxt = (nxt + 1) % len(state.players)
    taking_turn(state, nxt)
    state.turn_number += 1


def taking_turn(state: State, index: int) -> None:
    """Player `index`'s turn now: the one they began early and set aside, or a new one."""
    player = state.players[index]
    state.turn = next((t for t in state.aside if t.player == player), Turn(player))
    state.aside = [t for t in state.aside if t.player != player]
    state.current = index


def seat(state: State, player: str, again: bool = False) -> State | None:
    """`as NAME` in play: NAME's own turn, begun or new, while the current one is held; None
    once NAME has had their turn early (unless the table forces a second)."""
    if state.phase != "play" or state.turn is None or state.back >= 0:
        return None
    if player in state.early and not again:
        return None
    s = state.draft()
    held, s.back = s.turn, s.current
    assert held is not None
    taking_turn(s, s.players.index(player))
    s.aside.append(held)
    return s.seal()


def unseat(state: State) -> tuple[State, bool]:
    """After a move at NAME's place: the held turn back; NAME's turn, if it goes on, set
    aside for their next move (`next_player` gave the held turn back if it ended)."""
    if state.back < 0 or state.turn is None:
        return state, True
    s = state.draft()
    assert s.turn is not None
    s.aside.append(s.turn)
    taking_turn(s, s.back)
    s.back = -1
    return s.seal(), False


def available_text(state: State) -> str:
    box = [f"{n} {shown(t)}" for t, n in state.available.items() if n]
    return _("Available box: {box}").format(box=", ".join(box) or _("empty"))


def no_share_in_box(train: str) -> str:
    return _("no {train} share in the Available box").format(train=shown(train))
