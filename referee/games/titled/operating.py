"""The operating rounds of a described title: privates pay, companies operate in price order,
lay track and tokens, run, pay out or withhold, buy trains and privates; phases, rusting, the
train limit and the end of the game follow the title's description.

Where the description cannot decide (which hex a tile goes on, whether a company has a route)
the referee takes what is entered and says that it trusted it. A company without a train that
cannot pay for the cheapest one buys it with its president's help: he pays the rest, selling
shares first if he must (`sell` in the operating round), and may declare bankruptcy when he
cannot; whether a sale could still raise the money is the table's to say (trusted).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from referee.core.engine import Event, UsageError
from referee.core.rules_kit import Judge, impossible
from referee.eighteen import proposal
from referee.eighteen.maps import load_map
from referee.eighteen.proposal import Found
from referee.eighteen.upgrades import colour_word as colour
from referee.eighteen_rules import emergency, market, payout, phases, stations
from referee.eighteen_rules import trains as rolling
from referee.games.titled import bonuses, routes, track, train_events
from referee.games.titled.auction import pay_privates
from referee.games.titled.common import EMERGENCY, OR, ROUTES, key, moved, order
from referee.games.titled.emergency import pay_company, president_helps, settle_bankrupt
from referee.games.titled.moves import (
    Bankrupt,
    BuyPrivate,
    BuyTrain,
    Discard,
    Done,
    Lay,
    PlaceBonus,
    Routes,
    Run,
    Sell,
    Token,
)
from referee.games.titled.state import CLOSED, IPO, POOL, Corp, OpTurn, State
from referee.games.titled.stock import sale
from referee.games.titled.title import DRAWN, ExtraLay, Phase, Private
from referee.i18n import _, ngettext


def phase(state: State) -> Phase:
    return next(p for p in state.title.phases if p.name == state.phase)


def company(state: State) -> Corp:
    return state.corps[state.order[state.operating]]


def actor(state: State) -> str:
    if state.discard_due:
        return state.corps[state.discard_due[0]].president
    return company(state).president


def begin_set(state: State) -> list[Event]:
    state.set_size, state.or_number = phase(state).operating_rounds, 0
    return begin_round(state)


def begin_round(state: State) -> list[Event]:
    state.round = "operating"
    state.or_number += 1
    number = f"{state.stock_round}.{state.or_number}"
    events = [Event(_("operating round {number}").format(number=number))]
    events += pay_privates(state)
    state.order, state.operating, state.op = order(state), 0, OpTurn()
    state.private_sellers = []
    if not state.order:
        return [*events, *end_round(state)]
    return [*events, *_begin_turn(state)]


def _begin_turn(state: State) -> list[Event]:
    corp = company(state)
    if corp.stations == 0:
        described = state.title.company(corp.abbr)
        if home_to_pick(state, corp):
            said = _("{company} operates; it picks the city of its home station on {hex} first")
            pick = _("token {hex} CITY (a city of {hex}: 0 to {last})")
            last = routes.cities_on(state, described.home) - 1
            return [
                Event(said.format(company=corp.abbr, hex=described.home)),
                Event(pick.format(hex=described.home, last=last)),
            ]
        corp.stations = 1  # the home station, free (the title's tokens list starts with it)
        if described.home:
            state.stations.append((described.home, described.home_city or 0, corp.abbr))
        home = described.home or _("its home")
        said = _("{company} operates; its home station is placed on {hex}")
        return [Event(said.format(company=corp.abbr, hex=home))]
    return [Event(_("{company} operates").format(company=corp.abbr))]


def end_round(state: State) -> list[Event]:
    title = state.title
    if state.end_after_round:
        return _over(state)
    if state.or_number < state.set_size:
        return begin_round(state)
    state.sets_done += 1
    if state.last_set or (title.end.sets and state.sets_done >= title.end.sets):
        return _over(state)
    exported = _export(state)
    state.round, state.stock_round = "stock", state.stock_round + 1
    said = _("stock round {number}: {player} has the priority deal")
    return [*exported, Event(said.format(number=state.stock_round, player=state.player))]


def _export(state: State) -> list[Event]:
    """The title's export_after_set: the next train the bank sells leaves the game when a set
    of operating rounds ends, if it is of those kinds; its phase and rusting follow as if it
    were bought."""
    name = upcoming(state)
    if name not in state.title.operating.export_after_set:
        return []
    rolling.take(state.depot, name)
    events = [Event(_("a {train} train is exported (leaves the game)").format(train=name))]
    if name not in state.bought_kinds:
        state.bought_kinds.append(name)
        events += _first_of_kind(state, name)
    return events


def upcoming(state: State) -> str:
    """The next train of the bank's sequence (not one that is sold beside it once another is
    bought, like 1830's D): "" when none is left."""
    sequence = (t.name for t in state.title.trains if not t.available_after)
    return rolling.next_train(sequence, state.depot) or ""


def _over(state: State) -> list[Event]:
    state.round = "over"
    return [Event(_("the game is over"))]


def _turn(state: State, actor_name: str, judge: Judge, *, home_first: bool = True) -> Corp:
    judge.fact(state.round == "operating", _("it is not an operating round"), OR)
    judge.fact(not state.discard_due, _("a company over its train limit discards first"), OR)
    corp = company(state)
    judge.turn(actor_name, corp.president, OR)
    if home_first and home_to_pick(state, corp):
        home = state.title.company(corp.abbr).home
        first = _("{company} places its home station on {hex} first: token {hex} CITY")
        judge.fact(False, first.format(company=corp.abbr, hex=home), OR)
    return corp


