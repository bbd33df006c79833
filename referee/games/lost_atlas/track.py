"""Operating steps 3 and 4: track tiles and station tokens (rules ■14, ■15), suburbs (■26).

With the map entered (rules ■3) every lay and token is checked against the real geometry;
without it, only what can be checked from the words typed (colour, count, cost) is.
"""

from __future__ import annotations

from dataclasses import replace

from referee.core.engine import Event, RuleError
from referee.core.rules_kit import Judge
from referee.core.words import Several
from referee.eighteen import compass
from referee.eighteen.hexes import neighbour
from referee.eighteen.tiles import End, TileSpec
from referee.eighteen.tiles import tile as tile_spec
from referee.eighteen.upgrades import left
from referee.eighteen_rules import phases, stations
from referee.games.lost_atlas import atlas, data, ledger, routes
from referee.games.lost_atlas.commands import LayTile, Token, colour_name
from referee.games.lost_atlas.sections import (
    R_ABILITY,
    R_OR,
    R_PHASE,
    R_REACH,
    R_TOKEN,
    R_TRACK,
    R_UPGRADE,
)
from referee.games.lost_atlas.state import Company, Lay, OperatingRound, State
from referee.i18n import N_, _

Paths = tuple[tuple[End, End], ...]

TILES_FROM = "next_company"  # ■19: a new phase's tiles from the next company on
UPGRADES = {"green": "yellow", "purple": "green", "grey": "purple"}


def stage(state: State, step: int, judge: Judge, what: str) -> None:
    """Rules ■11: the steps come in order; a later step closes the earlier ones."""
    orr = state.orr
    assert orr is not None
    judge.rule(
        orr.stage <= step,
        _("{what} is step {step}; this company is past it").format(what=_(what), step=step),
        R_OR,
        _("the steps go: train (new minors), shares, track, token, run, dividend, trains"),
    )
    orr.stage = max(orr.stage, step)


# --- step 3: track ----------------------------------------------------------------------------
def lay(state: State, co: Company, move: LayTile, judge: Judge, events: list[Event]) -> None:
    orr = state.orr
    assert orr is not None
    stage(state, 3, judge, N_("laying track"))
    on_map = routes.known(state)
    # ■14: with the turn's lays used up, that is why any lay is refused, whatever it is
    spent = _count_problem(orr, co, False)
    if spent and _count_problem(orr, co, True):
        judge.broken(spent)
    if move.track:
        move = _fit(state, co, move, judge)
    if on_map and not move.tile:
        raise RuleError(
            _("the map is known: say how the track lies, or name the tile and its rotation"),
            R_TRACK,
            _("lay HEX SIDES, e.g. lay M25 N-S or lay M27 N-SE city; or lay M21 57 0"),
        )
    colour = move.colour
    cost = _map_cost(state, move) if on_map else move.cost
    with judge.overridable():
        _count_check(state, co, colour)
    if on_map:
        problem = lay_problem(state, co, move)
        if problem:
            judge.broken(RuleError(*problem))
        judge.rule(
            not move.cost or move.cost == cost,
            _("the terrain of {hex} costs {cost}").format(hex=move.hex, cost=cost),
            R_TRACK,
        )
    else:
        _lay_by_colour(state, move, judge)
    judge.rule(
        co.cash >= cost,
        _("{company} has {cash}, the terrain costs {cost}").format(
            company=co.name, cash=co.cash, cost=cost
        ),
        R_TRACK,
    )
    orr.lays.append(Lay(move.hex, colour))
    state.hexes[move.hex] = colour
    if on_map:
        old = state.tiles.get(move.hex)
        state.tiles[move.hex] = (move.tile, move.rot)
        if old:
            events.append(Event(_("tile {tile} goes back to the supply").format(tile=old[0])))
    if colour == "bridge":
        co.bridges_left -= 1
    tile = (
        _(" (tile {tile}: {said})").format(tile=move.tile, said=said(move.tile, move.rot))
        if move.tile
        else ""
    )
    events.append(
        Event(
            _("{company} lays {colour} on {hex}{tile}").format(
                company=co.name, colour=colour_name(colour), hex=move.hex, tile=tile
            )
        )
    )
    if cost:
        ledger.pay(state, co.name, ledger.BANK, cost, events, _("terrain cost"))
        if "Tunneling" in co.abilities:  # ■26: 60 back after each mountain cost paid
            refund = data.table()["terrain"]["tunneling_refund"]
            ledger.pay(state, ledger.BANK, co.name, refund, events, _("Tunneling's ability, ■26"))


