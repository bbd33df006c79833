"""`referee board GAME`: show the stored board data, or walk the players through entering it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
import tomli_w

from referee import games
from referee.core.engine import BoardField, UsageError
from referee.core.words import clip_echoes
from referee.i18n import _
from referee.store import config


def board_command(game_name: str, enter: bool, from_file: Path | None) -> None:
    game = games.get(game_name)
    fields = game.board_fields()
    if not fields:
        click.echo(
            _("{title} needs no board data: everything it uses is public.").format(
                title=game.shown_title
            )
        )
        return
    if from_file is not None:
        board = game.check_board(config.read_board_file(from_file))
        path = config.save_board(game.name, board)
        click.echo(_("board data for {game} saved in {path}").format(game=game.name, path=path))
        return
    if enter:
        enter_board(game.name)
        return
    stored = config.load_board(game.name)
    if stored is None:
        click.echo(
            _("No board data stored for {title} yet. It needs:").format(title=game.shown_title)
        )
        for f in fields:
            example = example_text(f)
            click.echo(f"  {f.key}: {_(f.prompt)} {example}")  # marked N_ by the game
        click.echo(
            _("Enter it with `referee board {game} --enter`, or --from FILE.").format(
                game=game.name
            )
        )
        return
    click.echo(f"# {config.board_path(game.name)}")
    click.echo(tomli_w.dumps(stored).rstrip())


def enter_board(game_name: str) -> dict[str, Any]:
    """Ask each field, checking each answer as it is typed, until the whole board checks;
    store it and return it. Nothing answered is thrown away: a board that does not check as a
    whole is asked again with the answers given as defaults."""
    game = games.get(game_name)
    click.echo(
        _("{title}: a few facts printed on your board, asked once and stored.").format(
            title=game.shown_title
        )
    )
    answers: dict[str, str] = {}
    problem = ""
    while True:
        for f in game.board_fields():
            answers[f.key] = ask(f, answers, problem)
        try:
            board = game.check_board(answers)
        except UsageError as e:
            problem = clip_echoes(str(e))
            click.echo(
                _("referee: {problem}; the answers again (Enter keeps one):").format(
                    problem=problem
                )
            )
            continue
        path = config.save_board(game.name, board)
        click.echo(
            _("saved in {path}; change it with `referee board {game} --enter`").format(
                path=path, game=game.name
            )
        )
        return board


def ask(field: BoardField, answers: dict[str, str], problem: str = "") -> str:
    """One answer, asked until the field's own check accepts it (an empty answer is left for
    the game to judge with the whole board: some fields are optional)."""
    while True:
        answer = _prompt(field, answers.get(field.key, ""), problem)
        if not answer or field.check is None:
            return answer
        try:
            field.check(answer, answers)
        except UsageError as e:
            problem = clip_echoes(str(e))
            click.echo(_("referee: {problem}; try again").format(problem=problem))
            continue
        return answer


def example_text(field: BoardField) -> str:
    """`(e.g. …)` for a field: an example in words is a message (`N_`), a number stays."""
    return _("(e.g. {example})").format(example=_(field.example) if field.example else "")


def _prompt(field: BoardField, default: str, problem: str) -> str:
    try:
        answer = click.prompt(
            f"{_(field.prompt)} " + example_text(field),
            default=default,
            show_default=bool(default),
        )
    except click.Abort as e:
        # The input ended (a pipe) after a refused answer: that answer is the error.
        if problem and isinstance(e.__context__, EOFError):
            raise UsageError(
                _("the board data was not stored: {problem}").format(problem=problem)
            ) from None
        raise
    return str(answer).strip()
