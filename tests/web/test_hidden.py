"""The page shows only what the physical table shows: two games that differ only in what is
hidden (the cards in a hand, the order of a face-down deck) give the same page."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from referee.core.gamespec import page as view_of
from referee.play.session import Session
from referee.web import view
from tests.web.conftest import ONE_OF_EACH, played


def _board_part(session: Session, state: Any) -> str:
    """Everything the page draws from the state except the charts (which come from history)."""
    game_view = view_of(session.game.name)
    copy = replace(session, states=[*session.states[:-1], state])
    panels = game_view.panels(copy, state)
    return "\n".join(
        [view.standings_html(copy), *(html for _, html in panels), *game_view.ending(copy, state)]
    )


def test_express01_hands_show_as_counts_only() -> None:
    # Express 01 §準備: the route cards are dealt secretly (秘密裏に) to each hand.
    session = played(ONE_OF_EACH["express01"], upto=8)
    state = session.state
    player = next(p for p in state.players if state.hand_size(p) >= 2)
    hand = dict(state.hands[player])
    assert len(hand) >= 1
    # The same number of cards, from other decks: only the player knows the difference.
    other = (
        {"c1": state.hand_size(player)} if "c1" not in hand else {"te1": state.hand_size(player)}
    )
    hidden_differs = replace(state, hands={**state.hands, player: other})
    assert _board_part(session, state) == _board_part(session, hidden_differs)
    assert str(state.hand_size(player)) in _board_part(session, state)


def test_union_station_offer_deck_shows_its_size_only() -> None:
    # Union Station: the offer deck is face down; the table sees how many shares, not which.
    session = played(ONE_OF_EACH["union-station"], upto=40)
    state = session.state
    deck = list(state.deck)
    i, j = next((a, b) for a in range(len(deck)) for b in range(len(deck)) if deck[a] != deck[b])
    deck[i], deck[j] = deck[j], deck[i]
    hidden_differs = replace(state, deck=tuple(deck))
    assert _board_part(session, state) == _board_part(session, hidden_differs)
    assert f"{sum(state.deck)} cards face down" in _board_part(session, state)


def test_railroad_rivals_city_tiles_in_hand_show_as_counts() -> None:
    # Railroad Rivals 準備 4: each player's city tiles are seen by that player only.
    session = played(ONE_OF_EACH["railroad-rivals"], upto=6)
    snap = session.game.snapshot(session.state)
    page = _board_part(session, session.state)
    assert "city tiles in hand" in page
    for player, count in snap["hidden_city_tiles"].items():
        assert f"<td>{player}</td>" in page or f'<td data-label="player">{player}</td>' in page
        assert f'<td data-label="city tiles in hand">{count}</td>' in page
