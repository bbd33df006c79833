"""The final tally (§ゲーム終了): the score track plus every stock tile at its railroad's price."""

from __future__ import annotations

from referee.core.engine import Standing
from referee.core.rules_kit import ranked
from referee.i18n import N_

from .state import State


def stock_values(state: State, player: str) -> list[int]:
    """A player's stock tiles at their railroads' prices, highest first."""
    return sorted((state.prices.get(r, 0) for r in state.stocks[player]), reverse=True)


def standings(state: State) -> list[Standing]:
    """§ゲーム終了: the highest total wins; a tie goes to the player with the highest stock tile,
    then the next highest, and so on. Players still equal share the place."""
    values = {p: stock_values(state, p) for p in state.players}
    width = max((len(v) for v in values.values()), default=0)
    # The rules are silent on unequal holdings: a missing tile compares as a tile worth 0.
    padded = {p: tuple(v + [0] * (width - len(v))) for p, v in values.items()}
    totals = {p: state.scores.get(p, 0) + sum(values[p]) for p in state.players}
    rows = [
        Standing(
            p,
            totals[p],
            {
                N_("track"): state.scores.get(p, 0),
                N_("stock value"): sum(values[p]),
                N_("stocks"): " ".join(state.stocks[p]),
            },
        )
        for p in state.players
    ]
    return ranked(rows, key=lambda s: (s.score, padded[s.player]))
