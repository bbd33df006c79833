"""The language the referee speaks: English or Japanese, chosen per run, switched at run time.

Choosing: `--lang ja|en` on any command, else `REFEREE_LANG`, else the locale (`LC_ALL`, then
`LC_MESSAGES`, then `LANG`: the first one set decides, as POSIX says), else English. The
shell's `lang ja|en` switches a running session. The language is presentation only: moves are
typed, logged and saved in the same words whatever it is, and a game's state never holds a
translated text (a save written in one language resumes in the other without a difference).

Catalogs are standard gettext, managed with Babel (`scripts/i18n`):

    scripts/i18n extract   # the messages of referee/ -> referee/locale/referee.pot
    scripts/i18n update    # merge the template into referee/locale/ja/LC_MESSAGES/referee.po
    scripts/i18n compile   # .po -> .mo (committed; shipped in the wheel and the binary)
    scripts/i18n check     # fails when the .pot, the .po or the .mo is stale (CI runs it)

After `update`, translate every new or fuzzy entry of the .po (a fuzzy entry is a guess by
msgmerge: check it and remove the `#, fuzzy` flag), then `compile`. The tests fail on a
message without a translation, a fuzzy one, or placeholders that differ between the two.

Marking messages (the guide for the games' texts, referee/games/*)
-----------------------------------------------------------------

    from referee.i18n import _, N_, ngettext

1. A message said now: `_("the game is over")`. The argument must be one literal string
   (adjacent literals are joined, so a long one may be split over lines): Babel extracts
   literals only, and the catalog is looked up by that exact text. In a module that imports
   `_`, never use `_` as a throwaway name (`for _ in ...`, `x, _ = ...`): it would shadow the
   function (ruff says F823/F811); 20 modules of referee/games do so today: rename those
   (`for _turn in ...`) when wrapping them.

2. Placeholders: never `_(f"...")` (Babel cannot extract it and the lookup would miss; a test
   refuses it). Write named fields and format the translation:

       _("{player} wins {company} for ${price}").format(player=p, company=c, price=n)

   Names, not positions: Japanese puts them in another order (`{company}を${price}で{player}が
   落札`). The fields of msgid and msgstr must be the same set (tested). A literal brace is
   `{{`. Format specs stay in the field (`{share:>3}`).

3. Plurals: `ngettext("{n} share", "{n} shares", n).format(n=n)`; Japanese has one form.

3b. A word whose Japanese differs between games ("yellow": 黄色 in Express 01, 黄 in Lost
   Atlas): `pgettext("lost-atlas", "yellow")`, the context a literal (msgctxt in the catalog).

4. A text defined before the language is known (a module constant, a verb's summary in a
   decorator, click's help): mark it with `N_("...")`, which only marks it for extraction and
   returns it unchanged, and translate where it is shown: `_(verb.summary)`. The frame already
   does this for `Verb.summary`/`FrameVerb.summary` in `help`, and for click's help texts.

5. Rule citations need nothing: a RuleError's `rule` stays the heading as written in the
   rules file (`"■7 株式ラウンド1:マイナー会社の競りと会社の設立"`), and the frame renders
   it in the language in force from the game's table of sections in referee/core/citations.py.
   A new section cited by the code needs a line there (a test finds every `rule=` of the
   games and fails on one without its English heading).

6. Words the players type (verbs, company/railroad/colour names) are not messages: verbs stay
   ASCII in both languages. A name shown in Japanese must also be accepted when typed: pass
   the Japanese forms to `referee.core.words.match(word, names, N_("railroad"), aliases={"青":
   "blue", ...})`, which answers the English name whichever was typed (unique prefixes work
   for both), so the move built, the log and the save keep one spelling; offer the aliases in
   the game's completion (`Options.args`) too. The names' Japanese forms are the rules file's
   (青, 緑, 黒, オレンジ, 白 for Union Station's railroads). The third argument of `match`
   (what is named) is shown through the catalog: mark it `N_("railroad")`.
   What is saved (the move text, the log) never depends on the language.

7. Never translate a text that ends up in the state or the snapshot (`state.ended = ...`):
   keep a key or the English text there and translate where it is rendered; otherwise a save
   written in Japanese would not compare equal when resumed in English.

8. Tables: tabulate aligns double-width text when wcwidth is installed (a dependency). Code
   that pads with `f"{x:<{w}}"` or `len()` must use `width()`/`pad()` below instead, for any
   text that may be Japanese (player names may be Japanese in both languages). Translate the
   headers: `tabulate(rows, headers=[_("company"), _("price")])`; a standings detail column is
   shown as `_(key)`, so mark the game's keys with `N_("cash")` where they are defined.

9. Events and refusals are rendered when they are made, in the language in force then; the
   frame renders RuleError and `Overridden` citations itself (referee/core/errors.py, render.py).
   `Verb.summary` is shown as `_(summary)` by `help`: mark the game's summaries with `N_`.
   Untranslated text simply shows in English: wrapping can go one module at a time.

10. After wrapping: `scripts/i18n update`, translate every new entry in
    referee/locale/ja/LC_MESSAGES/referee.po (`msgstr`, same `{fields}`, the rules file's
    words, '...' kept around echoed input so that long input is clipped), `scripts/i18n
    compile`, commit the .po and the .mo. tests/i18n fails on anything left out.

Japanese uses the words of the game's rules file (株価, 配当, 社長, 株式ラウンド, 運営ラウンド,
... exactly as that file spells them), so that a player finds them in the rulebook.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

DOMAIN = "referee"
LANGUAGES = ("en", "ja")
DEFAULT = "en"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
ENV = "REFEREE_LANG"
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")

_catalogs: dict[str, gettext.NullTranslations] = {}  # at most one per language of LANGUAGES
# The language in force: a context variable, so that a session's shell and the page drawn for
# it in a worker thread each read their own (a thread or task started from a context copies
# it), and `lang` switches the shell's without the page's changing under it.
_speaking: ContextVar[tuple[str, gettext.NullTranslations]] = ContextVar(
    "referee_language", default=(DEFAULT, gettext.NullTranslations())
)


class LanguageError(ValueError):
    """A language that is not one of LANGUAGES (the callers make it a usage error)."""


def check(lang: str) -> str:
    """`lang` as one of LANGUAGES (any case, `ja_JP.UTF-8` is ja); LanguageError if not."""
    code = lang.strip().lower().replace("-", "_").split(".")[0].split("_")[0]
    if code not in LANGUAGES:
        raise LanguageError(f"language '{lang}' is not one of {', '.join(LANGUAGES)}")
    return code


def from_locale(value: str) -> str:
    """The language a locale name speaks: `ja_JP.UTF-8` -> ja; anything else (C, POSIX,
    de_DE) -> English."""
    code = value.strip().lower().split(".")[0].split("@")[0].split("_")[0]
    return code if code in LANGUAGES else DEFAULT


def choose(flag: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language of this run: the flag, else REFEREE_LANG, else the locale, else English.
    A flag or REFEREE_LANG that names no language raises LanguageError."""
    env = os.environ if environ is None else environ
    if flag:
        return check(flag)
    if env.get(ENV, "").strip():
        return check(env[ENV])
    for name in LOCALE_VARIABLES:
        value = env.get(name, "").strip()
        if value:
            return from_locale(value)
    return DEFAULT


def catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of `lang` (English: none, the messages are English)."""
    if lang not in _catalogs:
        _catalogs[lang] = gettext.translation(
            DOMAIN, localedir=str(LOCALE_DIR), languages=[lang], fallback=True
        )
    return _catalogs[lang]


def use(lang: str) -> str:
    """Speak `lang` from now on in this context (checked as `check` does); returns it."""
    code = check(lang)
    _speaking.set((code, catalog(code)))
    return code


def language() -> str:
    return _speaking.get()[0]


def _current() -> gettext.NullTranslations:
    return _speaking.get()[1]


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """`lang` inside the block, the language before it after; in this context only (this
    thread, this task), whatever another context speaks meanwhile: the table page is drawn in
    a worker thread in the language its version was made in, while the shell may switch."""
    code = check(lang)
    token = _speaking.set((code, catalog(code)))
    try:
        yield
    finally:
        _speaking.reset(token)


# The page draws in the language of its version (referee/web/server.py): the same thing.
drawing = speaking


def _(message: str) -> str:
    """`message` in the language in force."""
    return _current().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for `n` in the language in force."""
    return _current().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` as said in `context`: for a word whose Japanese differs between games
    (`pgettext("lost-atlas", "yellow")` is 黄, Express 01's "yellow" is 黄色)."""
    return _current().pgettext(context, message)


def N_(message: str) -> str:
    """Marks `message` for extraction only; translate it with `_` where it is shown."""
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message with a plural for extraction only; show it with `ngettext`."""
    return singular, plural


def NP_(context: str, message: str) -> str:
    """Marks `message` as said in `context` (a game's name) for extraction only; show it with
    `in_game(context, message)`."""
    return message


def in_game(game: str, message: str) -> str:
    """`message` in the words of `game`'s rules file where they differ from the other games'
    (a translation with the game's name as context), else as every game says it."""
    said = pgettext(game, message)
    return said if said != message else _(message)


def width(text: str) -> int:
    """The columns `text` takes at a terminal (a Japanese character takes two). ASCII text
    is measured without wcwidth, which the quick commands do not load."""
    if text.isascii():
        return len(text)
    from wcwidth import wcswidth

    columns = wcswidth(text)
    return columns if columns >= 0 else len(text)


def pad(text: str, columns: int) -> str:
    """`text` padded with spaces on the right to `columns` terminal columns."""
    return text + " " * max(0, columns - width(text))
