"""The headings of /work/shared/rules/express01.ja.txt that the code cites, with the English
we give each: a RuleError names its rule by the heading as written there (core/citations.py)."""

from __future__ import annotations

SECTIONS: dict[str, str] = {
    "ゲームの目的": "Object of the game",
    "ゲームの準備": "Preparing the game",
    "政府補助金": "Government aid",
    "ターン進行": "Course of a turn",
    "a) 鉄道網拡張": "a) Expanding the network",
    "b)株獲得": "b) Acquiring shares",
    "c)ボーナス支払い": "c) Paying bonuses",
    "d) ポジション変更": "d) Changing position",
    "ターン終了": "End of a turn",
    "ラウンド終了": "End of a round",
    "ゲーム終了": "End of the game",
    "「黒機関車」": 'The "black locomotive"',
    "カード説明": "The cards explained",
}

ALIASES: dict[str, str] = {}  # the code cites every section by its heading
KEYS: dict[str, str] = {}  # its rules are sections of its rules file, not keys
