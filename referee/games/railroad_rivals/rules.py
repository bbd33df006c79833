"""Railroad Rivals: the rules (../shared/rules/railroad-rivals.ja.txt). Every rule lives here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from referee.engine import Event, Game, Options, RuleError, Standing, UsageError, Verb

from . import board as grid
from . import commands as cmd
from . import render
from .state import (
    BID,
    CUBES,
    DELIVER,
    DRAFT,
    MAX_RAILROADS,
    ORDER,
    OVER,
    PLACE,
    REVEAL,
    START,
    START_CITIES,
    START_CUBES,
    City,
    Link,
    State,
)

# Sections of the rules file, named by their headings.
R_SETUP = "準備"
R_BID = "タイルの補充とターン順のビッド"
R_DRAFT = "タイルのドラフト"
R_PLACE = "都市タイルの配置"
R_DELIVER = "貨物の配送"
R_SHORTAGE = "都市タイルの不足"
R_END = "ゲーム終了"
R_DROPBACK = "ビッドの選択ルール"
R_TWO = "2人ゲーム変更点"
R_HOTEL = "ホテルと給水塔: ホテル"
R_TOWER = "ホテルと給水塔: 給水塔"

BAG = (16, 10, 10, 10)  # §準備 3: wood 16, then grain, coal, iron 10 each
START_SCORE, SCORE_STEP = 6, 2  # §準備 6
DELIVERY_POINTS = (3, 2, 1)  # §貨物の配送 1: first, second, third and later cube of a colour
LINK_OWNER_POINTS = 2  # §貨物の配送 2
TWO_PLAYER_CITY_REMOVED = 6  # §2人ゲーム変更点
TWO_PLAYER_COLOUR = "cargo"  # §2人ゲーム変更点: every cube counts as the same colour


class RailroadRivals(Game):
    name = "railroad-rivals"
    title = "Railroad Rivals"
    rules_file = "railroad-rivals.ja.txt"
    min_players = 2
    max_players = 5
    variants = {
        "standard": "the rules as written",
        "hotels": "with hotels and water towers (ホテルと給水塔)",
        "dropback": "bid passers drop back in the order they passed (ビッドの選択ルール)",
        "hotels+dropback": "hotels and water towers, and the optional bid rule",
    }

    # --- board data -----------------------------------------------------------------------
    def board_fields(self) -> Sequence[Any]:
        return grid.FIELDS

    def check_board(self, board: dict[str, Any]) -> dict[str, Any]:
        return grid.check_board(board)

    # --- setup ----------------------------------------------------------------------------
    def setup(self, players: Sequence[str], variant: str, board: dict[str, Any]) -> State:
        board = grid.check_board(board)
        n = len(players)
        removed = TWO_PLAYER_CITY_REMOVED if n == 2 else 0  # §2人ゲーム変更点
        # §準備 2, 4: one start city on the table, two tiles dealt to each player.
        city_pile = board["city_tiles"] - 1 - 2 * n - removed
        # §2人ゲーム変更点: one stock tile of each of the twelve railroads is removed.
        stock_pile = board["stock_tiles"] - (MAX_RAILROADS if n == 2 else 0)
        if city_pile < 0 or stock_pile < 0:
            raise UsageError(
                f"the box's {board['city_tiles']} city / {board['stock_tiles']} stock tiles "
                f"are too few for {n} players"
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
            stocks={p: () for p in players},
            prices={r: 0 for r in roads},  # §準備 7: every price starts at 0
        )
        return replace(state, bag=BAG[: len(state.colours())])

    def verbs(self) -> Sequence[Verb]:
        return cmd.VERBS

    def parse(self, state: State, actor: str, words: Sequence[str]) -> cmd.Move:
        return cmd.parse(state, actor, words)

    # --- moves ----------------------------------------------------------------------------
    def apply(self, state: State, move: Any, *, forced: bool = False) -> tuple[State, list[Event]]:
        if state.phase == OVER:
            raise RuleError("the game is over", R_END, computable=False)
        handlers = {
            cmd.Start: self._start,
            cmd.Draw: self._draw,
            cmd.Order: self._order,
            cmd.Reveal: self._reveal,
            cmd.Bid: self._bid,
            cmd.Pass: self._pass,
            cmd.Take: self._take,
            cmd.Place: self._place,
            cmd.Deliver: self._deliver,
            cmd.Hotel: self._hotel,
            cmd.Tower: self._tower,
        }
        learned = cmd.new_railroads(state, move)
        if learned:
            if len(state.railroads) + len(learned) > MAX_RAILROADS or state.railroads_fixed:
                raise RuleError(
                    f"{', '.join(learned)} would be more than the game's twelve railroads",
                    R_SETUP,
                    ", ".join(state.railroads),
                    computable=False,
                )
            state = replace(
                state,
                railroads=state.railroads + learned,
                prices={**state.prices, **{r: 0 for r in learned}},
            )
        new, events = handlers[type(move)](state, move, forced)
        if learned:
            k = len(new.railroads)
            events.insert(0, Event(f"railroad learned: {', '.join(learned)} ({k} of 12 known)"))
        new, more = self._settle(new)
        events += more
        events.append(Event(self._next(new)))
        return new, events

    def _expect(self, state: State, move: Any, phases: tuple[str, ...], forced: bool) -> None:
        """The move belongs to this phase (always) and to this player (unless forced)."""
        if state.phase not in phases:
            raise RuleError(
                f"'{type(move).__name__.lower()}' is not a move now: {render.phase_text(state)}",
                _phase_rule(state),
                f"now: {', '.join(self.options(state).verbs)}",
                computable=False,
            )
        actor = render.actor_of(state)
        if not forced and move.actor != actor:
            raise RuleError(
                f"it is {actor}'s turn, not {move.actor}'s", _phase_rule(state), f"{actor} moves"
            )

    # setup ---------------------------------------------------------------------------------
    def _start(self, state: State, move: cmd.Start, forced: bool) -> tuple[State, list[Event]]:
        self._expect(state, move, (START,), forced)
        city = City(move.name, (0, 0), move.edges, move.cargo, _no_cubes(state))
        state = replace(state, cities={move.name: city}, grid={(0, 0): move.name})
        events = [Event(f"start city: {move.name} at 0,0 (cargo {move.cargo})")]
        return self._await_cubes(state, move.name, START_CUBES, events)

    def _await_cubes(
        self, state: State, city: str, phase: str, events: list[Event]
    ) -> tuple[State, list[Event]]:
        """Cubes equal to the corner number are drawn from the bag, as many as it holds."""
        count = min(state.cities[city].cargo, sum(state.bag))
        if count < state.cities[city].cargo:
            events.append(Event(f"the bag holds only {count} cubes: draw them all"))
        if count == 0:
            return self._cubes_done(state, phase), events
        return replace(state, phase=phase, pending_city=city, pending_cubes=count), events

    def _cubes_done(self, state: State, phase: str) -> State:
        state = replace(state, pending_city="", pending_cubes=0)
        if phase == START_CUBES:
            return replace(state, phase=ORDER)
        return replace(state, phase=PLACE, step=state.step + 1)

    def _draw(self, state: State, move: cmd.Draw, forced: bool) -> tuple[State, list[Event]]:
        self._expect(state, move, (START_CUBES, CUBES), forced)
        rule = R_SETUP if state.phase == START_CUBES else R_PLACE
        if not forced and len(move.colours) != state.pending_cubes:
            raise RuleError(
                f"{state.pending_city} takes {state.pending_cubes} cubes, not {len(move.colours)}",
                rule,
                f"draw {state.pending_cubes} cubes",
            )
        colours = state.colours()
        bag = list(state.bag)
        cubes = list(state.cities[state.pending_city].cubes)
        drawn = [move.colours.count(c) for c in colours]
        for colour in move.colours:
            i = colours.index(colour)
            if bag[i] == 0:
                raise RuleError(
                    f"the bag holds no more {colour}", rule, _bag_text(state), computable=False
                )
            bag[i] -= 1
            cubes[i] += 1
        city = replace(state.cities[state.pending_city], cubes=tuple(cubes))
        events = [Event(f"{city.name} gets {_cube_list(colours, drawn)}")]
        state = replace(state, bag=tuple(bag), cities={**state.cities, city.name: city})
        return self._cubes_done(state, state.phase), events

    def _order(self, state: State, move: cmd.Order, forced: bool) -> tuple[State, list[Event]]:
        self._expect(state, move, (ORDER,), forced)
        if sorted(move.order) != sorted(state.players):
            raise RuleError(
                "the turn order must name every player once",
                R_SETUP,
                f"order {' '.join(state.players)} (in the order of the character cards)",
                computable=False,
            )
        # §準備 6: the first player starts at 6, each next one 2 more.
        scores = {p: START_SCORE + SCORE_STEP * i for i, p in enumerate(move.order)}
        state = replace(state, order=move.order, scores=scores)
        events = [Event("turn order: " + ", ".join(f"{p} ({scores[p]})" for p in move.order))]
        state, more = _next_turn(state)
        return state, events + more

    # tiles and bid -------------------------------------------------------------------------
    def _reveal(self, state: State, move: cmd.Reveal, forced: bool) -> tuple[State, list[Event]]:
        self._expect(state, move, (REVEAL,), forced)
        want_c, want_s = expected_reveal(state)
        got_c, got_s = len(move.cities), len(move.stocks)
        if (got_c, got_s) != (want_c, want_s) and not forced:
            rule = R_SHORTAGE if state.shortage else R_BID
            raise RuleError(
                f"reveal {want_c} city and {want_s} stock tiles, not {got_c} and {got_s}",
                rule,
                f"reveal city ({want_c} names) stock ({want_s} railroads)",
            )
        if got_c > state.city_pile or got_s > state.stock_pile:
            raise RuleError(
                f"only {state.city_pile} city and {state.stock_pile} stock tiles are face down",
                R_BID,
                computable=False,
            )
        seen = {c.lower() for c in state.cities}
        for name in move.cities:
            if name.lower() in seen:
                raise RuleError(
                    f"{name} is already on the table",
                    R_BID,
                    "each city tile exists once",
                    computable=False,
                )
            seen.add(name.lower())
        state = replace(
            state,
            city_pile=state.city_pile - got_c,
            stock_pile=state.stock_pile - got_s,
            display_cities=move.cities,
            display_stocks=move.stocks,
        )
        shown = [*move.cities, *move.stocks]
        return _enter_bid(state), [Event(f"revealed: {', '.join(shown) or 'nothing'}")]

    def _bid(self, state: State, move: cmd.Bid, forced: bool) -> tuple[State, list[Event]]:
        self._expect(state, move, (BID,), forced)
        if not forced and move.points <= state.high:
            raise RuleError(
                f"a bid must beat {state.high}", R_BID, f"bid {state.high + 1} or more, or pass"
            )
        score = state.scores[move.actor]
        if not forced and move.points > score:
            # The rules are silent; a bid is paid from the score, so it cannot exceed it.
            raise RuleError(
                f"{move.actor} has only {score} points to bid", R_BID, f"bid up to {score} or pass"
            )
        state = replace(state, high=move.points, high_bidder=move.actor)
        event = Event(f"{move.actor} bids {move.points} to go first")
        return _next_bidder(state), [event]

    def _pass(self, state: State, move: cmd.Pass, forced: bool) -> tuple[State, list[Event]]:
        self._expect(state, move, (BID, PLACE, DELIVER), forced)
        p = move.actor
        if state.phase == BID:
            # §タイルの補充とターン順のビッド: a pass is final.
            state = replace(state, passed=(*state.passed, p))
            return _next_bidder(state), [Event(f"{p} passes the bid (final)")]
        if state.phase == PLACE:
            held = state.hands[p]
            event = Event(
                f"{p} places no city: {p} declares none of their {held} tiles can be placed "
                "legally (§都市タイルの配置: a player with a legal tile must place one)"
            )
            return replace(state, step=state.step + 1), [event]
        return replace(state, step=state.step + 1), [Event(f"{p} delivers nothing this turn")]

    def _take(self, state: State, move: cmd.Take, forced: bool) -> tuple[State, list[Event]]:
        self._expect(state, move, (DRAFT,), forced)
        display = state.display_cities if move.kind == "city" else state.display_stocks
        if move.tile not in display:
            raise RuleError(f"{move.tile} is not on display", R_DRAFT, computable=False)
        allowed = allowed_kinds(state, move.actor)
        if not forced and move.kind not in allowed:
            rule = R_SHORTAGE if state.shortage else R_DRAFT
            raise RuleError(
                f"{move.actor} must take a {' or '.join(allowed)} tile now",
                rule,
                "the second pick is the other kind than the first",
            )
        rest = list(display)
        rest.remove(move.tile)
        p = move.actor
        if move.kind == "city":
            state = replace(
                state, display_cities=tuple(rest), hands={**state.hands, p: state.hands[p] + 1}
            )
            event = Event(f"{p} takes the city tile {move.tile} (hidden tiles {state.hands[p]})")
        else:
            state = replace(
                state,
                display_stocks=tuple(rest),
                stocks={**state.stocks, p: (*state.stocks[p], move.tile)},
            )
            event = Event(f"{p} takes a {move.tile} stock tile")
        if state.draft_round == 1:
            state = replace(state, first_pick={**state.first_pick, p: move.kind})
        return replace(state, step=state.step + 1), [event]

    # city placement ------------------------------------------------------------------------
    def _place(self, state: State, move: cmd.Place, forced: bool) -> tuple[State, list[Event]]:
        self._expect(state, move, (PLACE,), forced)
        p = move.actor
        if state.hands[p] < 1:
            raise RuleError(f"{p} holds no city tile", R_PLACE, computable=False)
        if move.name.lower() in {c.lower() for c in state.cities}:
            raise RuleError(f"{move.name} is already on the board", R_PLACE, computable=False)
        if move.pos in state.grid:
            raise RuleError(
                f"{grid.fmt_pos(move.pos)} is taken by {state.grid[move.pos]}",
                R_PLACE,
                computable=False,
            )
        if move.name in state.display_cities:
            raise RuleError(f"{move.name} is still on display", R_PLACE, computable=False)
        if not forced:
            self._check_placement(state, move)
        city = City(move.name, move.pos, move.edges, move.cargo, _no_cubes(state))
        matches, _ = grid.contacts(state, move.pos, move.edges)
        links = [
            Link(move.pos, grid.neighbour(move.pos, side), move.edges[side], p) for side in matches
        ]
        hands = {**state.hands, p: state.hands[p] - 1}
        state = replace(
            state,
            cities={**state.cities, move.name: city},
            grid={**state.grid, move.pos: move.name},
            links=state.links + tuple(links),
            hands=hands,
        )
        events = [Event(f"{p} places {move.name} at {grid.fmt_pos(move.pos)} (cargo {move.cargo})")]
        for link in links:
            events.append(
                Event(f"{p} lays a {link.railroad} link {move.name}-{state.grid[link.b]}")
            )
        if hands[p] == 0 and not state.ending:
            state = replace(state, ending=True)
            events.append(
                Event(f"{p} placed their last city tile: this is the last turn (§ゲーム終了)")
            )
        return self._await_cubes(state, move.name, CUBES, events)

    def _check_placement(self, state: State, move: cmd.Place) -> None:
        where = grid.fmt_pos(move.pos)
        spots = grid.open_positions(state)
        if move.pos not in spots:
            raise RuleError(
                f"{where} is not next to a placed city (up, down, left or right)",
                R_PLACE,
                "open squares: " + " ".join(grid.fmt_pos(s) for s in spots),
            )
        matches, blanks = grid.contacts(state, move.pos, move.edges)
        if matches:
            return
        fits = grid.matching_positions(state, move.edges)
        fit_text = " ".join(grid.fmt_pos(s) for s in fits)
        if not move.blank:
            raise RuleError(
                f"{move.name} at {where} touches no edge with the same railroad",
                R_PLACE,
                f"this tile matches at {fit_text}"
                if fits
                else "if none of your tiles can match a railroad anywhere, add 'blank' to "
                "place it blank edge to blank edge",
            )
        if fits:
            raise RuleError(
                f"{move.name} can be placed matching a railroad, so not blank-to-blank",
                R_PLACE,
                f"it matches at {fit_text}",
            )
        if not blanks:
            raise RuleError(
                f"{move.name} at {where} touches no blank edge with a blank edge",
                R_PLACE,
                "a tile that matches no railroad is placed blank edge to blank edge",
            )

    # deliveries ----------------------------------------------------------------------------
    def _deliver(self, state: State, move: cmd.Deliver, forced: bool) -> tuple[State, list[Event]]:
        self._expect(state, move, (DELIVER,), forced)
        p = move.actor
        colours = state.colours()
        ci = colours.index(move.colour)
        src = state.cities[move.path[0]]
        if src.cubes[ci] == 0:
            raise RuleError(
                f"{src.name} has no {move.colour} cube",
                R_DELIVER,
                render.cubes_text(state, src),
                computable=False,
            )
        hops = list(zip(move.path, move.path[1:], strict=False))
        used: list[Link] = []
        for a, b in hops:
            i = grid.link_between(state, state.cities[a].pos, state.cities[b].pos)
            if i is None:
                links = grid.links_of(state, state.cities[a])
                raise RuleError(
                    f"no link joins {a} and {b}",
                    R_DELIVER,
                    f"links from {a}: {', '.join(c for c, _ in links) or 'none'}",
                    computable=False,
                )
            used.append(state.links[i])
        if len(used) == 2 and not forced:
            middle = state.cities[move.path[1]]
            if not state.hotels:
                raise RuleError("water towers are not in this game", R_TOWER, "variant hotels")
            if middle.tower != p:
                raise RuleError(
                    f"{p} has no water tower in {middle.name}",
                    R_TOWER,
                    "only the tower's owner goes on along a second link",
                )
            if move.path[2] == move.path[0]:
                raise RuleError("the second link must be another link", R_TOWER)
        # §貨物の配送 1: 3, 2, 1 points for the first, second, third and later cube of a colour
        # this turn; §2人ゲーム変更点: with two players every cube is the same colour.
        key = TWO_PLAYER_COLOUR if state.n == 2 else move.colour
        nth = state.delivered.get(key, 0) + 1
        gain = DELIVERY_POINTS[min(nth, 3) - 1]
        scores = dict(state.scores)
        prices = dict(state.prices)
        events = [Event(f"{p} delivers {move.colour} {' -> '.join(move.path)}")]

        def score(who: str, points: int, why: str) -> None:
            events.append(Event(f"{who}: {scores[who]} -> {scores[who] + points} ({why})"))
            scores[who] += points

        ordinal = {1: "first", 2: "second"}.get(nth, f"{nth}th")
        score(p, gain, f"{ordinal} {key} cube this turn")
        for link, (a, b) in zip(used, hops, strict=True):
            if link.owner != p:  # §貨物の配送 2 (給水塔: each owner of a link used)
                score(link.owner, LINK_OWNER_POINTS, f"owner of the {link.railroad} link {a}-{b}")
        for link in used:  # §貨物の配送 3 (給水塔: both railroads)
            old = prices[link.railroad]
            prices[link.railroad] = old + 1
            events.append(
                Event(
                    f"{link.railroad} price {render.price_text(old)} -> "
                    f"{render.price_text(old + 1)}"
                )
            )
        dest = state.cities[move.path[-1]]
        if dest.hotel:  # §ホテル; the middle city of a water-tower delivery scores nothing
            score(dest.hotel, 1, f"hotel in {dest.name}")
        cubes = list(src.cubes)
        cubes[ci] -= 1
        bag = list(state.bag)
        bag[ci] += 1
        events.append(Event(f"the {move.colour} cube goes back to the bag"))
        state = replace(
            state,
            scores=scores,
            prices=prices,
            bag=tuple(bag),
            cities={**state.cities, src.name: replace(src, cubes=tuple(cubes))},
            delivered={**state.delivered, key: nth},
            step=state.step + 1,
        )
        return state, events

    def _hotel(self, state: State, move: cmd.Hotel, forced: bool) -> tuple[State, list[Event]]:
        return self._building(state, move, forced, "hotel", R_HOTEL)

    def _tower(self, state: State, move: cmd.Tower, forced: bool) -> tuple[State, list[Event]]:
        return self._building(state, move, forced, "tower", R_TOWER)

    def _building(
        self, state: State, move: cmd.Hotel | cmd.Tower, forced: bool, kind: str, rule: str
    ) -> tuple[State, list[Event]]:
        self._expect(state, move, (DELIVER,), forced)
        p = move.actor
        what = "hotel" if kind == "hotel" else "water tower"
        used = state.hotel_used if kind == "hotel" else state.tower_used
        city = state.cities[move.city]
        if not forced:
            if not state.hotels:
                raise RuleError(f"{what}s are not in this game", rule, "variant hotels")
            if p in used:
                raise RuleError(f"{p} has already placed their {what}", rule)
        if getattr(city, kind):
            raise RuleError(
                f"{city.name} already has {getattr(city, kind)}'s {what}",
                rule,
                f"a city without a {what}",
                computable=False,
            )
        city = replace(city, **{kind: p})
        state = replace(state, cities={**state.cities, city.name: city})
        if kind == "hotel":
            state = replace(state, hotel_used=state.hotel_used | {p})
        else:
            state = replace(state, tower_used=state.tower_used | {p})
        return state, [Event(f"{p} places their {what} in {city.name}")]

    # --- moving on ------------------------------------------------------------------------
    def _settle(self, state: State) -> tuple[State, list[Event]]:
        """Carry the game on through every step that needs nobody's input."""
        events: list[Event] = []
        while True:
            if state.phase == REVEAL and expected_reveal(state) == (0, 0):
                events.append(Event("no tiles are left to reveal"))
                state = _enter_bid(replace(state, display_cities=(), display_stocks=()))
            elif state.phase == BID and state.turn == 1:
                state = _enter_draft(state)  # §タイルの補充とターン順のビッド: not on turn 1
            elif state.phase == BID and len(state.order) - len(state.passed) <= 1:
                state, more = _settle_bid(state)
                events += more
            elif state.phase == DRAFT and state.step >= state.n:
                if state.draft_round == 1:
                    state = replace(state, draft_round=2, step=0)
                else:
                    left = [*state.display_cities, *state.display_stocks]
                    if left:
                        events.append(Event(f"left over and set aside: {', '.join(left)}"))
                    state = replace(
                        state, phase=PLACE, step=0, display_cities=(), display_stocks=()
                    )
            elif state.phase == DRAFT and not _available(state, state.order[state.step]):
                events.append(Event(f"{state.order[state.step]} has no tile to take"))
                state = replace(state, step=state.step + 1)
            elif state.phase == PLACE and state.step >= state.n:
                state = replace(state, phase=DELIVER, step=0, delivered={})
            elif state.phase == PLACE and state.hands[state.order[state.step]] == 0:
                events.append(Event(f"{state.order[state.step]} holds no city tile to place"))
                state = replace(state, step=state.step + 1)
            elif state.phase == DELIVER and state.step >= state.n:
                if state.ending:  # §ゲーム終了: the turn is played out, then the game ends
                    state = replace(state, phase=OVER)
                    events.append(Event("the game is over; stock tiles score their prices"))
                    events += [
                        Event(
                            f"{s.place}. {s.player} {s.score} ({s.details['track']} + "
                            f"{s.details['stock value']} in stock)"
                        )
                        for s in self.standings(state)
                    ]
                else:
                    state, more = _next_turn(state)
                    events += more
            else:
                return state, events

    def _next(self, state: State) -> str:
        if state.phase == OVER:
            return "the game is over"
        return f"next: {render.actor_of(state)}, {render.phase_text(state)}"

    # --- questions ------------------------------------------------------------------------
    def options(self, state: State) -> Options:
        phase = state.phase
        actor = render.actor_of(state)
        text = render.phase_text(state)
        cities = tuple(state.cities)
        if phase == OVER:
            return Options(None, (), {}, "game over")
        if phase == START:
            return Options(actor, ("start",), {"start": (START_CITIES,)}, text)
        if phase in (START_CUBES, CUBES):
            return Options(actor, ("draw",), {"draw": (state.colours(),)}, text)
        if phase == ORDER:
            return Options(actor, ("order",), {"order": (state.players,)}, text)
        if phase == REVEAL:
            return Options(actor, ("reveal",), {"reveal": (("city", "stock"),)}, text)
        if phase == BID:
            return Options(actor, ("pass", "bid"), {}, text)
        if phase == DRAFT:
            kinds = allowed_kinds(state, actor or "")
            tiles = (state.display_cities if "city" in kinds else ()) + (
                state.display_stocks if "stock" in kinds else ()
            )
            return Options(actor, ("take",), {"take": (tiles,)}, text)
        if phase == PLACE:
            spots = tuple(grid.fmt_pos(s) for s in grid.open_positions(state))
            return Options(actor, ("place", "pass"), {"place": ((), spots)}, text)
        verbs = ["deliver", "pass"]
        if state.hotels:
            if actor not in state.hotel_used:
                verbs.append("hotel")
            if actor not in state.tower_used:
                verbs.append("tower")
        with_cubes = tuple(c.name for c in state.cities.values() if any(c.cubes))
        args = {
            "deliver": (state.colours(), with_cubes, cities, cities),
            "hotel": (tuple(c.name for c in state.cities.values() if not c.hotel),),
            "tower": (tuple(c.name for c in state.cities.values() if not c.tower),),
        }
        return Options(actor, tuple(verbs), args, text)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def standings(self, state: State) -> list[Standing]:
        """§ゲーム終了: score track + each stock tile at its railroad's price; ties go to the
        highest stock tile, then the next highest, and so on."""
        values = {
            p: sorted((state.prices.get(r, 0) for r in state.stocks[p]), reverse=True)
            for p in state.players
        }
        width = max((len(v) for v in values.values()), default=0)
        # A missing tile compares as a tile worth 0 (the rules are silent on unequal holdings).
        padded = {p: tuple(v + [0] * (width - len(v))) for p, v in values.items()}
        totals = {p: state.scores.get(p, 0) + sum(values[p]) for p in state.players}
        ranked = sorted(state.players, key=lambda p: (-totals[p], [-x for x in padded[p]]))
        out: list[Standing] = []
        for i, p in enumerate(ranked):
            tied = out and (totals[p], padded[p]) == (out[-1].score, padded[out[-1].player])
            place = out[-1].place if tied else i + 1
            details = {
                "track": state.scores.get(p, 0),
                "stock value": sum(values[p]),
                "stocks": " ".join(state.stocks[p]),
            }
            out.append(Standing(p, totals[p], details, place))
        return out

    def status(self, state: State) -> str:
        return render.status(state, self.standings(state))

    def toolbar(self, state: State) -> str:
        return render.toolbar(state)

    def snapshot(self, state: State) -> dict[str, Any]:
        return render.snapshot(state)

    # --- corrections ----------------------------------------------------------------------
    def adjustables(self, state: State) -> dict[str, int]:
        out = {f"score {p}": v for p, v in state.scores.items()}
        out.update({f"tiles {p}": v for p, v in state.hands.items()})
        out.update({f"price {r}": v for r, v in state.prices.items()})
        return out

    def adjust(self, state: State, key: str, value: int) -> tuple[State, list[Event]]:
        kind, _, name = key.partition(" ")
        field = {"score": "scores", "tiles": "hands", "price": "prices"}.get(kind)
        current = getattr(state, field, {}) if field else {}
        if name not in current:
            raise UsageError(
                f"nothing called '{key}' can be adjusted", ", ".join(self.adjustables(state))
            )
        if value < 0 and kind != "score":
            raise UsageError(f"{key} cannot be negative")
        state = replace(state, **{field: {**current, name: value}})
        return state, [Event(f"{key}: {current[name]} -> {value} (adjusted by the table)")]


