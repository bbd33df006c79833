"""The five railroads and the fixed numbers of the rules (内容物, 準備, 目的地の都市)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Railroad:
    colour: str
    name: str
    destination: str


RAILROADS: tuple[Railroad, ...] = (
    Railroad("black", "Alton", "Kansas City"),
    Railroad("green", "Burlington", "Des Moines"),
    Railroad("blue", "Milwaukee", "Minneapolis"),
    Railroad("orange", "PFW&C", "Cleveland"),
    Railroad("white", "PRR", "Pittsburgh"),
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


def index(colour: str) -> int:
    return COLOURS.index(colour)
