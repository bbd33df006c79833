"""Words shared by the games' sentences for the record (`Game.narrate`): a move's effect.

Presentation only: every function here is pure and reads the states it is given through the
`Game` contract; what it says is in the language in force.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from referee.core.engine import Game
from referee.i18n import _


def spent(game: Game[Any, Any], before: Any, after: Any, player: str) -> int:
    """What `player` paid by the move (negative: what they received); 0 where the game keeps
    no money for them."""
    old, new = game.cash(before, player), game.cash(after, player)
    if old is None or new is None:
        return 0
    return old - new


def cash_change(game: Game[Any, Any], before: Any, after: Any, player: str) -> str:
    """`player`'s money before and after ("Ann 180 → 196"), or "" when it did not change."""
    old, new = game.cash(before, player), game.cash(after, player)
    if old is None or new is None or old == new:
        return ""
    return _("{player}'s money {old} → {new}").format(player=player, old=old, new=new)


def score_change(game: Game[Any, Any], before: Any, after: Any, player: str) -> str:
    """`player`'s score (what the rules rank by) before and after, or "" when unchanged."""
    old = {s.player: s.score for s in game.standings(before)}.get(player)
    new = {s.player: s.score for s in game.standings(after)}.get(player)
    if old is None or new is None or old == new:
        return ""
    return _("{player} scores {old} → {new}").format(player=player, old=old, new=new)


def with_effect(sentence: str, effects: Iterable[str]) -> str:
    """The sentence, then its effects ("...: Ann 180 → 196; ..."), those that say something."""
    said = "; ".join(effect for effect in effects if effect)
    return _("{sentence}: {effect}").format(sentence=sentence, effect=said) if said else sentence


def plainly(game: Game[Any, Any], before: Any, after: Any, by: str, text: str) -> str:
    """A move the game has no sentence for: who made it, the move as typed, the money it moved."""
    said = _("{player}: {move}").format(player=by, move=text)
    return with_effect(said, [cash_change(game, before, after, by)])
