"""Congo Line: rules in /work/shared/rules/congo-line.ja.txt."""

from referee.core.gamespec import GameSpec

SPEC = GameSpec(
    name="congo-line",
    game=f"{__name__}.game:CongoLine",
    page=f"{__name__}.page",
    citations=f"{__name__}.citations",
)
