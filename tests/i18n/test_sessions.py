"""Language is presentation only: the same moves give the same states and the same refusals
in both languages, and a save written in one resumes in the other without a difference."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from devtools import scenario
from referee import i18n
from referee.play import frame
from referee.play.session import Session
from referee.shell.shell import Shell
from referee.store import savefile

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def smallest_per_game() -> list[Path]:
    """The shortest scenario of each game (the whole set runs in tests/test_scenarios.py)."""
    chosen: dict[str, Path] = {}
    for path in sorted(SCENARIOS.glob("*.txt")):
        game = scenario.load(path).game
        if game not in chosen or path.stat().st_size < chosen[game].stat().st_size:
            chosen[game] = path
    return sorted(chosen.values())


# The games whose own texts are wrapped (issue 17): every scenario of theirs is played in
# Japanese, not only the shortest, and what they say is checked for English words.
WRAPPED = ("union-station", "congo-line", "lost-atlas", "express01", "railroad-rivals", "18xx")
# Those whose every text (views and map included) is in Japanese: no English word is met.
ALL_JAPANESE = ("union-station", "congo-line", "express01", "railroad-rivals", "lost-atlas", "18xx")


def scenarios_to_play() -> list[Path]:
    wrapped = [p for p in SCENARIOS.glob("*.txt") if scenario.load(p).game in WRAPPED]
    return sorted({*smallest_per_game(), *wrapped})


@pytest.mark.parametrize("path", scenarios_to_play(), ids=lambda p: p.stem)
def test_a_game_played_in_japanese_reaches_the_same_state_and_resumes_in_english(
    path: Path, tmp_path: Path
) -> None:
    s = scenario.load(path)
    english = scenario.play(s)  # refusals are checked by rule, as in English
    i18n.use("ja")
    japanese = scenario.play(s)
    game = japanese.game
    assert game.snapshot(japanese.state) == game.snapshot(english.state)
    assert [e.text for e in japanese.entries] == [e.text for e in english.entries]
    save = tmp_path / "game.toml"
    savefile.save_as(japanese, save)
    i18n.use("en")
    resumed, warnings = savefile.read(save)
    assert warnings == []
    assert game.snapshot(resumed.state) == game.snapshot(english.state)
    assert [e.text for e in resumed.entries] == [e.text for e in english.entries]


def shell() -> Shell:
    session = Session.new("lost-atlas", ["Ann", "Bob", "Cy"])
    session.settle()
    return Shell(session)


def test_the_lang_verb_switches_a_running_shell() -> None:
    sh = shell()
    assert sh.run("lang ja").text == "これからは日本語で応答します"
    refused = sh.run("undo")
    assert not refused.ok
    assert (
        refused.text == "却下: 取り消す手がありません: ゲームは準備の状態です [ルール セッション]"
    )
    assert "今指せる手:" in sh.run("help").text
    assert sh.run("lang en").text == "answers in English from now on"
    assert sh.run("undo").text == (
        "rejected: nothing to undo: the game is at its setup [rule session]"
    )


def test_the_lang_verb_refuses_a_language_it_does_not_speak() -> None:
    sh = shell()
    reply = sh.run("lang de")
    assert not reply.ok and reply.exit_code == 2
    assert reply.text == "rejected: unknown language 'de' (allowed: ja, en)"
    assert not sh.run("lang").ok
    assert i18n.language() == "en"


def test_lang_is_offered_by_help_and_completion() -> None:
    sh = shell()
    assert "lang ja|en" in sh.run("help").text
    from referee.play import offers

    assert offers.candidates(sh.session, ["lang"]) == ["en", "ja"]


# A word with a lower-case letter, three letters or more: English prose, not a hex (C4, CHI),
# a usage's PLACEHOLDER or a number.
ENGLISH = re.compile(r"[A-Za-z&]*[a-z][A-Za-z&]*")


# English the rules files themselves use, kept as they spell it (congo-line.ja.txt: "Available
# Stock Box", "Train Chart", "New Market Bonus", its title).
RULES_WORDS = {
    "union-station": set(),
    "congo-line": {"Available", "Stock", "Box", "Train", "Chart", "New", "Market", "Bonus"},
    "express01": set(),
    "railroad-rivals": set(),
    "lost-atlas": {"dst"},  # not a word: the drawn map's mark of a distant destination
    "18xx": set(),
}


def description_words(board: object) -> set[str]:
    """18xx cites the keys of a title's description as its file writes them (`1830
    shares.pool_limit`) and names the title as the file does (`toy-line`): the table's words."""
    if isinstance(board, dict):
        found = {w for k in board for w in ENGLISH.findall(str(k))}
        title = board.get("title", {})
        if isinstance(title, dict) and isinstance(title.get("name"), str):
            found |= set(ENGLISH.findall(title["name"]))
        return found | {w for v in board.values() for w in description_words(v)}
    if isinstance(board, list):
        return {w for v in board for w in description_words(v)}
    return set()


def typed_words(session: Session) -> set[str]:
    """What a table types or reads as a key in both languages: the verbs, the players, the
    readings' keys and choices (`[解釈 union-station.stuck=ends]`), the names as typed."""
    game = session.game
    words = {v.name for v in game.verbs()} | {"force", "undo", *ENGLISH.findall(game.name)}
    words |= set(frame.VERBS)  # the shell's own verbs (`help`), typed as they stand
    # the lower-case words of a usage are typed as they stand (`reveal city NAME stock RR`)
    words |= {w for v in game.verbs() for w in ENGLISH.findall(v.usage) if w.islower()}
    words |= {w for p in session.players for w in ENGLISH.findall(p)}
    # the board's proper names as entered (Congo Line's cities), not its keys (colours)
    words |= {w for w in ENGLISH.findall(str(session.board)) if w[0].isupper()}
    words |= RULES_WORDS[game.name] | set(ENGLISH.findall(game.title))
    if game.name == "18xx":
        words |= description_words(session.board)
    for r in game.readings():
        words |= set(r.key.split("-")) | {w for c, _s in r.choices for w in c.split("-")}
    return words


@pytest.mark.parametrize(
    "path",
    [p for p in scenarios_to_play() if scenario.load(p).game in ALL_JAPANESE],
    ids=lambda p: p.stem,
)
def test_a_japanese_table_meets_no_english_word_from_the_game(path: Path) -> None:
    """Every event, refusal, status, toolbar and view of a whole game, in Japanese."""
    s = scenario.load(path)
    i18n.use("ja")
    session = Session.new(s.game, s.players, s.variant, s.board)
    sh = Shell(session)
    game = session.game
    texts = [e.text for e in session.settle()]
    for command in s.commands:
        if command.figures:
            continue
        texts.append(sh.run(command.text).text)
        state = session.state
        texts += [game.status(state), game.toolbar(state)]
        texts += [game.view(state, name) for name in game.views()]
    note = str(session.board.get("note", ""))
    # the moves as logged (an automatic move is said as the log keeps it: `reveal black`)
    allowed = typed_words(session) | {w for e in session.entries for w in ENGLISH.findall(e.text)}
    english = {
        word
        for text in texts
        for line in text.replace(note, "").splitlines()
        for word in ENGLISH.findall(
            line.split(": ", 1)[-1] if line.startswith(game.title) else line
        )
        if len(word) > 2 and word not in allowed
    }
    assert not english, english