def home_to_pick(state: State, corp: Corp) -> bool:
    """A company whose home hex holds several cities and whose title names none picks one
    when it first operates (1830's ERIE on E11), before anything else that turn."""
    described = state.title.company(corp.abbr)
    return (
        corp.stations == 0
        and bool(described.home)
        and described.home_city is None
        and routes.cities_on(state, described.home) > 1
    )


def _spend(state: State, corp: Corp, amount: int, judge: Judge, what: str, **fields: str) -> None:
    """`what`: the refusal when the company cannot pay: {company}, {cash}, {price}, `fields`."""
    judge.rule(
        corp.cash >= amount,
        what.format(
            company=corp.abbr,
            cash=state.title.money(corp.cash),
            price=state.title.money(amount),
            **fields,
        ),
        OR,
    )
    corp.cash -= amount
    state.bank += amount


def _on_map(state: State, judge: Judge) -> None:
    """Where the title has a map, the tiles and stations entered must fit it (tables/maps and
    referee.eighteen.position); what the map does not settle is trusted."""
    if not state.title.map:
        return
    try:
        routes.position(state)
    except UsageError as e:
        judge.rule(False, str(e), key(state, "title.map"))


def lay(state: State, move: Lay, judge: Judge) -> tuple[State, list[Event]]:
    if _laid_by_player(state, move):
        return player_lay(state, move, judge)
    # A company whose home city is still to pick may lay its track first (as 18xx.games lets
    # 1830's ERIE lay on E11 before it places its home station on the tile's city).
    corp = _turn(state, move.actor, judge, home_first=False)
    upgrade = _is_upgrade(state, move.hex)
    own = not move.private or _extra_lay(state, corp, move, judge).as_own_lay
    if own:
        _own_lay(state, corp, judge, upgrade)
    returned = _place(state, move, judge)
    _spend(state, corp, move.cost, judge, _("{company} has {cash}: the terrain costs {price}"))
    if move.private:
        state.extra_lays.append(move.private)
    if own:
        state.op.lays += 1
        state.op.upgraded = state.op.upgraded or upgrade
    returned += _forfeit_lays(state, move)
    return state, _laid(state, corp.abbr, move, returned)


def _laid(state: State, who: str, move: Lay, returned: list[Event]) -> list[Event]:
    trusted = (
        _("trusted: its connection and cost (not checked)")
        if state.title.map
        else _("trusted: the tile and its cost (not checked)")
    )
    said = _("{company} lays tile {tile} on {hex} for {price}")
    price = state.title.money(move.cost)
    return [
        Event(said.format(company=who, tile=move.tile, hex=move.hex, price=price)),
        *returned,
        Event(trusted),
    ]


def _place(state: State, move: Lay, judge: Judge) -> list[Event]:
    """The tile on its hex, checked against the map; what the lay says (tiles back to the
    supply, stations moving with their city)."""
    judge.fact(move.cost >= 0, _("a terrain cost is not negative"), OR)
    judge.fact(0 <= move.rotation < 6, _("a rotation is 0 to 5"), OR)
    old = state.tiles.get(move.hex)
    state.tiles[move.hex] = (move.tile, move.rotation)
    moved_stations = track.move_stations(state, move.hex, old) if state.title.map else []
    _on_map(state, judge)
    returned = track.check(state, move, old, phase(state).tiles, judge) if state.title.map else []
    return returned + moved_stations


def _laid_by_player(state: State, move: Lay) -> bool:
    described = next((p for p in state.title.privates if p.abbr == move.private), None)
    extra = described.extra_lay if described else None
    return extra is not None and extra.by == "player"


def player_lay(state: State, move: Lay, judge: Judge) -> tuple[State, list[Event]]:
    """A private's extra lay by the player owning it (its title's extra_lay, by = player):
    once, in a stock round or in the turn of a company he presides, on its hexes with its
    tiles; he pays any cost, and the track need not join a company's."""
    if not _laid_by_player(state, move):
        said = _(
            "in a stock round only a private's owner lays a tile (tile HEX TILE ROT 0 PRIVATE)"
        )
        raise impossible(said, OR)
    rule = key(state, f"privates.{move.private}.extra_lay")
    owner = state.privates.get(move.private, "")
    judge.fact(
        owner == move.actor,
        _("{player} does not own {private}").format(player=move.actor, private=move.private),
        rule,
    )
    if state.round == "operating":
        corp = company(state)
        said = _("{private}'s owner lays in a stock round or in his own company's turn")
        judge.rule(corp.president == move.actor, said.format(private=move.private), rule)
    _extra_terms(state, move, judge)
    returned = _place(state, move, judge)
    cash = state.cash[move.actor]
    short = _("{player} has {cash}: the terrain costs {price}")
    money = state.title.money
    judge.rule(
        cash >= move.cost,
        short.format(player=move.actor, cash=money(cash), price=money(move.cost)),
        rule,
    )
    state.cash[move.actor] -= move.cost
    state.bank += move.cost
    state.extra_lays.append(move.private)
    return state, _laid(state, move.actor, move, returned)


def _is_upgrade(state: State, hex_name: str) -> bool:
    """Whether a tile on `hex_name` replaces one, or track or a city printed in colour."""
    if hex_name in state.tiles:
        return True
    if not state.title.map:
        return False
    hexes = load_map(state.title.map).hexes
    return hex_name in hexes and hexes[hex_name].printed.color not in ("", "white")


