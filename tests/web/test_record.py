"""The record says what happened (issue 26 item 7, issue 29 item 1): the log, `export` and the
page show each move in its full canonical form with its effect, who made it and its local time;
the session keeps what the shell answered to each move, told again on load, in step with undo,
redo and amend; the page opens on "what just happened"."""

from __future__ import annotations

import dataclasses
import html
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee import i18n
from referee.play import render
from referee.play.session import Session
from referee.shell.shell import Shell
from referee.store import savefile
from referee.web import export, view
from tests.web.conftest import ONE_OF_EACH, played

# Per game: how far into its scenario, a move typed there, and the sentence the record gives it.
SAID = {
    "union-station": (40, 24, "buy green", "C buys one green share (+3) for $12"),
    "railroad-rivals": (40, 18, "deliver Tulsa", "A delivers wood along Tulsa: A scores 6 → 10"),
    "congo-line": (40, 18, "orange sell B yellow", "A sells B's yellow share (orange die)"),
    "express01": (
        40,
        4,
        "buy red r2 pay r3 r3",
        "A acquires a red share from route 2 (red): A's money 4 → 2",
    ),
    "lost-atlas": (40, 39, "auction 120", "A opens an auction at 120"),
    "18xx": (
        40,
        22,
        "train 2",
        "B for AR buys a 2-train from the bank: AR's treasury ¥650 → ¥570; AR's price 65 → 60",
    ),
}


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with i18n.speaking("en"):
        yield


@pytest.mark.parametrize("game", sorted(SAID))
def test_the_log_the_diaries_and_the_page_say_each_move_in_full_with_its_effect(
    game: str, tmp_path: Path
) -> None:
    upto, number, typed, said = SAID[game]
    session = played(ONE_OF_EACH[game], upto=upto)
    assert session.entries[number - 1].text == typed  # the move as typed stays in the save
    assert session.tell(number - 1).sentence == said
    log = render.log(session)
    assert said in log and f"  {typed}  " not in log
    assert said in export.markdown(session)
    assert html.escape(said) in export.html_page(session)
    last = [m for m in view.data(session)["last_moves"] if m["number"] == number]
    if last:  # among the last moves: the sentence and the answer lines
        assert last[0]["sentence"] == said and last[0]["effects"]


def test_every_move_of_every_game_is_told_by_its_game_not_as_typed() -> None:
    """Each game has a sentence for every move of its scenario (the frame's fallback, the move
    as typed after the player's name, is never used)."""
    for game, name in ONE_OF_EACH.items():
        session = played(name)
        for index, entry in enumerate(session.entries):
            sentence = session.tell(index).sentence
            assert not sentence.startswith(f"{entry.by}: "), (game, entry.text, sentence)


def test_a_move_is_told_with_what_the_shell_answered_and_automatic_moves_too() -> None:
    session = played(ONE_OF_EACH["congo-line"])
    first_auto = next(i for i, e in enumerate(session.entries) if e.auto)
    typed = max(i for i, e in enumerate(session.entries[:first_auto]) if not e.auto)
    assert _lines(session, first_auto)[0].startswith("automatic: ")
    kept = _everything(session)[typed : first_auto + 1]
    session.undo(sum(1 for e in session.entries[typed:] if not e.auto))
    reply = Shell(session).run(session.redo_stack[-1].text)
    assert reply.ok, reply.text
    assert _everything(session)[typed : first_auto + 1] == kept
    for index in range(typed, first_auto + 1):  # what the shell answered, line for line
        for line in _lines(session, index):
            assert line in reply.text


def _lines(session: Session, index: int) -> list[str]:
    return render.event_lines(session.tell(index))


def _everything(session: Session) -> list[tuple[str, list[str]]]:
    return [(session.tell(i).sentence, _lines(session, i)) for i in range(len(session.entries))]


def test_what_each_move_did_survives_save_and_resume(tmp_path: Path) -> None:
    """Recomputed on load from the moves (the save stays a move log, with nothing added)."""
    session = played(ONE_OF_EACH["lost-atlas"], upto=60)
    path = tmp_path / "g.toml"
    savefile.create(session, path)
    assert session.store is not None
    session.store.close(session)
    assert "sentence" not in path.read_text() and "effects" not in path.read_text()
    loaded, _notes = savefile.read(path)
    assert _everything(loaded) == _everything(session)


def test_undo_redo_and_amend_keep_what_each_move_did_in_step(tmp_path: Path) -> None:
    session = played(ONE_OF_EACH["union-station"], upto=30)
    whole = _everything(session)
    session.undo(2)
    assert (
        len(session.told) == len(session.entries)
        and _everything(session) == whole[: len(session.entries)]
    )
    session.redo()
    session.redo()
    assert _everything(session) == whole
    number = next(i for i, e in enumerate(session.entries, 1) if e.text == "bid 8")
    session.amend(number, "bid 9")
    assert session.tell(number - 1).sentence == "A bids $9 for the blue share"
    assert len(session.told) == len(session.entries)
    session.undo()  # takes back the amendment
    assert _everything(session) == whole


def test_a_language_switch_tells_the_record_again_in_the_new_language() -> None:
    session = played(ONE_OF_EACH["union-station"], upto=40)
    with i18n.speaking("ja"):
        sentence = session.tell(23).sentence
        assert "を1枚$12で買う" in sentence
    assert session.tell(23).sentence == "C buys one green share (+3) for $12"


