"""Every table the table asks for fits a terminal of 80 columns, in Japanese and in English
(issue 31 item 5): `status`, `standings` and each view of every game, at positions through each
whole game of tests/scenarios/ and at the start of each game at its largest player count with
long Japanese names. Widths are display widths: a Japanese character takes two columns."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from devtools import scenario
from referee import games
from referee.core import fit
from referee.core.engine import UsageError
from referee.i18n import speaking, width
from referee.play.session import Session
from referee.shell.shell import Shell

SCENARIOS = sorted((Path(__file__).parent.parent / "scenarios").glob("*.txt"))
TITLES = Path(__file__).resolve().parents[2] / "tables" / "titles"
# Five looks at each game: its start, its quarters and its end.
LOOKS = 5
NAMES = [
    "山田太郎",
    "佐藤花子",
    "鈴木一郎",
    "高橋次郎",
    "田中三郎",
    "伊藤四郎",
    "渡辺五郎",
    "中村六郎",
]


def tables(shell: Shell) -> Iterator[tuple[str, str]]:
    """What `status`, `standings` and each view print now, in each language, by name."""
    for lang in ("en", "ja"):
        with speaking(lang):
            for verb in ("status", "standings", *shell.game.views()):
                yield f"{lang} {verb}", shell.run(verb).text


def too_wide(shell: Shell, where: str) -> list[str]:
    return [
        f"{where} {name} ({width(line)} columns): {line}"
        for name, text in tables(shell)
        for line in text.splitlines()
        if width(line) > fit.WIDTH
    ]


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_table_of_a_whole_game_fits_80_columns(path: Path) -> None:
    s = scenario.load(path)
    session = Session.new(s.game, s.players, s.variant, s.board)
    session.settle()
    shell = Shell(session)
    moves = [c for c in s.commands if not c.figures]
    looks = {round(i * (len(moves) - 1) / (LOOKS - 1)) for i in range(LOOKS)}
    wide = too_wide(shell, "start")
    for n, command in enumerate(moves):
        shell.run(command.text)
        if n in looks:
            wide += too_wide(shell, f"after line {command.number}")
    assert not wide, "\n".join(wide[:20])


Setup = tuple[str, str, str, dict[str, object], int]


def _largest(name: str) -> list[Setup]:
    """The setups of game `name` at their largest player count: (id, game, variant, board,
    players); an 18xx title's own largest count, from its file."""
    game = games.get(name)
    if name != "18xx":
        # the board data a scenario of the game enters (Union Station's is not public)
        boards = [s.board for s in map(scenario.load, SCENARIOS) if s.game == name and s.board]
        board = boards[0] if boards else {}
        return [(f"{name}-{v}", name, v, board, game.max_players) for v in game.variants]
    setups = []
    for path in sorted(TITLES.glob("*.toml")):
        with path.open("rb") as f:
            board = tomllib.load(f)
        most = max(int(n) for n in board["players"]["cash"])
        setups.append((path.stem, name, "", board, most))
    return setups


LARGEST = [setup for name in games.names() for setup in _largest(name)]


@pytest.mark.parametrize("setup", LARGEST, ids=[s[0] for s in LARGEST])
def test_every_table_fits_80_columns_at_the_largest_player_count(setup: Setup) -> None:
    _id, game, variant, board, most = setup
    for players in range(most, 1, -1):  # a variant may take fewer (Lost Atlas' micro: 3)
        try:
            session = Session.new(game, NAMES[:players], variant, board)
            break
        except UsageError:
            continue
    session.settle()
    wide = too_wide(Shell(session), "start")
    assert not wide, "\n".join(wide[:20])


def test_a_table_too_wide_goes_into_panels_that_repeat_its_first_column() -> None:
    headers = ["鉄道", *(f"列{n}の長い見出し" for n in range(8))]
    rows = [["黒 (アルトン鉄道)", *range(8)], ["白 (ペンシルバニア鉄道)", *range(8)]]
    text = fit.table(rows, headers)
    assert fit.widest(text) <= fit.WIDTH
    panels = text.split("\n\n")
    assert len(panels) > 1
    assert all(panel.startswith("鉄道") for panel in panels)
    assert all("白 (ペンシルバニア鉄道)" in panel for panel in panels)
    assert all(f"列{n}の長い見出し" in text for n in range(8))  # nothing dropped, in order
    assert [text.index(f"列{n}") for n in range(8)] == sorted(
        text.index(f"列{n}") for n in range(8)
    )


def test_a_table_that_fits_is_tabulates_own() -> None:
    from tabulate import tabulate

    rows = [["A", 1, "x y"], ["B", 22, "z"]]
    assert fit.table(rows, ["player", "n", "notes"]) == tabulate(rows, ["player", "n", "notes"])


def test_a_long_line_of_japanese_breaks_between_characters_never_before_a_closing_mark() -> None:
    line = "シカゴ・ユニオン・ステーション株式会社の特別配当、" * 4 + "おわり。"
    lines = fit.wrap(line)
    assert all(width(part) <= fit.WIDTH for part in lines)
    assert "".join(part.strip() for part in lines) == line
    assert not any(part.strip()[0] in "、。" for part in lines)
    assert all(part.startswith("  ") for part in lines[1:])


def test_a_long_line_of_english_breaks_at_spaces() -> None:
    line = " ".join(["word"] * 30)
    lines = fit.wrap(line, 40)
    assert all(width(part) <= 40 for part in lines)
    assert " ".join(part.strip() for part in lines) == line


def test_a_status_line_breaks_after_its_separator_never_inside_a_name() -> None:
    """A player's name and the status's last part stay whole: the line breaks after " · "."""
    line = "ロングゲーム · サイクル 1/6 · 準備 · 黄フェイズ(最後の列車 2)· 優先プレイヤー 花子"
    assert fit.wrap(line) == [
        "ロングゲーム · サイクル 1/6 · 準備 · 黄フェイズ(最後の列車 2)·",
        "  優先プレイヤー 花子",
    ]


def test_a_short_word_after_a_space_moves_whole_to_the_next_line() -> None:
    lines = fit.wrap("あ" * 35 + " 花子", 74)
    assert lines == ["あ" * 35, "  花子"]
