"""Congo Line: the rules (congo-line.ja.txt). Setup, the turn, dice actions and payouts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from referee.core.engine import (
    DEFAULT_READINGS,
    BoardField,
    Event,
    Game,
    Incomplete,
    Options,
    Reading,
    Readings,
    RuleError,
    Standing,
    UsageError,
)
from referee.core.rules_kit import Handlers, Judge, ranked
from referee.i18n import N_, _, ngettext

from . import board as board_data
from . import narrate, render
from .checks import (
    R_BUY,
    R_DICE,
    R_END,
    R_FLOW,
    R_LOAD,
    R_SETUP,
    available_text,
    can_start,
    dice_action,
    give_share,
    load_one,
    next_player,
    no_share_in_box,
    pay,
    rolled,
    seat,
    setup_step,
    unseat,
)
from .colour_dice import orange_buy, orange_sell, purple_drop, purple_load, purple_move
from .commands import (
    VERBS,
    Auto,
    Buy,
    CongoMove,
    Done,
    Load,
    Move,
    OrangeBuy,
    OrangeSell,
    Pass,
    Place,
    PurpleDrop,
    PurpleLoad,
    PurpleMove,
    Roll,
    Start,
    Take,
)
from .commands import parse as parse_words
from .names import shown, shown_all
from .readings import AUTO_MOVE, MOVE_LENGTH, READINGS
from .state import (
    BONUS,
    CAPACITY,
    CUBES_PER_PLAYER,
    DICE,
    FACES,
    LEAVE_MIN_GOODS,
    ORANGE_PRICE,
    SHARES_PER_TRAIN,
    START_CITY,
    START_MONEY,
    TRAINS,
    State,
    Train,
    Turn,
)
from .track import (
    R_AUTO,
    R_MOVE,
    Spot,
    auto_candidates,
    auto_hint,
    destinations,
    line_to,
    occupant,
    path,
    put,
    space_value,
)

# The columns of the final table (the standings' details), shown through the catalog.
MONEY, SHARES = N_("money"), N_("shares")

# --- the moves ----------------------------------------------------------------------------


def take(state: State, m: Take, judge: Judge) -> tuple[State, list[Event]]:
    setup_step(state, "shares", judge)
    taken = {t for p in state.players if p != m.actor for t, n in state.shares[p].items() if n}
    judge.rule(
        m.train not in taken,
        _("{train} is already another player's starting share").format(train=shown(m.train)),
        R_SETUP,
        _("each player starts with a different colour: {trains}").format(
            trains=shown_all(t for t in TRAINS if t not in taken)
        ),
    )
    judge.fact(
        state.reserve[m.train] > 0,
        _("no {train} share is left").format(train=shown(m.train)),
        R_SETUP,
    )
    give_share(state, m.actor, m.train, "reserve")
    said = _("{player}: takes a {train} share as starting share")
    if state.current + 1 < len(state.players):
        state.current += 1
    else:
        state.phase, state.current = "opening", 0
    return state, [Event(said.format(player=m.actor, train=shown(m.train)))]


def place(state: State, m: Place, judge: Judge) -> tuple[State, list[Event]]:
    setup_step(state, "opening", judge)
    t = state.trains[m.train]
    judge.rule(
        len(t.goods) < CAPACITY,
        _("{train} train's chart is full").format(train=shown(m.train)),
        R_SETUP,
    )
    judge.fact(
        state.supply[m.actor] > 0,
        _("{player} has no cubes left").format(player=m.actor),
        R_SETUP,
    )
    t.goods = (*t.goods, m.actor)
    state.supply[m.actor] -= 1
    state.placed += 1
    state.current = (state.current + 1) % len(state.players)
    said = _("{train} train: one {player} good placed, now {n}")
    return state, [Event(said.format(train=shown(m.train), player=m.actor, n=len(t.goods)))]


def start(state: State, m: Start, judge: Judge) -> tuple[State, list[Event]]:
    setup_step(state, "opening", judge)
    n = len(state.players)
    judge.rule(
        can_start(state),
        _("the opening placement stops only after a whole round"),
        R_SETUP,
        ngettext(
            "{n} more cube this round, from {player}",
            "{n} more cubes this round, from {player}",
            n - state.placed % n,
        ).format(n=n - state.placed % n, player=state.player),
    )
    state.phase, state.current, state.turn_number = "play", 0, 1
    state.turn = Turn(state.players[0])
    said = _("opening placement over; {next}").format(next=render.next_step(state))
    return state, [Event(said)]


def roll(state: State, m: Roll, judge: Judge) -> tuple[State, list[Event]]:
    setup_step(state, "play", judge)
    assert state.turn is not None
    judge.rule(
        not state.turn.dice,
        _("the dice are already rolled this turn"),
        R_FLOW,
        _("done ends the turn"),
    )
    count = Counter(m.faces)
    chart = Turn(m.actor, dice=m.faces)
    said = ngettext(
        "{player} rolled {faces}: {colours} colour: load {colours} or move {spaces}; "
        "purple {purple}, orange {orange}",
        "{player} rolled {faces}: {colours} colours: load {colours} or move {spaces}; "
        "purple {purple}, orange {orange}",
        chart.colours,
    )
    events = [
        Event(
            said.format(
                player=m.actor,
                faces=shown_all(m.faces, " "),
                colours=chart.colours,
                spaces=chart.spaces,
                purple=count["purple"],
                orange=count["orange"],
            )
        )
    ]
    for face in m.faces:
        if face not in TRAINS:
            continue
        if state.reserve[face] > 0:  # 株を置く: what is missing from the reserve is skipped
            state.reserve[face] -= 1
            state.available[face] += 1
            said = _("{train} share: reserve -> Available box")
            events.append(Event(said.format(train=shown(face))))
        else:
            said = _("{train} share: none left in the reserve")
            events.append(Event(said.format(train=shown(face))))
    turn = state.turn
    turn.dice, turn.purple_left, turn.orange_left = m.faces, count["purple"], count["orange"]
    return state, events


def buy(state: State, m: Buy, judge: Judge) -> tuple[State, list[Event]]:
    turn = rolled(state, judge)
    judge.rule(
        not turn.share_done,
        _("the share step of this turn is over"),
        R_BUY,
        _("{move} costs {price} with an orange die").format(
            move="orange buy TRAIN", price=ORANGE_PRICE
        ),
    )
    judge.fact(
        state.available[m.train] > 0,
        no_share_in_box(m.train),
        R_BUY,
        available_text(state),
    )
    # 都市にいる場合無料; 都市以外では書かれた数字分のFrancs
    price = space_value(state, state.trains[m.train]) or 0
    judge.rule(
        state.money[m.actor] >= price,
        _("a {train} share costs {price}; {player} has {money}").format(
            train=shown(m.train), price=price, player=m.actor, money=state.money[m.actor]
        ),
        R_BUY,
    )
    give_share(state, m.actor, m.train, "available")
    why = _("{train} share").format(train=shown(m.train))
    paid = pay(state, m.actor, -price, why)
    free = _("{player}: takes a {train} share free (train in a city)")
    event = Event(free.format(player=m.actor, train=shown(m.train))) if price == 0 else paid
    turn.share_done = True
    return state, [event]


def pass_(state: State, m: Pass, judge: Judge) -> tuple[State, list[Event]]:
    turn = rolled(state, judge)
    judge.rule(not turn.share_done, _("the share step of this turn is already over"), R_BUY)
    turn.share_done = True
    return state, [Event(_("{player}: takes no share").format(player=m.actor))]


def load(state: State, m: Load, judge: Judge) -> tuple[State, list[Event]]:
    turn = dice_action(state, judge)
    judge.rule(
        turn.action != "move",
        _("{player} chose to move a train this turn").format(player=m.actor),
        R_DICE,
        _("a turn loads or moves, not both; purple load TRAIN still loads one good per purple die"),
    )
    if not turn.action:
        turn.action, turn.loads_left = "load", turn.colours
    total = sum(n for _train, n in m.loads)
    judge.rule(
        total <= turn.loads_left,
        ngettext(
            "{n} good, but {left} may still be loaded this turn",
            "{n} goods, but {left} may still be loaded this turn",
            total,
        ).format(n=total, left=turn.loads_left),
        R_LOAD,
        ngettext(
            "{n} colour rolled: load {n}", "{n} colours rolled: load {n}", turn.colours
        ).format(n=turn.colours),
    )
    events: list[Event] = []
    for train, n in m.loads:
        events.append(load_one(state, turn, m.actor, train, n, judge))
    turn.loads_left = max(0, turn.loads_left - total)
    return state, events


def move(state: State, m: Move, judge: Judge) -> tuple[State, list[Event]]:
    turn = dice_action(state, judge)
    judge.rule(
        not turn.action,
        _("{player} already chose to load goods this turn").format(player=m.actor)
        if turn.action == "load"
        else _("{player} already chose to move the {train} train this turn").format(
            player=m.actor, train=shown(turn.moved)
        ),
        R_DICE,
        _("a turn loads or moves one train, not both")
        if turn.action == "load"
        else _("purple move takes the moved train one space further"),
    )
    allowed = turn.spaces
    train = shown(m.train)
    judge.rule(
        m.spaces <= allowed,
        ngettext(
            "{n} colour rolled: move at most {spaces}",
            "{n} colours rolled: move at most {spaces}",
            turn.colours,
        ).format(n=turn.colours, spaces=allowed),
        R_MOVE,
    )
    t = state.trains[m.train]
    if t.in_city:
        ends = destinations(state, t.city)
        judge.fact(bool(ends), _("no line leaves {city}").format(city=t.city), R_MOVE)
        judge.rule(
            len(t.goods) >= LEAVE_MIN_GOODS,
            ngettext(
                "{train} train has {n} good; it leaves a city only with {least}",
                "{train} train has {n} goods; it leaves a city only with {least}",
                len(t.goods),
            ).format(train=train, n=len(t.goods), least=LEAVE_MIN_GOODS),
            R_MOVE,
        )
        to = m.to or (ends[0] if len(ends) == 1 else "")
        if not to:  # the rules allow the move: only the line's city is missing (words)
            raise Incomplete(
                _("{train} is in {city}: name the line it takes").format(train=train, city=t.city),
                _("{move}, CITY one of {cities}").format(
                    move=f"move {train} {m.spaces} CITY", cities=", ".join(ends)
                ),
            )
        line = line_to(state, t.city, to)
        judge.fact(line is not None, _no_line(t.city, to), R_MOVE, _lines_lead(ends))
        assert line is not None
    else:
        line = t.line
        end = state.board.lines[line].end
        judge.fact(
            m.to in ("", end),
            _("{train} is on the line to {city}").format(train=train, city=end),
            R_MOVE,
            f"move {train} {m.spaces}",
        )
    ahead = path(state, t, line)
    stops = _stops(ahead, m.spaces)
    events: list[Event] = []
    if t.in_city and state.readings.of(AUTO_MOVE) == "on-leaving":
        due, skipped = auto_candidates(state, m.train)
        if due:  # they move first; the mover goes on after them (see `auto`)
            turn.action, turn.moved, turn.pending_auto = "move", m.train, due
            turn.held = (m.train, line, m.spaces)
            text = _(
                "the {train} train leaves {city}: first auto-move {trains}, in the order you"
                " type: {hint}; then it moves"
            ).format(train=train, city=t.city, trains=shown_all(due), hint=auto_hint(state, due))
            return state, [*skipped, state.readings.noted(text, AUTO_MOVE)]
    if len(stops) < m.spaces:
        said = ngettext(
            "{train} train stops in {city} after {n} space",
            "{train} train stops in {city} after {n} spaces",
            len(stops),
        )
        events.append(Event(said.format(train=train, city=stops[-1], n=len(stops))))
    if state.readings.of(MOVE_LENGTH) == "full":
        # The whole number, less only what a city or the trains in the way take off.
        reach = next(
            (
                len(s)
                for k in range(allowed, 0, -1)
                if not occupant(state, (s := _stops(ahead, k))[-1], but=m.train)
            ),
            0,
        )
        judge.rule(
            len(stops) == reach,
            ngettext(
                "the {train} train must move as far as it can: {n} space, not {moved}",
                "the {train} train must move as far as it can: {n} spaces, not {moved}",
                reach,
            ).format(train=train, n=reach, moved=len(stops)),
            R_MOVE,
            f"move {train} {reach}" if reach else _("it cannot move: load, or move another train"),
            reading=state.readings.note(MOVE_LENGTH),
        )
    blocker = occupant(state, stops[-1], but=m.train)
    if blocker:
        free = [
            str(i + 1) for i, s in enumerate(ahead[:allowed]) if not occupant(state, s, but=m.train)
        ]
        either = _(" or ").join(free)
        judge.rule(
            False,
            _("the {train} train stands on that space").format(train=shown(blocker)),
            R_MOVE,
            _("one train per space (passing is allowed): {legal}").format(
                legal=_("legal now: {moves}").format(moves=f"move {train} {either}")
                if free
                else _("no space within {n} is free for {train}").format(n=allowed, train=train)
            ),
        )
    left_city = t.in_city
    events += put(state, m.train, stops[-1], m.actor)
    turn.action, turn.moved = "move", m.train
    if left_city and state.phase != "over":
        # Reading auto-move=after-move: the trains due move now, after the mover.
        due, skipped = auto_candidates(state, m.train)
        events += skipped
        turn.pending_auto = due
        if due:
            events.append(
                Event(
                    ngettext(
                        "auto-move: the {trains} train leaves its city one space, in the order"
                        " you type: {hint}",
                        "auto-move: the {trains} trains leave their city one space, in the order"
                        " you type: {hint}",
                        len(due),
                    ).format(trains=shown_all(due), hint=auto_hint(state, due))
                )
            )
    return state, events


def _stops(ahead: list[Spot], spaces: int) -> list[Spot]:
    """The spaces a train passes moving `spaces`: it stops in the first city it enters
    (都市に入った時、移動力が残っていても止まる)."""
    stops = ahead[:spaces]
    cities = [i for i, s in enumerate(stops) if isinstance(s, str)]
    return stops[: cities[0] + 1] if cities else stops


def auto(state: State, m: Auto, judge: Judge) -> tuple[State, list[Event]]:
    turn = rolled(state, judge)
    judge.fact(
        m.train in turn.pending_auto,
        _("the {train} train is not due an auto-move").format(train=shown(m.train)),
        R_AUTO,
        _("due: {trains}").format(trains=shown_all(turn.pending_auto) or _("none")),
    )
    t = state.trains[m.train]
    ends = destinations(state, t.city)
    to = m.to or (ends[0] if len(ends) == 1 else "")
    judge.fact(
        bool(to),
        _("{n} lines leave {city}: name the one the {train} train takes").format(
            n=len(ends), city=t.city, train=shown(m.train)
        ),
        R_AUTO,
        _("{move}, CITY one of {cities}").format(
            move=f"auto {shown(m.train)} CITY", cities=", ".join(ends)
        ),
    )
    line = line_to(state, t.city, to)
    judge.fact(line is not None, _no_line(t.city, to), R_AUTO, _lines_lead(ends))
    assert line is not None
    turn.pending_auto = tuple(x for x in turn.pending_auto if x != m.train)
    spot = path(state, t, line)[0]
    blocker = occupant(state, spot)
    if blocker:  # 選択した路線によっては、全く進めない事もある
        events = [
            Event(
                _(
                    "{train} train cannot move toward {to}: the {blocker} train blocks; it "
                    "stays in {city}"
                ).format(train=shown(m.train), to=to, blocker=shown(blocker), city=t.city)
            )
        ]
    else:
        events = put(state, m.train, spot, m.actor)
    if turn.held is not None and not turn.pending_auto and state.phase != "over":
        events += _held_move(state, turn.held, m.actor)
        turn.held = None
    return state, events


def _held_move(state: State, held: tuple[str, int, int], actor: str) -> list[Event]:
    """Reading auto-move=on-leaving: the mover goes on once the auto-moved trains have moved;
    a train now standing on the space it named stops it on the last free space before."""
    train, line, spaces = held
    t = state.trains[train]
    stops = _stops(path(state, t, line), spaces)
    while stops and occupant(state, stops[-1], but=train):
        stops = stops[:-1]
    note = state.readings.note(AUTO_MOVE)
    if not stops:
        said = _("the {train} train finds its way blocked: it stays in {city} [{note}]")
        return [Event(said.format(train=shown(train), city=t.city, note=note))]
    said = ngettext(
        "the {train} train moves {n} space [{note}]",
        "the {train} train moves {n} spaces [{note}]",
        len(stops),
    )
    events = [Event(said.format(train=shown(train), n=len(stops), note=note))]
    return [*events, *put(state, train, stops[-1], actor)]


def done(state: State, m: Done, judge: Judge) -> tuple[State, list[Event]]:
    turn = rolled(state, judge)
    judge.rule(
        not turn.pending_auto,
        _("the auto-move is not finished"),
        R_AUTO,
        auto_hint(state, turn.pending_auto),
    )
    events: list[Event] = []
    if not any(state.reserve.values()) and any(state.available.values()):
        # Available Stock Boxの確認: all of the box back to the reserve
        events.append(Event(_("reserve empty: every share of the Available box returns to it")))
        state.reserve = {t: state.available[t] for t in TRAINS}
        state.available = dict.fromkeys(TRAINS, 0)
    next_player(state, events)
    events.append(Event(_("turn over; {next}").format(next=render.next_step(state))))
    return state, events


def _no_line(city: str, to: str) -> str:
    return _("no line from {city} to {to}").format(city=city, to=to)


def _lines_lead(ends: list[str]) -> str:
    return _("lines lead to {cities}").format(cities=", ".join(ends))


HANDLERS = Handlers[State](
    "Congo Line",
    {
        Take: take,
        Place: place,
        Start: start,
        Roll: roll,
        Buy: buy,
        Pass: pass_,
        Load: load,
        Move: move,
        Auto: auto,
        PurpleDrop: purple_drop,
        PurpleLoad: purple_load,
        PurpleMove: purple_move,
        OrangeSell: orange_sell,
        OrangeBuy: orange_buy,
        Done: done,
    },
)


class CongoLine(Game[State, CongoMove]):
    name = "congo-line"
    title = "Congo Line"
    min_players = 2
    max_players = len(TRAINS)  # each player starts with a share of a different colour
    adjust_aliases = {"cash": "money"}  # noqa: RUF012 - every screen says money; cash still reads

    def board_fields(self) -> Sequence[BoardField]:
        return board_data.FIELDS

    def check_board(self, board: dict[str, Any]) -> dict[str, Any]:
        return board_data.check_board(board)

    def readings(self) -> tuple[Reading, ...]:
        return READINGS

    def setup(
        self,
        players: Sequence[str],
        variant: str,
        board: dict[str, Any],
        readings: Readings = DEFAULT_READINGS,
    ) -> State:
        b = board_data.make_board(board)
        state = State(
            players=tuple(players),
            board=b,
            readings=readings,
            phase="shares",
            current=0,  # the first player named is the start player
            money=dict.fromkeys(players, START_MONEY),
            shares={p: dict.fromkeys(TRAINS, 0) for p in players},
            reserve=dict.fromkeys(TRAINS, SHARES_PER_TRAIN),
            available=dict.fromkeys(TRAINS, 0),
            trains={t: Train(t, city=START_CITY) for t in TRAINS},
            bonus={c: BONUS[cls] for c, cls in b.cities.items()},
            reached=(),
            supply=dict.fromkeys(players, CUBES_PER_PLAYER),
        )
        return state.seal()

    def verbs(self) -> Sequence[Any]:
        return VERBS

    def parse(self, state: State, actor: str, words: Sequence[str]) -> CongoMove:
        return parse_words(state, actor, words)

    def apply(
        self, state: State, move: CongoMove, *, forced: bool = False
    ) -> tuple[State, list[Event]]:
        if state.phase == "over":
            raise RuleError(_("the game is over"), R_END, computable=False)
        judge = Judge(forced)
        # First: out of turn says so, whatever the move.
        judge.turn(move.actor, state.player, R_FLOW)
        new, events = HANDLERS.apply(state.draft(), move, judge)
        return new.seal(), events

    def narrate(self, before: State, move: CongoMove, after: State, by: str) -> str:
        return narrate.narrate(self, before, move, after, by)

    def seat(self, state: State, player: str, again: bool = False) -> State | None:
        return seat(state, player, again)

    def unseat(self, state: State, player: str) -> tuple[State, bool]:
        return unseat(state)

    def round_name(self, state: State) -> str:
        if state.phase in ("shares", "opening"):
            return _("Setup")
        if state.phase == "over":
            return _("End of the game")
        # a round: each player's turn once, clockwise from the first player
        return _("Round {n}").format(n=(state.turn_number - 1) // len(state.players) + 1)

    def options(self, state: State) -> Options:
        return render.options(state)

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def standings(self, state: State) -> list[Standing]:
        # 一番お金を持っている人が勝ち。同点の場合は、株を多く持っている人が勝ち。
        rows = [
            Standing(p, state.money[p], {MONEY: state.money[p], SHARES: state.held(p)})
            for p in state.players
        ]
        return ranked(rows, key=lambda s: (s.score, s.details[SHARES]))

    def status(self, state: State) -> str:
        return render.status(state)

    def toolbar_parts(self, state: State) -> list[str]:
        return render.toolbar_parts(state)

    def views(self) -> Sequence[str]:
        return ("companies",)  # its trains are its companies; it has no market or roster

    def view(self, state: State, name: str) -> str:
        return render.companies(state) if name == "companies" else super().view(state, name)

    def snapshot(self, state: State) -> dict[str, Any]:
        return render.snapshot(state)

    def adjustables(self, state: State) -> dict[str, int]:
        return {f"money {p}": state.money[p] for p in state.players}

    def adjust(self, state: State, key: str, value: int) -> tuple[State, list[Event]]:
        player = key.removeprefix("money ")
        if player not in state.money:
            raise UsageError(
                _("nothing called '{key}' can be adjusted").format(key=key), "money PLAYER"
            )
        old = state.money[player]
        said = _("{player}: money {old} -> {new} (adjusted by the table)")
        s = state.draft()
        s.money[player] = value
        return s.seal(), [Event(said.format(player=player, old=old, new=value))]

    def cash(self, state: State, player: str) -> int | None:
        return state.money[player]


__all__ = ["DICE", "FACES", "CongoLine"]
