"""Loading a title description (TOML) into a `Title`, or one line naming the key that is wrong.

`load_title` takes a shipped title's name (tables/titles/NAME.toml) or a file's path; the file
is read through referee.core.files like every file a user hands the program.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from referee.core.datafiles import load_table, table_names
from referee.core.files import read_toml
from referee.eighteen.maps import load_map
from referee.games.titled import title as t
from referee.games.titled.keys import Keys, TitleError, shown
from referee.i18n import _

_CELL = re.compile(r"^(\d+)([a-z]*)$")
_MONEY = 10**7  # more than any bank of a title


def shipped() -> list[str]:
    return table_names("titles")


def _names(shipped_title: str) -> list[str]:
    """A shipped title's name, file name and aliases ([title] aliases: the site's names)."""
    head = load_table(f"titles/{shipped_title}").get("title", {})
    aliases = head.get("aliases", [])
    names = [shipped_title, str(head.get("name", shipped_title))]
    return names + [str(a) for a in aliases if isinstance(a, str)]


def shipped_name(typed: str) -> str:
    """The shipped title a name means: its file name, its name or an alias, in any case, or
    the start of one that no other title's names start with (`18ches`); '' if none."""
    wanted = typed.casefold()
    if not wanted:
        return ""
    names = {title: [n.casefold() for n in _names(title)] for title in shipped()}
    exact = [title for title, known in names.items() if wanted in known]
    if exact:
        return exact[0]
    begun = [title for title, known in names.items() if any(n.startswith(wanted) for n in known)]
    return begun[0] if len(begun) == 1 else ""


def title_data(name_or_path: str) -> tuple[dict[str, Any], str]:
    """The raw description of a shipped title by name (1830, 1889), else of that file, and
    the name its errors go by."""
    named = shipped_name(name_or_path)
    if named:
        return load_table(f"titles/{named}"), f"{named}.toml"
    path = Path(name_or_path)
    if not path.exists():
        raise TitleError(
            _("no title '{name}': neither a shipped title nor a file").format(name=name_or_path),
            ", ".join(shipped()),
        )
    return read_toml(path, _("a title description"), TitleError), str(path)


def load_title(name_or_path: str) -> t.Title:
    """A shipped title by name (1830, 1889), else the description in that file."""
    return describe(*title_data(name_or_path))


