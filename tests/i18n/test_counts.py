"""Counts agree in number in every message (issue 26 item 6): a message that puts a count
before a noun is an `ngettext` pair ("1 share", "2 shares"), unless the count can never be one.
The scan reads the catalog, so a new message is held to it as soon as it is extracted."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

CATALOG = Path(__file__).resolve().parents[2] / "referee" / "locale" / "ja" / "LC_MESSAGES"
# The placeholders that hold a number of things.
COUNTS = (
    "n|count|left|shares|held|stations|apart|reach|pieces|touching|cards|decks|sets|limit"
    "|stops|score|new_cities|slots|cities|stocks|companies|privates|trains|phases|after"
    "|total|bases|empty|replaced"
)
COUNTED = re.compile(r"\{(" + COUNTS + r")\} (?!(?:is|was|has|does)\b)([a-z]+s)\b")
# Counts that are never one, and placeholders that are no count here.
NEVER_ONE = {
    "{n} lines leave {city}: name the one the {train} train takes": "two lines or more",
    "{city} holds {colours} cubes: name the colour": "two colours or more",
    "board data 'railroads' lists {n} railroads": "more than twelve",
    "at least {n} cities of class A, B or C": "the seven cities that end the game",
    "a {rows}-row grid of {n} spaces": "a market of several spaces",
    "cannot undo {count} moves": "more than the moves so far, which are one or more",
    "{player} would hold {count} certificates, above the limit of {limit}": "over a limit",
    "a {train}-train counts at most {limit} stops, not {stops}": "a train runs two stops",
    "{company} pays {payout} ({stations} stations + {bonus} bonus): {split}": "a route's ends",
    "{stations} stations are {apart} apart at the least;"
    " {company}'s train runs {reach} ({shown})": "a route's ends",
    "{path} is {size} bytes; {what} is at most {cap} MB ({limit} bytes)": "megabytes",
    "{replaced} of {bases} base cards replaced, {empty} of {decks} decks empty": "of the decks",
    "{count} lays fit {asked} on {where}, say which: ": "several lays",
    "Railroad Rivals, {n} players": "two players or more",
    "the box's {cities} city / {stocks} stock tiles are too few for {n} players": "players",
    # a seat's bounds (referee/web/seats.py): constants in the hundreds or thousands
    "a line is at most {n} characters": "the seat's bound",
    "a post is at most {n} bytes": "the seat's bound",
    "a move is one line of at most {n} characters": "the seat's bound",
    "version, page and request are at most {n} characters each": "the seat's bound",
}


def _singular_messages() -> list[str]:
    with (CATALOG / "referee.po").open("rb") as f:
        catalog = read_po(f)
    return [m.id for m in catalog if m.id and isinstance(m.id, str)]


def test_every_count_before_a_noun_agrees_in_number() -> None:
    bare = [
        message
        for message in _singular_messages()
        if COUNTED.search(message) and message not in NEVER_ONE
    ]
    assert not bare, "use ngettext: " + "\n".join(bare)


def test_the_scan_finds_a_bare_plural() -> None:
    assert COUNTED.search("end: {n} shares unbought")
    assert not COUNTED.search("{player} holds {held} {deck}")
