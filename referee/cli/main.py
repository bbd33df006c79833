"""The `referee` command. Thin: parse options, call the library, render.

Imports are kept inside the commands so that quick ones (`referee dividend`) start fast.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click
from click.shell_completion import CompletionItem

from referee import __version__
from referee import games as registry
from referee.cli.clicktext import (
    TranslatedCommand,
    TranslatedHelp,
    TranslatedOption,
    option,
    with_lang,
)
from referee.core.errors import RefereeError, UsageError
from referee.core.words import clip_echoes, match
from referee.i18n import N_, _

if TYPE_CHECKING:
    from referee.play.session import Session  # imported by the commands that run one


def fail(error: RefereeError) -> NoReturn:
    click.echo(_("referee: {error}").format(error=clip_echoes(str(error))), err=True)
    sys.exit(error.exit_code)


class SaveFile(click.Path):
    """A save file argument; completes *.toml files in the shell."""

    def __init__(self, exists: bool = True) -> None:
        super().__init__(exists=False, dir_okay=False, path_type=Path)

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[CompletionItem]:
        return [CompletionItem(incomplete, type="file")]


class GameName(click.ParamType):  # type: ignore[type-arg]  # generic only from click 8.5 on
    """A game of the registry: case-insensitive, any unique prefix."""

    name = "game"

    def convert(self, value: str, param: click.Parameter | None, ctx: click.Context | None) -> str:
        try:
            return match(value, registry.names(), "game")
        except UsageError as e:
            self.fail(str(e), param, ctx)

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[CompletionItem]:
        return [CompletionItem(n) for n in registry.names() if n.startswith(incomplete.lower())]


class StockMoveGame(click.Choice):  # type: ignore[type-arg]  # generic only from click 8.5 on
    """A game whose stock track moves a price on a payout (the games' specs say which: read
    only when listed, so that a quick `referee dividend` loads one game, not all)."""

    def __init__(self) -> None:
        super().__init__([])

    @property  # type: ignore[override]
    def choices(self) -> Sequence[str]:
        return registry.stock_move_games()

    @choices.setter
    def choices(self, _value: Sequence[str]) -> None:
        pass

    def convert(self, value: str, param: click.Parameter | None, ctx: click.Context | None) -> str:
        try:
            return registry.check_stock_move_game(value)
        except UsageError as e:
            self.fail(str(e), param, ctx)


class StockMoveGames(Mapping[str, str]):
    """The help's `{games}`: the games with a stock track, looked up when the help is shown."""

    def __getitem__(self, key: str) -> str:
        if key != "games":
            raise KeyError(key)
        return ", ".join(registry.stock_move_games())

    def __iter__(self) -> Iterator[str]:
        return iter(["games"])

    def __len__(self) -> int:
        return 1


class VariantName(click.ParamType):  # type: ignore[type-arg]  # generic only from click 8.5 on
    """A variant of the game named by the command's GAME argument; completes its variants.

    The value is checked by the session (it knows the game); this type only tells completion,
    the man page and `--help` what the option holds.
    """

    name = "variant"

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[CompletionItem]:
        try:
            game = registry.get(ctx.params.get("game") or "")
        except UsageError:
            return []
        return [CompletionItem(v) for v in game.variants if v.startswith(incomplete.lower())]


class LazyGroup(TranslatedHelp, click.Group):
    """Commands kept in their own modules are imported only when they are run. Every command
    gets --lang; the help texts are read through the catalog."""

    lazy = {  # noqa: RUF012
        "route": "referee.cli.route:route",
        "title": "referee.cli.title:title",
    }
    command_class = TranslatedCommand

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.lazy])

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.lazy:
            from importlib import import_module

            module, attribute = self.lazy[name].split(":")
            command: click.Command = getattr(import_module(module), attribute)
            return with_lang(command)
        found = super().get_command(ctx, name)
        return with_lang(found) if found is not None else None


@click.group(
    cls=LazyGroup,
    context_settings={"help_option_names": ["-h", "--help"]},
    help=N_(
        "A rules referee, banker and scorekeeper for train games played at a real table.\n\n"
        "Start a game with `referee new GAME --players A,B,C`; every move is checked against"
        " the rules and saved as you go. Quick sums need no game:"
        " `referee dividend 310 --major`."
    ),
)
@click.version_option(
    __version__, prog_name="referee", cls=TranslatedOption, help=N_("Show the version and exit.")
)
def cli() -> None:
    pass


with_lang(cli)


F = TypeVar("F", bound=Callable[..., Any])


