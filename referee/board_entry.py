"""`referee board GAME`: show the stored board data, or walk the players through entering it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
import tomli_w

from referee import config, games
from referee.engine import UsageError


def board_command(game_name: str, enter: bool, from_file: Path | None) -> None:
    game = games.get(game_name)
    fields = game.board_fields()
    if not fields:
        click.echo(f"{game.title} needs no board data: everything it uses is public.")
        return
    if from_file is not None:
        board = game.check_board(config.read_board_file(from_file))
        click.echo(f"board data for {game.name} saved in {config.save_board(game.name, board)}")
        return
    if enter:
        enter_board(game.name)
        return
    stored = config.load_board(game.name)
    if stored is None:
        click.echo(f"No board data stored for {game.title} yet. It needs:")
        for f in fields:
            click.echo(f"  {f.key}: {f.prompt} (e.g. {f.example})")
        click.echo(f"Enter it with `referee board {game.name} --enter`, or --from FILE.")
        return
    click.echo(f"# {config.board_path(game.name)}")
    click.echo(tomli_w.dumps(stored).rstrip())


def enter_board(game_name: str) -> dict[str, Any]:
    """Ask each field until the whole board checks; store it and return it."""
    game = games.get(game_name)
    click.echo(f"{game.title}: a few facts printed on your board, asked once and stored.")
    answers: dict[str, Any] = {}
    for f in game.board_fields():
        # An empty answer is allowed here: the game says which fields it cannot do without.
        answer = click.prompt(f"{f.prompt} (e.g. {f.example})", default="", show_default=False)
        answers[f.key] = answer.strip()
    try:
        board = game.check_board(answers)
    except UsageError as e:
        raise UsageError(f"the board data was not stored: {e}") from None
    path = config.save_board(game.name, board)
    click.echo(f"saved in {path}; change it with `referee board {game.name} --enter`")
    return board
