"""The man page, man/referee.1, generated from the same sources as `--help`.

Commands, their help texts and every option's help (with click's [required]/[default] notes)
come from the click tree; the games, their variants, player counts and shell verbs from the
registry; the shell's own verbs from the frame's table. Only FILES, ENVIRONMENT, EXIT STATUS and
EXAMPLES are written by hand, here. No date: the page is the same on every run.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from pathlib import Path

from devtools.generate import tree
from devtools.generate.tree import Command, GameInfo, Param, VerbInfo
from referee import __version__
from referee.i18n import N_, _, language, speaking

# --- roff ------------------------------------------------------------------------------------
_CJK_ASIDE = re.compile(r"\s*\([^)]*[\u3000-\u9fff\uff00-\uffef][^)]*\)")
# Between two wide characters, unless the second is punctuation that never starts a line.
_WIDE_BREAK = re.compile(
    r"(?<=[\u3000-\u9fff\uff00-\uffef])(?=[\u3040-\u9fff\uff01-\uffef])(?![、。，．）」』】ー：；？！])"
)
_ASCII = {
    "■": "rules section ",
    "→": "->",
    "←": "<-",
    "–": "-",
    "—": "--",
    "·": "-",
    "×": "x",
    "≥": ">=",
    "≤": "<=",
}


def for_groff(text: str) -> str:
    """Text a plain groff renders without warnings: asides naming the Japanese rule sections
    are left out (the rules file is the reference for them), a few symbols become ASCII, and
    other characters beyond ASCII become groff's \\[uXXXX]."""
    if language() == "ja":  # the Japanese page: groff may break a line between wide characters
        text = _WIDE_BREAK.sub("\\:", text)
    else:
        text = _CJK_ASIDE.sub("", text)
        text = "".join(_ASCII.get(c, c) for c in text)
    return "".join(c if ord(c) < 128 else f"\\[u{ord(c):04X}]" for c in text)


def esc(text: str) -> str:
    """Plain text for roff: backslashes escaped, a hyphen that starts a word (an option) is
    a minus, and no line may start with a control character."""
    text = text.replace("\\", "\\e")
    text = re.sub(r"(?<![\w-])-", r"\\-", text)
    text = re.sub(r"(?<=\\-)-", r"\\-", text)  # the second hyphen of --option
    return for_groff(text)


def code(text: str) -> str:
    """Something typed as is (an option, a game, a verb): every hyphen is a minus."""
    return for_groff(text.replace("\\", "\\e").replace("-", "\\-"))


def prose(text: str) -> str:
    """Help text: `code spans` in bold, the rest as plain text."""
    parts = re.split(r"`([^`]*)`", text)
    out = []
    for i, part in enumerate(parts):
        out.append(f"\\fB{code(part)}\\fR" if i % 2 else esc(part))
    return "".join(out)


def lines(text: str) -> str:
    """Filled text: one output line per input line, none starting with . or '."""
    return "\n".join(
        f"\\&{line}" if line.startswith((".", "'")) else line
        for line in (line.strip() for line in text.splitlines())
        if line
    )


def paragraphs(text: str) -> list[str]:
    """Click's help text in paragraphs (blank-line separated), as roff."""
    out = []
    for para in re.split(r"\n\s*\n", text.strip()):
        if not para.strip():
            continue
        if para.lstrip().startswith("\b"):  # click: do not rewrap this paragraph
            body = para.lstrip()[1:].strip("\n")
            out.append(".nf\n" + lines(prose(body)) + "\n.fi")
        else:
            out.append(lines(prose(" ".join(para.split()))))
    return out


def usage_words(text: str) -> str:
    """`give NAME N` -> the verb in bold, placeholders in italic."""
    words = text.split()
    out = []
    for i, word in enumerate(words):
        if i == 0:
            out.append(f"\\fB{code(word)}\\fR")
        elif re.fullmatch(r"\[?[A-Z][A-Z0-9_.]*\]?(\.\.\.)?", word):
            out.append(re.sub(r"[A-Z][A-Z0-9_.]*", lambda m: f"\\fI{code(m[0])}\\fR", word))
        else:
            out.append(code(word))
    return " ".join(out)


def synopsis(command: Command) -> str:
    """`referee new [OPTIONS] GAME` with the command in bold and the placeholders in italic."""
    words = command.usage.split()
    path = 2 if command.name else 1
    head = "\\fB" + code(" ".join(words[:path])) + "\\fR"
    rest = [re.sub(r"[A-Z][A-Z0-9_]*", lambda m: f"\\fI{m[0]}\\fR", w) for w in words[path:]]
    return " ".join([head, *rest])