def describe(raw: dict[str, Any], file: str) -> t.Title:
    top = Keys(raw, "", file)
    head = top.table("title")
    name = head.text("name")
    full_name = head.text("full_name", name)
    currency = head.text("currency", "$#")
    if "#" not in currency:
        head.fail(_("must show where the amount goes with # (e.g. $# or #¥)"), "currency")
    map_name = head.text("map", "")
    if map_name and map_name not in table_names("maps"):
        said = _("names no shipped map {value}").format(value=shown(map_name))
        head.fail(said, "map", ", ".join(table_names("maps")))
    source = head.text("source")
    aliases = tuple(head.texts("aliases", []))
    proven_by = tuple(head.texts("proven_by", []))
    head.done()

    players = top.table("players")
    cash = players.by_players("cash", 1, _MONEY)
    limit = players.by_players("certificate_limit", 1, 1000)
    if set(cash) != set(limit):
        players.fail(_("must give the same player counts as cash"), "certificate_limit")
    variants = _variants(players.table("variants", required=False), set(cash))
    players.done()
    bank_table = top.table("bank")
    bank = bank_table.integer("cash", low=1, high=_MONEY)
    bank_table.done()

    market = _market(top.table("market"))
    companies = tuple(_company(k) for k in top.tables("companies", "abbr"))
    _unique(top, "companies", [c.abbr for c in companies])
    abbrs = {c.abbr for c in companies}
    trains = tuple(_train(k) for k in top.tables("trains", "name"))
    _unique(top, "trains", [tr.name for tr in trains])
    train_names = [tr.name for tr in trains]
    for tr in trains:
        where = Keys({}, f"trains[{tr.name}]", file)
        named = (
            ("rusts_on", tr.rusts_on),
            ("available_after", tr.available_after),
            ("obsolete_on", tr.obsolete_on),
        )
        for key, value in named:
            if value and value not in train_names:
                said = _("names no train {value}").format(value=shown(value))
                where.fail(said, key, ", ".join(train_names))
        for other in tr.trade_in:
            if other not in train_names:
                said = _("names no train {value}").format(value=shown(other))
                where.fail(said, "trade_in", ", ".join(train_names))
    phases = tuple(_phase(k, train_names) for k in top.tables("phases", "name"))
    _unique(top, "phases", [p.name for p in phases])
    _unique(
        top, "phases", [p.on for p in phases], _("two entries start on the same train: {value}")
    )
    if phases[0].on:
        top.fail(
            _("the first phase starts with the game: leave out its 'on'"),
            f"phases[{phases[0].name}].on",
        )
    privates = (
        tuple(
            _private(k, abbrs, [p.name for p in phases], train_names)
            for k in top.tables("privates", "abbr")
        )
        if top.has("privates")
        else ()
    )
    _unique(top, "privates", [p.abbr for p in privates])
    for p in privates:
        if p.gives_train is not None and p.gives_train.train not in train_names:
            said = _("names no train {value}").format(value=shown(p.gives_train.train))
            Keys({}, f"privates[{p.abbr}].gives_train", file).fail(
                said, "train", ", ".join(train_names)
            )
    operating = _operating(top.table("operating"))
    if operating.towns_free:  # the title-wide shorthand: every train passes towns free
        trains = tuple(replace(tr, towns_free=True) for tr in trains)
    title = t.Title(
        name=name,
        full_name=full_name,
        currency=currency,
        map=map_name,
        source=source,
        cash=cash,
        certificate_limit=limit,
        bank=bank,
        market=market,
        companies=companies,
        privates=privates,
        trains=trains,
        phases=phases,
        shares=_shares(top.table("shares")),
        auction=_auction(top.table("auction"), bool(privates)),
        operating=operating,
        end=_end(top.table("end")),
        aliases=aliases,
        proven_by=proven_by,
        variants=variants,
    )
    for name in title.operating.export_after_set:
        if name not in train_names:
            said = _("names no train {value}").format(value=shown(name))
            Keys({}, "operating", file).fail(said, "export_after_set", ", ".join(train_names))
    _variant_certificates(title, file)
    confidence = _confidence(top.table("confidence", required=False), raw)
    top.done()
    if map_name:
        _against_map(title, file)
    return t.Title(**{**title.__dict__, "confidence": confidence})


def _variants(k: Keys, counts: set[int]) -> dict[int, t.PlayerCountRules]:
    """[players.variants.N]: the rules a number of players the title is played by turns on."""
    out: dict[int, t.PlayerCountRules] = {}
    for count in list(k.data):
        if not count.isdigit() or int(count) not in counts:
            said = _("keys must be player counts that [players] cash gives")
            k.fail(said, count, ", ".join(str(n) for n in sorted(counts)))
        rules = k.table(count)
        out[int(count)] = t.PlayerCountRules(
            president_percent=rules.integer("president_percent", 0, 0, 100),
            drawn_keeps_certificates=rules.flag("drawn_keeps_certificates", False),
            float_sends_rest_to_pool=rules.flag("float_sends_rest_to_pool", False),
            outside_buy_retires_pool_share=rules.flag("outside_buy_retires_pool_share", False),
        )
        rules.done()
    return out


def _variant_certificates(title: t.Title, file: str) -> None:
    """A variant's president's certificate must be a whole number of each company's ordinary
    certificates, no smaller than its own and no more than it floats at."""
    for count, rules in title.variants.items():
        percent = rules.president_percent
        for company in title.companies if percent else ():
            if percent % company.unit or not company.shares[0] <= percent <= company.float_percent:
                said = _("cannot be {value} for {company}: its certificates are {shares}")
                where = Keys({}, f"players.variants.{count}", file)
                shares = ", ".join(map(str, company.shares))
                where.fail(
                    said.format(value=percent, company=company.abbr, shares=shares),
                    "president_percent",
                )


