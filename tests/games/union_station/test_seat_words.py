"""Issue 32 item 5: a seat taps its moves. The options list each word a move of Union Station
takes (the shares turned up, the hexes of a lay) and mark the bid as an amount, and what the
seat offers from them is accepted."""

from __future__ import annotations

from referee.games.union_station.railroads import COLOURS
from referee.play.session import Session
from referee.web import seat_page

from .helpers import GAME, OPENING, fixture_board, session

MAP = fixture_board("union-station-fixture-map.toml")


def tapped(s: Session, line: str) -> bool:
    """Whether the seat of the player to move offers `line` word by word, each tap a word
    offered, the last as a whole move."""
    actor = s.actor()
    assert actor is not None
    words = line.split()
    typed = ""
    for i in range(len(words)):
        want = " ".join(words[: i + 1]) + ("" if i == len(words) - 1 else " ")
        if want not in seat_page.completions(s, actor, typed):
            return False
        typed = want
    return True


def test_a_setup_reveal_lists_the_auction_shares_not_named_then_the_deck__rule_準備():
    """準備 6, 7: the five shares of the first auction are one of each railroad, turned up in
    order, then the top of the offer deck (a railroad the deck still holds): one place each."""
    s = session(board=MAP)
    slots = GAME.options(s.state).args["reveal"]
    assert slots == (*(COLOURS,) * 5, COLOURS)
    s.play("reveal black green")
    slots = GAME.options(s.state).args["reveal"]
    assert slots == (*(("blue", "orange", "white"),) * 3, COLOURS)


def test_a_setup_reveal_is_tapped_and_a_railroad_named_twice_is_not_offered__rule_準備():
    s = session(board=MAP)
    assert tapped(s, "reveal black green blue orange white black")
    offered = seat_page.completions(s, "A", "reveal black ")
    assert "reveal black black" not in offered and "reveal black green" in offered


def test_the_top_of_the_deck_lists_the_railroads_the_deck_holds__rule_株式の購入():
    """株式の購入: the next share turned up is one the deck still holds."""
    s = session(board=MAP)
    for line in OPENING[:-1]:
        s.play(line)
    assert GAME.options(s.state).args["reveal"] == (COLOURS,)
    assert tapped(s, OPENING[-1])


def test_a_lay_lists_the_hexes_the_second_disc_may_take__rule_線路の敷設():
    """線路の敷設: the second disc may go beside the first, a hex no disc could take before:
    the options list it, and the seat offers it after the first."""
    s = session(board=MAP)
    for line in OPENING:
        s.play(line)
    first, second = GAME.options(s.state).args["lay"][1:]  # C holds black and white
    assert "B3" not in first and "B3" in second and "CHI" not in second
    assert tapped(s, "lay white A2 B3")
    offered = seat_page.completions(s, "C", "lay white A2 ")
    assert "lay white A2 B3" in offered and "lay white A2 B1" not in offered


def test_the_first_auctions_bid_is_an_amount_with_its_least_bids_listed__rule_最初のオークション():
    """最初のオークション: a bid is at least $5 and more than the high bid: a number typed on the
    seat's number pad, the least bids listed beside it."""
    s = session(board=MAP)
    s.play(OPENING[0])
    options = GAME.options(s.state)
    assert options.amounts == {"bid": (0,)}
    assert options.args["bid"][0][0] == "5"
