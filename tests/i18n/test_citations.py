"""Rule citations both ways: each game's table of sections (referee/core/citations.py) against the
code that cites them and the rules files that hold them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee import i18n
from referee.core.citations import ALIASES, ENGLISH, SECTIONS, cite
from referee.core.engine import Overridden, RuleError
from referee.play import render
from tests.i18n.rule_scan import cited, section_constants

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "referee" / "games"
RULES = ROOT.parent / "shared" / "rules"  # the rules files sit beside the checkout
JAPANESE = re.compile(r"[\u3000-\u9fff\uff00-\uffef■]")


def folder(game: str) -> Path:
    return GAMES / game.replace("-", "_")


@pytest.mark.parametrize("game", sorted(SECTIONS))
def test_every_section_the_code_cites_has_its_english_heading(game: str) -> None:
    rules, _unresolved = cited(folder(game))
    # A rule chosen at run time is one of the module's section constants.
    rules |= {s for s in section_constants(folder(game)) if JAPANESE.search(s)}
    known = set(SECTIONS[game]) | {alias for (g, alias) in ALIASES if g == game}
    missing = sorted(r for r in rules if JAPANESE.search(r) and r not in known)
    assert not missing, f"add to SECTIONS[{game!r}] in referee/core/citations.py: {missing}"


def test_the_scan_finds_what_it_looks_for() -> None:
    rules, _ = cited(folder("lost-atlas"))
    assert "■7 株式ラウンド1:マイナー会社の競りと会社の設立" in rules
    assert "lost-atlas §26 Resourceful" in cited(ROOT / "referee" / "eighteen")[0]


def test_every_game_with_a_rules_file_has_a_table() -> None:
    # 18xx (games/titled) has no rules file: it cites the keys of the title's description.
    games = {p.name.replace("_", "-") for p in GAMES.iterdir() if (p / "__init__.py").exists()}
    assert games - {"titled"} == set(SECTIONS)


def _normal(line: str) -> str:
    """A line without spaces or bullets; a ■ before a heading without a number is a bullet."""
    return re.sub(r"^■(?!\d)", "", re.sub(r"\s+", "", line).lstrip("#-・●○◆·"))


def _parts(heading: str) -> list[str]:
    """A citation as the headings it joins: '■14 アップグレードの条件' is section ■14's
    subheading; 'A (B)' and 'A: B' are paragraph B of heading A."""
    if m := re.fullmatch(r"(.+?) \((.+)\)", heading):
        return [*_parts(m[1]), m[2]]
    if m := re.fullmatch(r"(.+?): (.+)", heading):
        return [*_parts(m[1]), m[2]]
    if m := re.fullmatch(r"(■\d+) (.+)", heading):
        return [heading, m[1], m[2]]
    return [heading]


def _found(part: str, lines: list[str]) -> bool:
    wanted = _normal(part)
    if re.fullmatch(r"■\d+", wanted):
        return any(re.match(re.escape(wanted) + r"(?!\d)", line) for line in lines)
    return any(line.startswith(wanted) for line in lines)


@pytest.mark.parametrize("game", sorted(SECTIONS))
def test_every_heading_of_the_table_is_in_its_rules_file(game: str) -> None:
    path = RULES / f"{game}.ja.txt"
    if not path.exists():
        pytest.skip(f"{path} is not beside this checkout")
    lines = [_normal(line) for line in path.read_text(encoding="utf-8").splitlines()]
    lines = [line for line in lines if line]
    absent = []
    for heading in SECTIONS[game]:
        parts = _parts(heading)
        whole = _found(parts[0], lines)
        if not (whole or (parts[1:] and all(_found(p, lines) for p in parts[1:]))):
            absent.append(heading)
    assert not absent, f"not headings of {path.name}: {absent}"


def test_a_heading_shared_by_two_games_reads_the_same_in_english() -> None:
    seen: dict[str, str] = {}
    for sections in SECTIONS.values():
        for heading, english in sections.items():
            assert seen.setdefault(heading, english) == english, heading


def test_english_headings_are_english_and_keep_the_section_number() -> None:
    for heading, english in ENGLISH.items():
        assert not JAPANESE.search(english.replace("■", "")), english
        number = re.match(r"■\d+", heading)
        if number and heading in SECTIONS["lost-atlas"]:
            assert english.startswith(number[0] + " "), english


def test_a_refusal_cites_in_the_language_in_force() -> None:
    error = RuleError("no", "■7 株式ラウンド1:マイナー会社の競りと会社の設立", "bid more")
    assert str(error) == (
        "no [rule ■7 Stock round 1: auctions of minor companies and founding companies]; bid more"
    )
    i18n.use("ja")
    assert str(error) == "no [ルール ■7 株式ラウンド1:マイナー会社の競りと会社の設立]; bid more"


def test_an_alias_cites_its_section_and_an_unknown_rule_is_said_as_it_is() -> None:
    assert cite("lost-atlas §26 Resourceful") == "■26 Abilities of the minor companies"
    assert cite("T1") == "T1"
    i18n.use("ja")
    assert cite("lost-atlas §26 Resourceful") == "■26 マイナー会社の能力"
    assert cite("session") == "セッション"


def test_an_overridden_rule_is_cited_in_the_language_in_force() -> None:
    event = Overridden("Bob has only 10", "株式の購入")
    assert render.event_text(event) == "  overrides [rule Buying a share]: Bob has only 10"
    i18n.use("ja")
    assert render.event_text(event) == "  [ルール 株式の購入]に反して実行: Bob has only 10"


def test_an_18xx_key_is_cited_in_words_with_the_key_after() -> None:
    """Issue 31: `[ルール 1889 phases.3.train_limit]` said the key alone."""
    from referee.core.citations import bracket

    i18n.use("en")
    assert bracket("1889 phases.3.train_limit") == (
        "[rule 1889 the train limit of the phase (phases.3.train_limit)]"
    )
    i18n.use("ja")
    assert bracket("1889 phases.3.train_limit") == (
        "[ルール 1889 そのフェイズの列車の保有上限(phases.3.train_limit)]"
    )
    i18n.use("en")


def test_every_key_the_18xx_code_cites_has_its_words() -> None:
    from referee.core.citations import TITLE_KEYS

    root = Path(__file__).resolve().parents[2] / "referee"
    cited = set()
    for path in [*(root / "games" / "titled").glob("*.py"), *(root / "eighteen").glob("*.py")]:
        text = path.read_text(encoding="utf-8")
        for key in re.findall(r'\bkey\(\s*state,\s*f?"([^"]+)"', text):
            cited.add(re.sub(r"\{[^}]*\}", "*", key))
    assert cited and not cited - set(TITLE_KEYS), sorted(cited - set(TITLE_KEYS))


def test_railroad_rivals_cites_as_the_other_games_do() -> None:
    """`(§都市タイルの不足)` became `[ルール 都市タイルの不足]`."""
    from referee.games.railroad_rivals.turns import _short_of_cities

    i18n.use("ja")
    said = _short_of_cities(0, 3)
    i18n.use("en")
    assert said.endswith("[ルール 都市タイルの不足]") and "§" not in said
