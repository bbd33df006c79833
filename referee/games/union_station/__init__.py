"""Union Station (Travis D. Hill): rules in /work/shared/rules/union-station.ja.txt."""

from referee.core.gamespec import GameSpec

SPEC = GameSpec(
    name="union-station",
    game=f"{__name__}.game:UnionStation",
    page=f"{__name__}.page",
    citations=f"{__name__}.citations",
)