def share_options(command: F) -> F:
    """--share, --host and --port of `new` and `resume`: the live page with the session."""
    command = option(
        "--port", type=click.IntRange(0, 65535), default=None, help=N_("The page's port (0: any).")
    )(command)
    command = option(
        "--host", default="", help=N_("The page's address (default: this machine's LAN address).")
    )(command)
    return option(
        "--share", is_flag=True, help=N_("Show the game live on phones at the table (read-only).")
    )(command)


# --- sessions ---------------------------------------------------------------------------
@cli.command(
    help=N_(
        "Start a session of GAME and open the shell.\n\nWithout --save the file is named "
        "from the game and the date in the current folder."
    ),
)
@click.argument("game", type=GameName())
@option("--players", "-p", required=True, help=N_("Player names in seating order: A,B,C."))
@option(
    "--variant",
    "-v",
    default="",
    type=VariantName(),
    help=N_("A variant of the game (see `referee games`)."),
)
@option("--save", "save_path", type=SaveFile(exists=False), help=N_("The session file."))
@option(
    "--board",
    "board_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help=N_("Board data (TOML) to use instead of the stored one."),
)
@option(
    "--reading",
    "reading",
    multiple=True,
    metavar="KEY=CHOICE",
    help=N_("How the table reads an open rule (repeatable; see `referee readings GAME`)."),
)
@option(
    "--title",
    "title_name",
    default=None,
    help=N_("18xx: the title to bank, shipped (1830, 1889) or a description FILE."),
)
@option("--force", is_flag=True, help=N_("Overwrite an existing session file."))
@option("--keep-going", is_flag=True, help=N_("With commands on stdin: go on after a rejection."))
@share_options
def new(
    game: str,
    players: str,
    variant: str,
    save_path: Path | None,
    board_file: Path | None,
    reading: tuple[str, ...],
    title_name: str | None,
    force: bool,
    keep_going: bool,
    share: bool,
    host: str,
    port: int | None,
) -> None:
    from referee.play import render
    from referee.play.session import Session
    from referee.store import savefile

    words = _share_words(share, host, port)
    _verbs()
    try:
        path = save_path or _free_name(game)
        if path.exists() and not force:
            raise UsageError(
                _("{path} exists and is never overwritten").format(path=path),
                _("--force or another --save"),
            )
        readings = _readings_given(reading)
        board = _title_board(game, title_name, board_file) or _board_for(game, board_file)
        session = Session.new(game, players.split(","), variant, board, readings)
        savefile.create(session, path, force=force)
        made = session.settle()
    except RefereeError as e:
        fail(e)
    click.echo(_("new {title} session saved in {path}").format(title=session.title, path=path))
    if made:
        click.echo(render.events(made))
    sys.exit(_shell(session, keep_going, words))


def _readings_given(given: tuple[str, ...]) -> dict[str, str]:
    """`--reading KEY=CHOICE` options as a table (the session checks them against the game)."""
    readings = {}
    for item in given:
        key, equals, choice = item.partition("=")
        if not equals or not key.strip() or not choice.strip():
            raise UsageError(
                _("--reading '{item}' is not KEY=CHOICE").format(item=item),
                _("see `referee readings GAME`"),
            )
        readings[key.strip()] = choice.strip()
    return readings


@cli.command(
    "readings",
    help=N_(
        "The places where GAME's rules text allows two readings, and the choices for "
        "each.\n\nChoose one at setup with `referee new GAME --reading KEY=CHOICE` or "
        "`reading KEY CHOICE` in the shell before the first move; the first choice of "
        "each is the default."
    ),
)
@click.argument("game", type=GameName())
def readings_command(game: str) -> None:
    from referee.core.engine import Readings
    from referee.play import render

    declared = registry.get(game).readings()
    click.echo(render.readings(declared, Readings()))


def _board_for(game: str, board_file: Path | None) -> dict[str, Any]:
    """The board data: from --board, else the stored copy, else asked now (at a terminal)."""
    from referee.cli.board_entry import enter_board
    from referee.store import config

    if board_file is not None:
        return config.read_board_file(board_file)
    stored = config.load_board(game)
    if stored is not None or not registry.get(game).board_fields():
        return stored or {}
    if not sys.stdin.isatty():
        raise UsageError(
            _("{game} needs board data from your board").format(game=game),
            _("run `referee board {game} --enter` once, or pass --board FILE").format(game=game),
        )
    return enter_board(game)


