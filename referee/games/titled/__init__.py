"""An 18xx title described in a file (tables/titles/*.toml): its description and its banker."""

from referee.gamespec import GameSpec

SPEC = GameSpec(
    name="18xx",
    game=f"{__name__}.game:Titled",
    page=f"{__name__}.page",
    citations=f"{__name__}.citations",
    commands={"title": f"{__name__}.cli:title"},
)
