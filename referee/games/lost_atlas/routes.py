"""The seam where the map and the route search (referee/eighteen/, another branch) plug in.

Until the map is built at the table and the toolkit lands, these return None ("not known"),
and the referee checks only what it can without geometry: the typed revenue against each
train's length. When the map is known:

- `best_revenue(state, company)` returns the best total revenue of the company's trains (the
  route search), and `run` then refuses a typed revenue above it;
- `can_lay(...)`, `can_token(...)` and `connected(...)` answer reachability, the terrain cost,
  the reserved home spot and the merger connection; None means "trust the table".
"""

from __future__ import annotations

from referee.games.lost_atlas.state import Company, State


def best_revenue(state: State, company: Company) -> int | None:
    """Best total revenue of `company`'s trains on the current map; None: map not known."""
    return None


def lay_problem(state: State, company: Company, hex_: str, colour: str, cost: int) -> str | None:
    """Why a tile lay breaks the map rules (reach, terrain cost, tile shape); None: fine or
    not known."""
    return None


def token_problem(state: State, company: Company, hex_: str, cost: int) -> str | None:
    """Why a station token cannot go there (reach, free spot, reserved home, cost)."""
    return None


def connected(state: State, a: Company, b: Company) -> bool | None:
    """Whether a route links a hub of `a` to a hub of `b` (merger, rules ■22); None: unknown."""
    return None
