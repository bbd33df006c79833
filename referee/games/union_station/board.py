"""Board data: what is printed on the board but not published.

The players enter it once; it is stored in every save. Never invent these numbers.

- shares: how many shares of each colour the box holds (内容物 says 30 in all, 5 colours,
  but not the split).
- value_track: the lowest and highest value of the RAILROAD VALUE track, "5-N". Rows are
  6 consecutive values from the bottom row 5-10 (株式の売却: one row down is -6).
- gold: the values of the gold dividend squares.
- map (optional): each hex with its kind and its neighbours. Without it the players type the
  kind of hex each disc went on.
- note (optional): free text, e.g. that a board is an invented fixture.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.core.engine import BoardField, UsageError
from referee.core.words import match
from referee.games.union_station.railroads import (
    ALIASES,
    BOTTOM_ROW,
    COLOURS,
    DESTINATIONS,
    MIN_BID,
    TOTAL_SHARES,
)
from referee.i18n import N_, _

FIELDS = (
    BoardField(
        "shares",
        N_("How many shares of each colour are in the box? (30 in all)"),
        N_("black 6 green 6 blue 6 orange 6 white 6"),
        lambda answer, _earlier: _shares(answer),
    ),
    BoardField(
        "value_track",
        N_("Lowest and highest value on the RAILROAD VALUE track (bottom row is 5-10)?"),
        "5-52",
        lambda answer, _earlier: _value_track(answer),
    ),
    BoardField(
        "gold",
        N_("Which values on the RAILROAD VALUE track are gold squares?"),
        "9 13 17 21",
        # Checked against the track typed before; without one, the whole board is judged at the end.
        lambda answer, earlier: (
            earlier.get("value_track") and _gold(answer, *_value_track(earlier["value_track"]))
        ),
    ),
    BoardField(
        "map",
        N_(
            "The map, optional (empty: type each hex's kind when laying): "
            "'HEX KIND NEIGHBOUR...' separated by ';', kinds plain town city chicago "
            "and the five destinations"
        ),
        "CHI chicago C1 C2; C1 town C2; C2 kansas-city",
        lambda answer, _earlier: _map(answer),
    ),
    BoardField("note", N_("Anything to remember about this board (optional)"), N_("our copy")),
)
HEX_KINDS = ("plain", "town", "city", "chicago", *DESTINATIONS)
_HEX_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")


@dataclass(frozen=True)
class Board:
    shares: tuple[int, ...]  # per railroad, in COLOURS order
    low: int
    top: int
    gold: tuple[int, ...]
    # hex -> (kind, neighbours); empty when the players type hex kinds by hand.
    hexes: Mapping[str, tuple[str, frozenset[str]]] = field(default_factory=dict)
    note: str = ""

    @property
    def has_map(self) -> bool:
        return bool(self.hexes)

    @property
    def chicago(self) -> str:
        return next(h for h, (kind, _near) in self.hexes.items() if kind == "chicago")

    def golds_between(self, old: int, new: int) -> list[int]:
        """The gold squares a price entering (old, new] enters or passes (配当)."""
        return [g for g in self.gold if old < g <= new]


def fields() -> tuple[BoardField, ...]:
    return FIELDS


def check(raw: Mapping[str, Any]) -> dict[str, Any]:
    """Validate board data as typed (strings) or as TOML data; return it normalised."""
    unknown = set(raw) - {f.key for f in FIELDS}
    if unknown:
        raise UsageError(
            _("board data has unknown key '{key}'").format(key=sorted(unknown)[0]),
            ", ".join(f.key for f in FIELDS),
        )
    for key in ("shares", "value_track", "gold"):
        if key not in raw or raw[key] in ("", [], {}):
            raise UsageError(_("board data needs '{key}'").format(key=key), _(_field(key).prompt))
    low, top = _value_track(raw["value_track"])
    out: dict[str, Any] = {
        "shares": _shares(raw["shares"]),
        "value_track": f"{low}-{top}",
        "gold": _gold(raw["gold"], low, top),
    }
    if raw.get("map"):
        out["map"] = _map(raw["map"])
    if raw.get("note"):
        out["note"] = str(raw["note"])
    return out


def load(data: Mapping[str, Any]) -> Board:
    """The Board of normalised board data (as returned by `check`)."""
    data = check(data)
    low, top = _value_track(data["value_track"])
    hexes = {}
    for name, text in data.get("map", {}).items():
        kind, *nbrs = text.split()
        hexes[name] = (kind, frozenset(nbrs))
    return Board(
        shares=tuple(data["shares"][c] for c in COLOURS),
        low=low,
        top=top,
        gold=tuple(data["gold"]),
        hexes=hexes,
        note=data.get("note", ""),
    )


def _field(key: str) -> BoardField:
    return next(f for f in FIELDS if f.key == key)


def _int(word: Any, key: str) -> int:
    try:
        return int(word)
    except (TypeError, ValueError):
        raise UsageError(
            _("board data '{key}': '{word}' is not a whole number").format(key=key, word=word)
        ) from None


def _colour(word: str) -> str:
    """A railroad's colour from the word typed for it: English or the rules' Japanese (黒 緑 青
    オレンジ 白, or the railroad's name), saved in English."""
    return ALIASES[match(word, ALIASES, N_("railroad"))]


def _shares(value: Any) -> dict[str, int]:
    if isinstance(value, str):
        words = value.replace(",", " ").replace("=", " ").replace(":", " ").split()
        if len(words) % 2:
            raise UsageError(
                _("board data 'shares': give a colour and a number for each"), "black 6 ..."
            )
        value = dict(zip(words[::2], words[1::2], strict=True))
    if not isinstance(value, Mapping):
        raise UsageError(_("board data 'shares' must name each colour with its count"))
    counts: dict[str, int] = {}
    for k, v in value.items():
        colour = _colour(str(k))
        if colour in counts:
            raise UsageError(
                _("board data 'shares' names {colour} twice").format(colour=colour),
                " ".join(COLOURS),
            )
        counts[colour] = _int(v, "shares")
    if set(counts) != set(COLOURS):
        raise UsageError(
            _("board data 'shares' must give each of the five colours"), " ".join(COLOURS)
        )
    if any(n < 1 for n in counts.values()):
        raise UsageError(_("board data 'shares': each colour needs at least its auctioned share"))
    if sum(counts.values()) != TOTAL_SHARES:
        raise UsageError(
            _("board data 'shares' add up to {n}, not {total} (内容物)").format(
                n=sum(counts.values()), total=TOTAL_SHARES
            )
        )
    return {c: counts[c] for c in COLOURS}


def _value_track(value: Any) -> tuple[int, int]:
    if isinstance(value, str):
        parts = value.replace(" ", "").split("-")
        if len(parts) != 2:
            raise UsageError(_("board data 'value_track' must be LOW-HIGH"), "5-52")
        value = parts
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise UsageError(_("board data 'value_track' must be LOW-HIGH"), "5-52")
    low, top = _int(value[0], "value_track"), _int(value[1], "value_track")
    if low != MIN_BID:
        raise UsageError(_("board data 'value_track' starts at 5 (the bottom row is 5-10)"))
    if top < BOTTOM_ROW[1] or top > 1000:
        raise UsageError(
            _("board data 'value_track' top {top} is not plausible").format(top=top),
            _("{low} to {high}").format(low=10, high=1000),
        )
    return low, top


def _gold(value: Any, low: int, top: int) -> list[int]:
    words = value.replace(",", " ").split() if isinstance(value, str) else list(value)
    golds = sorted({_int(w, "gold") for w in words})
    bad = [g for g in golds if not low <= g <= top]
    if bad:
        raise UsageError(
            _("board data 'gold': {value} is not on the track").format(value=bad[0]),
            _("{low} to {high}").format(low=low, high=top),
        )
    if not golds:
        raise UsageError(_("board data 'gold' names no square"))
    return golds


def _map(value: Any) -> dict[str, str]:
    """Normalise a map to {HEX: "KIND NEIGHBOUR ..."}, neighbours made mutual and sorted."""
    if isinstance(value, str):
        entries = [e.split() for e in value.split(";") if e.strip()]
    elif isinstance(value, Mapping):
        entries = []
        for name, spec in value.items():
            words = spec.split() if isinstance(spec, str) else list(spec)
            entries.append([str(name), *map(str, words)])
    else:
        raise UsageError(_("board data 'map' must be 'HEX KIND NEIGHBOUR...; ...' or a table"))
    kinds: dict[str, str] = {}
    lower: dict[str, str] = {}
    for entry in entries:
        if len(entry) < 2:
            raise UsageError(
                _("board data 'map': '{entry}' needs a hex and its kind").format(
                    entry=" ".join(entry)
                )
            )
        name, kind = entry[0].upper(), entry[1].lower()
        if not _HEX_NAME.match(name):
            raise UsageError(
                _("board data 'map': '{hex}' is not a hex name").format(hex=name),
                _("letters and digits"),
            )
        if name in kinds:
            raise UsageError(_("board data 'map': hex {hex} is given twice").format(hex=name))
        if kind not in HEX_KINDS:
            raise UsageError(
                _("board data 'map': hex {hex} has unknown kind '{kind}'").format(
                    hex=name, kind=kind
                ),
                " ".join(HEX_KINDS),
            )
        kinds[name] = kind
        lower[name.lower()] = name
    nbrs: dict[str, set[str]] = {h: set() for h in kinds}
    for entry in entries:
        name = entry[0].upper()
        for other in entry[2:]:
            other = other.upper()
            if other not in kinds:
                raise UsageError(
                    _("board data 'map': hex {hex} touches unknown hex {other}").format(
                        hex=name, other=other
                    )
                )
            if other == name:
                raise UsageError(
                    _("board data 'map': hex {hex} cannot touch itself").format(hex=name)
                )
            nbrs[name].add(other)
            nbrs[other].add(name)  # touching is mutual; either side may list it
    for kind in ("chicago", *DESTINATIONS):
        count = list(kinds.values()).count(kind)
        if count != 1:
            raise UsageError(
                _("board data 'map' must have exactly one {kind} hex, not {n}").format(
                    kind=kind, n=count
                )
            )
    return {h: " ".join([kinds[h], *sorted(nbrs[h])]) for h in kinds}
