"""Railroad Rivals (Glenn Drover, Forbidden Games 2018)."""

from referee.core.gamespec import GameSpec

SPEC = GameSpec(
    name="railroad-rivals",
    game=f"{__name__}.game:RailroadRivals",
    page=f"{__name__}.page",
    citations=f"{__name__}.citations",
)