def _title_board(game: str, title: str | None, board_file: Path | None) -> dict[str, Any]:
    """`--title`: the board data the game ships under that name (18xx: the title it banks)."""
    if title is None:
        return {}
    if board_file is not None:
        raise UsageError(_("--title or --board, not both"), _("referee new 18xx --title 1830"))

    return registry.get(game).board_named(title)


def _free_name(game: str) -> Path:
    from datetime import date

    stem = f"{game}-{date.today().isoformat()}"
    path = Path(f"{stem}.toml")
    n = 2
    while path.exists():
        path = Path(f"{stem}-{n}.toml")
        n += 1
    return path


@cli.command(
    help=N_("Reopen a saved session exactly where it stood, in the shell (one shell per file)."),
)
@click.argument("file", type=SaveFile())
@option("--keep-going", is_flag=True, help=N_("With commands on stdin: go on after a rejection."))
@share_options
def resume(file: Path, keep_going: bool, share: bool, host: str, port: int | None) -> None:
    words = _share_words(share, host, port)
    session = _load(file, to_play=True)
    sys.exit(_shell(session, keep_going, words))


def _verbs() -> None:
    """Put the frame's verbs in force before a command plays or replays a session."""
    from referee.shell.shell import register_verbs

    register_verbs()


def _load(file: Path, to_play: bool = False) -> Session:
    """A session from its file: locked for this process when it is `to_play`."""
    from referee.store import savefile

    _verbs()
    try:
        session, warnings = savefile.resume(file) if to_play else savefile.read(file)
    except RefereeError as e:
        fail(e)
    for warning in warnings:
        click.echo(_("referee: warning: {warning}").format(warning=warning), err=True)
    return session


def _shell(session: Session, keep_going: bool, share: list[str] | None = None) -> int:
    """Run the shell on the session, then let go of its file."""
    from referee.shell.loop import run_batch, run_interactive

    try:
        if sys.stdin.isatty() and sys.stdout.isatty():
            return run_interactive(session, share)
        return run_batch(session, sys.stdin, sys.stdout, keep_going)
    finally:
        if session.store is not None:
            session.store.close(session)


def _share_words(share: bool, host: str, port: int | None) -> list[str] | None:
    """The words of the shell's `share` verb for --share/--host/--port (None: not shared)."""
    if not share:
        if host or port is not None:
            fail(UsageError(_("--host and --port go with --share"), "--share [--host H --port N]"))
        return None
    if not (sys.stdin.isatty() and sys.stdout.isatty()):  # said before any file is made
        fail(
            UsageError(
                _("--share needs the interactive shell (the page lives as long as the shell)"),
                _("`referee serve FILE` shows a save that another program writes"),
            )
        )
    return [
        *(["--host", host] if host else []),
        *(["--port", str(port)] if port is not None else []),
    ]


@cli.command(
    help=N_(
        "Show a save as the live table page, following it as its shell saves new "
        "moves.\n\nRead-only, from a separate process (a second screen, a spectator): "
        "reading needs no lock."
    ),
)
@click.argument("file", type=SaveFile())
@option(
    "--host", default="", help=N_("The address to listen on (default: this machine's LAN address).")
)
@option(
    "--port", type=click.IntRange(0, 65535), default=None, help=N_("The port (0: any free one).")
)
def serve(file: Path, host: str, port: int | None) -> None:
    from referee.web.share import serve_file

    _verbs()
    try:
        sys.exit(serve_file(file, host, port))
    except RefereeError as e:
        fail(e)


@cli.command(
    help=N_("Print the state of a session: standings, prices, whose turn, what is pending."),
)
@click.argument("file", type=SaveFile())
@option("--json", "as_json", is_flag=True, help=N_("The full state as JSON, for scripts."))
def show(file: Path, as_json: bool) -> None:
    from referee.core import fit
    from referee.play import render

    session = _load(file)
    game, state = session.game, session.state
    if as_json:
        options = game.options(state)
        data = {
            "game": game.name,
            "variant": session.variant,
            "players": session.players,
            "readings": session.readings.as_dict(),
            "moves": len(session.entries),
            "actor": options.actor,
            "phase": options.phase,
            "legal": list(options.verbs),
            "over": game.is_over(state),
            "standings": [
                {"player": s.player, "score": s.score, "place": s.place, **s.details}
                for s in game.standings(state)
            ],
            "state": game.snapshot(state),
        }
        import json

        click.echo(json.dumps(data, indent=2, default=str, ensure_ascii=False))
        return
    click.echo(fit.screen(game.status(state)))
    in_force = render.readings_line(game.readings(), session.readings)
    if in_force:
        click.echo(fit.screen(in_force))
    click.echo(fit.screen(render.standings(game.standings(state), game.is_over(state), game.name)))


