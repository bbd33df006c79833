"""The click command tree and the game registry, as plain data for the generators.

Everything the completions and the man page say comes from here, and everything here comes
from the same objects `--help` and the shell use: the click commands and options (their help
records, exactly as `--help` prints them), the registry's games, and the frame's table of verbs.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass

import click

from referee.i18n import _

# What a value completes to. The completion scripts know how to complete each kind.
GAME = "game"  # a game of the registry
VARIANT = "variant"  # a variant of the game named by the command's game argument
SAVEFILE = "savefile"  # a session file (*.toml)
FILE = "file"  # any file
DIRECTORY = "directory"
CHOICE = "choice"  # one of `choices`
FREE = "free"  # anything: nothing to offer


@dataclass(frozen=True)
class Param:
    name: str
    opts: tuple[str, ...]  # ("-p", "--players"); empty for an argument
    secondary_opts: tuple[str, ...]  # ("--no-color",) for --color/--no-color
    takes_value: bool
    kind: str
    choices: tuple[str, ...]
    metavar: str  # TEXT, FILE, GAME, INTEGER RANGE, ...
    help: str  # as `--help` prints it, with click's extras ([required], [default: ...])
    nargs: int = 1  # -1: all remaining arguments

    @property
    def all_opts(self) -> tuple[str, ...]:
        return self.opts + self.secondary_opts


@dataclass(frozen=True)
class Command:
    name: str  # "" for the group itself
    usage: str  # "referee new [OPTIONS] GAME"
    help: str  # the full help text, cleaned, as `--help` starts from
    short_help: str  # the line `referee --help` shows in its command list
    options: tuple[Param, ...]
    arguments: tuple[Param, ...]


@dataclass(frozen=True)
class VerbInfo:
    name: str
    usage: str
    summary: str


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    min_players: int
    max_players: int
    variants: tuple[tuple[str, str], ...]  # (name, description), in the game's order
    default_variant: str
    verbs: tuple[VerbInfo, ...]
    board_fields: tuple[tuple[str, str], ...]  # (key, question)


def _kind(param: click.Parameter) -> str:
    from referee.cli.main import GameName, SaveFile, VariantName

    t = param.type
    if isinstance(t, GameName):
        return GAME
    if isinstance(t, VariantName):
        return VARIANT
    if isinstance(t, SaveFile):
        return SAVEFILE
    if isinstance(t, click.Path):
        return FILE if t.file_okay else DIRECTORY
    if isinstance(t, click.Choice):
        return CHOICE
    return FREE


def _as_shown(opts: list[str]) -> tuple[str, ...]:
    """Short options first, as click's help lists them (`-p, --players`)."""
    return tuple(sorted(opts, key=lambda opt: len(opt) - len(opt.lstrip("-/+"))))


def _metavar(param: click.Parameter, ctx: click.Context) -> str:
    try:
        return param.make_metavar(ctx)  # click >= 8.2
    except TypeError:
        return param.make_metavar()  # type: ignore[call-arg]  # click 8.1


def _param(param: click.Parameter, ctx: click.Context) -> Param:
    choices = tuple(str(c) for c in getattr(param.type, "choices", ()) or ())
    if isinstance(param, click.Option):
        record = param.get_help_record(ctx)
        help_text = record[1] if record and record[1] else ""
        takes_value = not (param.is_flag or param.count)
        return Param(
            name=param.name or "",
            opts=_as_shown(param.opts),
            secondary_opts=_as_shown(param.secondary_opts),
            takes_value=takes_value,
            kind=_kind(param) if takes_value else FREE,
            choices=choices if takes_value else (),
            metavar=_metavar(param, ctx) if takes_value else "",
            help=help_text,
        )
    return Param(
        name=param.name or "",
        opts=(),
        secondary_opts=(),
        takes_value=True,
        kind=_kind(param),
        choices=choices,
        metavar=_metavar(param, ctx),
        help="",
        nargs=param.nargs,
    )


def _help_text(command: click.Command) -> str:
    return inspect.cleandoc(command.help or "").split("\f", 1)[0].strip()


def _command(command: click.Command, ctx: click.Context, name: str) -> Command:
    params = [p for p in command.get_params(ctx) if not getattr(p, "hidden", False)]
    usage = " ".join([ctx.command_path, *command.collect_usage_pieces(ctx)])
    return Command(
        name=name,
        usage=usage,
        help=_help_text(command),
        short_help=command.get_short_help_str(limit=1000),
        options=tuple(_param(p, ctx) for p in params if isinstance(p, click.Option)),
        arguments=tuple(_param(p, ctx) for p in params if isinstance(p, click.Argument)),
    )


def command_tree(group: click.Group | None = None) -> tuple[Command, tuple[Command, ...]]:
    """The group itself and its visible subcommands, in the order `--help` lists them."""
    if group is None:
        from referee.cli.main import cli

        group = cli
    root = click.Context(group, info_name="referee", **group.context_settings)
    top = _command(group, root, "")
    subcommands = []
    for name in group.list_commands(root):
        command = group.get_command(root, name)
        if command is None or command.hidden:
            continue
        subcommands.append(
            _command(command, click.Context(command, info_name=name, parent=root), name)
        )
    return top, tuple(subcommands)


def game_infos() -> tuple[GameInfo, ...]:
    """Every game of the registry, sorted by name."""
    from referee import games

    infos = []
    for name in sorted(games.names()):
        game = games.get(name)
        infos.append(
            GameInfo(
                name=name,
                title=game.shown_title,
                min_players=game.min_players,
                max_players=game.max_players,
                variants=tuple((v, _(d)) for v, d in game.variants.items()),
                default_variant=game.default_variant,
                verbs=tuple(VerbInfo(v.name, v.usage, v.summary) for v in game.verbs()),
                board_fields=tuple((f.key, _(f.prompt)) for f in game.board_fields()),
            )
        )
    return tuple(infos)


def frame_verbs() -> tuple[VerbInfo, ...]:
    """The shell's own verbs, in the order the shell's help lists them."""
    from referee.play import frame
    from referee.shell.shell import register_verbs

    register_verbs()
    return tuple(VerbInfo(v.name, v.usage, v.summary) for v in frame.listed())
