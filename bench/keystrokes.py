"""What the typist keys in: the scenario files of every game replayed, with the keys each move
and each turn takes, so that a change of grammar can be judged by the figures it changes.

Run by hand (a measure, not a test), from any checkout, to compare two versions:

    python bench/keystrokes.py [--per-move] [--scenarios DIR]

The scenarios are those of the `referee` package imported (tests/scenarios beside it). A move
is keyed word by word: a word the completer offers (`referee.play.offers.candidates`) costs its
shortest prefix that names it alone among the candidates (`referee.core.words.unique_legal`)
plus one Tab, or its length if that is no shorter; any other word costs its length; then one key
per space and one Enter. A move the referee already made itself (a confirmation: the log does
not grow) costs nothing, since the table need not type it; `!` lines (refused on purpose) and
`=` lines (checks) are not moves. A turn is the moves in a row made by one player.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import referee
from referee.core.words import unique_legal
from referee.play import offers
from referee.play.session import Session, split
from referee.shell.shell import Shell

# The scenario runner is development code (devtools/, not shipped): from this checkout, after
# whatever PYTHONPATH names for referee itself.
sys.path.append(str(Path(__file__).resolve().parent.parent))
from devtools import scenario


@dataclass
class Tally:
    moves: list[int] = field(default_factory=list)  # keys of each typed move
    typed: list[int] = field(default_factory=list)  # characters of each move as written
    turns: list[int] = field(default_factory=list)  # keys of each turn
    automatic: int = 0  # moves the referee made itself


def word_keys(word: str, candidates: list[str]) -> int:
    """The keys for one word: its shortest unique prefix and a Tab, or the word in full."""
    if not any(c.lower() == word.lower() for c in candidates):
        return len(word)
    for k in range(1, len(word)):
        if unique_legal(word[:k], candidates).lower() == word.lower():
            return min(len(word), k + 1)
    return len(word)


def move_keys(session: Session, line: str) -> int:
    words = split(line)
    keys = len(words)  # the spaces between the words, and Enter
    for i, word in enumerate(words):
        try:
            candidates = list(offers.candidates(session, words[:i]))
        except Exception:  # a candidate list that cannot be worked out: the word is typed
            candidates = []
        keys += word_keys(word, candidates)
    return keys


def measure(path: Path) -> tuple[str, Tally]:
    s = scenario.load(path)
    session = Session.new(s.game, s.players, s.variant, s.board)
    if hasattr(session, "settle"):  # versions with automatic moves make them at the setup
        session.settle()
    shell = Shell(session)
    tally = Tally()
    turn_player, turn_keys = None, 0
    for command in s.commands:
        if command.figures or command.refusal is not None:
            continue
        actor = session.actor()
        before = len(session.entries)
        keys = move_keys(session, command.text)
        reply = shell.run(command.text)
        if not reply.ok:
            raise SystemExit(f"{path.name}:{command.number}: {reply.text}")
        if len(session.entries) == before:  # made already, automatically: not typed
            continue
        tally.moves.append(keys)
        tally.typed.append(len(command.text) + 1)
        if actor != turn_player and turn_player is not None:
            tally.turns.append(turn_keys)
            turn_keys = 0
        turn_player, turn_keys = actor, turn_keys + keys
    if turn_keys:
        tally.turns.append(turn_keys)
    tally.automatic = sum(1 for e in session.entries if getattr(e, "auto", False))
    return s.game, tally


def mean(values: list[int]) -> float:
    return statistics.mean(values) if values else 0.0


def main() -> int:
    from referee.shell.shell import register_verbs

    register_verbs()  # the frame's verbs, as the program puts them in force
    here = Path(referee.__file__).resolve().parent.parent / "tests" / "scenarios"
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenarios", type=Path, default=here)
    parser.add_argument("--per-move", action="store_true", help="one line per scenario too")
    args = parser.parse_args()
    games: dict[str, Tally] = defaultdict(Tally)
    print(f"scenarios: {args.scenarios}")
    for path in sorted(args.scenarios.glob("*.txt")):
        game, tally = measure(path)
        if args.per_move:
            print(
                f"  {path.stem:<50} moves {len(tally.moves):>4}  keys/move "
                f"{mean(tally.moves):5.1f}  keys/turn {mean(tally.turns):5.1f}"
            )
        total = games[game]
        total.moves += tally.moves
        total.typed += tally.typed
        total.turns += tally.turns
        total.automatic += tally.automatic
    print(
        f"{'game':<16}{'moves':>7}{'auto':>6}{'chars/move':>12}{'keys/move':>11}"
        f"{'keys/turn':>11}{'max move':>10}"
    )
    for game, t in sorted(games.items()):
        print(
            f"{game:<16}{len(t.moves):>7}{t.automatic:>6}{mean(t.typed):>12.1f}"
            f"{mean(t.moves):>11.1f}{mean(t.turns):>11.1f}{max(t.moves, default=0):>10}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
