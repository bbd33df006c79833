"""What a seat shows (issue 32 items 2 and 5), from `referee.web.seat_page` alone: the buttons
and the completion are the shell's offers for the seat's player, nothing else; the player's
own holdings; taking back one's last move only while no one has moved since; the page in the
player's language, needing nothing beyond the table's server."""

from __future__ import annotations

import json
import re
from importlib import resources

import pytest

from referee import i18n
from referee.play import offers
from referee.play.session import Session
from referee.web import seat_page
from tests.web.conftest import ONE_OF_EACH, SCENARIOS, played

FIVE = ("union-station", "railroad-rivals", "express01", "congo-line", "lost-atlas")


def _half(name: str) -> int:
    from devtools import scenario

    return len(scenario.load(SCENARIOS / name).commands) // 2


@pytest.fixture(scope="module", params=[*FIVE, "18xx"])
def mid_game(request: pytest.FixtureRequest) -> Session:
    name = ONE_OF_EACH[request.param]
    return played(name, _half(name))


def test_a_seat_s_buttons_are_exactly_the_verbs_the_shell_offers_its_player(
    mid_game: Session,
) -> None:
    """Issue 32 item 2: built from the same source as the shell's completion."""
    actor = mid_game.actor()
    assert actor is not None
    buttons = seat_page.view(mid_game, actor, version="v")["buttons"]
    verbs = offers.of(mid_game).verbs()
    assert buttons and {b.split()[0] for b in buttons} == set(verbs)


def test_every_whole_line_a_seat_offers_is_accepted_and_every_other_leads_on(
    mid_game: Session,
) -> None:
    """Issue 32 item 2: what is offered is never refused. Two levels down from the verbs:
    each whole line is played by `what_if`; each line ending in a space is only a start."""
    actor = mid_game.actor()
    assert actor is not None
    now = offers.of(mid_game)
    level = seat_page.completions(mid_game, actor, "")
    for _depth in range(2):
        deeper = []
        for line in level:
            if line.endswith(" "):
                assert now.needs_more(line.split()) or now.words(line.split()), line
                deeper += seat_page.completions(mid_game, actor, line)[:6]
            else:
                mid_game.what_if(line)  # raises if refused
        level = deeper


def test_completion_of_a_word_being_typed_keeps_the_lines_it_starts() -> None:
    session = played(ONE_OF_EACH["congo-line"], _half(ONE_OF_EACH["congo-line"]))
    actor = session.actor()
    assert actor is not None
    every = seat_page.completions(session, actor, "")
    first = every[0].split()[0]
    some = seat_page.completions(session, actor, first[:2])
    assert some and all(c.startswith(first[:2]) for c in some)
    assert set(some) <= set(every)
    assert seat_page.completions(session, actor, 'buy "') == []  # an open quote: nothing


def test_a_seat_cannot_move_for_another_player_so_a_waiting_seat_is_offered_nothing(
    mid_game: Session,
) -> None:
    """Issue 32 item 3: a seat cannot move for another player."""
    actor = mid_game.actor()
    for player in mid_game.players:
        if player == actor:
            continue
        seen = seat_page.view(mid_game, player, version="v")
        assert seen["buttons"] == [] and not seen["mine"]
        assert seen["actor"] == actor
        assert seat_page.completions(mid_game, player, "") == []


def test_a_seat_shows_its_player_s_own_holdings(mid_game: Session) -> None:
    for player in mid_game.players:
        holdings = seat_page.view(mid_game, player, version="v")["holdings"]
        assert holdings and all(what and value for what, value in holdings)


def test_an_express01_seat_shows_its_own_hand_and_no_one_else_s() -> None:
    """Express 01 hands are secret (the table page shows counts): a seat shows its own."""
    session = played(ONE_OF_EACH["express01"], 15)
    hands = session.game.snapshot(session.state)["hands"]
    for player in session.players:
        seen = json.dumps(seat_page.view(session, player, version="v"), ensure_ascii=False)
        for code, n in hands[player].items():
            if n:
                assert f"{n} × " in seen, (player, code)
    a, b = session.players[:2]
    mine = dict(seat_page.view(session, a, version="v")["holdings"])
    theirs = dict(seat_page.view(session, b, version="v")["holdings"])
    assert mine["cards in hand"] != theirs["cards in hand"]


def test_a_seat_may_take_back_its_last_move_only_while_no_one_has_moved_since() -> None:
    """Issue 32 item 3."""
    session = played(ONE_OF_EACH["union-station"], 3)
    first = session.actor()
    assert first is not None
    line = next(c for c in seat_page.completions(session, first, "") if not c.endswith(" "))
    session.play(line)
    assert seat_page.view(session, first, version="v")["take_back"]
    others = [p for p in session.players if p != first]
    assert not any(session.may_undo_for(p) for p in others)
    second = session.actor()
    if second != first:
        assert second is not None
        session.play(next(c for c in seat_page.completions(session, second, "") if c[-1] != " "))
        assert not session.may_undo_for(first)