def _unique(top: Keys, key: str, names: list[str], said: str = "") -> None:
    """`said`: the error, with the name as {value} (two entries share a name)."""
    seen: set[str] = set()
    for n in names:
        if n in seen:
            top.fail((said or _("two entries share a name: {value}")).format(value=shown(n)), key)
        seen.add(n)


def _market(k: Keys) -> t.Market:
    kind = k.text("kind", choices=t.MARKET_KINDS)
    zones_table = k.table("zones", required=False)
    zones: dict[str, t.Zone] = {}
    for letter in list(zones_table.data):
        if not re.fullmatch(r"[a-z]", letter):
            zones_table.fail(
                _("a zone is named by one small letter (the one on the cells)"), letter
            )
        z = zones_table.table(letter)
        zones[letter] = t.Zone(
            letter, z.text("colour"), frozenset(z.texts("means", choices=t.ZONE_MEANINGS))
        )
        z.done()
    raw_rows = k.value("rows")
    if (
        not isinstance(raw_rows, list)
        or not raw_rows
        or not all(isinstance(r, list) and r for r in raw_rows)
    ):
        k.fail(_('must be a list of rows, each a list of cells like "100p" or ""'), "rows")
    if kind == "track" and len(raw_rows) != 1:
        k.fail(_("a track market has one row, not {n}").format(n=len(raw_rows)), "rows")
    rows: list[tuple[t.Space | None, ...]] = []
    for r, raw_row in enumerate(raw_rows):
        row: list[t.Space | None] = []
        for c, cell in enumerate(raw_row):
            where = f"rows[{r + 1}][{c + 1}]"
            if cell == "":
                row.append(None)
                continue
            found = _CELL.match(cell) if isinstance(cell, str) else None
            if found is None:
                said = _('{value} is not a cell: a price and zone letters, or ""')
                k.fail(said.format(value=shown(cell)), where)
            for letter in found.group(2):
                if letter not in zones:
                    said = _("zone {value} is not described in market.zones")
                    k.fail(said.format(value=repr(letter)), where)
            row.append(t.Space(r, c, int(found.group(1)), found.group(2)))
        rows.append(tuple(row))
    moves_table = k.table("moves")
    allowed = t.DIRECTIONS if kind == "grid" else ("left", "right", "none")
    moves = {e: moves_table.text(e, "none", allowed) for e in t.MOVE_EVENTS}
    moves_table.done()
    k.done()
    market = t.Market(kind, tuple(rows), zones, moves)
    if not market.par_spaces():
        k.fail(_("no cell is in a zone that means par"), "rows")
    pars = [s.price for s in market.par_spaces()]
    if len(set(pars)) != len(pars):
        k.fail(_("two par cells have the same price; a par price must name one cell"), "rows")
    return market


def _company(k: Keys) -> t.Company:
    abbr = k.text("abbr")
    shares = k.integers("shares", 1, 100)
    if sum(shares) != 100:
        k.fail(_("must add up to 100 (percent), not {n}").format(n=sum(shares)), "shares")
    if shares[0] < max(shares):
        k.fail(_("the first certificate is the president's: none may be larger"), "shares")
    unit = shares[-1]
    if any(s != unit for s in shares[1:]) or shares[0] % unit:
        said = _("the certificates after the president's must be equal, and his a multiple")
        k.fail(said, "shares")
    tokens = k.integers("tokens", 0, _MONEY)
    company = t.Company(
        abbr=abbr,
        name=k.text("name"),
        colour=k.text("colour"),
        home=k.text("home", ""),
        home_city=k.integer("home_city", low=0, high=5) if k.has("home_city") else None,
        tokens=tuple(tokens),
        float_percent=k.integer("float_percent", low=10, high=100),
        shares=tuple(shares),
        home_at_start=k.flag("home_at_start", False),
        objective=_objective(k),
    )
    k.done()
    if company.home_at_start and not company.home:
        k.fail(_("must name the home hex its station starts on"), "home")
    if company.float_percent < company.shares[0]:
        k.fail(_("must be at least the president's certificate"), "float_percent")
    return company


