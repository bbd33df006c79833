"""Names shown in the language in force and accepted typed in both: the companies' colours and
the card types, as express01.ja.txt writes them (赤い会社, 緑の会社, 青, 紫, 白い駅; ルートカード,
通過駅, ターミナル駅, 首都駅). Moves, the log and the save keep the English names."""

from __future__ import annotations

from referee.games.express01.state import KINDS, STAGE_COLOUR, STAGES, deck
from referee.i18n import N_, _, language

# The stages as the rules name them (ステージ1 黄色, 2 赤, 3 青); the state keeps numbers.
STAGE_NAMES = {
    "base": N_("base"),
    "yellow": N_("yellow"),
    "red": N_("red"),
    "blue": N_("blue"),
}

# A company is a locomotive colour the table enters (board data): the colours the rules name.
COLOURS = {"red": "赤", "blue": "青", "green": "緑", "purple": "紫", "white": "白"}
KIND_NAMES = {
    "route": "ルート",
    "through": "通過駅",
    "terminal": "ターミナル駅",
    "capital": "首都駅",
}
COLOUR_ALIASES = {ja: en for en, ja in COLOURS.items()}
KIND_ALIASES = {ja: en for en, ja in KIND_NAMES.items()}


def company(name: str) -> str:
    """A company (or the neutral white) as the table reads it now."""
    return COLOURS.get(name, name) if language() == "ja" else name


def kind(name: str) -> str:
    """A card type (route, through, terminal, capital) as the table reads it now."""
    return KIND_NAMES.get(name, name) if language() == "ja" else name


def aliases(companies: tuple[str, ...]) -> dict[str, str]:
    """The Japanese names of `companies` (those the rules name), for `match`."""
    return {ja: en for ja, en in COLOUR_ALIASES.items() if en in companies}


def stage(number: int) -> str:
    """A stage as the table reads it: its number and colour ("2 (red)")."""
    return f"{number} ({_(STAGE_NAMES[STAGE_COLOUR[number]])})"


def deck_words(code: str) -> str:
    """A deck said in words, its card type and stage ("route 3 (blue)"), not the code typed in
    moves (r3); anything else (a player's name) as it is."""
    said = (f"{kind(k)} {stage(s)}" for k in KINDS for s in STAGES if deck(k, s) == code)
    return next(said, code)
