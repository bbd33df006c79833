"""Express 01's moves made by taps alone (issue 32 item 5): the options list the words of each
argument wherever they are few, each test naming the heading of ../shared/rules/express01.ja.txt
that says which words are legal; the offers keep only those leading to an accepted move
(tests/test_offers.py checks these positions)."""

from __future__ import annotations

from pathlib import Path

from devtools import scenario
from referee.core.words import argument_slots
from referee.play.session import Session, split
from referee.shell.shell import register_verbs
from referee.web import seat_page

SHORT = (
    Path(__file__).parents[2]
    / "scenarios"
    / "express01-3p-short-three-decks-share-from-display.txt"
)


def before(line: str, path: Path = SHORT) -> Session:
    """The scenario's session just before its move `line` (the first such move)."""
    register_verbs()
    played = scenario.load(path)
    session = Session.new(played.game, played.players, played.variant, played.board)
    session.settle()
    for command in played.commands:
        if command.refusal is not None or command.figures:
            continue
        if command.text == line:
            return session
        session.play(command.text)
    raise AssertionError(f"{line} is not a move of {path.name}")


def slots(session: Session, words: str) -> tuple[tuple[str, ...], ...]:
    verb, *args = words.split()
    return argument_slots(session.game.options(session.state), verb, args)


def tapped(session: Session, line: str) -> bool:
    """Whether the seat of whoever acts offers `line` word by word: each word leading on, the
    last as a whole move."""
    player, words = session.actor(), split(line)
    assert player is not None
    typed = ""
    for i in range(len(words)):
        last = i == len(words) - 1
        want = " ".join(words[: i + 1]) + ("" if last else " ")
        if want not in seat_page.completions(session, player, typed):
            return False
        typed = want
    return True


def test_the_order_offers_the_other_names_after_the_first__rule_ゲームの準備() -> None:
    """ゲームの準備: the names from position 1, the last one left out; no name twice."""
    session = before("order C A")
    assert slots(session, "order") == (("A", "B", "C"),)
    assert slots(session, "order C") == (("C",), ("A", "B"))
    assert tapped(session, "order C A")


def test_four_players_order_is_offered_without_a_name_twice__rule_ゲームの準備(new) -> None:
    """ゲームの準備: one position each; of four players the third name is one of the two left
    (a name given twice is refused by the rule, so the offers drop it)."""
    register_verbs()
    session = new(players="A,B,C,D")
    assert seat_page.completions(session, "A", "order C A ") == ["order C A B", "order C A D"]


def test_a_station_offers_its_printed_bonus__rule_カード説明() -> None:
    """カード説明: a station's bonus printed top right, `+1` as typed (its values not public)."""
    session = before("lay 27 through green +1")
    assert slots(session, "lay")[3] == tuple(f"+{n}" for n in range(1, 10))
    assert tapped(session, "lay 27 through green +1")


def test_a_share_offers_pay_and_the_cards_of_the_hand__rule_b_株獲得() -> None:
    """b)株獲得: the price is the company's stations; paid with cards of the hand (or the
    black locomotive held): `pay` and one card of the hand for each station."""
    session = before("buy green r1 pay r3 r3")
    price = session.state.stations("green")
    player = session.actor()
    assert player is not None
    held = tuple(d for d, n in session.state.hands[player].items() if n)
    after = slots(session, "buy green")[2:]
    assert after[0] == ("pay",) and len(after) == 1 + price
    loco = {"black"} if session.state.loco == player else set()
    assert all(set(cards) == set(held) | loco for cards in after[1:])
    assert tapped(session, "buy green r1 pay r3 r3")
    assert tapped(before("buy green C pay r3 r3"), "buy green C pay r3 r3")


def test_a_run_offers_the_station_cards__rule_c_ボーナス支払い() -> None:
    """c)ボーナス支払い: the route as the board cards of its stations, in order."""
    session = before("run green 20 27")
    stations = tuple(str(s.number) for s in session.state.board if s.station)
    assert slots(session, "run green")[1:] == (stations,) * len(stations)
    assert tapped(session, "run green 20 27")


def test_a_payment_offers_each_taker_in_turn__rule_c_ボーナス支払い() -> None:
    """c)ボーナス支払い: the cards are taken in the payment's order; the first taker may name
    each taker before their card, in that order."""
    session = before("take C c1 A c2 B c3")
    live = tuple(d for d, n in session.state.decks.items() if n)
    assert session.state.payout == ("C", "A", "B")
    assert slots(session, "take C") == (("C",), live, ("A",), live, ("B",), live)
    assert tapped(session, "take C c1 A c2 B c3")


def test_every_move_of_a_short_game_is_made_by_taps() -> None:
    """Issue 32 item 5: no typing at the seat: every move of a short game (tests/scenarios),
    offered word by word to whoever acts."""
    register_verbs()
    played = scenario.load(SHORT)
    session = Session.new(played.game, played.players, played.variant, played.board)
    session.settle()
    typed = []
    for command in played.commands:
        if command.refusal is not None or command.figures:
            continue
        if not tapped(session, command.text):
            typed.append(command.text)
        session.play(command.text)
    assert typed == []