# --- the track as the table says it ----------------------------------------------------------
def side(edge: int) -> str:
    return compass.SIDES[atlas.LAYOUT][edge]


def track_of(name: str, rot: int) -> compass.Track:
    return compass.describe(tile_spec(name, _("tile {name}").format(name=name)), rot)


def said(name: str, rot: int) -> str:
    """A tile turned `rot` as the table says it: `N-SE city`."""
    return compass.text(track_of(name, rot), atlas.LAYOUT)


def shapes(state: State, hex_: str) -> list[tuple[str, int]]:
    """Every tile of the upgrade chart for what is on `hex_` now, in each rotation that lays
    its track differently (■14: the tiles that may replace what is there)."""
    cell = atlas.board(state).cells.get(hex_)
    if cell is None:
        return []
    old = state.tiles.get(hex_)
    out: list[tuple[str, int]] = []
    for name in data.table()["upgrades"].get(old[0] if old else cell.kind, []):
        seen: set[frozenset[compass.Group]] = set()
        for rot in range(6):
            key = frozenset(track_of(name, rot))
            if key not in seen:
                seen.add(key)
                out.append((name, rot))
    return out


def lay_check(state: State, co: Company, hex_: str, name: str, rot: int) -> RuleError | None:
    """Why tile `name` turned `rot` may not be laid on `hex_` now (■14), or None."""
    move = LayTile(co.president, hex_, data.tile_colour(name), 0, name, rot)
    try:
        _count_check(state, co, move.colour)
    except RuleError as error:
        return error
    problem = lay_problem(state, co, move)
    return RuleError(*problem) if problem else None


def lays_on(state: State, co: Company, hex_: str) -> list[tuple[str, int]]:
    """The tiles (and rotations) the company may lay on `hex_` now."""
    return [(n, r) for n, r in shapes(state, hex_) if lay_check(state, co, hex_, n, r) is None]


def _fit(state: State, co: Company, move: LayTile, judge: Judge) -> LayTile:
    """■14: the tile and rotation whose track lies as the table said, among the tiles that
    may go there now; several: the table says which; none: refused with what fits."""
    if not routes.known(state):
        raise RuleError(
            _("without the map the referee cannot tell the tile from its track"),
            R_TRACK,
            "lay HEX COLOUR [cost N]",
            computable=False,
        )
    typed, where = move.track, move.hex
    wanted = [
        (n, r)
        for n, r in shapes(state, where)
        if (not move.colour or data.tile_colour(n) == move.colour)
        and (not move.tile or n == move.tile)
    ]
    # Said in part (an upgrade by its new track): the old track it must keep goes without saying.
    old = state.tiles.get(where)
    kept = [g for g in (track_of(*old) if old else ()) if g.sides not in {t.sides for t in typed}]
    fit = [(n, r) for n, r in wanted if compass.fits(typed, track_of(n, r))] or [
        (n, r) for n, r in wanted if compass.fits((*typed, *kept), track_of(n, r), part=True)
    ]
    legal = [(n, r) for n, r in fit if lay_check(state, co, where, n, r) is None]
    asked = " ".join(w for w in (compass.text(typed, atlas.LAYOUT), move.colour, move.tile) if w)
    if len(legal) > 1:
        twice = {said(n, r) for n, r in legal if sum(said(*o) == said(n, r) for o in legal) > 1}
        raise Several(
            _("{count} lays fit {asked} on {where}, say which: ").format(
                count=len(legal), asked=asked, where=where
            )
            + "; ".join(
                _("tile {tile} ({colour}) {said}").format(
                    tile=n, colour=colour_name(data.tile_colour(n)), said=said(n, r)
                )
                for n, r in legal
            ),
            [
                f"lay {where} {said(n, r)}" + (f" {n}" if said(n, r) in twice else "")
                for n, r in legal
            ],
        )
    if not legal:
        fits = lays_on(state, co, where)
        fits_here = "; ".join(_("{said} ({tile})").format(said=said(n, r), tile=n) for n, r in fits)
        legal_text = (
            _("what fits: {fits_here}").format(fits_here=fits_here)
            if fits_here
            else _("nothing fits on {where} now").format(where=where)
        )
        if not fit:
            raise RuleError(
                _("no tile laid as {asked} may go on {where}").format(asked=asked, where=where),
                R_UPGRADE,
                legal_text,
                computable=False,
            )
        error = lay_check(state, co, where, *fit[0])
        assert error is not None
        refusal = RuleError(
            _("{asked} on {where}: {reason}").format(asked=asked, where=where, reason=error.reason),
            error.rule,
            legal_text,
        )
        if len(fit) > 1:
            raise refusal
        judge.broken(refusal)  # forced: the one tile laid as said goes down anyway
        legal = fit
    name, rot = legal[0]
    return replace(move, colour=data.tile_colour(name), tile=name, rot=rot, track=())