def option_tag(option: Param) -> str:
    names = ", ".join(f"\\fB{code(name)}\\fR" for name in option.opts)
    if option.secondary_opts:
        names += " / " + ", ".join(f"\\fB{code(name)}\\fR" for name in option.secondary_opts)
    if option.takes_value and option.metavar:
        names += " \\fI" + code(option.metavar) + "\\fR"
    return names


def option_list(options: Sequence[Param]) -> list[str]:
    out = []
    for option in options:
        out += [".TP", option_tag(option), lines(prose(option.help)) or "\\&"]
    return out


def verb_list(verbs: Sequence[VerbInfo]) -> list[str]:
    out = []
    for verb in verbs:
        out += [".TP", usage_words(verb.usage), lines(prose(_(verb.summary)))]
    return out


# --- the page ----------------------------------------------------------------------------------
FILES = N_(r"""
.TP
\fIFILE\fR.toml
A session (save file), in TOML: the format version, the game, the variant, the players, the
board data, the moves as typed (who, what, when) and a snapshot of the state for people to
read.
Every accepted move rewrites the file atomically (a temporary file, flushed and renamed).
Loading replays the moves; a damaged file, or one edited into an illegal game, is reported with
its line or move number and never overwritten.
Without \fB\-\-save\fR, \fBreferee new\fR names the file from the game and the date
(\fIGAME\fR\-\fIYYYY\-MM\-DD\fR.toml) in the current folder.
.TP
\fIFILE\fR.toml.bak
The previous version of a session file, kept on every save.
.TP
\fI$XDG_CONFIG_HOME\fR/referee/\fIGAME\fR\-board.toml
The board data of a game that the publishers do not publish (printed on your board), asked
once by \fBreferee board\fR \fIGAME\fR \fB\-\-enter\fR (or at the first \fBreferee new\fR at a
terminal) and copied into every session of that game.
Without \fBXDG_CONFIG_HOME\fR the folder is \fI~/.config/referee\fR.
""")

ENVIRONMENT = N_(r"""
.TP
.B REFEREE_LANG
The language of the answers, \fBja\fR (Japanese) or \fBen\fR (English), unless
\fB\-\-lang\fR says otherwise.
.TP
.BR LC_ALL ", " LC_MESSAGES ", " LANG
Without \fBREFEREE_LANG\fR, the first of them that is set chooses the language: a Japanese
locale (\fIja_JP.UTF\-8\fR) Japanese, any other English.
.TP
.B XDG_CONFIG_HOME
Where the config folder \fIreferee/\fR is kept (default \fI~/.config\fR).
.TP
.B REFEREE_TABLES
A folder of game data (TOML tables) to use instead of the one shipped with the program.
""")

EXIT_STATUS = N_(r"""
.TP
.B 0
Success.
.TP
.B 1
A rule was broken: a move was rejected by the rules (in batch mode, without
\fB\-\-keep\-going\fR), or a saved game replays into an illegal move.
.TP
.B 2
The command or its input was not usable: an unknown command, verb or option, a bad argument,
a damaged file, or a file that would be overwritten without \fB\-\-force\fR.
.TP
.B 130
Interrupted (Ctrl\-C outside the shell).
""")

EXAMPLES = N_(r"""
Start a game for three players; the file is named from the game and the date:
.PP
.RS
.nf
$ referee new union\-station \-\-players Ann,Bob,Cy
.fi
.RE
.PP
Take it up again later, look at it, or list its moves:
.PP
.RS
.nf
$ referee resume union\-station\-2026\-11\-22.toml
$ referee show union\-station\-2026\-11\-22.toml \-\-json
$ referee log union\-station\-2026\-11\-22.toml
.fi
.RE
.PP
Replay a whole game from a text file of moves, one per line (the first rejected move stops
it, with exit status 1 or 2):
.PP
.RS
.nf
$ referee new GAME \-p A,B,C \-\-save g.toml \-\-board board.toml < moves.txt
.fi
.RE
.PP
Quick sums need no game:
.PP
.RS
.nf
$ referee dividend 310 \-\-major
$ referee dividend 310 \-\-minor \-\-price 150
.fi
.RE
""")

SHELL_INTRO = N_(r"""
\fBreferee new\fR and \fBreferee resume\fR open the shell.
Its prompt shows the game, the phase and who acts; the bottom bar shows cash, prices or
scores.
Tab completes only what is meaningful now.
Names are case\-insensitive and any unique prefix works (\fBbu bl\fR is \fBbuy blue\fR).
Every accepted move is saved at once.
Ctrl\-D saves and quits; Ctrl\-C clears the line.
When standard input is not a terminal, the shell reads one command per line and echoes each
answer, so a whole game can be replayed from a text file.
.PP
These verbs work in every game; \fBforce\fR, \fBadjust\fR, \fBcount\fR and \fBamend\fR are
moves in the log like any other:
""")


