"""The five railroads and the fixed numbers of the rules (内容物, 準備, 目的地の都市)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.i18n import N_, _


@dataclass(frozen=True)
class Railroad:
    colour: str
    name: str
    destination: str


# Marked for the catalog: shown through `shown` (the rules' 黒, アルトン鉄道, カンザスシティ).
RAILROADS: tuple[Railroad, ...] = (
    Railroad(N_("black"), N_("Alton"), N_("Kansas City")),
    Railroad(N_("green"), N_("Burlington"), N_("Des Moines")),
    Railroad(N_("blue"), N_("Milwaukee"), N_("Minneapolis")),
    Railroad(N_("orange"), N_("PFW&C"), N_("Cleveland")),
    Railroad(N_("white"), N_("PRR"), N_("Pittsburgh")),
)
COLOURS: tuple[str, ...] = tuple(r.colour for r in RAILROADS)
# Words that name a railroad: its colour or its name (PFW&C typed as pfwc).
ALIASES: dict[str, str] = {
    **{c: c for c in COLOURS},
    "alton": "black",
    "burlington": "green",
    "milwaukee": "blue",
    "pfwc": "orange",
    "pfw&c": "orange",  # the rules' own name (PFW&C鉄道)
    "prr": "white",
    # the rules' Japanese names (目的地の都市): typed in either language, saved in English
    "黒": "black",
    "緑": "green",
    "青": "blue",
    "オレンジ": "orange",
    "白": "white",
    "アルトン鉄道": "black",
    "バーリントン鉄道": "green",
    "ミルウォーキー鉄道": "blue",
    "PFW&C鉄道": "orange",
    "ペンシルバニア鉄道": "white",
}
# A destination city's name as typed in a map ("kansas-city") -> its railroad's colour.
DESTINATIONS: dict[str, str] = {
    r.destination.lower().replace(" ", "-"): r.colour for r in RAILROADS
}

TOTAL_SHARES = 30  # 内容物: 株式(全5色) 30枚
DISCS_PER_COLOUR = 14  # 内容物: 鉄道ディスク 14枚ずつ
MAP_DISCS = DISCS_PER_COLOUR - 2  # 準備 4, 5: one on the value track, one on the USC track
START_CASH = 30  # 準備 8
MIN_BID = 5  # 最初のオークション
BOTTOM_ROW = (5, 10)  # 株式の売却: 最下段 (5~10)
ROW = 6  # 株式の売却: 1段下に下げます [-6]
OFFER_BONUS = (1, 2, 3)  # 株式価格 +1, +2, +3 spaces
USC_SPACES = 4  # シカゴ・ユニオン・ステーション株式会社: stops at the 4th space
USC_SPECIAL = (10, 15, 20)  # the lines after the 1st, 2nd and 3rd space
LAST_DIVIDEND = 20  # 配当: the 20th ends the game
LAST_SELLING_DIVIDEND = 17  # 株式の売却: no selling once the 17th has been paid
# 株価の値上がり: a disc on a town +2, a city +3, its own destination +5.
KIND_RISE: dict[str, int] = {"plain": 0, "town": 2, "city": 3, "dest": 5}
KINDS: tuple[str, ...] = tuple(KIND_RISE)
# The kinds of hex in the rules' words (街, 都市, 目的地の都市; the rules name no plain hex:
# 平地 is ours), shown through the catalog; the Japanese forms accepted when typed.
KIND_WORDS: dict[str, str] = {
    "plain": N_("plain"),
    "town": N_("town"),
    "city": N_("city"),
    "dest": N_("destination"),
}
KIND_ALIASES: dict[str, str] = {
    "平地": "plain",
    "街": "town",
    "都市": "city",
    "目的地の都市": "dest",
}


def shown(name: str) -> str:
    """A railroad's colour, name or destination in the language in force."""
    return _(name)


def shown_all(colours: Sequence[str], sep: str = " ") -> str:
    return sep.join(_(c) for c in colours)


def kind_shown(kind: str) -> str:
    return _(KIND_WORDS[kind])


def index(colour: str) -> int:
    return COLOURS.index(colour)
