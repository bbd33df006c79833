"""Rule citations in both languages: each game's table of the sections its code cites.

A RuleError names its rule by the heading as written in the game's rules file
(../shared/rules/GAME.ja.txt); that is the Japanese citation. The English one is written by us,
faithful to the heading, in the game's own citations.py (its spec's `sections`). `cite`
renders a rule in the language in force; a rule that is not a section of any game (the frame's
own: "session", "end of game") is a message of the catalog. tests/i18n/test_citations.py holds
the tables to the code (every section the games cite is here) and to the rules files (every
heading here is in its file).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from referee.core.registry import GAMES, citations_of
from referee.i18n import N_, _, language


@dataclass(frozen=True)
class Tables:
    # game -> {heading as in the rules file: English heading}
    sections: dict[str, dict[str, str]]
    # other ways the code names a section: (game, rule as cited) -> heading of sections[game]
    aliases: dict[tuple[str, str], str]
    # An 18xx title states its rules as keys of its description (referee/games/titled/common.py
    # `key`: "1889 phases.3.train_limit"); a citation says the rule in words, the key after it.
    # Keys by their pattern (a phase, a private or a train in the key is a `*`) -> their words.
    title_keys: dict[str, str]


@cache
def tables() -> Tables:
    """Every game's citations (its spec's `citations`), read once, when a rule is first cited:
    a command that cites nothing (`referee dividend`) loads no game for them."""
    found = Tables({}, {}, {})
    for name in GAMES:
        cited = citations_of(name)
        if cited.SECTIONS:
            found.sections[name] = dict(cited.SECTIONS)
        found.aliases.update({(name, a): h for a, h in cited.ALIASES.items()})
        found.title_keys.update(cited.KEYS)
    return found


def __getattr__(name: str) -> dict[Any, Any]:
    """The tables by their names of old (SECTIONS, ALIASES, TITLE_KEYS, ENGLISH, JAPANESE)."""
    lazy: dict[str, Callable[[], dict[Any, Any]]] = {
        "SECTIONS": lambda: tables().sections,
        "ALIASES": lambda: tables().aliases,
        "TITLE_KEYS": lambda: tables().title_keys,
        "ENGLISH": english,
        "JAPANESE": japanese,
    }
    if name in lazy:
        return lazy[name]()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_TITLE_KEY = re.compile(r"^(?P<title>\S+) (?P<key>[a-z_]+(?:\.[\w&+-]+)*)$")


def title_key(rule: str) -> str:
    """An 18xx title's key as a citation says it (`1889 the train limit of the phase
    (phases.3.train_limit)`); '' if `rule` is no title's key."""
    found = _TITLE_KEY.match(rule)
    if not found:
        return ""
    key = found["key"]
    parts = key.split(".")
    pattern = (
        ".".join([parts[0], *("*" for _p in parts[1:-1]), parts[-1]]) if len(parts) > 2 else key
    )
    words = tables().title_keys.get(pattern)
    if words is None:
        return ""
    return _("{title} {words} ({key})").format(title=found["title"], words=_(words), key=key)


# The frame's own "rules" (not sections of a rules file): catalog messages.
FRAME_RULES = (N_("session"), N_("end of game"))


@cache
def english() -> dict[str, str]:
    """Every heading (and alias) of every game -> its English heading. The same heading in
    two games reads the same in English (tested), so a citation needs no game to render."""
    table: dict[str, str] = {}
    sections = tables().sections
    for heading_english in sections.values():
        table.update(heading_english)
    for (game, alias), heading in tables().aliases.items():
        table[alias] = sections[game][heading]
    return table


@cache
def japanese() -> dict[str, str]:
    return {alias: heading for (_game, alias), heading in tables().aliases.items()}


def cite(rule: str) -> str:
    """The rule as the language in force names it: the heading of the rules file in Japanese,
    ours in English; a rule of no game's table through the catalog (or as it is)."""
    if language() == "ja":
        return japanese().get(rule) or (rule if rule in english() else title_key(rule) or _(rule))
    return english().get(rule) or title_key(rule) or _(rule)


def bracket(rule: str, reading: str = "") -> str:
    """`[rule ■7 Stock round 1: ...; reading ...]` in the language in force."""
    note = f"; {reading}" if reading else ""
    return _("[rule {rule}{reading}]").format(rule=cite(rule), reading=note)