def _own_lay(state: State, corp: Corp, judge: Judge, upgrade: bool) -> None:
    """The company's own lays: the title's number a turn, before the station and the run;
    where the title says so (operating.upgrade_is_the_only_lay) an upgrade is the turn's only
    lay."""
    if state.title.operating.upgrade_is_the_only_lay and state.op.lays:
        judge.rule(
            not upgrade and not state.op.upgraded,
            _("{company} upgrades a tile as its only lay of the turn").format(company=corp.abbr),
            key(state, "operating.upgrade_is_the_only_lay"),
        )
    rules = state.title.operating
    first = not corp.operated and rules.first_turn_tile_lays
    most = rules.first_turn_tile_lays if first else rules.tile_lays
    judge.rule(
        state.op.lays < most,
        ngettext(
            "{company} has laid its {n} tile this turn",
            "{company} has laid its {n} tiles this turn",
            most,
        ).format(company=corp.abbr, n=most),
        key(state, "operating.first_turn_tile_lays" if first else "operating.tile_lays"),
    )
    judge.rule(
        not state.op.tokened and not state.op.ran,
        _("track comes first in a turn: before the station, the run and the trains"),
        OR,
    )


def _extra_lay(state: State, corp: Corp, move: Lay, judge: Judge) -> ExtraLay:
    """A private's extra lay (its title's extra_lay): `count` times, by the company owning it,
    on its hexes with its tiles, at any time of the company's turn, in addition to its own
    lays (or as one of them: as_own_lay)."""
    described = next(p for p in state.title.privates if p.abbr == move.private)
    extra = described.extra_lay
    rule = key(state, f"privates.{move.private}.extra_lay")
    if extra is None:
        judge.fact(
            False, _("{private} brings no extra tile lay").format(private=move.private), rule
        )
        return ExtraLay((), ())
    owner = state.privates.get(move.private, "")
    judge.fact(
        owner == corp.abbr,
        _("{company} does not own {private}").format(company=corp.abbr, private=move.private),
        rule,
    )
    _extra_terms(state, move, judge)
    return extra


def _extra_terms(state: State, move: Lay, judge: Judge) -> None:
    """`count` times, on the private's hexes, with its tiles."""
    described = next(p for p in state.title.privates if p.abbr == move.private)
    extra = described.extra_lay
    assert extra is not None
    rule = key(state, f"privates.{move.private}.extra_lay")
    judge.rule(
        state.extra_lays.count(move.private) < extra.count,
        _("{private}'s extra tile lay is used").format(private=move.private),
        rule,
    )
    judge.rule(
        move.cost == 0 or not extra.free,
        _("{private}'s tile is laid free of terrain cost").format(private=move.private),
        rule,
    )
    judge.rule(
        move.hex in extra.hexes and move.tile in extra.tiles,
        _("{private} lays tile {tiles} on {hexes}").format(
            private=move.private, tiles=", ".join(extra.tiles), hexes=", ".join(extra.hexes)
        ),
        rule,
    )


def _forfeit_lays(state: State, move: Lay) -> list[Event]:
    """A lay on a hex of another private's extra lay that is lost to other lays
    (lost_to_other_lays: 18Chesapeake's C-P and B&S) ends what is left of that lay."""
    events = []
    for p in state.title.privates:
        extra = p.extra_lay
        if (
            extra is None
            or not extra.lost_to_other_lays
            or p.abbr == move.private
            or move.hex not in extra.hexes
            or state.extra_lays.count(p.abbr) >= extra.count
        ):
            continue
        state.extra_lays += [p.abbr] * (extra.count - state.extra_lays.count(p.abbr))
        said = _("{private} loses its tile lay: another tile was laid on {hex}")
        events.append(Event(said.format(private=p.abbr, hex=move.hex)))
    return events


def token(state: State, move: Token, judge: Judge) -> tuple[State, list[Event]]:
    corp = _turn(state, move.actor, judge, home_first=False)
    if home_to_pick(state, corp):
        return state, _home(state, corp, move, judge)
    if move.private:
        return state, _free_station(state, corp, move, judge)
    tokens = state.title.company(corp.abbr).tokens
    placed = _("{company} has placed a station this turn").format(company=corp.abbr)
    judge.rule(not state.op.tokened, placed, OR)
    judge.rule(not state.op.ran, _("the station comes before the run and the trains"), OR)
    none_left = _("{company} has no station token left").format(company=corp.abbr)
    judge.fact(corp.stations < len(tokens), none_left, OR)
    cost = stations.next_cost(tokens[corp.stations :])
    reached = _objective_reached(state, corp, move.hex)
    state.stations.append((move.hex, move.city, corp.abbr))
    _on_map(state, judge)
    _spend(state, corp, cost, judge, _("{company} has {cash}: the station costs {price}"))
    corp.stations += 1
    state.op.tokened = True
    return state, [
        Event(
            _("{company} places a station on {hex} for {price}").format(
                company=corp.abbr, hex=move.hex, price=state.title.money(cost)
            )
        ),
        Event(_("trusted: that the city is connected (not checked)")),
        *reached,
    ]


def _objective_reached(state: State, corp: Corp, hex_name: str) -> list[Event]:
    """A company's historical objective (its title's `objective`, 18AL): its first station on
    that hex brings it the bonus from the bank."""
    goal = state.title.company(corp.abbr).objective
    if goal is None or goal[0] != hex_name:
        return []
    if any(h == hex_name and abbr == corp.abbr for h, _c, abbr in state.stations):
        return []
    corp.cash += goal[1]
    state.bank -= goal[1]
    said = _("{company} reaches its objective {hex}: {amount} from the bank")
    return [Event(said.format(company=corp.abbr, hex=hex_name, amount=state.title.money(goal[1])))]