def _lay_by_colour(state: State, move: LayTile, judge: Judge) -> None:
    """■14 without the map: upgrades in colour order, yellow on empty hexes, terrain 0 or a
    mountain's cost."""
    colour, on = move.colour, state.hexes.get(move.hex)
    if colour in UPGRADES:
        judge.rule(
            on == UPGRADES[colour],
            _("{colour} replaces a {old} tile; {hex} has {on}").format(
                colour=colour_name(colour),
                old=colour_name(UPGRADES[colour]),
                hex=move.hex,
                on=colour_name(on) if on else _("no tile"),
            ),
            R_TRACK,
            _("no colour may be skipped"),
        )
    else:
        judge.rule(
            on is None,
            _("{hex} already has a {on} tile").format(hex=move.hex, on=colour_name(on or "")),
            R_TRACK,
            _("yellow tiles go on empty hexes; upgrade instead"),
        )
    mountain = data.table()["terrain"]["mountain"]
    judge.rule(
        move.cost in (0, mountain),
        _("terrain costs 0 or {mountain} (a mountain)").format(mountain=mountain),
        R_TRACK,
    )


def _count_check(state: State, co: Company, colour: str) -> None:
    """■14: two yellow tiles, or one upgrade (Agricultural: and then one yellow, ■26); the
    colours the phase allows; bridges for Bridging alone (■26)."""
    orr = state.orr
    assert orr is not None
    upgrade = colour in UPGRADES
    spent = _count_problem(orr, co, upgrade)  # the turn's count first: it refuses any tile
    if spent:
        raise spent
    allowed = data.table()["setup"]["colours"][state.variant]
    phase = phases.laying(state.colour, orr.tile_phase, TILES_FROM)
    if upgrade and (
        colour not in allowed or data.COLOURS.index(colour) > data.COLOURS.index(phase)
    ):
        new_phase = phase != state.colour
        raise RuleError(
            _("{colour} tiles are not laid in the {phase} phase").format(
                colour=colour_name(colour), phase=colour_name(phase)
            ),
            R_PHASE if new_phase else R_TRACK,
            _("the new phase's tiles are laid from the next company") if new_phase else "",
        )
    if colour == "bridge":
        if "Bridging" not in co.abilities:
            raise RuleError(_("only Bridging lays bridge tiles"), R_ABILITY)
        if co.bridges_left == 0:
            raise RuleError(
                _("{company} has no bridge tile left").format(company=co.name), R_ABILITY
            )


def _count_problem(orr: OperatingRound, co: Company, upgrade: bool) -> RuleError | None:
    """■14: why the turn has no lay left of the kind (an upgrade or a yellow tile), if so."""
    had_upgrade = any(lay.colour in UPGRADES for lay in orr.lays)
    yellows = sum(1 for lay in orr.lays if lay.colour not in UPGRADES)
    if upgrade and orr.lays:
        return RuleError(_("two yellow tiles or one upgrade per turn"), R_TRACK)
    if not upgrade:
        if had_upgrade and ("Agricultural" not in co.abilities or yellows >= 1):
            return RuleError(
                _("two yellow tiles or one upgrade per turn"),
                R_TRACK,
                _("Agricultural alone adds one yellow after its upgrade (■26)"),
            )
        if yellows >= 2:
            return RuleError(_("two yellow tiles per turn at most"), R_TRACK)
    return None


def _map_cost(state: State, move: LayTile) -> int:
    """■14: a mountain costs 40 for the first tile on it; upgrades cost nothing."""
    cell = atlas.board(state).cells.get(move.hex)
    if cell is None or move.hex in state.tiles:
        return 0
    return cell.cost


def in_supply(state: State, name: str) -> int:
    """Tiles of a design not on the map (replaced tiles go back, ■14)."""
    return left(name, "lost_atlas", (t for t, _r in state.tiles.values()))


