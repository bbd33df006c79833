"""Rule citations in both languages: each game's table of the sections its code cites.

A RuleError names its rule by the heading as written in the game's rules file
(../shared/rules/GAME.ja.txt); that is the Japanese citation. The English one is written here
by us, faithful to the heading. `cite` renders a rule in the language in force; a rule that is
not a section of any game (the frame's own: "session", "end of game") is a message of the
catalog. tests/i18n/test_citations.py holds the tables to the code (every section the games
cite is here) and to the rules files (every heading here is in its file).
"""

from __future__ import annotations

import re

from referee.i18n import N_, _, language

# game -> {heading as in the rules file: English heading}
SECTIONS: dict[str, dict[str, str]] = {
    "congo-line": {
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
    },
    "express01": {
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
    },
    "lost-atlas": {
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
            "■20 Operating action 7 continued: forced train purchase"
            " (beware: bankruptcy is possible)"
        ),
        "■21 経営ラウンド:パス,次の会社へ": "■21 Operating round: pass, on to the next company",
        "■22 合併ラウンド": "■22 Merger round",
        "■23 列車の輸出": "■23 Exporting trains",
        "■24 ラウンド/サイクルカウンターを進める": "■24 Advancing the round/cycle counter",
        "■25 ゲームの終了": "■25 End of the game",
        "■26 マイナー会社の能力": "■26 Abilities of the minor companies",
    },
    "railroad-rivals": {
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
    },
    "union-station": {
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
    },
}

# Other ways the code names a section: (game, rule as cited) -> heading of SECTIONS[game].
ALIASES: dict[tuple[str, str], str] = {
    ("lost-atlas", "lost-atlas §26 Resourceful"): "■26 マイナー会社の能力",
}

# An 18xx title states its rules as keys of its description (referee/games/titled/rules.py
# `key`: "1889 phases.3.train_limit"); a citation says the rule in words, the key after it.
# Keys by their pattern: a phase, a private or a train in the key is a `*`.
TITLE_KEYS: dict[str, str] = {
    "market": N_("the stock market"),
    "operating.emergency_from_companies": N_("a president's help toward a train"),
    "operating.first_round_private_sales": N_("privates sold in the first operating round"),
    "operating.first_turn_tile_lays": N_("tile lays in a company's first turn"),
    "operating.full_cities_block": N_("a city full of other companies' stations blocks a route"),
    "operating.sell_more_than_needed": N_("a president's sales for a train beyond the need"),
    "operating.must_buy_train": N_("a company must own a train"),
    "operating.payouts": N_("paying out or withholding"),
    "operating.private_price_percent": N_("the price a company pays for a private"),
    "operating.tile_lays": N_("tile lays per turn"),
    "operating.train_price_between_companies": N_("the price of a train between companies"),
    "operating.upgrade_is_the_only_lay": N_("an upgrade as the turn's only lay"),
    "phases.*.bank_trains_per_turn": N_("trains from the bank per turn in the phase"),
    "phases.*.private_sales_between_players": N_("privates sold between players in the phase"),
    "phases.*.privates_for_sale": N_("privates for sale in the phase"),
    "phases.*.tiles": N_("the tiles of the phase"),
    "phases.*.train_limit": N_("the train limit of the phase"),
    "players.certificate_limit": N_("the certificate limit"),
    "privates.*.company_may_buy": N_("a company may buy the private"),
    "privates.*.exchange_from": N_("where the private's exchange comes from"),
    "privates.*.exchanges_for": N_("what the private exchanges for"),
    "privates.*.extra_lay": N_("the private's extra tile lay"),
    "privates.*.free_station_on": N_("the private's free station"),
    "privates.*.train_discount": N_("the private's train discount"),
    "shares.first_sale": N_("the first sale of shares"),
    "shares.holding_limit": N_("the holding limit"),
    "shares.multiple_buy_from": N_("buying several shares in a turn"),
    "shares.pool_limit": N_("the bank pool's limit"),
    "shares.president_may_leave": N_("a president giving up the presidency"),
    "shares.rebuy_after_selling": N_("buying back after selling"),
    "shares.sell_buy_order": N_("the order of selling and buying"),
    "shares.sell_in_blocks": N_("selling shares in blocks"),
    "title.map": N_("the map"),
    "trains.*.loses_a_train_run": N_("a train's run lost when the train is first bought"),
    "trains.*.obsolete_on": N_("obsolete trains"),
    "trains.*.trade_in": N_("trading in a train"),
}
_TITLE_KEY = re.compile(r"^(?P<title>\S+) (?P<key>[a-z_]+(?:\.[\w&+-]+)*)$")


def title_key(rule: str) -> str:
    """An 18xx title's key as a citation says it (`1889 the train limit of the phase
    (phases.3.train_limit)`); '' if `rule` is no title's key."""
    found = _TITLE_KEY.match(rule)
    if not found:
        return ""
    key = found["key"]
    parts = key.split(".")
    pattern = (
        ".".join([parts[0], *("*" for _p in parts[1:-1]), parts[-1]]) if len(parts) > 2 else key
    )
    if pattern not in TITLE_KEYS:
        return ""
    return _("{title} {words} ({key})").format(
        title=found["title"], words=_(TITLE_KEYS[pattern]), key=key
    )


# The frame's own "rules" (not sections of a rules file): catalog messages.
FRAME_RULES = (N_("session"), N_("end of game"))


def _english() -> dict[str, str]:
    """Every heading (and alias) of every game -> its English heading. The same heading in
    two games reads the same in English (tested), so a citation needs no game to render."""
    table: dict[str, str] = {}
    for sections in SECTIONS.values():
        table.update(sections)
    for (game, alias), heading in ALIASES.items():
        table[alias] = SECTIONS[game][heading]
    return table


def _japanese() -> dict[str, str]:
    return {alias: heading for (_game, alias), heading in ALIASES.items()}


ENGLISH = _english()
JAPANESE = _japanese()


def cite(rule: str) -> str:
    """The rule as the language in force names it: the heading of the rules file in Japanese,
    ours in English; a rule of no game's table through the catalog (or as it is)."""
    if language() == "ja":
        return JAPANESE.get(rule) or (rule if rule in ENGLISH else title_key(rule) or _(rule))
    return ENGLISH.get(rule) or title_key(rule) or _(rule)


def bracket(rule: str, reading: str = "") -> str:
    """`[rule ■7 Stock round 1: ...; reading ...]` in the language in force."""
    note = f"; {reading}" if reading else ""
    return _("[rule {rule}{reading}]").format(rule=cite(rule), reading=note)
