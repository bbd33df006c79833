"""click in the language in force: help texts read through the catalog when they are shown,
click's own words (Usage, Options, its errors) too, and `--lang` on every command.

The help texts are written with `N_` (marked for the catalog, kept as they are) and looked up
when click formats them, so one command tree serves both languages.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Mapping
from contextlib import suppress
from typing import Any, TypeVar

import click

from referee import i18n
from referee.core.errors import UsageError
from referee.i18n import N_, NN_, _

F = TypeVar("F", bound=Callable[..., Any])

# The line of every command's --help option (see TranslatedHelp.get_help_option).
HELP_OPTION = N_("Show this message and exit.")

# click's own messages that the catalog translates (click looks them up with gettext's `_`
# and `ngettext`, which `translate_click` points at the catalog). Two spellings of a message
# where click's versions differ (8.1 and 8.2+). Click's errors about how a program declares
# its options are for its developers and stay English.
CLICK_MESSAGES = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Positional arguments"),
    HELP_OPTION,
    N_("Show the version and exit."),
    N_("Aborted!"),
    N_("Error"),
    N_("Error: {message}"),
    N_("Error: invalid input"),
    N_("Error: The two entered values do not match."),
    N_("Repeat for confirmation"),
    N_("Do you want to continue?"),
    N_("Press any key to continue..."),
    N_("unknown error"),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing command."),
    N_("Missing {param_type}"),
    N_("Missing parameter: {param_name}"),
    N_("No such command {name!r}."),
    N_("No such option: {name}"),
    N_("No such option {name!r}."),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"),
    N_("Invalid start character for option ({option})"),
    N_("Argument {name!r} takes {nargs} values."),
    N_("Option {name!r} does not take a value."),
    N_("Could not open file {filename!r}: {message}"),
    N_("{value!r} is not one of {choices}."),
    N_("{value!r} is not a valid integer."),
    N_("{value!r} is not a valid float."),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("{value!r} is not a valid UUID."),
    N_("Choose from:\n\t{choices}"),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a file."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("{name} {filename!r} is not writable."),
    N_("{name} {filename!r} is not executable."),
    N_("file"),
    N_("directory"),
    N_("path"),
    N_("Try {command} {option} for help."),
    N_("Try '{command} {option}' for help."),
    N_("deprecated"),
    N_("default: {default}"),
    N_("env var: {var}"),
    N_("(dynamic)"),
    N_("required"),
)

# click's messages with a singular and a plural (looked up with its `ngettext`).
CLICK_PLURALS = (
    NN_("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"),
    NN_("{value!r} is not {choice}.", "{value!r} is not one of {choices}."),
    NN_(
        "{value!r} does not match the format {format}.",
        "{value!r} does not match the formats {formats}.",
    ),
    NN_("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given."),
    NN_("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."),
    NN_("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"),
    NN_(
        "{len_type} values are required, but {len_value} was given.",
        "{len_type} values are required, but {len_value} were given.",
    ),
)

# The names click puts into its messages ("'abc' is not a valid integer range."): a
# ParamType's `name`, shown through the catalog by `_FieldsTranslated`.
CLICK_TYPE_NAMES = (
    N_("integer"),
    N_("float"),
    N_("integer range"),
    N_("float range"),
    N_("boolean"),
    N_("text"),
    N_("choice"),
)
_TYPE_NAMES = frozenset((*CLICK_TYPE_NAMES, "file", "directory", "path"))


class _FieldsTranslated(str):
    """A translated click message whose type names are translated too when click fills them
    in: click passes its ParamType's English `name` ("integer range", "File")."""

    def format(self, *args: object, **fields: object) -> str:
        said = {k: _type_name(v) for k, v in fields.items()}
        return str.format(self, *args, **said)


def _type_name(value: object) -> object:
    """A click type name in the language in force; any other value as it is (a typed word
    that happens to be a message stays as typed)."""
    if isinstance(value, str) and value.lower() in _TYPE_NAMES:
        return _(value.lower())
    return value


def _click_gettext(message: str) -> str:
    return _FieldsTranslated(_(message))


def _click_ngettext(singular: str, plural: str, n: int) -> str:
    return _FieldsTranslated(i18n.ngettext(singular, plural, n))


def full_stop(message: str) -> str:
    """click's message with its sentence closed as the language closes one: click ends some
    messages with its own "." ("Missing option: '--players'."), which Japanese writes "。"."""
    if i18n.language() == "ja" and message.endswith(".") and _WIDE.search(message):
        return message[:-1] + "。"
    return message


def translate_click() -> None:
    """Point click's gettext at the catalog: click's words follow the language in force."""
    import click.core
    import click.decorators
    import click.exceptions
    import click.formatting
    import click.parser
    import click.termui
    import click.types

    modules = (
        click.core,
        click.decorators,
        click.exceptions,
        click.formatting,
        click.parser,
        click.termui,
        click.types,
    )
    if click.formatting.wrap_text is not wrap_text:
        _english_wrap.append(click.formatting.wrap_text)
        click.formatting.wrap_text = wrap_text
    for module in modules:
        if hasattr(module, "_"):
            module._ = _click_gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = _click_ngettext  # type: ignore[attr-defined]


_english_wrap: list[Callable[..., str]] = []  # click's own wrap_text, for text with spaces
_WIDE = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]")
_NO_LINE_START = set("、。，．・：；？！ー）」』】〉》)]},.:;!?")


