"""The headings of /work/shared/rules/railroad-rivals.ja.txt that the code cites, with the English
we give each: a RuleError names its rule by the heading as written there (core/citations.py)."""

from __future__ import annotations

SECTIONS: dict[str, str] = {
    "目的": "Object of the game",
    "準備": "Setup",
    "ゲーム進行": "Course of the game",
    "タイルの補充とターン順のビッド": "Refilling the tiles and bidding for turn order",
    "タイルのドラフト": "Drafting tiles",
    "都市タイルの配置": "Placing city tiles",
    "貨物の配送": "Delivering goods",
    "都市タイルの不足": "Running short of city tiles",
    "ゲーム終了": "End of the game",
    "ビッドの選択ルール": "Optional rule for the bidding",
    "2人ゲーム変更点": "Changes for the 2-player game",
    "ホテルと給水塔": "Hotels and water towers",
    "ホテルと給水塔: ホテル": "Hotels and water towers: hotels",
    "ホテルと給水塔: 給水塔": "Hotels and water towers: water towers",
}

ALIASES: dict[str, str] = {}  # the code cites every section by its heading
KEYS: dict[str, str] = {}  # its rules are sections of its rules file, not keys
