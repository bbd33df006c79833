"""Issue 32 item 5 in Congo Line: a seat taps a roll die by die, no phone keyboard needed."""

from __future__ import annotations

from referee.games.congo_line.state import DICE, FACES
from referee.play import offers
from referee.play.session import Session

from .helpers import BOARD, GAME, started


def test_a_roll_is_offered_face_by_face_for_each_of_the_four_dice__the_flow_rolling_four_dice() -> (
    None
):
    """ゲームの流れ (ダイスを４つ振る) and the dice (カラーダイス ４): four dice of six
    colours, a chance input: each die's faces are listed, so a seat taps the roll die by
    die, and the roll tapped is the move the table types in one word (`roll yybb`)."""
    state = started()
    options = GAME.options(state)
    assert options.verbs == ("roll",)
    assert options.args["roll"] == (tuple(FACES),) * DICE
    session = Session.new("congo-line", list(state.players), "standard", BOARD)
    session.states = [state]
    now = offers.of(session)
    tapped = ["roll"]
    for face in ("yellow", "yellow", "blue", "blue"):
        assert now.words(tapped) == list(FACES)
        tapped.append(face)
    assert now.verdict(tapped) == "accepted"
    actor = options.actor
    assert actor is not None
    assert GAME.parse(state, actor, tapped) == GAME.parse(state, actor, ["roll", "yybb"])