def lay_problem(state: State, co: Company, move: LayTile) -> tuple[str, str, str] | None:
    """Why the tile cannot go there: (reason, rule, what is allowed); None if it can."""
    cells = atlas.board(state).cells
    cell = cells.get(move.hex)
    if cell is None:
        return _("{hex} is not on the map").format(hex=move.hex), R_TRACK, ""
    if cell.terrain in ("border", "destination"):
        return (
            _("nothing is laid on a {terrain} hex").format(
                terrain=atlas.terrain_name(cell.terrain)
            ),
            R_TRACK,
            _("border hexes take nothing; destinations are only run to"),
        )
    if in_supply(state, move.tile) <= 0:
        return _("no tile {tile} is left in the supply").format(tile=move.tile), R_TRACK, ""
    old = state.tiles.get(move.hex)
    key = old[0] if old else cell.kind
    chart = data.table()["upgrades"]
    allowed = list(chart.get(key, []))
    if move.tile not in allowed:
        what = (
            _("tile {key}").format(key=key)
            if old
            else _("a {kind} hex").format(
                kind=colour_name(key) if key else atlas.terrain_name(cell.terrain)
            )
        )
        return (
            _("{tile} cannot go on {what}").format(tile=move.tile, what=what),
            R_UPGRADE,
            (_("allowed: ") + ", ".join(allowed))
            if allowed
            else _("{what} is final").format(what=what),
        )
    if cell.terrain == "water" and "Bridging" not in co.abilities:
        return _("only Bridging builds on water"), R_ABILITY, ""
    new = tile_spec(move.tile, _("hex {hex}").format(hex=move.hex))
    new_paths = new.rotated_paths(move.rot)
    before, old_paths = routes.content(state, move.hex)
    if old_paths or old:
        problem = _keeps_track(old_paths, new_paths, before, new)
        if problem:
            return problem, R_UPGRADE, _("another rotation")
    for edge in sorted(new.exits(move.rot)):
        other = neighbour(move.hex, edge, atlas.LAYOUT)
        there = cells.get(other or "")
        if there is None or there.terrain == "border":
            return (
                _("the track leaving {side} runs off the map or into a border hex").format(
                    side=side(edge)
                ),
                R_TRACK,
                _("another rotation"),
            )
        if there.terrain == "water" and other not in state.tiles and "Bridging" not in co.abilities:
            return (
                _("the track leaving {side} runs into water ({other})").format(
                    side=side(edge), other=other
                ),
                R_ABILITY,
                _("only Bridging's track may point into water (■26)"),
            )
    if not _reached(state, co, move.hex, new.exits(move.rot)):
        return (
            _("{company} cannot reach {hex} from its stations").format(
                company=co.name, hex=move.hex
            ),
            R_REACH,
            _("new track must join track the company reaches"),
        )
    return None


def _keeps_track(old_paths: Paths, new_paths: Paths, before: TileSpec, new: TileSpec) -> str | None:
    """■14: an upgrade keeps the old track; cities keep or gain spots. (Eastern Mining's mine
    keeps only its connections to the hex sides, ■26: so do all city tiles here.)"""

    def exits(paths: Paths) -> set[int]:
        return {end[1] for p in paths for end in p if end[0] == "e"}

    def edge_pairs(paths: Paths) -> set[frozenset[int]]:
        return {frozenset((a[1], b[1])) for a, b in paths if a[0] == b[0] == "e"}

    lost = exits(old_paths) - exits(new_paths)
    if lost:
        return _("the old track leaving {items} would be lost").format(
            items=", ".join(map(side, sorted(lost)))
        )
    if not edge_pairs(old_paths) <= edge_pairs(new_paths):
        return _("the old track between two sides would be lost")
    if sum(n.slots for n in new.nodes) < sum(n.slots for n in before.nodes):
        return _("the city would lose a spot")
    return None


def _reached(state: State, co: Company, hex_: str, exits: frozenset[int]) -> bool:
    """■14: the new tile's track joins track (or a station) the company reaches."""
    got = routes.reach(state, co)
    if any(h == hex_ for h, _ in got.cities) or any(h == hex_ for h, _ in got.paths):
        return True
    for edge in exits:
        other = neighbour(hex_, edge, atlas.LAYOUT)
        if other is not None and (other, (edge + 3) % 6) in got.exits:
            return True
    return False


