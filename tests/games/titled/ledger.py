"""What a recorded game's actions imply for cash and share prices, kept apart from the banker.

18xx.games keeps no intermediate state in its fixtures, only actions. This ledger applies them
to a book of its own: bids, pars, share trades at the market price, dividends of the recorded
revenues, tiles at the site's terrain costs, stations at the title's token prices, trains and
privates at the recorded prices, and the moves of each company's price on the title's grid.
At the end of each operating round the replay (replay.py) compares its totals with the
banker's; the first difference names the round where the two part.

It reads the title's figures (market grid, privates, token prices, float, who dividends in the
pool and the initial offering pay, the certificates, the rules a number of players turns on,
the trains' rusting and lost runs) but none of the referee's code. The banker says only when
the rounds begin and end (the site's fixtures do not mark them), and what a run paid when the
site kept its routes but not their revenue (1889/962's early records).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

IPO, POOL, OUT = "ipo", "pool", "out"
DRAWN = "drawn"  # a private's gives_president: the company drawn for it


def _cell(text: str) -> int | None:
    digits = "".join(ch for ch in text if ch.isdigit())
    return int(digits) if digits else None


@dataclass
class Ledger:
    data: dict[str, Any]  # the title's description (a title file, as read)
    players: dict[str, str]
    terrain: Any  # (hex, company, owners of privates) -> the terrain cost of a first tile
    cash: dict[str, int] = field(default_factory=dict)  # a player or a company -> cash
    where: dict[str, tuple[int, int]] = field(default_factory=dict)  # company -> (row, column)
    held: dict[str, dict[str, int]] = field(default_factory=dict)  # company -> holder -> %
    pooled: set[str] = field(default_factory=set)  # the site's certificates in the pool
    certificates: dict[str, str] = field(default_factory=dict)  # the site's -> its holder
    owner: dict[str, str] = field(default_factory=dict)  # private -> its owner
    bids: dict[str, tuple[str, int]] = field(default_factory=dict)  # private -> best bid
    stations: dict[str, int] = field(default_factory=dict)  # company -> stations placed
    homes: set[str] = field(default_factory=set)  # companies whose home station is placed
    objectives: set[str] = field(default_factory=set)  # companies paid their objective's bonus
    floated: set[str] = field(default_factory=set)
    par: dict[str, int] = field(default_factory=dict)  # company -> its par price
    tile_hex: dict[str, str] = field(default_factory=dict)  # a tile of the site -> its hex
    stopped: bool = False  # a bankruptcy ended the game: nothing more to compare
    trains: dict[str, str] = field(default_factory=dict)  # a train of the site -> its owner
    ran: set[str] = field(default_factory=set)  # companies that ran this operating round
    revenue: dict[str, int] = field(default_factory=dict)  # company -> its recorded run
    closed: bool = False  # the privates closed
    names: dict[str, str] = field(default_factory=dict)  # a site's train name -> the title's
    drawn: dict[str, str] = field(default_factory=dict)  # a DRAWN private -> its company
    bought: set[str] = field(default_factory=set)  # the train names bought (or exported)
    war: set[str] = field(default_factory=set)  # companies to lose a train's run
    still: set[str] = field(default_factory=set)  # companies whose run is lost and price stays
    presidents: dict[str, str] = field(default_factory=dict)  # company -> its president

    def __post_init__(self) -> None:
        start = self.data["players"]["cash"][str(len(self.players))]
        self.cash.update(dict.fromkeys(self.players.values(), start))
        for corp in self.data["companies"]:
            self.cash[corp["abbr"]] = 0
            self.held[corp["abbr"]] = {IPO: 100}
            self.stations[corp["abbr"]] = 1
        self.rows = [[_cell(c) for c in row] for row in self.data["market"]["rows"]]

    # --- the title ---------------------------------------------------------------------------
    def _company(self, corp: str) -> dict[str, Any]:
        found: dict[str, Any] = next(c for c in self.data["companies"] if c["abbr"] == corp)
        return found

    def _variant(self) -> dict[str, Any]:
        """The rules the title turns on for this number of players ([players.variants.N])."""
        variants = self.data["players"].get("variants", {})
        found: dict[str, Any] = variants.get(str(len(self.players)), {})
        return found

    def president_percent(self, corp: str) -> int:
        own = int(self._company(corp)["shares"][0])
        variant = self._variant()
        if variant.get("drawn_keeps_certificates") and corp in self.drawn.values():
            return own
        return int(variant.get("president_percent", own))

    # --- the market ------------------------------------------------------------------------
    def price(self, corp: str) -> int:
        row, col = self.where[corp]
        value = self.rows[row][col]
        assert value is not None
        return value

    def _at(self, row: int, col: int) -> bool:
        return 0 <= row < len(self.rows) and 0 <= col < len(self.rows[row])

    def _space(self, row: int, col: int) -> bool:
        return self._at(row, col) and self.rows[row][col] is not None

    def move(self, corp: str, way: str) -> None:
        row, col = self.where[corp]
        steps = {"right": (0, 1), "left": (0, -1), "up": (-1, 0), "down": (1, 0)}
        dr, dc = steps[way]
        if self._space(row + dr, col + dc):
            self.where[corp] = (row + dr, col + dc)
        elif way == "right":  # the end of a row: up instead
            self.move(corp, "up")
        elif way == "left":  # the start of a row: down instead
            self.move(corp, "down")

    # --- the privates ------------------------------------------------------------------------
    def _private(self, abbr: str) -> dict[str, Any]:
        found: dict[str, Any] = next(p for p in self.data["privates"] if p["abbr"] == abbr)
        return found

    def _auction(self, action: dict[str, Any]) -> bool:
        """Whether the action belongs to the sale of the privates (a bid, a pass, the par of a
        company whose president's certificate came with a private)."""
        if action["type"] == "par":
            return self._given(action["corporation"]) or bool(self._undrawn())
        return action["type"] in ("bid", "pass")

    def _given(self, corp: str) -> bool:
        """Whether `corp`'s president's certificate comes with a private (named, or drawn)."""
        named = any(p.get("gives_president") == corp for p in self.data["privates"])
        return named or corp in self.drawn.values()

    def _undrawn(self) -> list[str]:
        """The privates whose company is drawn before the game and not yet named (the first
        par of their buyer names it)."""
        return [
            p["abbr"]
            for p in self.data.get("privates", [])
            if p.get("gives_president") == DRAWN and p["abbr"] not in self.drawn
        ]

    def settle_auction(self) -> None:
        """Each private goes to its best bid (a waterfall sells each to its highest bidder)."""
        for private, (player, amount) in self.bids.items():
            self.cash[player] -= amount
            self.owner[private] = player
            gives = self._private(private).get("gives_share")
            if gives:
                self._shift(gives, IPO, player, 10)
                self._float(gives)
        self.bids.clear()

    def pay_privates(self) -> None:
        for private, owner in self.owner.items():
            if owner:
                self.cash[owner] += int(self._private(private)["revenue"])

    # --- the rounds (told by the replay) -------------------------------------------------
    def begin_or(self, after_stock_round: bool = False) -> None:
        """`after_stock_round`: the round that ended was a stock round, whose end lifts the
        sold-out companies even if no share changed hands in it."""
        self.settle_auction()
        if self.traded or after_stock_round:
            for corp, held in self.held.items():
                if corp in self.where and not held.get(IPO) and not held.get(POOL):
                    self.move(corp, "up")
        self.pay_privates()
        self.ran.clear()

    def end_or(self, operated: list[str]) -> None:
        """Each company that operated and did not run: its price moves as a withhold does."""
        for corp in operated:
            if corp not in self.ran:
                self.move(corp, "left")

    # --- the actions ---------------------------------------------------------------------
    def apply(self, action: dict[str, Any], paid: int | None = None) -> None:
        """`paid`: what the banker paid for a run the site kept without its revenue."""
        if self.bids and not self._auction(action):
            self.settle_auction()
        if action["type"] == "dividend":
            self.on_dividend(action, paid)
            return
        handler = getattr(self, f"on_{action['type']}", None)
        if handler is not None:
            handler(action)

    def _player(self, action: dict[str, Any]) -> str:
        return self.players[str(action["entity"])]

    def _shift(self, corp: str, source: str, to: str, percent: int) -> None:
        held = self.held[corp]
        held[source] = held.get(source, 0) - percent
        held[to] = held.get(to, 0) + percent
        now = self.presidents.get(corp)
        if now is None:
            return
        seats = list(self.players.values())
        after = seats[seats.index(now) + 1 :] + seats[: seats.index(now)]
        best = max(after, key=lambda p: (held.get(p, 0), -after.index(p)))
        if held.get(best, 0) > held.get(now, 0):  # the one holding most takes the presidency
            self.presidents[corp] = best

    def _float(self, corp: str) -> None:
        described = self._company(corp)
        sold = 100 - self.held[corp].get(IPO, 0)
        if corp not in self.floated and sold >= int(described["float_percent"]):
            self.floated.add(corp)
            self.cash[corp] += 10 * self.par[corp]
            if self._variant().get("float_sends_rest_to_pool"):
                self._shift(corp, IPO, POOL, self.held[corp].get(IPO, 0))

    def on_bid(self, action: dict[str, Any]) -> None:
        best = self.bids.get(action["company"])
        if best is None or action["price"] > best[1]:
            self.bids[action["company"]] = (self._player(action), int(action["price"]))

    def on_par(self, action: dict[str, Any]) -> None:
        corp = action["corporation"]
        price = int(str(action["share_price"]).split(",")[0])
        player = self._player(action)
        spot = next(
            (r, c)
            for r, row in enumerate(self.rows)
            for c, value in enumerate(row)
            if value == price and "p" in self.data["market"]["rows"][r][c]
        )
        self.where[corp] = spot
        self.par[corp] = price
        undrawn = self._undrawn()
        if undrawn and not self._given(corp):
            self.drawn[undrawn[0]] = corp
        percent = self.president_percent(corp)
        if not self._given(corp):
            self.cash[player] -= price * percent // 10
        self._shift(corp, IPO, player, percent)
        self.presidents[corp] = player
        self.certificates[f"{corp}_0"] = player
        self._float(corp)

    def on_buy_shares(self, action: dict[str, Any]) -> None:
        share = action["shares"][0]
        corp = share.rsplit("_", 1)[0]
        source = POOL if share in self.pooled else IPO
        if not self.held[corp].get(source):
            source = IPO if source == POOL else POOL
        self.pooled.discard(share)
        if action["entity_type"] == "company":  # a private exchanged for a share
            private = str(action["entity"])
            self._shift(corp, source, self.owner.pop(private), 10)
            return
        player = self._player(action)
        self.cash[player] -= self.par[corp] if source == IPO else self.price(corp)
        outsider = player != self.president(corp)
        self._shift(corp, source, player, 10)
        self.certificates.pop(share, None)
        self.certificates[share] = player
        retires = self._variant().get("outside_buy_retires_pool_share")
        if outsider and retires and self.held[corp].get(POOL, 0) >= 10:
            self._shift(corp, POOL, OUT, 10)
        self.traded = True
        self._float(corp)

    def president(self, corp: str) -> str:
        return self.presidents.get(corp, "")

    def on_sell_shares(self, action: dict[str, Any]) -> None:
        """`in_need`: the company whose train the seller, its president, pays for."""
        if action.get("in_need"):
            self._past_its_run(str(action["in_need"]))
        corp = action["shares"][0].rsplit("_", 1)[0]
        count = int(action["percent"]) // 10
        player = self._player(action)
        self.cash[player] += count * self.price(corp)
        self._shift(corp, player, POOL, 10 * count)
        self.pooled.update(action["shares"])
        for share in action["shares"]:
            self.certificates.pop(share, None)
        if f"{corp}_0" in action["shares"]:
            self.swap_presidency(corp, player)
        for _share in range(count):
            self.move(corp, "down")

    def swap_presidency(self, corp: str, seller: str) -> None:
        """The president's certificate sold goes to the player then holding the most (the
        nearest after the seller on a tie), whose first certificates of the company, as many
        as it counts shares, go to the pool in its place (18xx.games share_pool.rb
        change_president)."""
        seats = list(self.players.values())
        start = seats.index(seller)
        after = [seats[(start + n) % len(seats)] for n in range(1, len(seats))]
        most = max(self.held[corp].get(p, 0) for p in after)
        president = next(p for p in after if self.held[corp].get(p, 0) == most)
        given = [
            c
            for c, who in self.certificates.items()
            if who == president and c.startswith(corp + "_")
        ]
        for share in given[: self.president_percent(corp) // 10]:
            del self.certificates[share]
            self.pooled.add(share)
        self.certificates[f"{corp}_0"] = president

    def _corp(self, action: dict[str, Any]) -> str:
        if action["entity_type"] == "company":
            return self.owner.get(str(action["entity"]), "")
        return str(action["entity"])

    def on_lay_tile(self, action: dict[str, Any]) -> None:
        corp, hex_name = self._corp(action), action["hex"]
        first = hex_name not in self.tile_hex.values()
        self.tile_hex[action["tile"]] = hex_name
        if first and corp in self.cash and not self._free_lay(action):
            self.cash[corp] -= self.terrain(hex_name, corp, self.owner)

    def _free_lay(self, action: dict[str, Any]) -> bool:
        """A private's lay that its title makes free of terrain (extra_lay free)."""
        if action["entity_type"] != "company":
            return False
        return bool(self._private(str(action["entity"])).get("extra_lay", {}).get("free"))

    def on_place_token(self, action: dict[str, Any]) -> None:
        """A company whose title names no city of its home hex places its home station itself
        (1830's ERIE), free; a private's station is free; else the title's token price."""
        corp = self._corp(action)
        described = self._company(corp)
        tile = action["city"].rsplit("-", 1)[0]
        hex_name = self.tile_hex.get(tile, tile.split("-")[0])
        picks = "home_city" not in described and described.get("home") == hex_name
        if picks and corp not in self.homes:
            self.homes.add(corp)
            return
        if action["entity_type"] != "company":
            self.cash[corp] -= int(described["tokens"][self.stations[corp]])
        self.stations[corp] += 1
        goal = described.get("objective")  # a historical objective: the bonus, once
        if goal and goal["hex"] == hex_name and corp not in self.objectives:
            self.objectives.add(corp)
            self.cash[corp] += int(goal["bonus"])

    def on_run_routes(self, action: dict[str, Any]) -> None:
        corp = str(action["entity"])
        routes = action["routes"]
        runs = [int(r["revenue"]) for r in routes] if all("revenue" in r for r in routes) else []
        self.revenue[corp] = sum(runs) if runs else -1
        owned = sum(1 for owner in self.trains.values() if owner == corp)
        self.still.discard(corp)
        if corp in self.war and owned == 1:
            # one train: it runs for nothing and its price stays; the site then skips the
            # dividend (its revenue is 0), which may not be recorded
            self.revenue[corp] = 0
            self.still.add(corp)
            self.war.discard(corp)
        elif corp in self.war and runs and len(runs) >= owned:  # its lowest run is lost
            self.revenue[corp] -= min(runs)
        self.ran.add(corp)

    def on_dividend(self, action: dict[str, Any], paid: int | None) -> None:
        corp = str(action["entity"])
        revenue = self.revenue.pop(corp, 0)
        if revenue < 0:
            revenue = paid or 0
        self.ran.add(corp)
        self.war.discard(corp)
        if corp in self.still:
            self.still.discard(corp)
            return
        if action["kind"] == "withhold" or revenue == 0:
            self.cash[corp] += revenue
            self.move(corp, "left")
            return
        pays = self.data["shares"]
        for holder, percent in self.held[corp].items():
            amount = revenue * percent // 100
            if holder in self.cash:
                self.cash[holder] += amount
            elif (holder == POOL and pays["pool_pays"] == "company") or (
                holder == IPO and pays["ipo_pays"] == "company"
            ):
                self.cash[corp] += amount
        self.move(corp, "right")

    def _past_its_run(self, corp: str) -> None:
        """A company in its train step that did not run had no train: its price moved as a
        withhold's when it passed its run."""
        if corp not in self.ran:
            self.move(corp, "left")
            self.ran.add(corp)

    def on_buy_train(self, action: dict[str, Any]) -> None:
        corp = self._corp(action)  # a private's discount: its owner buys, the private closes
        if action["entity_type"] == "company":
            self.owner.pop(str(action["entity"]), None)
        self._past_its_run(corp)
        train, price = action["train"], int(action["price"])
        seller = self.trains.get(train)
        if action.get("exchange"):
            self.trains.pop(action["exchange"], None)
        if seller and seller != corp:
            self.cash[seller] += price
        elif price > self.cash[corp]:  # the president pays the rest
            self.cash[self.president(corp)] -= price - self.cash[corp]
            price = self.cash[corp]
        self.cash[corp] -= price
        self.trains[train] = corp
        self._closing(corp, train)
        self._first(corp, self._kind(train))

    def _kind(self, train: str) -> str:
        """The title's name of a train of the site ("3'-1" -> 3b)."""
        name = train.rsplit("-", 1)[0]
        return self.names.get(name, name)

    def _first(self, corp: str, kind: str) -> None:
        """The first train of a kind bought: the trains it rusts leave, and where the title
        says so (loses_a_train_run) each floated company owning a train, and the buyer, is to
        lose a train's run in its next turn."""
        if kind in self.bought:
            return
        self.bought.add(kind)
        described = {str(t["name"]): t for t in self.data["trains"]}
        for train in list(self.trains):
            if described.get(self._kind(train), {}).get("rusts_on") == kind:
                del self.trains[train]
        if described.get(kind, {}).get("loses_a_train_run"):
            owning = {c for c in self.trains.values() if c in self.floated}
            self.war |= owning | {corp}

    def _closing(self, corp: str, train: str) -> None:
        described = {str(t["name"]): t for t in self.data["trains"]}
        if described.get(self._kind(train), {}).get("closes_privates") and not self.closed:
            self.closed = True
            self.owner.clear()
        for private in list(self.owner):
            closes = self._private(private).get("closes_when_bought_train_by")
            if closes == corp or (closes == DRAWN and self.drawn.get(private) == corp):
                del self.owner[private]

    def on_bankrupt(self, action: dict[str, Any]) -> None:
        self.stopped = True

    def on_discard_train(self, action: dict[str, Any]) -> None:
        self.trains.pop(action["train"], None)

    def on_buy_company(self, action: dict[str, Any]) -> None:
        corp, private, price = str(action["entity"]), action["company"], int(action["price"])
        if action["entity_type"] == "player":  # a sale between players
            corp = self._player(action)
        self.settle_auction()
        self.cash[corp] -= price
        self.cash[self.owner[private]] += price
        self.owner[private] = corp


def compare(ledger: Ledger, state: Any, when: tuple[str, int, int]) -> list[str]:
    """Where the banker's cash and prices differ from the ledger's after an operating round
    (`when`: its round, stock round and number)."""
    if ledger.stopped:
        return []
    at = f"OR {when[1]}.{when[2]}"
    found = []
    for player in ledger.players.values():
        if state.cash[player] != ledger.cash[player]:
            found.append(
                f"{at}: {player} has {state.cash[player]}, the actions imply {ledger.cash[player]}"
            )
    for abbr, corp in state.corps.items():
        if corp.cash != ledger.cash[abbr]:
            found.append(f"{at}: {abbr} has {corp.cash}, the actions imply {ledger.cash[abbr]}")
        if abbr in ledger.where and corp.row >= 0:
            ours = state.space(corp).price
            if ours != ledger.price(abbr):
                found.append(f"{at}: {abbr} is at {ours}, the actions imply {ledger.price(abbr)}")
    return found