def test_what_just_happened_is_the_shell_s_answer_newest_first() -> None:
    session = played(ONE_OF_EACH["congo-line"], 10)
    told = seat_page.view(session, session.players[0], version="v")["happened"]
    last = len(session.entries) - 1
    while session.entries[last].auto:
        last -= 1
    assert told[0][0] == f"#{last + 1} {session.tell(last).sentence}"
    assert len(told) == 2


def test_the_seat_page_is_in_the_player_s_language() -> None:
    """Issue 32 item 5: the player's language, `<html lang>`, every word through the catalog."""
    session = played(ONE_OF_EACH["congo-line"], 10)
    page = seat_page.html(session, "A", page_token="p", version="v", lang="ja")
    assert '<html lang="ja">' in page
    data = json.loads(re.search(r'id="view">(.*?)</script>', page, re.S).group(1))  # type: ignore[union-attr]
    assert data["lang"] == "ja"
    for key, english in seat_page.words().items():
        assert data["words"][key] != english, key
    with i18n.speaking("en"):
        assert seat_page.view(session, "A", version="v")["lang"] == "en"


def test_the_seat_page_needs_nothing_beyond_the_table_s_server() -> None:
    """Issue 32 item 5: no CDN, no fonts: the page and its files name no other address."""
    session = played(ONE_OF_EACH["congo-line"], 10)
    page = seat_page.html(session, "A", page_token="p", version="v", lang="en")
    static = resources.files("referee.web").joinpath("static")
    texts = [page, *(static.joinpath(f"seat.{ext}").read_text() for ext in ("js", "css"))]
    for text in texts:
        assert not re.search(r"https?://|//[a-z]|@import|url\(", text), text[:80]


def test_words_typed_at_the_table_cannot_break_out_of_the_seat_page_s_data() -> None:
    """What the table typed (a reason given for a correction) is data, never markup."""
    session = played(ONE_OF_EACH["congo-line"], 5)
    session.play('adjust money A 30 --because "</script><b>x"')
    page = seat_page.html(session, "B", page_token='"><', version="v", lang="en")
    assert "</script><b>" not in page
    assert 'data-page="&quot;&gt;&lt;"' in page
    data = json.loads(re.search(r'id="view">(.*?)</script>', page, re.S).group(1))  # type: ignore[union-attr]
    assert "</script><b>x" in data["happened"][0][0]


def test_a_seat_confirms_the_move_the_referee_made_for_its_player() -> None:
    """Issue 32 item 2: automatic moves are confirmed from the seat the same way as typed in
    the shell: the seat of the player the referee moved for offers that move to confirm, and
    sending it confirms it once (tests/frame/test_automatic.py, the shell's side)."""
    from devtools import scenario

    s = scenario.load(SCENARIOS / "congo-line-3p-seventh-city.txt")
    session = Session.new(s.game, s.players, s.variant, s.board)
    session.settle()
    for command in s.commands:
        if command.text == "orange sell B yellow":
            break
        if command.refusal is None and not command.figures:
            session.play(command.text)
    session.play("orange sell B yellow")  # A's last move: the referee plays A's `done`
    assert seat_page.view(session, "A", version="v")["automatic"] == ["done"]
    assert seat_page.view(session, "B", version="v")["automatic"] == []
    logged = list(session.entries)
    events = session.play_for("A", "done")
    assert [e.text for e in events] == ["confirmed: A: done (made automatically)"]
    assert session.entries == logged
    assert seat_page.view(session, "A", version="v")["automatic"] == []


def test_where_an_amount_comes_next_the_completion_tells_the_number_pad() -> None:
    """Issue 32 item 5: no typing for the common moves: where the next word is an amount the
    options mark as typed freely (`Options.amounts`: Lost Atlas's opening bid, ■7), the seat's
    completion says so (`pad`), beside the candidates listed there (the lowest bid); with
    digits typed, whether they make a whole move (send) or more words follow (next word)."""
    from devtools import scenario

    s = scenario.load(SCENARIOS / "lost-atlas-short-2p-bankruptcy.txt")
    upto = next(i for i, c in enumerate(s.commands) if c.text == "auction 300")
    session = played("lost-atlas-short-2p-bankruptcy.txt", upto)
    actor = session.actor()
    assert actor is not None
    assert "auction " in seat_page.completions(session, actor, "")
    assert seat_page.pad(session, actor, "") is None  # a verb comes first
    assert seat_page.completions(session, actor, "auction ") == ["auction 120"]
    assert seat_page.pad(session, actor, "auction ") == {"send": False, "next": False}
    assert seat_page.pad(session, actor, "auction 3") == {"send": True, "next": False}
    assert seat_page.pad(session, actor, "auction x") is None  # not a number: no pad
    waiting = next(p for p in session.players if p != actor)
    assert seat_page.pad(session, waiting, "auction ") is None
    assert {"pad", "back", "next_word"} <= set(seat_page.words())