# --- step 4: stations -------------------------------------------------------------------------
def token(state: State, co: Company, move: Token, judge: Judge, events: list[Event]) -> None:
    orr = state.orr
    assert orr is not None
    stage(state, 4, judge, N_("placing a station"))
    judge.fact(
        bool(co.spare_tokens),
        _("{company} has no station token left").format(company=co.name),
        R_TOKEN,
    )
    slot = stations.next_cost(co.spare_tokens, move.cost)
    where = move.hex
    if routes.known(state):
        city = _city_for(state, move)
        where = routes.hub_name(move.hex, city)
    judge.rule(not orr.tokened, _("one station per turn"), R_TOKEN)
    judge.rule(
        slot == stations.PRINTED or move.cost == slot,
        _("this token costs {slot}").format(slot=slot),
        R_TOKEN,
        f"token {move.hex} cost {slot}",
    )
    judge.rule(
        move.hex not in {routes.hub_spot(h)[0] for h in co.hubs},
        _("{company} already has a station on {hex}").format(company=co.name, hex=move.hex),
        R_TOKEN,
        _("one per tile"),
    )
    judge.rule(
        co.cash >= move.cost,
        _("{company} has {cash}").format(company=co.name, cash=co.cash),
        R_TOKEN,
    )
    if routes.known(state):
        problem = token_problem(state, co, *routes.hub_spot(where))
        judge.rule(problem is None, problem or "", R_TOKEN)
    co.spare_tokens.remove(slot)
    co.hubs.append(where)
    orr.tokened = True
    orr.stage = 5
    events.append(
        Event(_("{company} places a station on {where}").format(company=co.name, where=where))
    )
    ledger.pay(state, co.name, ledger.BANK, move.cost, events, _("station cost"))


def _city_for(state: State, move: Token) -> int:
    cell = atlas.board(state).cells.get(move.hex)
    if cell is None:
        raise RuleError(
            _("{hex} is not on the map").format(hex=move.hex), R_TOKEN, computable=False
        )
    spec = routes.content(state, move.hex)[0]
    cities = [i for i, n in enumerate(spec.nodes) if n.kind == "city"]
    if move.city >= 0:
        if move.city not in cities:
            raise RuleError(
                _("{hex} has no city {city}").format(hex=move.hex, city=move.city),
                R_TOKEN,
                _("cities: {cities}").format(cities=", ".join(map(str, cities)) or _("none")),
                computable=False,
            )
        return move.city
    free = [i for i in cities if len(routes.tokens_at(state, move.hex, i)) < spec.nodes[i].slots]
    if not cities:
        raise RuleError(_("{hex} has no city").format(hex=move.hex), R_TOKEN, computable=False)
    return (free or cities)[0]


def reserved(state: State) -> dict[str, str]:
    """Home hexes of the minors in play not founded yet (■14/■15): hex -> minor."""
    homes = atlas.board(state).homes()
    waiting = [n for col in state.columns for n in col]
    return {homes[n]: n for n in waiting if n in homes}


def token_problem(state: State, co: Company, hex_: str, city: int) -> str | None:
    """■15: a reachable city with a free spot, leaving a reserved home's spot open."""
    spec = routes.content(state, hex_)[0]
    here = routes.tokens_at(state, hex_, city)
    free = spec.nodes[city].slots - len(here)
    if free <= 0:
        return _("{hub} has no free spot").format(hub=routes.hub_name(hex_, city))
    if city == 0 and hex_ in reserved(state) and free < 2:
        return _("the last spot of {hex} is kept for {minor}'s home").format(
            hex=hex_, minor=reserved(state)[hex_]
        )
    if (hex_, city) not in routes.reach(state, co).cities:
        return _("{company} cannot reach {hub} from its stations").format(
            company=co.name, hub=routes.hub_name(hex_, city)
        )
    return None


def is_basic_city(state: State, hex_: str) -> bool:
    """■2: a basic city (the ○ on a beige hex): not a capital, mine, port or minor's home."""
    cell = atlas.board(state).cells.get(hex_)
    return cell is not None and cell.terrain == "city" and not cell.label


