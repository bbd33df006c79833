"""Express 01: rules in /work/shared/rules/express01.ja.txt."""

from referee.core.gamespec import GameSpec

SPEC = GameSpec(
    name="express01",
    game=f"{__name__}.game:Express01",
    page=f"{__name__}.page",
    citations=f"{__name__}.citations",
)
