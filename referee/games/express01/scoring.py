"""Capital (資産): for the government aid each round and for the final standings."""

from __future__ import annotations

from dataclasses import dataclass

from referee.core.engine import Standing
from referee.core.rules_kit import ranked
from referee.games.express01.state import State
from referee.i18n import N_, NP_

LOCO_CAPITAL = 2  # 「黒機関車」: an unused black locomotive is worth 2


@dataclass(frozen=True)
class Capital:
    hand: int  # 1 per hand card (活動資本)
    shares: int  # each share worth its company's stations on the board
    pairs: int  # 1 per pair of unlike base cards: one route + one station card
    loco: int  # 2 for the unused black locomotive
    share_count: int  # shares of any company: the first tie-break

    @property
    def total(self) -> int:
        return self.hand + self.shares + self.pairs + self.loco


def capital(state: State, player: str) -> Capital:
    bases = state.bases[player]
    station_bases = sum(1 for b in bases if b in state.station_bases)
    route_bases = len(bases) - station_bases
    return Capital(
        hand=state.hand_size(player),
        shares=sum(n * state.stations(c) for c, n in state.shares[player].items()),
        pairs=min(route_bases, station_bases),
        loco=LOCO_CAPITAL if state.loco == player else 0,
        share_count=sum(state.shares[player].values()),
    )


def aid_receiver(state: State) -> str:
    """政府補助金: the lowest capital; a tie goes to the lower position number."""
    return min(state.players, key=lambda p: (capital(state, p).total, state.positions[p]))


def standings(state: State) -> list[Standing]:
    """ゲーム終了: most capital wins; a tie goes to more shares; still tied, a shared win."""
    caps = {p: capital(state, p) for p in state.players}
    rows = [
        Standing(
            p,
            c.total,
            {
                N_("hand"): c.hand,
                NP_("express01", "shares"): c.shares,  # the points they score
                N_("pairs"): c.pairs,
                N_("black loco"): c.loco,
                N_("share cards"): c.share_count,
            },
        )
        for p, c in caps.items()
    ]
    return ranked(rows, key=lambda s: (s.score, caps[s.player].share_count))
