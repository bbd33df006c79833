"""What a recorded game's actions imply for cash and share prices, kept apart from the banker.

18xx.games keeps no intermediate state in its fixtures, only actions. This ledger applies them
to a book of its own: bids, pars, share trades at the market price, dividends of the recorded
revenues, tiles at the site's terrain costs, stations at the title's token prices, trains and
privates at the recorded prices, and the moves of each company's price on the title's grid.
At the end of each operating round the replay (replay.py) compares its totals with the
banker's; the first difference names the round where the two part.

It reads the title's figures (market grid, privates, token prices, float, who dividends in the
pool and the initial offering pay) but none of the referee's code. The banker says only when
the rounds begin and end (the site's fixtures do not mark them), and what a run paid when the
site kept its routes but not their revenue (1889/962's early records).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

IPO, POOL = "ipo", "pool"


def _cell(text: str) -> int | None:
    digits = "".join(ch for ch in text if ch.isdigit())
    return int(digits) if digits else None


@dataclass
class Ledger:
    data: dict[str, Any]  # the title's description (a title file, as read)
    players: dict[int, str]
    terrain: Any  # (hex, company, owners of privates) -> the terrain cost of a first tile
    cash: dict[str, int] = field(default_factory=dict)  # a player or a company -> cash
    where: dict[str, tuple[int, int]] = field(default_factory=dict)  # company -> (row, column)
    held: dict[str, dict[str, int]] = field(default_factory=dict)  # company -> holder -> %
    pooled: set[str] = field(default_factory=set)  # the site's certificates in the pool
    owner: dict[str, str] = field(default_factory=dict)  # private -> its owner
    bids: dict[str, tuple[str, int]] = field(default_factory=dict)  # private -> best bid
    stations: dict[str, int] = field(default_factory=dict)  # company -> stations placed
    homes: set[str] = field(default_factory=set)  # companies whose home station is placed
    floated: set[str] = field(default_factory=set)
    par: dict[str, int] = field(default_factory=dict)  # company -> its par price
    tile_hex: dict[str, str] = field(default_factory=dict)  # a tile of the site -> its hex
    stopped: bool = False  # a bankruptcy ended the game: nothing more to compare
    trains: dict[str, str] = field(default_factory=dict)  # a train of the site -> its owner
    ran: set[str] = field(default_factory=set)  # companies that ran this operating round
    revenue: dict[str, int] = field(default_factory=dict)  # company -> its recorded run
    traded: bool = False  # shares traded since the last operating round
    closed: bool = False  # the privates closed

    def __post_init__(self) -> None:
        start = self.data["players"]["cash"][str(len(self.players))]
        self.cash.update(dict.fromkeys(self.players.values(), start))
        for corp in self.data["companies"]:
            self.cash[corp["abbr"]] = 0
            self.held[corp["abbr"]] = {IPO: 100}
            self.stations[corp["abbr"]] = 1
        self.rows = [[_cell(c) for c in row] for row in self.data["market"]["rows"]]

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
            return any(
                p.get("gives_president") == action["corporation"] for p in self.data["privates"]
            )
        return action["type"] in ("bid", "pass")

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
    def begin_or(self) -> None:
        self.settle_auction()
        if self.traded:
            for corp, held in self.held.items():
                if corp in self.where and not held.get(IPO) and not held.get(POOL):
                    self.move(corp, "up")
            self.traded = False
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
        return self.players[int(action["entity"])]

    def _shift(self, corp: str, source: str, to: str, percent: int) -> None:
        held = self.held[corp]
        held[source] = held.get(source, 0) - percent
        held[to] = held.get(to, 0) + percent

    def _float(self, corp: str) -> None:
        described = next(c for c in self.data["companies"] if c["abbr"] == corp)
        sold = 100 - self.held[corp].get(IPO, 0)
        if corp not in self.floated and sold >= int(described["float_percent"]):
            self.floated.add(corp)
            self.cash[corp] += 10 * self.par[corp]

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
        given = any(p.get("gives_president") == corp for p in self.data["privates"])
        if not given:
            self.cash[player] -= 2 * price
        self._shift(corp, IPO, player, 20)
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
        self._shift(corp, source, player, 10)
        self.traded = True
        self._float(corp)

    def on_sell_shares(self, action: dict[str, Any]) -> None:
        corp = action["shares"][0].rsplit("_", 1)[0]
        count = int(action["percent"]) // 10
        player = self._player(action)
        self.cash[player] += count * self.price(corp)
        self._shift(corp, player, POOL, 10 * count)
        self.pooled.update(action["shares"])
        for _share in range(count):
            self.move(corp, "down")
        self.traded = self.traded or not action.get("in_need")

    def _corp(self, action: dict[str, Any]) -> str:
        if action["entity_type"] == "company":
            return self.owner.get(str(action["entity"]), "")
        return str(action["entity"])

    def on_lay_tile(self, action: dict[str, Any]) -> None:
        corp, hex_name = self._corp(action), action["hex"]
        first = hex_name not in self.tile_hex.values()
        self.tile_hex[action["tile"]] = hex_name
        if first and corp in self.cash:
            self.cash[corp] -= self.terrain(hex_name, corp, self.owner)

    def on_place_token(self, action: dict[str, Any]) -> None:
        """A company whose title names no city of its home hex places its home station itself
        (1830's ERIE), free; a private's station is free; else the title's token price."""
        corp = self._corp(action)
        described = next(c for c in self.data["companies"] if c["abbr"] == corp)
        tile = action["city"].rsplit("-", 1)[0]
        hex_name = self.tile_hex.get(tile, tile.split("-")[0])
        picks = "home_city" not in described and described.get("home") == hex_name
        if picks and corp not in self.homes:
            self.homes.add(corp)
            return
        if action["entity_type"] != "company":
            self.cash[corp] -= int(described["tokens"][self.stations[corp]])
        self.stations[corp] += 1

    def on_run_routes(self, action: dict[str, Any]) -> None:
        corp = str(action["entity"])
        routes = action["routes"]
        self.revenue[corp] = (
            sum(int(r["revenue"]) for r in routes) if all("revenue" in r for r in routes) else -1
        )
        self.ran.add(corp)

    def on_dividend(self, action: dict[str, Any], paid: int | None) -> None:
        corp = str(action["entity"])
        revenue = self.revenue.pop(corp, 0)
        if revenue < 0:
            revenue = paid or 0
        self.ran.add(corp)
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

    def on_buy_train(self, action: dict[str, Any]) -> None:
        corp = str(action["entity"])
        train, price = action["train"], int(action["price"])
        seller = self.trains.get(train)
        if action.get("exchange"):
            self.trains.pop(action["exchange"], None)
        if seller and seller != corp:
            self.cash[seller] += price
        elif price > self.cash[corp]:  # the president pays the rest
            president = max(
                (h for h in self.held[corp] if h in self.players.values()),
                key=lambda h: self.held[corp][h],
            )
            self.cash[president] -= price - self.cash[corp]
            price = self.cash[corp]
        self.cash[corp] -= price
        self.trains[train] = corp
        self._closing(corp, train)

    def _closing(self, corp: str, train: str) -> None:
        if train.split("-")[0] in ("5", "D") and not self.closed:
            self.closed = True
            self.owner.clear()
        for private in list(self.owner):
            if self._private(private).get("closes_when_bought_train_by") == corp:
                del self.owner[private]

    def on_bankrupt(self, action: dict[str, Any]) -> None:
        self.stopped = True

    def on_discard_train(self, action: dict[str, Any]) -> None:
        self.trains.pop(action["train"], None)

    def on_buy_company(self, action: dict[str, Any]) -> None:
        corp, private, price = str(action["entity"]), action["company"], int(action["price"])
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
