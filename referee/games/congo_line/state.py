"""The state of a Congo Line game: a sealed draft (referee/core/sealed.py), each move played
on `state.draft()` by the move handlers and sealed before `Game.apply` returns it. The board
(its cities and lines) is data no move changes: frozen, shared by every state."""

from __future__ import annotations

from dataclasses import dataclass, field

from referee.core.engine import DEFAULT_READINGS, Readings
from referee.core.sealed import Sealable
from referee.i18n import N_

# Contents (内容物): four trains, four colour dice, 5 shares of each train's colour. The
# colours are marked for the catalog: shown as the rules say them (赤, 黄, 緑, 青; names.py).
TRAINS: tuple[str, ...] = (N_("red"), N_("yellow"), N_("green"), N_("blue"))
# A die shows a train's colour, or purple or orange (紫ダイスの解決, オレンジダイスの解決).
FACES: tuple[str, ...] = (*TRAINS, N_("purple"), N_("orange"))
DICE = 4
SHARES_PER_TRAIN = 5  # 株（各色） ５
CUBES_PER_PLAYER = 15  # 商品キューブ（各色） １５
START_MONEY = 5  # セットアップ: 各プレイヤーに5Francs
CAPACITY = 5  # 各列車は最大で５つまで積載可能 (five areas of the Train Chart)
LOAD_PER_TRAIN = 3  # プレイヤー最大１つの列車に３つ積める
LEAVE_MIN_GOODS = 3  # 列車は最低でも３つ商品を積むまでは都市から出られない
PAY_PER_GOOD = 2  # 株の価格 = 荷物の数*2; 商品配送: 商品毎2Francs
ORANGE_PRICE = 3  # 株追加購入: 購入価格は3francsで固定
END_CITIES = 7  # ７番目の都市に列車が到着 ... ゲームは終了
START_CITY = "Lubumbashi"
BONUS = {"A": 2, "B": 3, "C": 4}  # New Market Bonus placed at setup on each city class


@dataclass(frozen=True)
class Line:
    """A line from one city to the next, with the printed value of each space in between."""

    start: str
    end: str
    spaces: tuple[int, ...]

    @property
    def name(self) -> str:
        return f"{self.start}>{self.end}"


@dataclass(frozen=True)
class Board:
    cities: dict[str, str]  # city -> class A/B/C (Lubumbashi is not listed); sealed
    lines: tuple[Line, ...]

    def all_cities(self) -> list[str]:
        return [START_CITY, *self.cities]

    def lines_from(self, city: str) -> list[int]:
        return [i for i, line in enumerate(self.lines) if line.start == city]


@dataclass
class Train(Sealable):
    colour: str
    city: str  # the city it stands in; "" while on a line
    line: int = -1  # index into Board.lines while on a line
    step: int = 0  # index of its space on that line
    last_city: str = START_CITY  # where it goes back when it runs empty (紫: 商品損失)
    goods: tuple[str, ...] = ()  # owners of the cubes, left-aligned as on the Train Chart

    @property
    def in_city(self) -> bool:
        return bool(self.city)


@dataclass
class Turn(Sealable):
    player: str
    dice: tuple[str, ...] = ()  # () until the roll is entered
    share_done: bool = False  # the "株を買う／選択する" step is over
    action: str = ""  # "", "load" or "move": the choice of 商品を積む／列車の移動
    loads_left: int = 0
    moved: str = ""  # the train moved by the move action (for 追加移動)
    purple_left: int = 0
    orange_left: int = 0
    loaded: dict[str, int] = field(default_factory=dict)  # cubes this player loaded, by train
    pending_auto: tuple[str, ...] = ()  # trains still to be auto-moved (自動移動)
    # Reading auto-move=on-leaving: the mover's move (train, line, spaces), carried out once
    # the trains due an auto-move have moved.
    held: tuple[str, int, int] | None = None

    @property
    def colours(self) -> int:
        """出た色の数: every distinct face counts, purple and orange too (they are colours)."""
        return len(set(self.dice))

    @property
    def spaces(self) -> int:
        """Dice Action Chart: 1 colour moves 4 spaces ... 4 colours move 1 (load = colours)."""
        return DICE + 1 - self.colours


@dataclass
class State(Sealable):
    players: tuple[str, ...]
    board: Board
    phase: str  # "shares" (starting shares), "opening" (opening cubes), "play", "over"
    current: int  # index of the player to act
    money: dict[str, int]
    shares: dict[str, dict[str, int]]  # player -> train -> number held
    reserve: dict[str, int]  # train -> shares in the reserve
    available: dict[str, int]  # train -> shares in the Available Stock Box
    trains: dict[str, Train]
    bonus: dict[str, int]  # city -> Francs still lying on it (New Market Bonus)
    reached: tuple[str, ...]  # cities reached for the first time, in order
    supply: dict[str, int]  # player -> goods cubes not on a train
    placed: int = 0  # opening cubes placed so far
    turn: Turn | None = None
    turn_number: int = 0
    readings: Readings = DEFAULT_READINGS  # where the rules are open, the table's choices
    # Turns typed before their place in the clockwise order came (`as NAME`, session.py): who
    # has had their turn early (skipped when it comes), turns begun early and set aside, and
    # while such a move is made, the index of the player whose turn is held for them.
    early: tuple[str, ...] = ()
    aside: list[Turn] = field(default_factory=list)
    back: int = -1

    @property
    def player(self) -> str:
        return self.players[self.current]

    def held(self, player: str) -> int:
        return sum(self.shares[player].values())