def test_the_log_gives_each_move_its_local_time_and_names_the_zone(tmp_path: Path) -> None:
    before = os.environ.get("TZ")
    os.environ["TZ"] = "Asia/Tokyo"
    time.tzset()
    try:
        session = played(ONE_OF_EACH["union-station"], upto=5)
        at = session.entries[0].at
        local = at.astimezone().strftime("%Y-%m-%d %H:%M")
        log = render.log(session)
        assert "at (JST)" in log and local in log and at.strftime("%Y-%m-%d %H:%M") not in log
        assert "at (JST)" in export.markdown(session)
    finally:
        if before is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = before
        time.tzset()


def test_the_page_opens_on_what_just_happened_then_who_acts_and_ends_on_settings() -> None:
    session = played(ONE_OF_EACH["lost-atlas"], upto=60)
    body = view.body(session, view.Page())
    last = _lines(session, len(session.entries) - 1)
    panel = body[: body.index('<p class="next"')]
    assert "What just happened" in panel and all(html.escape(line) in panel for line in last)
    assert body.index("What just happened") < body.index("Standings")
    now = session.game.options(session.state)
    next_line = body[body.index('<p class="next"') :].split("</p>")[0]
    assert now.actor in next_line and (now.phase in next_line or not now.phase)
    assert " payout" not in next_line and ", " not in next_line.split(")")[-1]  # no verb list
    assert "readings:" not in body and body.rindex("Settings") > body.index("Standings")
    assert "=" not in body[body.rindex("Settings") :].split("</section>")[0]


def test_view_json_carries_the_sentence_and_the_answer_lines() -> None:
    session = played(ONE_OF_EACH["express01"], upto=12)
    data = json.loads(json.dumps(view.data(session)))
    last = data["last_moves"][-1]
    index = last["number"] - 1
    assert last["sentence"] == session.tell(index).sentence
    assert last["effects"] == _lines(session, index)
    assert "Next:" in data["next"] and ", done" not in data["next"]


def test_the_page_does_not_import_the_shell() -> None:
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(view))
    imported = [
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
    ]
    assert not [m for m in imported if m.startswith("referee.shell")]


@pytest.mark.parametrize("game", sorted(ONE_OF_EACH))
def test_no_raw_key_reaches_the_page(game: str) -> None:
    """Readings and a title's end timings are said in words (`end_of_set` is a file's key)."""
    body = view.body(played(ONE_OF_EACH[game], upto=20), view.Page())
    assert "end_of_" not in body and "readings:" not in body


def test_the_frames_own_words_are_said_too() -> None:
    """`adjust`, `count` and `force` have their sentences; `as NAME` is the move of NAME."""
    session = played(ONE_OF_EACH["union-station"], upto=40)
    cash = session.game.cash(session.state, "A")
    assert cash is not None
    session.play('adjust cash A +5 --because "Ann\'s note under the board"')
    said = session.tell(len(session.entries) - 1).sentence
    why = "Ann's note under the board"
    assert said == f"corrected by hand: cash A {cash} → {cash + 5}, because {why}"
    session.play(f"count A {cash + 5}")
    said = session.tell(len(session.entries) - 1).sentence
    assert said == f"A counted {cash + 5}; the ledger says {cash + 5}: matches the ledger"
    actor = session.actor()
    session.play('force pass --because "the table agreed"')
    said = session.tell(len(session.entries) - 1).sentence
    assert said.startswith(f"{actor} passes") and said.endswith(
        "(forced by the table: the table agreed)"
    )


# Per game: the name of a round its scenario reaches, as the diary's heading says it.
ROUNDS = {
    "union-station": "Auction 3 of 5",
    "railroad-rivals": "Turn 2",
    "congo-line": "Round 2",
    "express01": "Round 2",
    "lost-atlas": "Cycle 2, operating round 1",
    "18xx": "Operating round 3.2",
}


@pytest.mark.parametrize("game", sorted(ROUNDS))
def test_the_diary_reads_as_the_story_of_the_game_with_rounds_as_headings(game: str) -> None:
    """Issue 29 item 7: the whole log of the diary and the Markdown export put each round's
    name, in words, before its first move; the page's last moves have no headings."""
    session = played(ONE_OF_EACH[game])
    heading = ROUNDS[game]
    page = export.html_page(session)
    assert f'<tr class="round"><th colspan="4">{html.escape(heading)}</th></tr>' in page
    assert page.count('<tr class="round">') == len(render.chapters(session))
    assert f"\n### {heading}\n" in export.markdown(session)
    assert 'class="round"' not in view.moves_html(session)


def test_the_round_headings_are_in_the_tables_language() -> None:
    session = played(ONE_OF_EACH["18xx"])
    with i18n.speaking("ja"):
        names = [name for name, _moves in render.chapters(session)]
    assert all(name and not name.startswith(("Stock", "Operating")) for name in names)


def test_the_markdown_export_escapes_what_would_break_its_table() -> None:
    """A `|` (or a line break) inside a sentence would end a GitHub table's cell early."""
    session = played(ONE_OF_EACH["express01"], upto=10)
    told = session.told[-1]
    session.told[-1] = dataclasses.replace(told, sentence="a | b\nc <d>")
    text = export.markdown(session)
    assert "a \\| b c &lt;d>" in text
    moves = text.split("\n## ")[1]  # the moves, before the standings
    rows = [line for line in moves.splitlines() if line.startswith("|")]
    assert len({row.count("|") - row.count("\\|") for row in rows}) == 1
