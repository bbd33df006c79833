"""The Japanese catalogue follows each game's glossary (its rules file's words) and the house
style written in referee/locale/glossary.toml's header."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "referee" / "locale" / "ja" / "LC_MESSAGES" / "referee.po"
GLOSSARY = ROOT / "referee" / "locale" / "glossary.toml"
RULES = Path("/work/shared/rules")
FIELD = re.compile(r"\{[^{}]*\}")


@dataclass(frozen=True)
class Message:
    msgid: str
    msgstr: str
    places: tuple[str, ...]


def glossary() -> dict[str, object]:
    with GLOSSARY.open("rb") as f:
        return tomllib.load(f)


def messages() -> list[Message]:
    with PO.open("rb") as f:
        catalog = read_po(f)
    found = []
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        places = tuple(path for path, _line in m.locations)
        for i, s in enumerate(strings):
            found.append(Message(ids[min(i, len(ids) - 1)], s, places))
    return found


def games() -> dict[str, dict[str, object]]:
    table = glossary()["games"]
    assert isinstance(table, dict)
    return table


def in_game(message: Message, game: dict[str, object]) -> bool:
    modules = game["modules"]
    assert isinstance(modules, list)
    return any(place.startswith(tuple(modules)) for place in message.places)


def term_cases() -> list[tuple[str, dict[str, object]]]:
    return [
        (name, term)
        for name, game in games().items()
        for term in game["terms"]  # type: ignore[attr-defined]
    ]


def misused(term: dict[str, object], game: dict[str, object]) -> list[str]:
    """The messages of `game` that say another word for `term`."""
    en = re.compile(str(term["en"]), re.I) if "en" in term else None
    avoid = [re.compile(str(a)) for a in term["avoid"]]  # type: ignore[attr-defined]
    wrong = []
    for m in messages():
        if not in_game(m, game):
            continue
        if en and not en.search(FIELD.sub("", m.msgid)) and not en.search(m.msgid):
            continue
        if any(a.search(m.msgstr) for a in avoid):
            wrong.append(f"{m.msgid!r} -> {m.msgstr!r}")
    return wrong


@pytest.mark.parametrize(
    ("game", "term"), term_cases(), ids=lambda v: v if isinstance(v, str) else str(v["ja"])
)
def test_each_game_says_its_rules_words(game: str, term: dict[str, object]) -> None:
    """House style 4: a glossary term is said in the rules file's word in that game."""
    wrong = misused(term, games()[game])
    assert not wrong, f"{game}: say {term['ja']}:\n" + "\n".join(wrong)


@pytest.mark.parametrize(
    ("game", "term"), term_cases(), ids=lambda v: v if isinstance(v, str) else str(v["ja"])
)
def test_each_term_is_on_its_line_of_the_rules(game: str, term: dict[str, object]) -> None:
    """The glossary cites the rules: the line it names says the word."""
    rules = RULES / str(games()[game]["rules"])
    if not rules.exists():
        pytest.skip(f"{rules} is not on this machine")
    lines = rules.read_text(encoding="utf-8").splitlines()
    line = int(term["line"])  # type: ignore[call-overload]
    assert str(term["ja"]) in lines[line - 1], f"{rules.name}:{line}: {lines[line - 1]}"


def test_the_glossary_catches_a_word_the_rules_do_not_use() -> None:
    """The check can fail: Lost Atlas's rules say 廃車, not 錆びる."""
    term = next(t for g, t in term_cases() if g == "lost-atlas" and t["ja"] == "廃車")
    game = games()["lost-atlas"]
    fake = Message(
        "{train}-trains rust", "{train}-列車が錆びる", ("referee/games/lost_atlas/x.py",)
    )
    avoid = [re.compile(str(a)) for a in term["avoid"]]  # type: ignore[attr-defined]
    assert in_game(fake, game) and any(a.search(fake.msgstr) for a in avoid)


FULL_WIDTH_DIGIT = re.compile("[０-９]")
COUNTED_BY_TSU = re.compile(r"\}つ|\d{2,}つ")
SPACE_BEFORE_PARTICLE = re.compile(r"[}A-Za-z0-9'] [ぁ-ん]")
SPACE_AFTER_PARTICLE = re.compile(r"[ぁ-ん] (?!\{rule\})[A-Za-z0-9'{$-]")
SPACE_BEFORE_COUNTER = re.compile(r"[}0-9] [個枚台株人回点色]")


def offending(pattern: re.Pattern[str]) -> list[str]:
    return [f"{m.msgid!r} -> {m.msgstr!r}" for m in messages() if pattern.search(m.msgstr)]


def test_digits_are_half_width() -> None:
    """House style 1."""
    assert not offending(FULL_WIDTH_DIGIT)


def test_a_count_over_a_placeholder_takes_a_counter_not_tsu() -> None:
    """House style 3: 「残り{n}個」, never 「残り{n}つ」 (つ stops at 9)."""
    assert not offending(COUNTED_BY_TSU)


@pytest.mark.parametrize(
    "pattern",
    [SPACE_BEFORE_PARTICLE, SPACE_AFTER_PARTICLE, SPACE_BEFORE_COUNTER],
    ids=["before-particle", "after-particle", "before-counter"],
)
def test_particles_and_counters_join_what_they_follow(pattern: re.Pattern[str]) -> None:
    """House style 2: 「{company}が」「{n}個」「を{n}個」 in every game alike."""
    wrong = offending(pattern)
    assert not wrong, "\n".join(wrong[:40]) + f"\n({len(wrong)} messages)"


def test_the_style_checks_can_fail() -> None:
    assert FULL_WIDTH_DIGIT.search("商品を１つ置き、計1つ")
    assert COUNTED_BY_TSU.search("残り{n}つ") and COUNTED_BY_TSU.search("14つ")
    assert not COUNTED_BY_TSU.search("1つ")
    assert SPACE_BEFORE_PARTICLE.search("A が") and not SPACE_BEFORE_PARTICLE.search("Aが")
    assert SPACE_AFTER_PARTICLE.search("を {n}")
    assert not SPACE_AFTER_PARTICLE.search("株価 {price}")