def justification() -> list[str]:
    """Japanese is set ragged-right: groff would justify a line by stretching only its ASCII
    spaces (「Available␣␣␣␣␣Box␣␣␣␣␣から」), and has no hyphenation for it."""
    return [".na", ".nh"] if language() == "ja" else []


def sh(heading: str) -> str:
    """A section heading, in the language in force."""
    return f".SH {_(heading)}"


def page(
    top: Command, commands: Sequence[Command], games: Sequence[GameInfo], frame: Sequence[VerbInfo]
) -> str:
    summary = top.short_help.rstrip(".")
    section = _("User Commands")
    out = [
        '.\\" Generated by scripts/gen-man from the click command tree, the game registry and',
        f".\\\" the shell's verbs of referee {__version__}. Do not edit: run scripts/gen-man.",
        f'.TH REFEREE 1 "" "referee {__version__}" "{for_groff(section)}"',
        *justification(),
        sh(N_("NAME")),
        f"referee \\- {esc(summary[:1].lower() + summary[1:])}",
        sh(N_("SYNOPSIS")),
    ]
    synopses = [synopsis(top), *(synopsis(c) for c in commands)]
    out.append("\n.br\n".join(synopses))
    out.append(sh(N_("DESCRIPTION")))
    out.append("\n.PP\n".join(paragraphs(top.help)))
    out += [
        ".PP",
        _(
            "Each command's options are those that \\fBreferee\\fR \\fICOMMAND\\fR "
            "\\fB\\-\\-help\\fR prints."
        ),
        sh(N_("OPTIONS")),
        *option_list(top.options),
        sh(N_("COMMANDS")),
    ]
    for c in commands:
        out.append(f".SS {c.name}")
        out.append(synopsis(c))
        for para in paragraphs(c.help):
            out += [".PP", para]
        out += option_list(c.options)
    out += [
        sh(N_("THE SHELL")),
        for_groff(_(SHELL_INTRO).strip()),
        *verb_list(frame),
        sh(N_("GAMES")),
    ]
    if not games:
        out.append(
            _(
                "No games are registered in this build; \\fBreferee games\\fR lists them when"
                " they are."
            )
        )
    else:
        out.append(
            _(
                "The games of this build, as \\fBreferee games\\fR lists them. Game names are "
                "case\\-insensitive and any unique prefix works."
            )
        )
    for g in games:
        title = esc(g.title).replace('"', "\\(dq")  # a macro argument: no bare quotes
        out.append(f'.SS "{title} (\\fB{code(g.name)}\\fR)"')
        out.append(_("{low} to {high} players.").format(low=g.min_players, high=g.max_players))
        out += [".PP", _("Variants (\\fB\\-\\-variant\\fR):")]
        for name, description in g.variants:
            default = _(" (the default)") if name == g.default_variant else ""
            out += [".TP", f"\\fB{code(name)}\\fR", lines(prose(description + default))]
        if g.board_fields:
            out += [
                ".PP",
                _(
                    "Board data asked once from your board (\\fBreferee board\\fR "
                    "\\fB{game}\\fR \\fB\\-\\-enter\\fR):"
                ).format(game=code(g.name)),
            ]
            for key, question in g.board_fields:
                out += [".TP", f"\\fB{code(key)}\\fR", lines(prose(question))]
        out += [".PP", _("Its verbs in the shell:"), *verb_list(g.verbs)]
    out += [
        sh(N_("FILES")),
        for_groff(_(FILES).strip()),
        sh(N_("ENVIRONMENT")),
        for_groff(_(ENVIRONMENT).strip()),
        sh(N_("EXIT STATUS")),
        for_groff(_(EXIT_STATUS).strip()),
        sh(N_("EXAMPLES")),
        for_groff(_(EXAMPLES).strip()),
    ]
    return "\n".join(out) + "\n"


def generate() -> str:
    from referee.cli.clicktext import translate_click

    translate_click()  # click's own words ([required], the --help option) in the language
    top, commands = tree.command_tree()
    return page(top, commands, tree.game_infos(), tree.frame_verbs())


def main(argv: Sequence[str], default_out: Path) -> int:
    parser = argparse.ArgumentParser(prog="gen-man", description="Write the man page.")
    parser.add_argument("--out", type=Path, default=default_out, help=f"(default: {default_out})")
    args = parser.parse_args(argv)
    for lang, path in (("en", args.out / "referee.1"), ("ja", args.out / "ja" / "referee.1")):
        path.parent.mkdir(parents=True, exist_ok=True)
        with speaking(lang):
            path.write_bytes(generate().encode("utf-8"))
        print(f"wrote {path}")
    return 0
