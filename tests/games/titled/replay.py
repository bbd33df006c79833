"""Games recorded on 18xx.games, replayed through the banker as a table would type them.

A recorded game (tests/games/titled/recorded/, see the README there) is a list of actions of
the site: bids, pars, buys, sales, tiles, stations, runs, dividends, trains, undo and redo. This
module keeps the actions that stand (an undo takes back the last one standing, or all after
`action_id`; a redo puts back all that the last undo took back; the actions a site program
made for a player, `auto_actions`, follow the one that made them) and says each one as the
move a table types (`bid`, `par`, `buy`, `tile`, `token`, `run`, `train`, ...). The moves
are played through the shell's command layer, as `referee resume` or a pipe plays them; a
move refused is played again with `force` and counted. After each operating round the banker's
cash and prices are held against a ledger of the actions (ledger.py), and before each recorded
dividend the recorded revenue against the best the route search proves.

Only facts of the site's records are read here (the actions, the result); what each action
means on the site was read from its engine, never copied.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.eighteen import proposal
from referee.eighteen.maps import load_map
from referee.eighteen.tiles import catalogue
from referee.games.titled import routes, train_events
from referee.games.titled.describe import title_data
from referee.games.titled.routes import position
from referee.games.titled.state import IPO, POOL, State
from referee.play.session import Session
from referee.shell.shell import Shell
from tests.games.titled.ledger import Ledger, compare

RECORDED = Path(__file__).with_name("recorded")

# The terrain each hex charges for its first tile, as the site's maps give it
# (lib/engine/game/g_1830/map.rb and g_1889/map.rb, `upgrade=cost:N,terrain:KIND`): not in
# our maps yet, where the cost of a lay is the table's to say. hex -> (cost, terrain).
WATER, MOUNTAIN = "water", "mountain"
TERRAIN: dict[str, dict[str, tuple[int, str]]] = {
    "1830": {
        **dict.fromkeys(
            ("B18", "C19", "D6", "D10", "E5", "F4", "F22", "G19", "I17", "J14"), (80, WATER)
        ),
        **dict.fromkeys(
            ("C17", "C21", "D22", "E17", "E21", "F16", "G13", "G15", "I11", "J10", "J12"),
            (120, MOUNTAIN),
        ),
    },
    "1889": {
        **dict.fromkeys(
            ("A8", "B9", "C6", "D5", "D7", "E4", "E6", "F5", "F7", "G6", "G8", "H9", "H11"),
            (80, MOUNTAIN),
        ),
        "H13": (80, MOUNTAIN),
        **dict.fromkeys(("H5", "I6"), (80, "water+mountain")),
        "K6": (80, WATER),
        **dict.fromkeys(("F9", "I4"), (80, "")),
    },
}
# 1889's Sumitomo Mines Railway: its owning company lays on a mountain without a river for
# nothing (g_1889/entities.rb, tile_discount terrain mountain).
FREE_MOUNTAINS = "SMR"
# The site's train names that a table cannot type as one word (a quote), as the title names
# them: title -> site's name -> the title's.
TRAIN_NAMES: dict[str, dict[str, str]] = {"18TN": {"3'": "3b", "6'": "6b"}}


@dataclass
class Recorded:
    path: Path
    title: str
    # the site's player id (its name in the oldest records) -> the name typed here (P1, ...)
    players: dict[str, str]
    result: dict[str, int]  # name -> the site's final value
    options: list[str]
    actions: list[dict[str, Any]]  # every action as recorded
    ended: str = ""  # why the site's game ended (game_end_reason)

    @property
    def name(self) -> str:
        return f"{self.title}/{self.path.stem}"


def load(path: Path) -> Recorded:
    data = json.loads(path.read_text(encoding="utf-8"))
    players = {str(p.get("id", p["name"])): f"P{n}" for n, p in enumerate(data["players"], start=1)}
    result = {players[str(k)]: int(v) for k, v in data["result"].items()}
    options = list((data.get("settings") or {}).get("optional_rules") or [])
    ended = str(data.get("game_end_reason", ""))
    return Recorded(path, str(data["title"]), players, result, options, data["actions"], ended)


def recorded_games() -> list[Path]:
    return sorted(RECORDED.glob("*/*.json"))


def effective(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The actions that stand once every undo and redo is honoured, each followed by the
    actions the site made for it (`auto_actions`)."""
    standing: list[dict[str, Any]] = []
    undone: list[list[dict[str, Any]]] = []  # what each undo took back, the last one last
    for action in actions:
        kind = action["type"]
        if kind == "undo":
            target = action.get("action_id")
            keep = len(standing) - 1
            if target is not None:
                keep = next((n + 1 for n, a in enumerate(standing) if a["id"] == target), 0)
            undone.append(standing[keep:])
            del standing[keep:]
        elif kind == "redo":  # puts back all that the last undo took back
            standing.extend(undone.pop())
        elif kind != "message":
            standing.append(action)
            undone.clear()
    return [each for action in standing for each in (action, *action.get("auto_actions", []))]


