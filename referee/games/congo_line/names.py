"""The trains' and the dice's colours in the language in force, and typed in Japanese.

The rules name them 赤, 黄, 緑, 青, 紫, オレンジ; a player may type either name (a unique prefix
too), and the move, the state and the save keep the English one.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.core.words import match
from referee.i18n import N_, _

from .state import FACES, TRAINS

JAPANESE: dict[str, str] = {
    "赤": "red",
    "黄": "yellow",
    "緑": "green",
    "青": "blue",
    "紫": "purple",
    "オレンジ": "orange",
}
TRAIN_ALIASES = {name: colour for name, colour in JAPANESE.items() if colour in TRAINS}


def shown(colour: str) -> str:
    """A train's or a die's colour as the table reads it."""
    return _(colour)


def shown_all(colours: Iterable[str], sep: str = ", ") -> str:
    return sep.join(_(c) for c in colours)


def train(word: str) -> str:
    return match(word, TRAINS, N_("train"), aliases=TRAIN_ALIASES)


def face(word: str) -> str:
    return match(word, FACES, N_("die face"), aliases=JAPANESE)