@cli.command(
    help=N_("Print the moves of a session, numbered, with who made them."),
)
@click.argument("file", type=SaveFile())
def log(file: Path) -> None:
    from referee.play import render

    session = _load(file)
    click.echo(render.log(session))


@cli.command(
    help=N_("List the games, their variants and player counts."),
)
def games() -> None:
    from referee.core import fit

    rows = []
    for name in registry.names():
        g = registry.get(name)
        variants = "\n".join(  # one a line: a variant's name in words may be long
            g.shown_variant(v) + ("*" if v == g.default_variant else "") for v in g.variants
        )
        rows.append([name, g.shown_title, f"{g.min_players}-{g.max_players}", variants])
    headers = [_("game"), _("title"), _("players"), _("variants (* default)")]
    click.echo(fit.table(rows, headers))


@cli.command(
    help=N_("Show the board data stored for GAME, or enter it from your board."),
)
@click.argument("game", type=GameName())
@option("--enter", is_flag=True, help=N_("Enter the board data again, question by question."))
@option(
    "--from",
    "from_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help=N_("Take the board data from a TOML file."),
)
def board(game: str, enter: bool, from_file: Path | None) -> None:
    from referee.cli.board_entry import board_command

    try:
        board_command(game, enter, from_file)
    except RefereeError as e:
        fail(e)


# --- quick calculations ---------------------------------------------------------------------
@cli.command(
    help=N_("The 18xx payout table for REVENUE: per share, per holding, and the stock move."),
)
@click.argument("revenue", type=click.IntRange(0, 1_000_000))
@option("--major", is_flag=True, help=N_("A 10-share company."))
@option("--minor", is_flag=True, help=N_("A 5-share company."))
@option("--shares", type=click.IntRange(1, 100), help=N_("Any number of shares."))
@option("--price", type=click.IntRange(0, 10_000), help=N_("The share price: show its move."))
@option("--withhold", is_flag=True, help=N_("The company keeps the revenue (price one left)."))
@option("--treasury", type=click.IntRange(0, 100), default=0, help=N_("Shares in the treasury."))
@option("--pool", type=click.IntRange(0, 100), default=0, help=N_("Shares in the bank pool."))
@option(
    "--game",
    default="lost-atlas",
    show_default=True,
    type=StockMoveGame(),
    help=N_("Whose stock track moves the price: {games}."),
    help_fields=StockMoveGames(),
)
@option("--json", "as_json", is_flag=True, help=N_("Print JSON, for scripts."))
def dividend(
    revenue: int,
    major: bool,
    minor: bool,
    shares: int | None,
    price: int | None,
    withhold: bool,
    treasury: int,
    pool: int,
    game: str,
    as_json: bool,
) -> None:
    from referee.cli.calc.dividend import payout_table
    from referee.cli.calc.render import payout_json, payout_text

    if major + minor + (shares is not None) != 1:
        fail(
            UsageError(_("say the company's size once"), _("one of --major, --minor or --shares N"))
        )
    count = shares or (10 if major else 5)
    try:
        result = payout_table(
            revenue, count, treasury=treasury, pool=pool, withhold=withhold, price=price, game=game
        )
    except RefereeError as e:
        fail(e)
    if as_json:
        import json

        click.echo(json.dumps(payout_json(result), indent=2))
    else:
        click.echo(payout_text(result))


def main() -> None:
    """Entry point: click's own usage errors become one line and exit 2."""
    from referee.cli.clicktext import full_stop, start

    start(sys.argv[1:])
    try:
        cli.main(standalone_mode=False)
    except click.exceptions.Abort as e:
        # A prompt turns Ctrl-C into Abort; the interrupt is still its context.
        interrupted = isinstance(e.__context__, KeyboardInterrupt)
        click.echo(_("referee: interrupted") if interrupted else _("referee: aborted"), err=True)
        sys.exit(130 if interrupted else 1)
    except click.UsageError as e:
        hint = _(" (see '{command} --help')").format(command=e.ctx.command_path) if e.ctx else ""
        message = full_stop(clip_echoes(e.format_message())) + hint
        click.echo(_("referee: {error}").format(error=message), err=True)
        sys.exit(2)
    except click.ClickException as e:
        click.echo(_("referee: {error}").format(error=e.format_message()), err=True)
        sys.exit(e.exit_code)
    except RefereeError as e:
        fail(e)
    except KeyboardInterrupt:
        sys.exit(130)