def _free_station(state: State, corp: Corp, move: Token, judge: Judge) -> list[Event]:
    """A private's free station: once, the company's next token placed free; it is the turn's
    station (as 18xx.games plays it: step/special_token.rb, a teleport token). Either on the
    hex its lay laid (its extra_lay's free_station: 18Chesapeake's C&OC) or on a hex of its
    free_station_on (18GA's W&SR), with no lay first."""
    described = next(p for p in state.title.privates if p.abbr == move.private)
    extra = described.extra_lay
    after_lay = extra is not None and extra.free_station
    rule = (
        key(state, f"privates.{move.private}.free_station_on")
        if described.free_station_on
        else key(state, f"privates.{move.private}.extra_lay")
    )
    judge.fact(
        after_lay or bool(described.free_station_on),
        _("{private} brings no free station").format(private=move.private),
        rule,
    )
    judge.fact(
        state.privates.get(move.private) == corp.abbr,
        _("{company} does not own {private}").format(company=corp.abbr, private=move.private),
        rule,
    )
    if after_lay:
        judge.rule(
            move.private in state.extra_lays and move.private not in state.free_stations,
            _("{private}'s station follows its tile lay, once").format(private=move.private),
            rule,
        )
    else:
        judge.rule(
            move.private not in state.free_stations,
            _("{private}'s free station is placed once").format(private=move.private),
            rule,
        )
    hexes = described.free_station_on or (extra.hexes if extra else ())
    judge.rule(
        move.hex in hexes,
        _("{private}'s station goes on {hexes}").format(
            private=move.private, hexes=", ".join(hexes)
        ),
        rule,
    )
    judge.rule(
        not state.op.tokened,
        _("{company} has placed a station this turn").format(company=corp.abbr),
        OR,
    )
    none_left = _("{company} has no station token left").format(company=corp.abbr)
    judge.fact(corp.stations < len(state.title.company(corp.abbr).tokens), none_left, OR)
    reached = _objective_reached(state, corp, move.hex)
    state.stations.append((move.hex, move.city, corp.abbr))
    _on_map(state, judge)
    corp.stations += 1
    state.free_stations.append(move.private)
    state.op.tokened = True
    said = _("{company} places a free station on {hex} with {private}")
    return [Event(said.format(company=corp.abbr, hex=move.hex, private=move.private)), *reached]


def _home(state: State, corp: Corp, move: Token, judge: Judge) -> list[Event]:
    """The home station on the city of its hex the company picked: free, and not the turn's
    station."""
    home = state.title.company(corp.abbr).home
    here = _("{company}'s first station is its home, on {hex}").format(company=corp.abbr, hex=home)
    judge.fact(move.hex == home, here, OR)
    last = routes.cities_on(state, home) - 1
    judge.fact(
        move.city <= last,
        _("{hex} has cities 0 to {last}").format(hex=home, last=last),
        OR,
    )
    state.stations.append((home, move.city, corp.abbr))
    _on_map(state, judge)
    corp.stations = 1
    said = _("{company} places its home station on {hex}, city {city}")
    return [Event(said.format(company=corp.abbr, hex=home, city=move.city))]


