"""How a move is judged: a forced move skips the checks whose effect can still be computed."""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine import RuleError
from referee.games.union_station.state import State

SETUP_RULE = "準備"
AUCTION_RULE = "最初のオークション"
FLOW_RULE = "ゲームの流れ"
BUY_RULE = "株式の購入"
SELL_RULE = "株式の売却"


@dataclass(frozen=True)
class Judge:
    forced: bool

    def require(self, ok: bool, reason: str, rule: str, legal: str = "") -> None:
        if not ok and not self.forced:
            raise RuleError(reason, rule, legal)


def impossible(reason: str, rule: str, legal: str = "") -> RuleError:
    return RuleError(reason, rule, legal, computable=False)


def seat_of(state: State, name: str) -> int:
    return state.players.index(name)
