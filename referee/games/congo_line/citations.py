"""The headings of /work/shared/rules/congo-line.ja.txt that the code cites, with the English
we give each: a RuleError names its rule by the heading as written there (core/citations.py)."""

from __future__ import annotations

SECTIONS: dict[str, str] = {
    "ゲーム概要": "Overview of the game",
    "内容物": "Components",
    "セットアップ": "Setup",
    "ゲームの流れ": "Flow of the game",
    "株を置く": "Placing shares",
    "株を買う／選択する": "Buying / choosing a share",
    "ダイスアクションの実行": "Carrying out the dice actions",
    "商品を積む／列車の移動": "Loading goods / moving a train",
    "商品を積む／列車の移動 (商品を積む)": "Loading goods / moving a train (loading goods)",
    "商品を積む／列車の移動 (列車の移動)": "Loading goods / moving a train (moving a train)",
    "商品を積む／列車の移動 (自動移動)": "Loading goods / moving a train (automatic moves)",
    "紫ダイスの解決": "Resolving purple dice",
    "オレンジダイスの解決": "Resolving orange dice",
    "収入を得る": "Earning income",
    "ゲームの終了と勝者": "End of the game and the winner",
}

ALIASES: dict[str, str] = {}  # the code cites every section by its heading
KEYS: dict[str, str] = {}  # its rules are sections of its rules file, not keys
