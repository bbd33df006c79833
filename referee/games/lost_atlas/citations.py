"""The headings of /work/shared/rules/lost-atlas.ja.txt that the code cites, with the English
we give each: a RuleError names its rule by the heading as written there (core/citations.py)."""

from __future__ import annotations

SECTIONS: dict[str, str] = {
    "■1 ゲームの概要と主な概念": "■1 Overview of the game and its main ideas",
    "■2 コンポーネント": "■2 Components",
    "■3 準備": "■3 Setup",
    "■3 準備 (マップの作成)": "■3 Setup (building the map)",
    "■4 さらに概念:株券のしくみ": "■4 More ideas: how share certificates work",
    "■4 持ち株の制限": "■4 Limits on shares held",
    "■4 銀行に株を売る(株式の発行)": "■4 Selling shares to the bank (issuing shares)",
    "■5 サイクルとフェイズ": "■5 Cycles and phases",
    "■6 ゲームスタート:株式ラウンド": "■6 Starting the game: the stock round",
    "■7 株式ラウンド1:マイナー会社の競りと会社の設立": (
        "■7 Stock round 1: auctions of minor companies and founding companies"
    ),
    "■8 株式ラウンド2:株式の購入": "■8 Stock round 2: buying shares",
    "■9 株式ラウンド3:株式の売却": "■9 Stock round 3: selling shares",
    "■10 株式ラウンド4:株式ラウンドの終了と株価上昇": (
        "■10 Stock round 4: end of the stock round and price rises"
    ),
    "■11 経営ラウンド": "■11 Operating round",
    "■12 経営アクション1:(任意)新規設立されたマイナー会社が列車を1台購入する": (
        "■12 Operating action 1: (optional) a newly founded minor company buys one train"
    ),
    "■12 列車の保有上限": "■12 Train limit",
    "■13 経営アクション2:(任意)株式の発行または買戻し": (
        "■13 Operating action 2: (optional) issuing or buying back shares"
    ),
    "■14 経営アクション3:線路タイルの敷設": "■14 Operating action 3: laying track tiles",
    "■14 アップグレードの条件": "■14 Conditions for an upgrade",
    "■14 新ヘックスへの到達": "■14 Reaching a new hex",
    "■15 経営アクション4:(任意)駅トークンの配置": (
        "■15 Operating action 4: (optional) placing a station token"
    ),
    "■16 経営アクション5:(可能なら)列車の運行": (
        "■16 Operating action 5: (if possible) running trains"
    ),
    "■17 経営アクション6:収益の分配": "■17 Operating action 6: distributing the revenue",
    "■18 経営アクション7:列車購入": "■18 Operating action 7: buying trains",
    "■19 フェイズの変更": "■19 Phase changes",
    "■20 経営アクション7の続き:列車の強制購入(注意:破産の可能性あり)": (
        "■20 Operating action 7 continued: forced train purchase (beware: bankruptcy is possible)"
    ),
    "■21 経営ラウンド:パス,次の会社へ": "■21 Operating round: pass, on to the next company",
    "■22 合併ラウンド": "■22 Merger round",
    "■23 列車の輸出": "■23 Exporting trains",
    "■24 ラウンド/サイクルカウンターを進める": "■24 Advancing the round/cycle counter",
    "■25 ゲームの終了": "■25 End of the game",
    "■26 マイナー会社の能力": "■26 Abilities of the minor companies",
}

# Other ways the code cites a section -> its heading in SECTIONS.
ALIASES: dict[str, str] = {
    "lost-atlas §26 Resourceful": "■26 マイナー会社の能力",
}
KEYS: dict[str, str] = {}  # its rules are sections of its rules file, not keys
