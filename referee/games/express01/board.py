"""Board data the players enter from their own cards (unpublished: never invent a number).

The printed cards are not published: how many cards each of the twelve decks holds, which
base cards are station cards, and which companies (locomotive colours) the game has.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.core.engine import BoardField, UsageError
from referee.games.express01.state import BOARD_CARDS, DECKS, NEUTRAL
from referee.i18n import N_, _

FIELDS: Sequence[BoardField] = (
    BoardField(
        "companies",
        N_("The companies: the colours of the locomotives on the route cards"),
        "red blue green purple",
        lambda answer, _earlier: _companies(answer),
    ),
    BoardField(
        "decks",
        N_(
            "Cards in each of the twelve decks before the deal "
            "(r = route, th = through station, te = terminal, c = capital; 1-3 = stage)"
        ),
        "r1=20 r2=20 r3=40 th1=8 th2=8 th3=8 te1=6 te2=6 te3=6 c1=4 c2=4 c3=4",
        lambda answer, _earlier: _decks(answer),
    ),
    BoardField(
        "station_bases",
        N_("The base cards (1-35) that are station cards; the others are route cards"),
        "3 9 13 20 27",
        lambda answer, _earlier: _bases(answer),
    ),
    BoardField(
        "track",
        N_("Enter the track of every card laid, so the referee checks routes itself? (yes/no)"),
        "no",
        lambda answer, _earlier: _yes(answer),
    ),
)


def _words(value: Any) -> list[str]:
    if isinstance(value, str):
        return value.replace(",", " ").split()
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    raise UsageError(_("cannot read '{value}'").format(value=value))


def _companies(value: Any) -> list[str]:
    names = [w.lower() for w in _words(value)]
    if not names:
        raise UsageError(
            _("board 'companies': name at least one company"),
            _("e.g. {example}").format(example="red blue green"),
        )
    if len(set(names)) != len(names):
        raise UsageError(_("board 'companies': a company is named twice"))
    for n in names:
        if not n.isalpha() or n == NEUTRAL:
            raise UsageError(
                _("board 'companies': '{name}' is not a usable name").format(name=n),
                _("letters only"),
            )
    return names


def _decks(value: Any) -> dict[str, int]:
    if isinstance(value, dict):
        pairs = [(str(k), v) for k, v in value.items()]
    else:
        pairs = []
        for w in _words(value):
            key, sep, number = w.partition("=")
            if not sep:
                raise UsageError(
                    _("board 'decks': '{word}' is not DECK=COUNT").format(word=w),
                    _("e.g. {example}").format(example="r1=20"),
                )
            pairs.append((key, number))
    counts: dict[str, int] = {}
    for key, number in pairs:
        code = key.lower()
        if code not in DECKS:
            raise UsageError(
                _("board 'decks': unknown deck '{deck}'").format(deck=key), " ".join(DECKS)
            )
        try:
            n = int(number)
        except (TypeError, ValueError):
            raise UsageError(
                _("board 'decks': {deck} must be a whole number").format(deck=key)
            ) from None
        if not 0 <= n <= 200:
            raise UsageError(
                _("board 'decks': {deck}={n} is out of range").format(deck=key, n=n),
                _("{low} to {high}").format(low=0, high=200),
            )
        counts[code] = n
    missing = [d for d in DECKS if d not in counts]
    if missing:
        raise UsageError(
            _("board 'decks': missing {decks}").format(decks=" ".join(missing)),
            _("give all twelve decks"),
        )
    return counts


def _bases(value: Any) -> list[int]:
    numbers = []
    for w in _words(value):
        try:
            n = int(w)
        except ValueError:
            raise UsageError(
                _("board 'station_bases': '{word}' is not a card number").format(word=w)
            ) from None
        if not 1 <= n <= BOARD_CARDS:
            raise UsageError(
                _("board 'station_bases': no base card {n}").format(n=n),
                _("{low} to {high}").format(low=1, high=BOARD_CARDS),
            )
        numbers.append(n)
    return sorted(set(numbers))


def _yes(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in {"yes", "y", "true", "1"}:
        return True
    if text in {"no", "n", "false", "0", ""}:
        return False
    raise UsageError(_("board 'track': '{value}' is not yes or no").format(value=value))


def check(board: dict[str, Any]) -> dict[str, Any]:
    for f in FIELDS[:3]:
        if f.key not in board:
            raise UsageError(
                _("board data '{key}' is missing ({prompt})").format(key=f.key, prompt=_(f.prompt)),
                f.example,
            )
    return {
        "companies": _companies(board["companies"]),
        "decks": _decks(board["decks"]),
        "station_bases": _bases(board["station_bases"]),
        "track": _yes(board.get("track", False)),
    }