def _objective(k: Keys) -> tuple[str, int] | None:
    """`objective = { hex = "G4", bonus = 100 }`: its first station there pays the bonus."""
    if not k.has("objective"):
        return None
    goal = k.table("objective")
    found = (goal.text("hex"), goal.integer("bonus", low=1, high=_MONEY))
    goal.done()
    return found


def _train_discount(k: Keys, trains: list[str]) -> t.TrainDiscount:
    table = k.table("train_discount")
    names = table.texts("trains")
    for name in names:
        if name not in trains:
            said = _("names no train {value}").format(value=shown(name))
            table.fail(said, "trains", ", ".join(trains))
    found = t.TrainDiscount(table.integer("percent", low=1, high=100), tuple(names))
    table.done()
    return found


def _stop_bonus(k: Keys, phases: list[str]) -> t.StopBonus:
    table = k.table("stop_bonus")
    found = t.StopBonus(
        tuple(table.texts("hexes")),
        table.integer("bonus", low=1, high=_MONEY),
        table.text("until", "", ("", *phases)),
    )
    table.done()
    return found


def _route_bonus(k: Keys) -> t.RouteBonus:
    found = t.RouteBonus(k.text("name"), tuple(k.texts("hexes")), k.integer("bonus", 1, 1, _MONEY))
    k.done()
    return found


def _private(k: Keys, abbrs: set[str], phases: list[str], trains: list[str]) -> t.Private:
    abbr = k.text("abbr")
    out: dict[str, Any] = {
        "abbr": abbr,
        "name": k.text("name"),
        "cost": k.integer("cost", low=0, high=_MONEY),
        "revenue": k.integer("revenue", low=0, high=_MONEY),
        "ability": k.text("ability", ""),
        "blocks": tuple(k.texts("blocks", [])),
        "company_may_buy": k.flag("company_may_buy", True),
        "player_keeps_open": k.flag("player_keeps_open", False),
        "min_players": k.integer("min_players", 0, 0, 20),
        "closes_when_company_starts": k.flag("closes_when_company_starts", False),
        "free_station_on": tuple(k.texts("free_station_on", [])),
    }
    for key in ("gives_share", "gives_president", "closes_when_bought_train_by", "exchanges_for"):
        out[key] = k.text(key, "")
        drawable = key in ("gives_president", "closes_when_bought_train_by")
        if out[key] and out[key] not in abbrs and not (drawable and out[key] == t.DRAWN):
            said = _("names no company {value}").format(value=shown(out[key]))
            k.fail(said, key, ", ".join(sorted(abbrs)))
    out["exchange_from"] = tuple(k.texts("exchange_from", ["ipo"], ("ipo", "pool")))
    if k.has("extra_lay"):
        extra = k.table("extra_lay")
        out["extra_lay"] = t.ExtraLay(
            tuple(extra.texts("hexes")),
            tuple(extra.texts("tiles")),
            extra.text("by", "company", t.EXTRA_LAY_BY),
            free=extra.flag("free", False),
            count=extra.integer("count", 1, 1, 10),
            lost_to_other_lays=extra.flag("lost_to_other_lays", False),
            as_own_lay=extra.flag("as_own_lay", False),
            free_station=extra.flag("free_station", False),
            special_tile=extra.flag("special_tile", False),
        )
        extra.done()
    if k.has("gives_train"):
        given = k.table("gives_train")
        out["gives_train"] = t.GivesTrain(
            given.text("train"), given.text("before_phase", "", ("", *phases))
        )
        given.done()
    if k.has("train_discount"):
        out["train_discount"] = _train_discount(k, trains)
    if k.has("stop_bonus"):
        out["stop_bonus"] = _stop_bonus(k, phases)
    if k.has("route_bonuses"):
        out["route_bonuses"] = tuple(_route_bonus(b) for b in k.tables("route_bonuses", "name"))
    if k.has("player_revenue_from_phase"):
        later = k.table("player_revenue_from_phase")
        phase = later.text("phase", choices=tuple(phases))
        out["player_revenue_from_phase"] = (phase, later.integer("revenue", high=_MONEY))
        later.done()
    k.done()
    return t.Private(**out)