def _units(paragraph: str) -> list[str]:
    """Where a Japanese line may break: between wide characters, and at spaces; a unit keeps
    its closing punctuation (never at the start of a line)."""
    units: list[str] = []
    for word in re.findall(r"\S+|\s+", paragraph):
        if word.isspace():
            units.append(" ")
            continue
        for piece in re.findall(
            r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]|[^\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]+",
            word,
        ):
            if units and (piece[0] in _NO_LINE_START) and units[-1] != " ":
                units[-1] += piece
            else:
                units.append(piece)
    return units


def wrap_text(
    text: str,
    width: int = 78,
    initial_indent: str = "",
    subsequent_indent: str = "",
    preserve_paragraphs: bool = False,
) -> str:
    """click's wrap_text, measuring terminal columns and breaking Japanese text between
    characters (it has no spaces to break at); text without wide characters is click's."""
    if not _WIDE.search(text):
        return _english_wrap[0](text, width, initial_indent, subsequent_indent, preserve_paragraphs)
    paragraphs = re.split(r"\n\s*\n", text) if preserve_paragraphs else [text]
    out = []
    for paragraph in paragraphs:
        indent = initial_indent
        lines: list[str] = []
        line = indent
        for unit in _units(" ".join(paragraph.split())):
            if unit == " " and i18n.width(line) <= len(indent):
                continue
            if i18n.width(line + unit) > width and line.strip():
                lines.append(line.rstrip())
                indent = subsequent_indent
                line = indent + ("" if unit == " " else unit)
            else:
                line += unit
        lines.append(line.rstrip())
        out.append("\n".join(lines))
    return "\n\n".join(out)


class Translated:
    """An attribute of a click object (help, short_help) kept as written and read through the
    catalog, its `help_fields` (if the object has any) filling the placeholders."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.raw = f"_raw_{name}"

    def __get__(self, obj: object, owner: type | None = None) -> str | None:
        raw: str | None = getattr(obj, self.raw, None)
        if not raw:
            return raw
        fields: Mapping[str, str] = getattr(obj, "help_fields", {})
        return _(raw).format(**fields) if fields else _(raw)

    def __set__(self, obj: object, value: str | None) -> None:
        setattr(obj, self.raw, value)


class TranslatedOption(click.Option):
    """An option whose help is read through the catalog when shown; `help_fields` fill the
    help's placeholders (a list known only when the program runs)."""

    help = Translated()

    def __init__(self, *args: Any, help_fields: Mapping[str, str] | None = None, **attrs: Any):
        self.help_fields = help_fields or {}
        super().__init__(*args, **attrs)


class TranslatedHelp(click.Command):
    """For a command or group: its help and short help read through the catalog when shown,
    and the line of its --help option too."""

    help = Translated()
    short_help = Translated()

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        # click makes the --help option once per command and keeps it, its help said in the
        # language of that moment: said again in the language in force whenever it is read
        # (one process speaks both: the shell's `lang`, the tests).
        option = super().get_help_option(ctx)
        if option is not None:
            option.help = _(HELP_OPTION)
        return option


class TranslatedCommand(TranslatedHelp, click.Command):
    pass


def option(*names: str, **attrs: Any) -> Callable[[F], F]:
    """click.option with its help through the catalog."""
    return click.option(*names, cls=TranslatedOption, **attrs)


def command(name: str | None = None, **attrs: Any) -> Callable[[Callable[..., Any]], Any]:
    """click.command with its help through the catalog (give the help as `help=N_(...)`)."""
    return click.command(name, cls=TranslatedCommand, **attrs)


def _chosen(flag: str | None) -> str:
    """The language of the run: `flag`'s, or the environment's when `flag` names none (a
    wrong --lang is said by its own option, in the environment's language); LanguageError
    when the environment names none either."""
    try:
        return i18n.choose(flag)
    except i18n.LanguageError:
        return i18n.choose()


def _choose(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    """--lang: this language; absent on the top command: REFEREE_LANG, else the locale."""
    if value is not None:
        i18n.use(value)
    elif ctx.parent is None:
        # The top command: a --lang given to a subcommand counts already (it may come after
        # --help), else the environment.
        try:
            i18n.use(_chosen(lang_in(sys.argv[1:])))
        except i18n.LanguageError:
            raise UsageError(
                _("{variable} names no language the referee speaks").format(variable=i18n.ENV),
                "ja, en",
            ) from None


def lang_option() -> click.Option:
    """A fresh `--lang` option (each command gets its own)."""
    return TranslatedOption(
        ["--lang"],
        type=click.Choice(i18n.LANGUAGES, case_sensitive=False),
        default=None,
        is_eager=True,
        expose_value=False,
        callback=_choose,
        help=N_("The language of the answers: ja or en (default: REFEREE_LANG, else the locale)."),
    )


def with_lang(command: click.Command) -> click.Command:
    """`command` with a --lang option of its own (once)."""
    if not any(p.name == "lang" for p in command.params):
        command.params.append(lang_option())
    return command


def lang_in(argv: list[str]) -> str | None:
    """The value of --lang on a command line, before click reads it (so that `--help` given
    before `--lang` is already in that language); None if it gives none."""
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if word.startswith("--lang="):
            return word.split("=", 1)[1]
    return None


def start(argv: list[str]) -> None:
    """Before click runs: the language of this run, and click speaking it."""
    translate_click()
    # A wrong language is said by click (--lang) or by the top command's callback (the
    # environment's), as a usage error: a wrong --lang in the environment's language.
    with suppress(i18n.LanguageError):
        i18n.use(_chosen(lang_in(argv)))
