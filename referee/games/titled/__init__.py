"""An 18xx title described in a file (tables/titles/*.toml): its description and its banker."""

from referee.core.gamespec import GameSpec

SPEC = GameSpec(
    name="18xx",
    game=f"{__name__}.game:Titled",
    page=f"{__name__}.page",
    citations=f"{__name__}.citations",
)


# What `referee title` (referee/cli/title.py) asks of the titles: loaded only when asked.
def check_title(file: str) -> str:
    """What the title description `file` (or a shipped title's name) holds; RefereeError if it
    is no title."""
    from referee.games.titled.describe import load_title
    from referee.games.titled.summary import summary

    return summary(load_title(file))


def list_titles() -> str:
    """The titles shipped with referee, one a line."""
    from referee.games.titled.describe import load_title, shipped
    from referee.games.titled.summary import listing

    return listing([load_title(name) for name in shipped()], shipped())