def home_for(state: State, minor: str, where: str, judge: Judge) -> str:
    """■7: the home station; ■26 Adaptive: an empty basic city of the founder's choice, not a
    capital, mine or port, not another minor's home."""
    homes = atlas.board(state).homes()
    if minor != "Adaptive":
        if minor not in homes:
            raise RuleError(
                _("{minor}'s home is not on the map").format(minor=minor),
                "■3 準備",
                computable=False,
            )
        return homes[minor]
    if not where:
        raise RuleError(_("Adaptive's president names its home"), R_ABILITY, "pick Adaptive HEX")
    judge.rule(
        is_basic_city(state, where),
        _("{where} is not a basic city").format(where=where),
        R_ABILITY,
        _("an empty basic city: not a capital, mine, port or home"),
    )
    judge.rule(
        not routes.tokens_at(state, where, 0),
        _("{where} is not empty").format(where=where),
        R_ABILITY,
    )
    return where


# --- Suburban (■26) ---------------------------------------------------------------------------
def suburb(state: State, co: Company, hex_: str, judge: Judge, events: list[Event]) -> None:
    for refusal in suburb_refusals(state, co, hex_):
        judge.broken(refusal)
    co.suburbs.append(hex_)
    events.append(
        Event(
            _("{company} places a suburb on {hex} (+10 per train visiting)").format(
                company=co.name, hex=hex_
            )
        )
    )


def suburb_refusals(state: State, co: Company, hex_: str) -> list[RuleError]:
    """Why `co` may not place a suburb on `hex_` now (■26 Suburban: at any time of its turn)."""
    out = []
    if "Suburban" not in co.abilities:
        out.append(RuleError(_("only Suburban has suburb tokens"), R_ABILITY))
    if len(co.suburbs) >= data.table()["tokens"]["suburbs"]:
        out.append(
            RuleError(_("{company} has placed both suburbs").format(company=co.name), R_ABILITY)
        )
    if hex_ in co.suburbs or hex_ in {routes.hub_spot(h)[0] for h in co.hubs}:
        out.append(
            RuleError(
                _("{hex} has a suburb or a hub of {company}").format(hex=hex_, company=co.name),
                R_ABILITY,
                _("one suburb per tile, not where it has a hub"),
            )
        )
    if routes.known(state):
        # ■26 Suburban: a basic city (■2: the ○ on a beige hex), not a capital, mine or port.
        # ■2 lists a minor's home hex as a kind of its own beside the basic city, so a home
        # (founded or reserved) takes no suburb either.
        if not is_basic_city(state, hex_):
            out.append(
                RuleError(
                    _("{hex} is not a basic city").format(hex=hex_),
                    R_ABILITY,
                    _("not a minor's home, a capital, a mine or a port"),
                )
            )
        if (hex_, 0) not in routes.reach(state, co).cities:
            out.append(
                RuleError(
                    _("{company} cannot reach {hex}").format(company=co.name, hex=hex_), R_ABILITY
                )
            )
    return out


def may_place_suburb(state: State, co: Company) -> bool:
    """Whether `co` could place a suburb now: without the map, whenever it has one left (the
    table knows where); with it, on a city it reaches where the rules allow one (■26)."""
    if "Suburban" not in co.abilities:
        return False
    if not routes.known(state):
        return len(co.suburbs) < int(data.table()["tokens"]["suburbs"])
    cities = {h for h, _ in routes.reach(state, co).cities}
    return any(not suburb_refusals(state, co, h) for h in cities)


def legal_lays(state: State, co: Company, most: int = 6) -> list[tuple[str, str, int]]:
    """A few (hex, tile, rotation) the company may lay now, a hex at a time (completion
    candidates); the colour and count rules of this turn are checked too."""
    found: list[tuple[str, str, int]] = []
    if not routes.known(state):
        return found
    got = routes.reach(state, co)
    near = {h for h, _ in got.cities} | {h for h, _ in got.paths}
    near |= {n for h, e in got.exits if (n := neighbour(h, e, atlas.LAYOUT))}
    for hex_ in sorted(near):
        found.extend((hex_, name, rot) for name, rot in lays_on(state, co, hex_))
        if len({h for h, _, _ in found}) >= most:
            break
    return found


def legal_tokens(state: State, co: Company) -> list[str]:
    """Hexes where the company may place a station now (completion candidates)."""
    mine = {routes.hub_spot(h)[0] for h in co.hubs}
    return sorted(
        {
            h
            for h, c in routes.reach(state, co).cities
            if h not in mine
            and routes.content(state, h)[0].nodes[c].kind == "city"
            and token_problem(state, co, h, c) is None
        }
    )