def _train(k: Keys) -> t.Train:
    name = k.text("name")
    distance = k.count_or_unlimited("distance")
    train = t.Train(
        name=name,
        distance=distance,
        price=k.integer("price", low=0, high=_MONEY),
        count=k.count_or_unlimited("count"),
        rusts_on=k.text("rusts_on", ""),
        available_after=k.text("available_after", ""),
        closes_privates=k.flag("closes_privates", False),
        trade_in=tuple(k.texts("trade_in", [])),
        trade_in_discount=k.integer("trade_in_discount", 0, 0, _MONEY),
        obsolete_on=k.text("obsolete_on", ""),
        loses_a_train_run=k.flag("loses_a_train_run", False),
        towns_free=k.flag("towns_free", False),
        multiplier=k.integer("multiplier", 1, 1, 10),
    )
    if bool(train.trade_in) != bool(train.trade_in_discount):
        k.fail(_("give both trade_in and trade_in_discount, or neither"), "trade_in")
    k.done()
    return train


def _phase(k: Keys, trains: list[str]) -> t.Phase:
    name = k.text("name")
    on = k.text("on", "")
    if on and on not in trains:
        k.fail(_("names no train {value}").format(value=shown(on)), "on", ", ".join(trains))
    phase = t.Phase(
        name=name,
        on=on,
        tiles=tuple(k.texts("tiles", choices=t.TILE_COLOURS)),
        operating_rounds=k.integer("operating_rounds", low=1, high=10),
        train_limit=k.integer("train_limit", low=1, high=20),
        privates_for_sale=k.flag("privates_for_sale", False),
        bank_trains_per_turn=k.integer("bank_trains_per_turn", 0, 0, 20),
        private_sales_between_players=k.flag("private_sales_between_players", False),
    )
    k.done()
    return phase


def _shares(k: Keys) -> t.ShareRules:
    rules = t.ShareRules(
        sell_buy_order=k.text("sell_buy_order", choices=t.SELL_BUY_ORDERS),
        rebuy_after_selling=k.flag("rebuy_after_selling", False),
        first_sale=k.text("first_sale", choices=t.FIRST_SALES),
        sell_drop=k.text("sell_drop", choices=t.SELL_DROPS),
        sell_in_blocks=k.flag("sell_in_blocks", False),
        president_may_leave=k.flag("president_may_leave", True),
        privates_count=k.flag("privates_count", True),
        holding_limit=k.integer("holding_limit", low=10, high=100),
        pool_limit=k.integer("pool_limit", low=0, high=100),
        pool_pays=k.text("pool_pays", choices=t.PAYEES),
        ipo_pays=k.text("ipo_pays", choices=t.PAYEES),
        capitalisation=k.text("capitalisation", choices=t.CAPITALISATIONS),
        multiple_buy_from=k.text("multiple_buy_from", "anywhere", t.MULTIPLE_BUY_FROM),
    )
    k.done()
    return rules


def _auction(k: Keys, has_privates: bool) -> t.AuctionRules:
    rules = t.AuctionRules(
        kind=k.text("kind", choices=t.AUCTIONS),
        min_raise=k.integer("min_raise", 5, 1, _MONEY),
        discount=k.integer("discount", 5, 0, _MONEY),
        priority=k.text("priority", "after_last_buyer", t.AUCTION_PRIORITIES),
        raise_in_steps=k.flag("raise_in_steps", False),
        only_leading_bids_hold_cash=k.flag("only_leading_bids_hold_cash", False),
    )
    k.done()
    if has_privates and rules.kind == "none":
        k.fail(_("must say how the private companies are sold (there are some)"), "kind")
    return rules