# --- helpers of the turn sequence -----------------------------------------------------------


def _phase_rule(state: State) -> str:
    return {
        START: R_SETUP,
        START_CUBES: R_SETUP,
        ORDER: R_SETUP,
        REVEAL: R_BID,
        BID: R_BID,
        DRAFT: R_DRAFT,
        PLACE: R_PLACE,
        CUBES: R_PLACE,
        DELIVER: R_DELIVER,
    }.get(state.phase, R_END)


def expected_reveal(state: State) -> tuple[int, int]:
    """City and stock tiles to reveal: the player count each, or twice as many stock tiles
    once the city tiles ran short (§都市タイルの不足); never more than are face down."""
    if state.shortage:
        return 0, min(2 * state.n, state.stock_pile)
    return state.n, min(state.n, state.stock_pile)


def _next_turn(state: State) -> tuple[State, list[Event]]:
    turn = state.turn + 1
    state = replace(state, turn=turn, phase=REVEAL, step=0, delivered={})
    events = [Event(f"turn {turn} begins")]
    if not state.shortage and state.city_pile < state.n:
        # §都市タイルの不足: the remaining city tiles are not used.
        events.append(
            Event(
                f"city tiles run short: the last {state.city_pile} are set aside; from now on "
                f"{2 * state.n} stock tiles are revealed and each player takes two (§都市タイルの不足)"
            )
        )
        state = replace(state, shortage=True, city_pile=0)
    return state, events


