"""The public numbers of Lost Atlas, read once from tables/lost-atlas.toml."""

from __future__ import annotations

from functools import cache
from typing import Any

from referee.core.datafiles import load_table
from referee.eighteen_rules.market import Market, Space, shift, track
from referee.i18n import _, pgettext

TREASURY = "treasury"
POOL = "pool"
MINOR_SHARES = 5  # rules ■4: a minor is 5 shares (president's certificate = 2)
MAJOR_SHARES = 10  # rules ■4: a major is 10 shares (president's certificate = 2)
PRESIDENTS_CERTIFICATE = 2  # rules ■4: in shares, of a minor and of a major alike
CAPITALISATION = "incremental"  # rules ■8: a share bought from the treasury pays the company
INF = "inf"
TRAIN_NAMES = ("2", "3", "4", "5", "6", "7", INF)
COLOURS = ("yellow", "green", "purple", "grey")
# Where the shared market moves a price on the track: a payout right (■17), a withhold or no
# revenue left (■16, ■17), a sale or an issue left (■9, ■13), all with players right (■10).
MOVES = {"pay": "right", "half": "none", "withhold": "left", "sold": "left", "sold_out": "right"}
PAY_MULTIPLES = (1, 2)  # ■17: a step right for revenue at least the price, another for twice


def colour_name(colour: str) -> str:
    """A phase or tile colour as the table reads it (■5: 黄, 緑, 紫, 灰)."""
    names = {
        "yellow": pgettext("lost-atlas", "yellow"),
        "green": pgettext("lost-atlas", "green"),
        "purple": pgettext("lost-atlas", "purple"),
        "grey": pgettext("lost-atlas", "grey"),
        "bridge": pgettext("lost-atlas", "bridge"),
    }
    return names.get(colour, colour)


def place_name(place: str) -> str:
    """Where shares, trains and money are, as the table reads it (■4, ■12: 金庫, バンクプール,
    山札, 銀行)."""
    names = {
        TREASURY: pgettext("lost-atlas", "treasury"),
        POOL: pgettext("lost-atlas", "pool"),
        "deck": pgettext("lost-atlas", "deck"),
        "bank": pgettext("lost-atlas", "bank"),
    }
    return names.get(place, place)


def hub_name(hub: str) -> str:
    """A station as the table reads it: a hex, or `NAME home` when no map was entered (the
    state keeps that English spelling)."""
    if hub.endswith(" home"):
        return _("{company} home").format(company=hub.removesuffix(" home"))
    return hub


def variant_name(variant: str) -> str:
    """The game's length as the table reads it (■3: ロングゲーム, ショートゲーム, ...)."""
    names = {
        "long": pgettext("lost-atlas variant", "long"),
        "short": pgettext("lost-atlas variant", "short"),
        "micro": pgettext("lost-atlas variant", "micro"),
    }
    return names.get(variant, variant)


def train_name(kind: str) -> str:
    """A train as the table reads it: the ∞ is typed `inf` (■5: ∞列車)."""
    return pgettext("lost-atlas", "inf") if kind == INF else kind


@cache
def table() -> dict[str, Any]:
    return load_table("lost-atlas")


def spaces() -> list[int]:
    return list(table()["market"]["spaces"])


def train_price(kind: str) -> int:
    return int(table()["trains"]["price"][kind])


def train_level(kind: str) -> int:
    """The number that rusting, limits and phases follow; ∞ counts as a 7 (rules ■5)."""
    return 7 if kind == INF else int(kind)


def stops(kind: str) -> int:
    """Stops a train counts; 0 means no limit (∞, rules ■16)."""
    return int(table()["trains"]["stops"][kind])


def phase_colour(level: int) -> str:
    return str(table()["phases"]["colour"][str(level)])


def par_range(level: int) -> tuple[int, int]:
    low, high = table()["phases"]["par"][phase_colour(level)]
    return int(low), int(high)


def limit(level: int, major: bool) -> int:
    key = "major_limit" if major else "minor_limit"
    return int(table()["phases"][key][str(level)])


def minors() -> dict[str, dict[str, Any]]:
    return dict(table()["minors"])


def majors() -> list[str]:
    return list(table()["majors"]["names"])


def deck_key(variant: str, players: int) -> str:
    return f"micro{players}" if variant == "micro" else variant


def floor_space(value: int) -> int:
    """The highest space of the track not above `value` (facts §3, medium: both forks)."""
    return max(s for s in spaces() if s <= value)


def nearest_space(value: int) -> int:
    """The space of the track nearest `value`, the lower one on a tie."""
    return min(spaces(), key=lambda s: (abs(s - value), s))


@cache
def market() -> Market:
    """The stock track as the shared market: one row, no zones, held at either end."""
    return track(spaces(), MOVES)


def space(price: int) -> Space:
    """The track's space of `price` (ValueError if the track has none)."""
    found = market().at(0, spaces().index(price))
    assert found is not None
    return found


def step(price: int, steps: int) -> int:
    """The space `steps` right (+) or left (-) of `price`, held at the ends of the track."""
    return shift(market(), space(price), steps).price


@cache
def track_tiles() -> dict[str, dict[str, Any]]:
    """The Lost Atlas track tiles of tables/tiles.toml (name -> raw entry with its count)."""
    raw = load_table("tiles")["tiles"]
    return {n: t for n, t in raw.items() if "lost_atlas" in t.get("counts", {})}


def tile_colour(name: str) -> str:
    """The colour printed on a Lost Atlas tile: yellow, green, purple, grey or bridge."""
    colour = str(track_tiles()[name].get("lost_atlas_color", "yellow"))
    return {"gray": "grey", "blue": "bridge"}.get(colour, colour)
