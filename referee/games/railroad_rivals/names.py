"""Names shown in the language in force and accepted typed in both: the cube colours and the
start cities, as railroad-rivals.ja.txt writes them (木材(茶), 穀物(黄), 石炭(黒), 鉄(灰);
シカゴ(Chicago), セントルイス(St. Louis), シンシナティ(Cincinnati)). Moves, the log and the
save keep the English names; the railroads are their printed initials in both languages."""

from __future__ import annotations

from collections.abc import Iterable

from referee.i18n import language

CUBES = {"wood": "木材", "grain": "穀物", "coal": "石炭", "iron": "鉄", "cargo": "貨物"}
# The rules name each colour by its goods and by its cube's colour: both are accepted.
CUBE_ALIASES = {
    "木材": "wood",
    "茶": "wood",
    "穀物": "grain",
    "黄": "grain",
    "石炭": "coal",
    "黒": "coal",
    "鉄": "iron",
    "灰": "iron",
}
START_CITIES = {"Chicago": "シカゴ", "St. Louis": "セントルイス", "Cincinnati": "シンシナティ"}


def cube(colour: str) -> str:
    """A cube colour (or the 2-player game's one colour, cargo) as the table reads it now."""
    return CUBES.get(colour, colour) if language() == "ja" else colour


def cube_aliases(colours: Iterable[str]) -> dict[str, str]:
    """The Japanese names of `colours`, for `match`."""
    present = set(colours)
    return {ja: en for ja, en in CUBE_ALIASES.items() if en in present}


def city_aliases(cities: Iterable[str]) -> dict[str, str]:
    """The Japanese names of the start cities among `cities`, for `match`."""
    present = set(cities)
    return {ja: en for en, ja in START_CITIES.items() if en in present}