def _enter_bid(state: State) -> State:
    return replace(state, phase=BID, step=0, high=0, high_bidder="", passed=())


def _enter_draft(state: State) -> State:
    return replace(state, phase=DRAFT, step=0, draft_round=1, first_pick={})


def _next_bidder(state: State) -> State:
    """The bid goes round in reverse turn order, skipping those who passed."""
    reverse = tuple(reversed(state.order))
    for k in range(1, state.n + 1):
        i = (state.step + k) % state.n
        if reverse[i] not in state.passed:
            return replace(state, step=i)
    return state


def _settle_bid(state: State) -> tuple[State, list[Event]]:
    """All but one passed: the winner pays the bid and goes first."""
    winner = next((p for p in state.order if p not in state.passed), state.high_bidder)
    paid = state.high if state.high_bidder == winner else 0
    scores = {**state.scores, winner: state.scores[winner] - paid}
    rest = [p for p in state.order if p != winner and p not in state.passed]
    if state.dropback:
        # §ビッドの選択ルール: passers drop back in the order they passed; the first to pass
        # ends up last.
        order = (winner, *rest, *reversed([p for p in state.passed if p != winner]))
    else:
        order = (winner, *[p for p in state.order if p != winner])
    events = [
        Event(f"{winner} wins the bid for {paid}: {state.scores[winner]} -> {scores[winner]}")
    ]
    events.append(Event("turn order: " + ", ".join(order)))
    return _enter_draft(replace(state, scores=scores, order=order)), events


def allowed_kinds(state: State, player: str) -> tuple[str, ...]:
    """§タイルのドラフト: any tile first, then the other kind; §都市タイルの不足: stock twice."""
    if state.shortage:
        return ("stock",)
    first = state.first_pick.get(player)
    if state.draft_round == 1 or first is None:
        return ("city", "stock")
    return ("stock",) if first == "city" else ("city",)


def _available(state: State, player: str) -> bool:
    kinds = allowed_kinds(state, player)
    return bool(
        ("city" in kinds and state.display_cities) or ("stock" in kinds and state.display_stocks)
    )


def _no_cubes(state: State) -> tuple[int, ...]:
    return (0,) * len(state.colours())


def _cube_list(colours: tuple[str, ...], counts: Sequence[int]) -> str:
    return ", ".join(f"{k} {c}" for c, k in zip(colours, counts, strict=True) if k) or "nothing"


def _bag_text(state: State) -> str:
    return "the bag holds " + _cube_list(state.colours(), state.bag)
