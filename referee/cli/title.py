"""`referee title`: the 18xx titles the banker knows, and checking a title description."""

from __future__ import annotations

import sys

import click

from referee.cli.clicktext import TranslatedCommand, TranslatedHelp
from referee.core.errors import RefereeError
from referee.games import titled
from referee.i18n import N_


class TitleGroup(TranslatedHelp, click.Group):
    """`referee title` and its commands, their help read through the catalog."""

    command_class = TranslatedCommand


@click.group(
    "title",
    cls=TitleGroup,
    help=N_("18xx titles described in a file: list the shipped ones, check a description."),
)
def title() -> None:
    """18xx titles described in a file: list the shipped ones, check a description."""


@title.command(
    "check",
    help=N_("Check the title description FILE (or a shipped title's name); say what it holds."),
)
@click.argument("file")
def check(file: str) -> None:
    """Check the title description FILE (or a shipped title's name); say what it holds."""
    try:
        said = titled.check_title(file)
    except RefereeError as e:
        click.echo(f"referee: {e}", err=True)
        sys.exit(e.exit_code)
    click.echo(said)


@title.command("list", help=N_("List the titles shipped with referee."))
def list_titles() -> None:
    """List the titles shipped with referee."""
    click.echo(titled.list_titles())