def run(state: State, move: Run, judge: Judge) -> tuple[State, list[Event]]:
    corp = _turn(state, move.actor, judge)
    title = state.title
    judge.fact(move.revenue >= 0, _("revenue is not negative"), OR)
    ran = _("{company} has run (or passed its run) this turn").format(company=corp.abbr)
    judge.rule(not state.op.ran, ran, OR)
    judge.rule(
        move.how in title.operating.payouts,
        _("{title} has no {payout} payout").format(title=title.name, payout=move.how),
        key(state, "operating.payouts"),
        ", ".join(title.operating.payouts),
    )
    events: list[Event] = []
    revenue = move.revenue
    if move.best:
        judge.fact(bool(title.map), _no_map(state), ROUTES, "run N")
        answer = proposal.taken(_found(state, corp, move.found), ROUTES)
        revenue = answer.total
        events += [Event(line) for line in proposal.describe(answer)]
        revenue -= _war_cut(state, corp, answer, events)
    no_train = _("{company} has no train").format(company=corp.abbr)
    judge.rule(bool(corp.trains) or revenue == 0, no_train, OR)
    if not move.best:
        events += _judge_typed(state, corp, revenue, move.found, judge)
    state.op.ran = True
    runs = _("{company} runs for {revenue}")
    events.append(Event(runs.format(company=corp.abbr, revenue=title.money(revenue))))
    if train_events.single_train_loses_all(state, corp):
        return state, [*events, *_run_lost(state, corp, revenue, judge)]
    events += train_events.after_run(state, corp)
    event = payout.event(move.how, revenue)
    if event == "withhold":
        kept, paid = revenue, 0
    elif event == "half":
        kept, paid = payout.half(revenue, 100 // title.company(corp.abbr).unit)
    else:
        kept, paid = 0, revenue
    corp.cash += kept
    state.bank -= kept
    if kept:
        keeps = _("{company} keeps {amount}")
        events.append(Event(keeps.format(company=corp.abbr, amount=title.money(kept))))
    if paid:
        events += _pay_out(state, corp, paid)
    to = market.move(title.market, state.space(corp), event)
    events += moved(state, corp, to)
    events += _market_end(state, corp)
    return state, events


def _war_cut(state: State, corp: Corp, answer: Found, events: list[Event]) -> int:
    """What `run best` forgoes of the best routes when the company loses a train's run."""
    cut = train_events.war_cut(state, corp, [r.revenue for r in answer.runs if r.stops])
    if cut:
        said = _("{company} loses its lowest train's run: {amount} less")
        events.append(Event(said.format(company=corp.abbr, amount=state.title.money(cut))))
    return cut


def _run_lost(state: State, corp: Corp, revenue: int, judge: Judge) -> list[Event]:
    """A company with one train losing a train's run: nothing paid, its price still."""
    judge.rule(
        revenue == 0,
        _("{company} loses its only train's run: it runs for 0").format(company=corp.abbr),
        _lost_run_key(state),
    )
    said = _("{company} loses its only train's run: nothing paid, its price stays")
    return [Event(said.format(company=corp.abbr)), *train_events.after_run(state, corp)]


def _lost_run_key(state: State) -> str:
    name = next((t.name for t in state.title.trains if t.loses_a_train_run), "")
    return key(state, f"trains.{name}.loses_a_train_run")


def _no_map(state: State) -> str:
    said = _("{title} names no map: the table counts the routes and types the revenue")
    return said.format(title=state.title.name)


def _judge_typed(
    state: State, corp: Corp, revenue: int, found: Found | None, judge: Judge
) -> list[Event]:
    """With the title's map and the track entered, a typed revenue is at most the proven best
    (the table may force more); where the referee cannot judge it, it says it trusts it. Before
    the first tile the referee cannot tell the track on the table from the printed map."""
    if not state.title.map or not corp.trains:
        return []
    if not state.tiles:
        return [Event(_("trusted: the revenue (no tile entered yet, so the track is not known)"))]
    best = proposal.proven_total(_found(state, corp, found))
    if best is None:
        return [Event(_("trusted: the revenue (no proven best to judge it by)"))]
    proposal.judge_typed(judge, revenue, best, ROUTES)
    return []


def show_routes(state: State, move: Routes, judge: Judge) -> tuple[State, list[Event]]:
    """`routes`: the best routes of the company operating, on the title's map."""
    corp = _turn(state, move.actor, judge)
    judge.fact(bool(state.title.map), _no_map(state), ROUTES, "run N")
    if not corp.trains:
        said = _("{company} has no train: it earns nothing").format(company=corp.abbr)
        return state, [Event(said)]
    answer = proposal.taken(_found(state, corp, move.found), ROUTES, proven_only=False)
    return state, [Event(line) for line in proposal.proposal(corp.abbr, state.phase, answer)]


def _found(state: State, corp: Corp, found: Found | None) -> Found | None:
    return proposal.decided(routes.searchable(state, corp), found, ROUTES)


def searches(state: State, move: object) -> bool:
    """Whether the move's effect may come from the route search: `routes`, `run best`, and a
    typed revenue once the track is entered (`_judge_typed`)."""
    if state.round != "operating" or state.auction.awaiting_par or state.discard_due:
        return False
    if isinstance(move, Run):
        return move.best or bool(state.tiles)
    return isinstance(move, Routes)


def decide(state: State, move: Any, recorded: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The move with what the route search found (`Game.decide`): read from `recorded` when a
    save holds it, else searched for now. What to record ({}: nothing was searched for)."""
    if not searches(state, move):
        return move, {}
    found = proposal.recall(recorded) if recorded else routes.search(state, company(state))
    if found is None:
        return move, {}
    return replace(move, found=found), proposal.record(found)


def _pay_out(state: State, corp: Corp, paid: int) -> list[Event]:
    title = state.title
    paid_to: list[str] = []
    bank_held = {IPO: title.shares.ipo_pays, POOL: title.shares.pool_pays}
    for holder, to, amount in payout.dividends(
        paid, corp.held, 100, "per_holding", state.cash, corp.abbr, bank_held
    ):
        if to == corp.abbr:
            corp.cash += amount
        else:
            state.cash[to] += amount
        state.bank -= amount
        paid_to.append(f"{_holder(holder)} {title.money(amount)}")
    per = payout.earned(paid, title.company(corp.abbr).unit, 100, "per_holding")
    said = _("{company} pays {amount} a share: {holders}")
    return [
        Event(said.format(company=corp.abbr, amount=title.money(per), holders=", ".join(paid_to)))
    ]


def _holder(holder: str) -> str:
    """A holder of shares in words: a player's name, or where the bank keeps them."""
    if holder == IPO:
        return _("initial offering")
    return _("pool") if holder == POOL else holder


def no_run(state: State, corp: Corp) -> list[Event]:
    """A company that does not run withholds nothing, and its price moves as a withhold does
    (18xx.games' dividend step, skipped for a company without a route)."""
    state.op.ran = True
    said = _("{company} does not run: nothing paid").format(company=corp.abbr)
    if train_events.single_train_loses_all(state, corp):
        return [Event(said), *train_events.after_run(state, corp)]
    events = [Event(said), *train_events.after_run(state, corp)]
    to = market.move(state.title.market, state.space(corp), "withhold")
    events += moved(state, corp, to)
    return [*events, *_market_end(state, corp)]


def _market_end(state: State, corp: Corp) -> list[Event]:
    title, space = state.title, state.space(corp)
    events = []
    if title.market.means(space, "closes"):
        said = _("trusted: {company} reaches a closing space; the table closes it")
        events.append(Event(said.format(company=corp.abbr)))
    if title.market.means(space, "ends_game") and title.end.market_top != "never":
        said = _("{company} reaches the end of the market: the game ends")
        events.append(Event(said.format(company=corp.abbr)))
        events += _end_when(state, title.end.market_top)
    return events


def bank_end(state: State) -> list[Event]:
    """After any move: the bank breaks when it has paid more than it held (a dividend, a
    private's revenue, a sale, a float); paying out its last coin leaves it empty, not broken
    (18xx.games Bank#check_cash: broken only when its cash would go below 0)."""
    ended = state.last_set or state.end_after_round or state.round == "over"
    if state.bank >= 0 or state.title.end.bank_broken == "never" or ended:
        return []
    return [Event(_("the bank is broken")), *_end_when(state, state.title.end.bank_broken)]


def _end_when(state: State, timing: str) -> list[Event]:
    if timing == "immediately":
        return _over(state)
    if timing == "end_of_operating_round":
        state.end_after_round = True
    else:
        state.last_set = True
    return []


def available(state: State) -> list[str]:
    """The trains the bank sells now: the next kind in order, any kind whose `available_after`
    was bought, and those given back to the open market."""
    names: list[str] = [upcoming(state)] if upcoming(state) else []
    for train in state.title.trains:
        if train.available_after in state.bought_kinds and state.depot[train.name] != 0:
            names.append(train.name)
    given_back = [t for t in state.open_market if t not in state.obsolete]
    return list(dict.fromkeys([*names, *given_back]))


def buy_train(state: State, move: BuyTrain, judge: Judge) -> tuple[State, list[Event]]:
    corp = _turn(state, move.actor, judge)
    title = state.title
    names = [t.name for t in title.trains]
    judge.fact(
        move.train in names, _("no train {train}").format(train=move.train), OR, ", ".join(names)
    )
    train = title.train(move.train)
    judge.rule(
        state.op.ran or not corp.trains,
        _("{company} runs its trains before it buys more (run 0 withhold to skip)").format(
            company=corp.abbr
        ),
        OR,
    )
    skipped = [] if state.op.ran else no_run(state, corp)
    limit = phase(state).train_limit
    handed_in = 1 if move.trade and move.trade in corp.trains else 0
    held = train_events.counted(state, corp)
    judge.rule(
        rolling.may_add(held, limit, handed_in),
        ngettext(
            "{company} holds {n} train, the limit in phase {phase}",
            "{company} holds {n} trains, the limit in phase {phase}",
            held,
        ).format(company=corp.abbr, n=held, phase=state.phase),
        key(state, f"phases.{state.phase}.train_limit"),
    )
    if move.seller:
        judge.fact(
            move.seller in state.corps and move.seller != corp.abbr,
            _("no company {company} to buy from").format(company=move.seller),
            OR,
        )
        seller = state.corps[move.seller]
        lacks = _("{company} has no {train} train").format(company=move.seller, train=move.train)
        judge.fact(move.train in seller.trains, lacks, OR)
        judge.rule(
            move.train not in state.obsolete,
            _("an obsolete {train} train is not sold").format(train=move.train),
            key(state, f"trains.{move.train}.obsolete_on"),
        )
        judge.rule(
            move.price >= title.operating.train_price_between_companies,
            _("a train costs at least {price}").format(
                price=title.money(title.operating.train_price_between_companies)
            ),
            key(state, "operating.train_price_between_companies"),
        )
        paid = pay_company(state, corp, seller, move.train, move.price, judge)
        seller.trains.remove(move.train)
        corp.trains.append(move.train)
        state.op.bought = True
        return state, [
            *skipped,
            *paid,
            Event(
                _("{company} buys a {train} train from {seller} for {price}").format(
                    company=corp.abbr,
                    train=move.train,
                    seller=move.seller,
                    price=title.money(move.price),
                )
            ),
        ]
    judge.rule(
        move.train in available(state),
        _("the bank does not sell a {train} train now").format(train=move.train),
        OR,
        ", ".join(available(state)),
    )
    _bank_trains_left(state, corp, judge)
    price = train.price
    if move.trade:
        judge.rule(
            move.trade in train.trade_in and move.trade in corp.trains,
            _("{company} cannot hand in a {old} train for a {train}").format(
                company=corp.abbr, old=move.trade, train=move.train
            ),
            key(state, f"trains.{move.train}.trade_in"),
        )
        price -= train.trade_in_discount
    events: list[Event] = [*skipped]
    if move.private:
        price, closed = _discounted(state, corp, move, price, judge)
        events += closed
    if corp.cash < price and not corp.trains:
        events += _emergency(state, corp, move.train, price, judge)
    else:
        costs = _("{company} has {cash}: a {train} train costs {price}")
        _spend(state, corp, price, judge, costs, train=move.train)
    if move.trade and move.trade in corp.trains:
        corp.trains.remove(move.trade)
    if move.train in state.open_market:
        state.open_market.remove(move.train)
    else:
        rolling.take(state.depot, move.train)
    corp.trains.append(move.train)
    state.op.bought = True
    state.op.bank_trains += 1
    said = _("{company} buys a {train} train for {price}")
    events.append(Event(said.format(company=corp.abbr, train=move.train, price=title.money(price))))
    events += _closes_with_train_by(state, corp)
    if move.train not in state.bought_kinds:
        state.bought_kinds.append(move.train)
        events += _first_of_kind(state, move.train)
    return state, events


def _discounted(
    state: State, corp: Corp, move: BuyTrain, price: int, judge: Judge
) -> tuple[int, list[Event]]:
    """A private's train_discount (18AL's NDY): its owning company buys one of its trains from
    the bank at the discount, and the private closes."""
    found = [p for p in state.title.privates if p.abbr == move.private]
    deal = found[0].train_discount if found else None
    judge.rule(
        deal is not None
        and state.privates.get(move.private) == corp.abbr
        and move.train in deal.trains,
        _("{private} gives {company} no discount on a {train} train").format(
            private=move.private, company=corp.abbr, train=move.train
        ),
        key(state, f"privates.{move.private}.train_discount"),
    )
    if deal is None or move.train not in deal.trains:  # forced past the rule: full price
        return price, []
    state.privates[move.private] = CLOSED
    said = _("{private} closes (its discount used)").format(private=move.private)
    return price - price * deal.percent // 100, [Event(said)]


def _bank_trains_left(state: State, corp: Corp, judge: Judge) -> None:
    """The phase's bank_trains_per_turn: how many trains a company buys from the bank a turn."""
    most = phase(state).bank_trains_per_turn
    judge.rule(
        not most or state.op.bank_trains < most,
        ngettext(
            "{company} has bought {n} train from the bank this turn, the most in phase {phase}",
            "{company} has bought {n} trains from the bank this turn, the most in phase {phase}",
            most,
        ).format(company=corp.abbr, n=most, phase=state.phase),
        key(state, f"phases.{state.phase}.bank_trains_per_turn"),
    )


def _closes_with_train_by(state: State, corp: Corp) -> list[Event]:
    events = []
    for p in state.title.privates:
        closer = p.closes_when_bought_train_by
        if closer == DRAWN:  # the company drawn for it (the title's gives_president)
            closer = state.drawn.get(p.abbr, "")
        if closer == corp.abbr and state.privates.get(p.abbr) not in (
            "",
            CLOSED,
            None,
        ):
            state.privates[p.abbr] = CLOSED
            said = _("{private} closes ({company} bought a train)")
            events.append(Event(said.format(private=p.abbr, company=corp.abbr)))
    return events


def _first_of_kind(state: State, name: str) -> list[Event]:
    title = state.title
    events: list[Event] = []
    started = phases.started([name], ((p.name, p.on) for p in title.phases), state.phase)
    if started is not None:
        state.phase = started
        new_phase = phase(state)
        events.append(
            Event(
                _("phase {phase}: tiles {tiles}, train limit {limit}").format(
                    phase=new_phase.name,
                    tiles=", ".join(map(colour, new_phase.tiles)),
                    limit=new_phase.train_limit,
                )
            )
        )
    for gone in rolling.rusted([name], ((t.name, t.rusts_on) for t in title.trains)):
        for corp in state.corps.values():
            corp.trains[:], rusted = rolling.rust(corp.trains, gone.__eq__)
            if rusted:
                said = _("{company}'s {train} trains rust")
                events.append(Event(said.format(company=corp.abbr, train=gone)))
        state.open_market[:], _rusted = rolling.rust(state.open_market, gone.__eq__)
    events += train_events.first_bought(state, name)
    if title.train(name).closes_privates:
        for p in title.privates:
            if p.abbr not in state.privates:
                continue  # not in a game of this many players (min_players)
            owner = state.privates[p.abbr]
            if owner == CLOSED or (p.player_keeps_open and owner in state.cash):
                continue
            state.privates[p.abbr] = CLOSED
            events.append(Event(_("{private} closes").format(private=p.abbr)))
    limit = phase(state).train_limit
    held = {c.abbr: (train_events.counted(state, c), limit) for c in state.corps.values()}
    state.discard_due = list(phases.over_limit(held))
    for abbr in state.discard_due:
        said = ngettext(
            "{company} holds more than {limit} train and discards",
            "{company} holds more than {limit} trains and discards",
            limit,
        )
        events.append(Event(said.format(company=abbr, limit=limit)))
    return events


def discard(state: State, move: Discard, judge: Judge) -> tuple[State, list[Event]]:
    need_not = _("{company} need not discard").format(company=move.company)
    judge.fact(move.company in state.discard_due, need_not, OR)
    corp = state.corps[move.company]
    judge.turn(move.actor, corp.president, OR)
    lacks = _("{company} has no {train} train").format(company=corp.abbr, train=move.train)
    judge.fact(move.train in corp.trains, lacks, OR)
    corp.trains.remove(move.train)
    state.open_market.append(move.train)
    held = {corp.abbr: (train_events.counted(state, corp), phase(state).train_limit)}
    if not phases.over_limit(held):
        state.discard_due.remove(corp.abbr)
    said = _("{company} gives a {train} train back to the bank")
    return state, [Event(said.format(company=corp.abbr, train=move.train))]


def place_bonus(state: State, move: PlaceBonus, judge: Judge) -> tuple[State, list[Event]]:
    corp = _turn(state, move.actor, judge)
    return state, bonuses.place(state, corp, move, judge)


def buy_private(state: State, move: BuyPrivate, judge: Judge) -> tuple[State, list[Event]]:
    corp = _turn(state, move.actor, judge)
    title = state.title
    judge.fact(
        move.private in state.privates, _("no private {private}").format(private=move.private), OR
    )
    owner = state.privates[move.private]
    not_a_player = _("{private} is not owned by a player").format(private=move.private)
    judge.fact(owner in state.cash, not_a_player, OR)
    p = next(x for x in title.privates if x.abbr == move.private)
    first = _first_round_sales(state)
    if first and not phase(state).privates_for_sale:
        _one_each(state, corp, owner, judge)
    else:
        judge.rule(
            phase(state).privates_for_sale,
            _("no private is sold to a company in phase {phase}").format(phase=state.phase),
            key(state, f"phases.{state.phase}.privates_for_sale"),
        )
    judge.rule(
        p.company_may_buy,
        _("{private} is never sold to a company").format(private=p.abbr),
        key(state, f"privates.{p.abbr}.company_may_buy"),
    )
    low, high = (p.cost * pct // 100 for pct in title.operating.private_price_percent)
    if first:
        low = high = p.cost
    judge.rule(
        low <= move.price <= high,
        _("{private} sells for {low} to {high}").format(
            private=p.abbr, low=title.money(low), high=title.money(high)
        ),
        key(
            state,
            "operating.first_round_private_sales" if first else "operating.private_price_percent",
        ),
    )
    state.private_sellers.append(owner)
    cannot = _("{company} cannot pay {price}")
    judge.rule(
        corp.cash >= move.price,
        cannot.format(company=corp.abbr, price=title.money(move.price)),
        OR,
    )
    corp.cash -= move.price
    state.cash[owner] += move.price
    state.privates[p.abbr] = corp.abbr
    bonuses.bought(state, corp, p)
    said = _("{company} buys {private} from {owner} for {price}")
    return state, [
        Event(
            said.format(
                company=corp.abbr, private=p.abbr, owner=owner, price=title.money(move.price)
            )
        ),
        *_private_train(state, corp, p),
    ]


def _private_train(state: State, corp: Corp, p: Private) -> list[Event]:
    """privates.*.gives_train (18GA's OSR): the company buying the private receives its train,
    not as a purchase, unless the phase named has begun or the company is at its train limit;
    then the train leaves the game."""
    given = p.gives_train
    if given is None:
        return []
    phases = [ph.name for ph in state.title.phases]
    late = bool(given.before_phase) and phases.index(state.phase) >= phases.index(
        given.before_phase
    )
    if late or train_events.counted(state, corp) >= phase(state).train_limit:
        said = _("{private}'s {train} train leaves the game")
        return [Event(said.format(private=p.abbr, train=given.train))]
    corp.trains.append(given.train)
    said = _("{company} receives {private}'s {train} train, not as a purchase")
    return [Event(said.format(company=corp.abbr, private=p.abbr, train=given.train))]


def _first_round_sales(state: State) -> bool:
    """Operating round 1.1 of a title whose companies buy privates at face value in it."""
    first = (state.stock_round, state.or_number) == (1, 1)
    return first and state.title.operating.first_round_private_sales


def _one_each(state: State, corp: Corp, owner: str, judge: Judge) -> None:
    """The first round's sales outside the phase's: one private a company, one a player."""
    rule = key(state, "operating.first_round_private_sales")
    owns = _("{company} owns a private: it buys no other now").format(company=corp.abbr)
    judge.rule(corp.abbr not in state.privates.values(), owns, rule)
    sold = _("{player} has sold a private this round: no other now").format(player=owner)
    judge.rule(owner not in state.private_sellers, sold, rule)


def done(state: State, move: Done, judge: Judge) -> tuple[State, list[Event]]:
    corp = _turn(state, move.actor, judge)
    title = state.title
    events: list[Event] = []
    duty = emergency.duty(bool(corp.trains), title.operating.must_buy_train)
    judge.rule(
        duty != "buy",
        _("{company} must own a train").format(company=corp.abbr),
        key(state, "operating.must_buy_train"),
    )
    if duty == "route":
        said = _("trusted: that {company} has no route, so need not own a train")
        events.append(Event(said.format(company=corp.abbr)))
    if not state.op.ran:
        events += no_run(state, corp)
    corp.operated = True
    state.operating += 1
    state.op = OpTurn()
    events.append(Event(_("{company} ends its turn").format(company=corp.abbr)))
    if state.operating < len(state.order):
        return state, [*events, *_begin_turn(state)]
    return state, [*events, *end_round(state)]


def cheapest(state: State) -> int:
    """The price of the cheapest train the bank sells now."""
    return min(state.title.train(name).price for name in available(state))


def shortfall(state: State, corp: Corp) -> int:
    """What a company without a train lacks for the cheapest one (0: it can pay, or has one)."""
    price = cheapest(state) if available(state) else None
    return emergency.shortfall(price, bool(corp.trains), corp.cash)


def _emergency(state: State, corp: Corp, train: str, price: int, judge: Judge) -> list[Event]:
    judge.rule(
        emergency.only_the_cheapest(price, cheapest(state)),
        _("{company} cannot pay: with its president's help it buys the cheapest train only").format(
            company=corp.abbr
        ),
        EMERGENCY,
    )
    events = president_helps(state, corp, price, judge)
    state.bank += price
    return events


def emergency_sell(state: State, move: Sell, judge: Judge) -> tuple[State, list[Event]]:
    corp = _turn(state, move.actor, judge)
    more = state.title.operating.sell_more_than_needed
    need = shortfall(state, corp) - (0 if more else state.cash[move.actor])
    judge.rule(
        need > 0,
        _("{player} sells in an operating round only to pay for {company}'s train").format(
            player=move.actor, company=corp.abbr
        ),
        key(state, "operating.sell_more_than_needed") if more else EMERGENCY,
    )
    skipped = [] if state.op.ran else no_run(state, corp)
    events = [*skipped, *sale(state, move, judge, in_need=corp.abbr)]
    if state.title.operating.reorder_after_emergency_sale:
        _reorder_the_rest(state)
    return state, events


def _reorder_the_rest(state: State) -> None:
    """The companies yet to operate this round, sorted again by their prices now."""
    rest = state.order[state.operating + 1 :]
    state.order[state.operating + 1 :] = [c for c in order(state) if c in rest]


def bankrupt(state: State, move: Bankrupt, judge: Judge) -> tuple[State, list[Event]]:
    corp = _turn(state, move.actor, judge)
    need = shortfall(state, corp) - state.cash[move.actor]
    can_pay = _("{player} can pay for {company}'s train: no bankruptcy")
    judge.rule(need > 0, can_pay.format(player=move.actor, company=corp.abbr), EMERGENCY)
    bankrupt = _("{player} is bankrupt: {company} cannot buy a train")
    # the train step comes after the run: a company without a train has not run, and its
    # price has moved as a withhold does before its president goes bankrupt
    skipped = [] if state.op.ran else no_run(state, corp)
    events = [
        *skipped,
        Event(bankrupt.format(player=move.actor, company=corp.abbr)),
        Event(_("trusted: that no sale of shares could raise the rest (not checked)")),
        *settle_bankrupt(state, move.actor),
    ]
    timing = state.title.end.bankruptcy
    if timing == "never":
        return state, [*events, Event(_("trusted: the title says nothing of bankruptcy"))]
    return state, [*events, *_end_when(state, timing)]
