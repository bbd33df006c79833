"""The sections of the rules file (railroad-rivals.ja.txt) by their headings, for RuleError,
and the numbers the rules print."""

from __future__ import annotations

from typing import Any

from referee.core.rules_kit import Judge
from referee.i18n import _

from .phases import actor_of, phase_text
from .state import (
    BID,
    CUBES,
    DELIVER,
    DRAFT,
    ORDER,
    PLACE,
    REVEAL,
    START,
    START_CUBES,
    State,
)

R_SETUP = "準備"
R_BID = "タイルの補充とターン順のビッド"
R_DRAFT = "タイルのドラフト"
R_PLACE = "都市タイルの配置"
R_DELIVER = "貨物の配送"
R_SHORTAGE = "都市タイルの不足"
R_END = "ゲーム終了"
R_DROPBACK = "ビッドの選択ルール"
R_TWO = "2人ゲーム変更点"
R_HOTEL = "ホテルと給水塔: ホテル"
R_TOWER = "ホテルと給水塔: 給水塔"

BAG = (16, 10, 10, 10)  # §準備 3: wood 16, then grain, coal, iron 10 each
START_SCORE, SCORE_STEP = 6, 2  # §準備 6
DELIVERY_POINTS = (3, 2, 1)  # §貨物の配送 1: first, second, third and later cube of a colour
LINK_OWNER_POINTS = 2  # §貨物の配送 2
HOTEL_POINTS = 1  # §ホテル
TWO_PLAYER_CITY_REMOVED = 6  # §2人ゲーム変更点
TWO_PLAYER_COLOUR = "cargo"  # §2人ゲーム変更点: every cube counts as the same colour


def phase_rule(state: State) -> str:
    return {
        START: R_SETUP,
        START_CUBES: R_SETUP,
        ORDER: R_SETUP,
        REVEAL: R_BID,
        BID: R_BID,
        DRAFT: R_DRAFT,
        PLACE: R_PLACE,
        CUBES: R_PLACE,
        DELIVER: R_DELIVER,
    }.get(state.phase, R_END)


def expect(state: State, move: Any, phases: tuple[str, ...], judge: Judge) -> None:
    """The move belongs to this phase (a fact) and to this player (a rule)."""
    judge.fact(
        state.phase in phases,
        _("'{verb}' is not a move now: {phase}").format(
            verb=type(move).__name__.lower(), phase=phase_text(state)
        ),
        phase_rule(state),
    )
    actor = actor_of(state)
    assert actor is not None
    judge.turn(move.actor, actor, phase_rule(state))