@dataclass
class Forced:
    action: dict[str, Any]
    move: str
    why: str


@dataclass
class Replay:
    """What a recorded game came to when played through the banker."""

    game: Recorded
    session: Session
    typed: list[str] = field(default_factory=list)
    forced: list[Forced] = field(default_factory=list)
    failed: list[Forced] = field(default_factory=list)  # refused even with force
    actions: int = 0  # the recorded actions that stand, replayed
    checks: list[str] = field(default_factory=list)  # what a check after a round found wrong
    ledger: Ledger | None = None  # what the recorded actions imply (ledger.py)
    rounds: int = 0  # the operating rounds checked against the ledger
    runs: int = 0  # the recorded runs held against the route search
    routes: list[str] = field(default_factory=list)  # recorded runs above the proven best
    below: list[str] = field(default_factory=list)  # recorded runs below it (a table may)
    priced: int = 0  # recorded revenues held against their hex chains priced (price_check)
    mispriced: list[str] = field(default_factory=list)  # those whose chains price otherwise

    @property
    def state(self) -> State:
        state: State = self.session.state
        return state

    def scores(self) -> dict[str, int]:
        return {row.player: row.score for row in self.session.game.standings(self.state)}


class Translator:
    """Says each recorded action as typed moves, keeping what the actions leave implicit:
    where each certificate is (initial offering or pool), who owns each train, which hex each
    tile of the site stands on, a run waiting for its dividend."""

    def __init__(self, game: Recorded, replay: Replay) -> None:
        self.game = game
        self.replay = replay
        self.pool: set[str] = set()  # certificates of the site sold to the pool
        # who holds each certificate of the site, in the order they came to him
        self.holder: dict[str, str] = {}
        self.trains: dict[str, str] = {}  # a train of the site -> the company owning it
        self.tile_hex: dict[str, str] = {}  # a tile of the site ("57-1") -> its hex
        self.hex_tile: dict[str, str] = {}  # a hex -> the tile of the site on it
        self.pending_run: tuple[str, int] | None = None  # company, revenue: its dividend next
        self.on_round_end: Callable[[Replay], None] | None = None
        self.ledger = Ledger(
            title_data(game.title)[0],
            game.players,
            self.terrain_cost,
            names=TRAIN_NAMES.get(game.title, {}),
        )
        self.current: dict[str, Any] = {}  # the action being played
        self.applied = False  # whether the ledger holds the current action
        self.syncing = False  # a move typed to end what the site ended by itself
        self.paid: int | None = None  # what the banker paid for the last run typed
        self.coal: tuple[str, str] | None = None  # 18AL: the company and hex of SNAR's token
        self.markers = ""  # 18AL: the company holding M&C's route markers

    # --- whom a move is for --------------------------------------------------------------
    def name(self, entity: Any) -> str:
        return self.game.players[str(entity)]

    def corp_of(self, action: dict[str, Any]) -> str:
        """The company an operating action is for (a private acts for its owner)."""
        if action["entity_type"] == "company":
            owner = self.replay.state.privates.get(action["entity"], "")
            return owner
        return str(action["entity"])

    # --- playing ---------------------------------------------------------------------------
    def type(self, action: dict[str, Any], move: str) -> None:
        shell = Shell(self.replay.session)
        state = self.replay.state
        before, order = _round_of(state), list(state.order)
        reply = shell.run(move)
        self.replay.typed.append(f"#{action.get('id')} {move}: {reply.text}")
        if not reply.ok:
            forced = shell.run(f'force {move} --because "as recorded"')
            record = Forced(action, move, reply.text)
            (self.replay.forced if forced.ok else self.replay.failed).append(record)
            if not forced.ok:
                record.why += f" / force: {forced.text}"
            reply = forced
        paid = re.search(r"runs for \D*?(\d+)", reply.text)
        self.paid = int(paid.group(1)) if paid else self.paid
        after = _round_of(self.replay.state)
        if after != before:
            self.round_changed(before, after, order)

    def sync_type(self, action: dict[str, Any], move: str) -> None:
        """A move typed for what the site did by itself, before `action` is played."""
        self.syncing = True
        try:
            self.type(action, move)
        finally:
            self.syncing = False

    def round_changed(
        self, before: tuple[str, int, int], after: tuple[str, int, int], order: list[str]
    ) -> None:
        """An operating round that ended is checked against the ledger (the action being
        played counted in it unless the move ending the round was typed before it), once the
        privates have paid for the next operating round if one began with the same move."""
        if not self.syncing and not self.applied:
            self.apply_current()
        if before[0] == "operating":
            self.ledger.end_or(order)
        if after[0] == "operating":  # the privates pay as the round begins
            self.ledger.begin_or(before[0] == "stock")
        if before[0] == "operating":
            self.replay.checks += compare(self.ledger, self.replay.state, before)
            self.replay.rounds += 1
            self.round_ended()

    def apply_current(self) -> None:
        self.applied = True
        self.ledger.apply(self.current, self.paid)

    def terrain_cost(self, hex_name: str, corp: str, owners: dict[str, str]) -> int:
        """The first tile's cost on a hex: TERRAIN, else the map's own `cost`."""
        if self.game.title in TERRAIN:
            cost, kind = TERRAIN[self.game.title].get(hex_name, (0, ""))
        else:
            board = load_map(title_data(self.game.title)[0]["title"]["map"])
            cost, kind = board.hexes[hex_name].cost, board.hexes[hex_name].terrain
        return 0 if kind == MOUNTAIN and owners.get(FREE_MOUNTAINS) == corp else cost

    def round_ended(self) -> None:
        if self.on_round_end is not None:
            self.on_round_end(self.replay)

    def finish_run(self) -> None:
        """A run the site left without a dividend (no revenue): typed as withheld."""
        if self.pending_run is not None:
            corp, revenue = self.pending_run
            self.pending_run = None
            self.sync_type({"type": "run_routes", "entity": corp}, f"run {_said(revenue)} withhold")

    def sync_operating(self, action: dict[str, Any], corp: str) -> None:
        """Ends the turns (and the stock round) the site ended by itself until `corp`
        operates."""
        for _turn in range(60):
            state = self.replay.state
            if state.round in ("auction", "over") or state.discard_due:
                return
            if state.round == "operating" and state.order[state.operating] == corp:
                return
            self.finish_run()
            self.sync_type(action, "done")

    def sync_presided(self, action: dict[str, Any], player: str) -> None:
        """Ends the operating turns the site ended by itself until a company of `player`
        operates (the site's turns end when the next one acts)."""
        for _turn in range(20):
            state = self.replay.state
            if state.round != "operating" or state.discard_due:
                return
            if state.corps[state.order[state.operating]].president == player:
                return
            self.finish_run()
            self.sync_type(action, "done")

    def end_turn(self) -> None:
        """Ends the operating turn the last recorded action left open, and the turns of the
        companies after it that the site ran by themselves (no train: they do not run, and
        their price moves as a withhold does) until the game's last operating round ends."""
        operating = self.replay.state.round == "operating"
        if operating:
            self.finish_run()
            self.sync_type({"type": "end"}, "done")
        for _turn in range(20):
            state = self.replay.state
            if not operating or state.round != "operating" or state.discard_due:
                return
            if state.corps[state.order[state.operating]].trains:
                return  # a company that would run: the site recorded no such turn
            self.sync_type({"type": "end"}, "done")

    def sync_round(self, action: dict[str, Any], round_name: str, player: str = "") -> None:
        """Ends what the site ended by itself until the round (and, in a stock round, the
        player) is the action's."""
        for _turn in range(40):
            state = self.replay.state
            if state.round == "over":
                return
            if state.round == round_name and (
                round_name != "stock" or not player or state.player == player
            ):
                return
            if state.round == "auction":
                return
            self.finish_run()
            self.sync_type(action, "done")

    # --- the actions -----------------------------------------------------------------------
    def play(self, action: dict[str, Any]) -> None:
        kind = action["type"]
        handler = getattr(self, f"on_{kind}", None)
        if handler is None:
            return  # program_* and other settings of the site: no move
        self.replay.actions += 1
        self.current, self.applied, self.paid = action, False, None
        handler(action)
        if not self.applied:
            self.apply_current()

    def on_bid(self, action: dict[str, Any]) -> None:
        self.type(action, f"bid {action['company']} {action['price']}")

    def on_par(self, action: dict[str, Any]) -> None:
        price = str(action["share_price"]).split(",")[0]
        if self.replay.state.round != "auction" and not self.replay.state.auction.awaiting_par:
            self.sync_round(action, "stock", self.name(action["entity"]))
            self.end_bought_turn(action, self.name(action["entity"]), "")
        self.type(action, f"par {action['corporation']} {price}")
        self.holder[f"{action['corporation']}_0"] = self.name(action["entity"])

    def end_bought_turn(self, action: dict[str, Any], player: str, corp: str) -> None:
        """A second buy in a turn is the site's only for more of one company in a zone that
        allows it; any other buy by the player who bought last comes in his next turn (the
        site ended this one, the others having nothing to do)."""
        state = self.replay.state
        bought = state.turn.did("buy") if state.round == "stock" else []
        if not bought or state.player != player:
            return
        zone = state.title.market.means(state.space(state.corps[bought[0]]), "multiple_buy")
        if corp == bought[0] and zone:
            return
        self.sync_type(action, "done")
        self.sync_round(action, "stock", player)

    def on_pass(self, action: dict[str, Any]) -> None:
        state = self.replay.state
        if action["entity_type"] != "player" or state.round == "operating":
            return  # a company's pass: its turn ends when the next one's begins
        if state.round == "auction":
            self.type(action, "pass")
            return
        self.sync_round(action, "stock", self.name(action["entity"]))
        self.type(action, "done")

    def on_buy_shares(self, action: dict[str, Any]) -> None:
        if action["entity_type"] == "company":
            self.exchange(action)
            return
        player = self.name(action["entity"])
        corp = action["shares"][0].rsplit("_", 1)[0]
        self.sync_round(action, "stock", player)
        self.end_bought_turn(action, player, corp)
        for share in action["shares"]:
            self.type(action, f"buy {corp}{self.source(share)}")
            self.holder.pop(share, None)
            self.holder[share] = player

    def source(self, share: str) -> str:
        """Where a certificate of the site is bought from: the pool if it was sold there; the
        other place when the banker holds none where the site's numbers say (a presidency
        changing hands swaps certificates the site numbers apart)."""
        pool = share in self.pool
        self.pool.discard(share)
        held = self.replay.state.corps[share.rsplit("_", 1)[0]].held
        if not held.get(POOL if pool else IPO):
            pool = not pool
        return " pool" if pool else ""

    def exchange(self, action: dict[str, Any]) -> None:
        """A private swapped for a share (1830's MH): said by its owner, on anyone's turn."""
        private = str(action["entity"])
        owner = self.replay.state.privates.get(private, "")
        self.type(action, f"as {owner} exchange {private}{self.source(action['shares'][0])}")

    def on_sell_shares(self, action: dict[str, Any]) -> None:
        shares = action["shares"]
        corp = shares[0].rsplit("_", 1)[0]
        self.pool.update(shares)
        player = self.name(action["entity"])
        if not action.get("in_need"):
            self.sync_round(action, "stock", player)
        else:  # for the train of a company whose turn the site began when the last one passed
            self.sync_operating(action, str(action["in_need"]))
        self.type(action, f"sell {corp} {int(action['percent']) // 10}")
        for share in shares:
            self.holder.pop(share, None)
        if f"{corp}_0" in shares:
            self.swap_presidency(corp)

    def swap_presidency(self, corp: str) -> None:
        """The site's president's certificate sold goes to the new president, who puts his
        first certificates of the company (as many as it is worth) in the pool
        (share_pool.rb change_president)."""
        state = self.replay.state
        president = state.corps[corp].president
        percent = state.title.company(corp).shares
        given = [
            s for s, who in self.holder.items() if who == president and s.startswith(corp + "_")
        ]
        for share in given[: percent[0] // percent[-1]]:
            del self.holder[share]
            self.pool.add(share)
        self.holder[f"{corp}_0"] = president

    def on_lay_tile(self, action: dict[str, Any]) -> None:
        corp = self.corp_of(action)
        if corp in self.replay.state.corps:
            self.sync_operating(action, corp)
        else:  # a player's private: in a stock round, or in a turn of a company he presides
            self.sync_presided(action, corp)
        hex_name = action["hex"]
        tile = action["tile"].rsplit("-", 1)[0]
        cost = 0 if hex_name in self.hex_tile else self.terrain(hex_name, corp)
        old = self.hex_tile.get(hex_name)
        if old is not None:
            self.tile_hex.pop(old, None)
        self.hex_tile[hex_name] = action["tile"]
        self.tile_hex[action["tile"]] = hex_name
        by = f" {action['entity']}" if action["entity_type"] == "company" else ""
        if by and self.free_lay(str(action["entity"])):
            cost = 0
        who = ""  # a player's private lays in another's turn as its owner says it
        if corp in self.replay.state.cash and corp != self.replay.session.actor():
            who = f"as {corp} "
        self.type(action, f"{who}tile {hex_name} {tile} {action['rotation']} {cost}{by}")

    def free_lay(self, private: str) -> bool:
        """Whether a private's extra lay is free of terrain cost (its title's extra_lay)."""
        found = [p for p in self.replay.state.title.privates if p.abbr == private]
        return bool(found and found[0].extra_lay and found[0].extra_lay.free)

    def terrain(self, hex_name: str, corp: str) -> int:
        return self.terrain_cost(hex_name, corp, self.replay.state.privates)

    def on_place_token(self, action: dict[str, Any]) -> None:
        corp = self.corp_of(action)
        self.sync_operating(action, corp)
        tile, city = action["city"].rsplit("-", 1)
        hex_name = self.tile_hex.get(tile, tile.rsplit("-", 1)[0])
        by = f" {action['entity']}" if action["entity_type"] == "company" else ""
        self.type(action, f"token {hex_name} {self.node(hex_name, int(city))}{by}")

    def node(self, hex_name: str, city: int) -> int:
        """The site numbers a tile's cities; the banker its nodes (towns among them)."""
        laid = self.replay.state.tiles.get(hex_name)
        board = load_map(self.replay.state.title.map)
        spec = catalogue()[laid[0]] if laid else board.hexes[hex_name].printed
        cities = [n for n, node in enumerate(spec.nodes) if node.kind == "city"]
        return cities[city]

    def on_run_routes(self, action: dict[str, Any]) -> None:
        corp = str(action["entity"])
        self.sync_operating(action, corp)
        routes_ = action["routes"]
        if all("revenue" in route for route in routes_):
            runs = [int(route["revenue"]) for route in routes_]
            self.price_check(action, corp, runs)
        elif all(route.get("connections") for route in routes_):
            runs = [self.route_revenue(route) for route in routes_]
            runs[0] += self.route_bonus(corp, routes_)
        else:
            self.pending_run = (corp, -1)  # the site kept neither revenues nor routes: the best
            return
        state = self.replay.state
        cut = train_events.war_cut(state, state.corps[corp], runs)
        self.pending_run = (corp, sum(runs) - cut)

    def price_check(self, action: dict[str, Any], corp: str, runs: list[int]) -> None:
        """Where the site kept both a run's revenue and its hex chains, of a title whose trains
        pass towns free, the chains priced as for the older records (`route_revenue`,
        `route_bonus`) earn what the site recorded."""
        state = self.replay.state
        routes_ = action["routes"]
        # trains.*.towns_free named train by train (18AL), not the title-wide shorthand that
        # sets them all (18GA's operating.towns_free, whose runs this pricing does not know)
        own = not state.title.operating.towns_free
        towns_free = own and any(t.towns_free for t in state.title.trains)
        if not towns_free or not all(route.get("connections") for route in routes_):
            return
        priced = sum(self.route_revenue(route) for route in routes_)
        priced += self.route_bonus(corp, routes_)
        self.replay.priced += 1
        if priced != sum(runs):
            said = f"#{action['id']} {corp} ran {sum(runs)}, its chains price {priced}"
            self.replay.mispriced.append(said)

    def route_revenue(self, route: dict[str, Any]) -> int:
        """What a route the site kept as its hex chains (`connections`, each from one stop to
        the next) earns on the track now, each stop at its value in the phase's colour (the
        site's older records keep no revenue). Consecutive chains share their stop, so a hex
        that ends chains `n` times holds ceil(n / 2) of the route's stops: twice for a route
        through both towns of a hex."""
        where = position(self.replay.state)
        ends = Counter(hex_ for chain in route["connections"] for hex_ in (chain[0], chain[-1]))
        train = route["train"].rsplit("-", 1)[0]
        diesel = train == "D"
        times = DOUBLED.get(self.game.title, {}).get(train, 1)
        earned = 0
        for hex_, count in ends.items():
            spec, _paths = where.content(hex_)
            values = [
                n.value(where.phase, diesel) * (times if n.kind != "town" else 1)
                for n in spec.nodes
                if n.kind != "junction"
            ]
            earned += sum(sorted(values, reverse=True)[: (count + 1) // 2])
        return earned + self.coal_bonus(set(ends))

    def coal_bonus(self, stops: set[str]) -> int:
        """18AL's Warrior Coal Field token (g_18_al/step/assign.rb): 10 more for each train
        of the company that placed it whose route stops on its hex, until the first 6-train
        (game.rb event_remove_tokens)."""
        if self.coal is None or self.game.title != "18AL":
            return 0
        corp, hex_ = self.coal
        state = self.replay.state
        phases = [p.name for p in state.title.phases]
        if phases.index(state.phase) >= phases.index("6"):
            return 0
        owner = state.order[state.operating] if state.round == "operating" else ""
        return 10 if hex_ in stops and owner == corp else 0

    def route_bonus(self, corp: str, routes_: list[dict[str, Any]]) -> int:
        """18AL's M&C markers (g_18_al/step/buy_company.rb, game.rb bonuses_for_routes): the
        company that bought M&C earns 20 once a run for a route stopping at Atlanta (G8) and
        Birmingham (G4), and 40 for one stopping at Nashville (A4) and Mobile (Q2)."""
        if self.markers != corp:
            return 0
        stops = [{h for chain in r["connections"] for h in (chain[0], chain[-1])} for r in routes_]
        pairs = (({"G8", "G4"}, 20), ({"A4", "Q2"}, 40))
        return sum(bonus for pair, bonus in pairs if any(pair <= s for s in stops))

    def on_assign(self, action: dict[str, Any]) -> None:
        """18AL's SNAR places the Warrior Coal Field token (privates.SNAR.stop_bonus): `private
        SNAR HEX`, in its owner's turn; the pricing of the site's chains reads it too."""
        corp = self.corp_of(action)
        self.coal = (corp, str(action["target"]))
        self.finish_run()
        self.sync_operating(action, corp)
        self.type(action, f"private {action['entity']} {action['target']}")

    def on_dividend(self, action: dict[str, Any]) -> None:
        how = {"payout": "full", "withhold": "withhold", "half": "half"}[action["kind"]]
        corp = str(action["entity"])
        revenue = self.pending_run[1] if self.pending_run else 0
        self.pending_run = None
        self.sync_operating(action, corp)
        self.check_run(action, corp, revenue)
        self.type(action, f"run {_said(revenue)} {how}")

    def check_run(self, action: dict[str, Any], corp: str, revenue: int) -> None:
        """A recorded revenue is at most the best the route search proves on the track as it
        stands, which `run best` pays."""
        if revenue <= 0:
            return
        state = self.replay.state
        best = proposal.proven_total(routes.search(state, state.corps[corp]))
        self.replay.runs += 1
        if best is None or best < revenue:
            said = "not proven" if best is None else str(best)
            self.replay.routes.append(f"#{action['id']} {corp} ran {revenue}, the best {said}")
        elif best > revenue:
            self.replay.below.append(f"#{action['id']} {corp} ran {revenue}, the best {best}")

    def on_buy_train(self, action: dict[str, Any]) -> None:
        corp = self.corp_of(action)
        self.finish_run()
        self.sync_operating(action, corp)
        train = action["train"]
        name = self.train_name(train)
        seller = self.trains.get(train, "")
        self.trains[train] = corp
        if action["entity_type"] == "company":  # a private's train_discount (18AL's NDY)
            self.type(action, f"train {name} {action['entity']}")
        elif seller and seller != corp:
            self.type(action, f"train {name} from {seller} {action['price']}")
        elif action.get("exchange"):
            self.trains.pop(action["exchange"], None)
            self.type(action, f"train {name} trade {self.train_name(action['exchange'])}")
        else:
            self.type(action, f"train {name}")

    def on_discard_train(self, action: dict[str, Any]) -> None:
        self.finish_run()
        train = action["train"]
        self.trains.pop(train, None)
        state = self.replay.state
        president = state.corps[action["entity"]].president
        who = "" if president == self.replay.session.actor() else f"as {president} "
        self.type(action, f"{who}discard {action['entity']} {self.train_name(train)}")

    def train_name(self, train: str) -> str:
        """The title's name of a train of the site ("3'-1")."""
        name = train.rsplit("-", 1)[0]
        return TRAIN_NAMES.get(self.game.title, {}).get(name, name)

    def on_buy_company(self, action: dict[str, Any]) -> None:
        corp = str(action["entity"])
        if action["entity_type"] == "player":  # a sale between players (a phase's rule)
            player = self.name(corp)
            self.sync_round(action, "stock", player)
            self.end_bought_turn(action, player, "")
            self.type(action, f"private {action['company']} {action['price']}")
            return
        self.finish_run()
        self.sync_operating(action, corp)
        if action["company"] == "M&C" and self.game.title == "18AL":
            self.markers = corp
        self.type(action, f"private {action['company']} {action['price']}")

    def on_bankrupt(self, action: dict[str, Any]) -> None:
        self.finish_run()
        self.sync_operating(action, str(action["entity"]))
        self.type(action, "bankrupt")

    def on_end_game(self, action: dict[str, Any]) -> None:
        """The site's players ended the game by hand: nothing to type."""


def replay(path: Path, on_round_end: Callable[[Replay], None] | None = None) -> Replay:
    """Plays a recorded game through the banker, each refused move forced and counted."""
    game = load(path)
    session = Session.new("18xx", list(game.players.values()), "", _title(game))
    session.settle()
    result = Replay(game, session)
    translator = Translator(game, result)
    translator.on_round_end = on_round_end
    result.ledger = translator.ledger
    for action in _marked(effective(game.actions)):
        if result.state.round == "over":
            break
        translator.play(action)
    if game.ended != "manually_ended":  # the site ended the turn its last action began
        translator.end_turn()
    return result


# Where 18xx.games plays a title otherwise than the shipped description reads the printed
# rules: the title's options set as the site played them (key path -> value).
SITE: dict[str, Any] = {
    # the site's waterfall gives the priority deal to the player whose turn came next
    # (step/waterfall_auction.rb: a bid-off takes no turn)
    "auction.priority": "next_in_turn",
    # the site sorts the companies still to operate again after a president's emergency sale
    # (step/emergency_money.rb, round/operating.rb recalculate_order)
    "operating.reorder_after_emergency_sale": True,
}


def _round_of(state: State) -> tuple[str, int, int]:
    return state.round, state.stock_round, state.or_number


def _marked(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The actions, each sale marked `in_need` with the company a president makes it for, to
    pay for its train (the site's next action, past his other sales, is the company's train
    or bankruptcy); "" for the others."""
    marked = []
    for index, action in enumerate(actions):
        if action["type"] == "sell_shares":
            after = next((a for a in actions[index + 1 :] if a["type"] != "sell_shares"), {})
            need = after.get("type") in ("buy_train", "bankrupt")
            need = need and after.get("entity_type") == "corporation"
            action = {**action, "in_need": str(after["entity"]) if need else ""}
        marked.append(action)
    return marked


def _said(revenue: int) -> str:
    return "best" if revenue < 0 else str(revenue)


# 18AL's 4D (g_18_al/game.rb TRAINS: multiplier 2 in its distance's row of cities and
# off-boards, lib/engine/part/revenue_center.rb): the cities and off-boards it stops at pay
# double, its towns once. Title -> train -> multiplier.
DOUBLED: dict[str, dict[str, int]] = {"18AL": {"4D": 2}}


# The site's optional rules a recorded game was played with, as the title's options.
OPTIONAL: dict[str, dict[str, Any]] = {
    # 18AL: in a company's first turn a yellow lay, then another if the first was no upgrade
    # (g_18_al/meta.rb, game.rb tile_lays: lay, then lay :not_if_upgraded without upgrade)
    "double_yellow_first_or": {
        "operating.first_turn_tile_lays": 2,
        "operating.upgrade_is_the_only_lay": True,
    },
    # 1830: a turn's second brown-zone certificate may come from the initial offering too
    "multiple_brown_from_ipo": {"shares.multiple_buy_from": "anywhere"},
    # 18TN: three yellow lays in a company's first turn (g_18_tn/meta.rb, game.rb tile_lays)
    "triple_yellow_first_or": {"operating.first_turn_tile_lays": 3},
}


# What the site plays otherwise than one title's description (title -> key path -> value);
# `*` stands for every entry of a list ([[phases]]).
SITE_BY_TITLE: dict[str, dict[str, Any]] = {
    # 18TN's phases 2 to 4 let a company buy one train from the bank a turn (game.rb status
    # limited_train_buy); the site's train step accepts any train the bank sells
    # (step/buy_train.rb buy_train_action checks depot.available), and both recorded games
    # buy the last 4 and the first 5 in one turn.
    "18TN": {"phases.*.bank_trains_per_turn": 0},
}


# Where the site's engine, when a game was played, let through what it refuses today (and the
# printed rules refuse): the game's actions kept that, and the title's options say it. The
# site's engine of April 2020 (commit d07d5a1, round/operating.rb and route.rb) checked a
# president's sales for a train only in its page, not when the action was played, and a route
# only for hexes that touch and the number of its stops.
AS_PLAYED: dict[str, dict[str, Any]] = {
    "1889/314": {  # played 2020-04-28
        # #451/#452: P1 sold IR and TR once KO and he had the D's $1100 (KO $742, P1 $424)
        "operating.sell_more_than_needed": True,
        # #368: IR's 3-train ran I4-I2-K4 through I2, full of SR's and AR's stations
        "operating.full_cities_block": False,
    },
}


def _title(game: Recorded) -> dict[str, Any]:
    data = copy.deepcopy(title_data(game.title)[0])
    options = {**SITE, **SITE_BY_TITLE.get(game.title, {})}
    for rule in game.options:
        options.update(OPTIONAL[rule])
    options.update(AS_PLAYED.get(game.name, {}))
    for path, value in options.items():
        _set(data, path.split("."), value)
    return data


def _set(where: Any, path: list[str], value: Any) -> None:
    """Sets the key `path` of a description to `value`, making the tables it needs."""
    head, *rest = path
    if head == "*":
        for entry in where:
            _set(entry, rest, value)
    elif not rest:
        where[head] = value
    else:
        _set(where.setdefault(head, {}), rest, value)


def each_forced(result: Replay) -> Iterator[str]:
    for forced in result.forced:
        yield f"#{forced.action.get('id')} {forced.move}: {forced.why}"
