"""Station tokens: what the next one placed costs.

A company's tokens not yet placed each have a cost: a title's `companies.X.tokens`, placed in
order; Lost Atlas ■15 the cost printed on the tile (`PRINTED`, typed by the player), with ■22's
token on a merged company's free circle (0) and the table's cost of Expansive's extra one.
"""

from __future__ import annotations

from collections.abc import Sequence

PRINTED = -1  # a token whose cost is printed on the tile: the player types it


def next_cost(costs: Sequence[int], typed: int | None = None) -> int:
    """The cost of the token placed next, of those left (`costs`, not empty): the one `typed`
    if a token of that cost is left, else one whose cost is printed on the tile, else the first."""
    fixed = [c for c in costs if c != PRINTED]
    if typed in fixed:
        assert typed is not None
        return typed
    return PRINTED if PRINTED in costs else fixed[0]