def _operating(k: Keys) -> t.OperatingRules:
    price = k.integers("private_price_percent", 0, 1000)
    if len(price) != 2 or price[0] > price[1]:
        k.fail(_("must be [least, most] percent of face value"), "private_price_percent")
    rules = t.OperatingRules(
        payouts=tuple(k.texts("payouts", choices=t.PAYOUTS)),
        tile_lays=k.integer("tile_lays", 1, 0, 10),
        must_buy_train=k.text("must_buy_train", choices=t.MUST_BUY_TRAIN),
        emergency_from_companies=k.flag("emergency_from_companies", False),
        private_price_percent=(price[0], price[1]),
        train_price_between_companies=k.integer("train_price_between_companies", 1, 0, _MONEY),
        reorder_after_emergency_sale=k.flag("reorder_after_emergency_sale", False),
        sell_more_than_needed=k.flag("sell_more_than_needed", False),
        full_cities_block=k.flag("full_cities_block", True),
        upgrade_is_the_only_lay=k.flag("upgrade_is_the_only_lay", False),
        first_round_private_sales=k.flag("first_round_private_sales", False),
        first_turn_tile_lays=k.integer("first_turn_tile_lays", 0, 0, 10),
        export_after_set=tuple(k.texts("export_after_set", [])),
        towns_free=k.flag("towns_free", False),
    )
    k.done()
    return rules


def _end(k: Keys) -> t.EndRules:
    rules = t.EndRules(
        bank_broken=k.text("bank_broken", "never", t.END_TIMINGS),
        bankruptcy=k.text("bankruptcy", "never", t.END_TIMINGS),
        market_top=k.text("market_top", "never", t.END_TIMINGS),
        sets=k.integer("sets", 0, 0, 100),
        bankrupt_assets=k.text("bankrupt_assets", "kept", t.BANKRUPT_ASSETS),
    )
    k.done()
    if (rules.bank_broken, rules.bankruptcy, rules.market_top, rules.sets) == (
        "never",
        "never",
        "never",
        0,
    ):
        k.fail(_("must say at least one way the game ends"))
    return rules


def _confidence(k: Keys, raw: dict[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for path in list(k.data):
        note = k.text(path)
        level = note.split(":", 1)[0].strip()
        if level not in t.CONFIDENCES or ":" not in note:
            said = _("must read 'medium: why' (or high/low)")
            k.fail(said, f'"{path}"', ", ".join(t.CONFIDENCES))
        if not _resolves(raw, path):
            k.fail(_("names no key of this file"), f'"{path}"')
        out[path] = note
    k.done()
    return out


def _resolves(raw: Any, path: str) -> bool:
    """Whether a dotted key path names something in the file; list entries by abbr or name."""
    node = raw
    for part in path.split("."):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list):
            found = [
                i for i in node if isinstance(i, dict) and part in (i.get("abbr"), i.get("name"))
            ]
            if not found:
                return False
            node = found[0]
        else:
            return False
    return True


def _against_map(title: t.Title, file: str) -> None:
    hexes = load_map(title.map).hexes
    for c in title.companies:
        if c.home not in hexes:
            said = _("{value} is not a hex of the {map} map")
            Keys({}, f"companies[{c.abbr}]", file).fail(
                said.format(value=shown(c.home), map=title.map), "home"
            )
    for p in title.privates:
        for name, named in (("blocks", p.blocks), ("free_station_on", p.free_station_on)):
            for h in named:
                if h not in hexes:
                    said = _("{value} is not a hex of the {map} map")
                    Keys({}, f"privates[{p.abbr}]", file).fail(
                        said.format(value=shown(h), map=title.map), name
                    )
