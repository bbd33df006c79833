"""The sections of the rules file (union-station.ja.txt) that moves are judged by."""

from __future__ import annotations

SETUP_RULE = "準備"
AUCTION_RULE = "最初のオークション"
FLOW_RULE = "ゲームの流れ"
BUY_RULE = "株式の購入"
SELL_RULE = "株式の売却"
