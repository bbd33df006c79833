"""The sections of ../shared/rules/express01.ja.txt that RuleErrors name, and the end limits."""

SETUP = "ゲームの準備"
AID = "政府補助金"
TURN = "ターン進行"
EXPAND = "a) 鉄道網拡張"
ACQUIRE = "b)株獲得"
BONUS = "c)ボーナス支払い"
POSITION = "d) ポジション変更"
END = "ゲーム終了"
LOCO = "「黒機関車」"
CARDS = "カード説明"

# ゲーム終了: (base cards replaced, decks empty) that end the game, per variant
LIMITS = {"short": (12, 3), "long": (24, 4)}
