"""The headings of /work/shared/rules/union-station.ja.txt that the code cites, with the English
we give each: a RuleError names its rule by the heading as written there (core/citations.py)."""

from __future__ import annotations

SECTIONS: dict[str, str] = {
    "内容物": "Components",
    "準備": "Setup",
    "最初のオークション": "The first auction",
    "ゲームの流れ": "Flow of the game",
    "株式の購入": "Buying a share",
    "線路の敷設": "Laying track",
    "目的地の都市": "Destination cities",
    "株価の値上がり": "Price rises",
    "株式の売却": "Selling shares",
    "配当": "Dividends",
    "ゲームの終了": "End of the game",
}

ALIASES: dict[str, str] = {}  # the code cites every section by its heading
KEYS: dict[str, str] = {}  # its rules are sections of its rules file, not keys
