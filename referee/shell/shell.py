"""What one line typed into the shell does. Shared by the interactive shell and batch mode.

The frame's own verbs (help, status, undo, ...) are answered here; everything else is a
move, played through the session. No rule is decided here.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee import i18n
from referee.core import fit
from referee.core.citations import cite
from referee.core.engine import Confirm, Event, Form, Game, RefereeError, UsageError, Verb
from referee.core.files import refuse_special
from referee.core.words import Several, amount, clip_echoes, match
from referee.i18n import N_, _
from referee.play import frame, offers, render
from referee.play.frame import FrameVerb
from referee.play.session import FRAME_VERBS, NOTHING, Change, Session, split
from referee.store import savefile, savelock
from referee.store.atomic import WriteError, target_of, write_bytes
from referee.web.export import html_page, markdown

if TYPE_CHECKING:
    from referee.web.share import Sharing


@dataclass
class Reply:
    text: str
    ok: bool = True
    quit: bool = False
    exit_code: int = 0
    # What the table must answer before the move is played (a seat shows it, issue 32): the
    # question of a move that skips a step with a cost, or the moves the words may mean.
    question: str = ""
    choices: tuple[str, ...] = ()


# The shell's own commands, declared beside their handlers (see `register_verbs`).
COMMANDS = frame.Table()


def register_verbs() -> None:
    """Put the frame's verbs in force: the session's moves and prefixes, and the shell's
    commands. Called once when a program starts (the CLI, the tests), before any session
    plays: a save that holds a shell word reads the same whether the shell runs or not."""
    frame.register(FRAME_VERBS, COMMANDS)


def _reading_words(session: Session, words: list[str]) -> list[str]:
    """Completion for `reading KEY CHOICE`: the keys, then the choices of that key."""
    declared = session.game.readings()
    if not words:
        return [r.key for r in declared]
    if len(words) == 1:
        return [n for r in declared if r.key == words[0].lower() for n in r.names]
    return []


class Shell:
    """Turns typed lines into answers for one session.

    `confirm` asks the person at the table a yes/no question; without it (batch mode) what
    needs a confirmation is refused unless the line says --force.
    """

    def __init__(
        self,
        session: Session,
        confirm: Callable[[str], bool] | None = None,
        choose: Callable[[str, Sequence[str]], int | None] | None = None,
    ) -> None:
        self.session = session
        self.confirm = confirm
        # Asks which of several moves the words meant (an index, None: none); batch mode: none.
        self.choose = choose
        self.sharing: Sharing | None = None  # the live page while shared
        # Prints what a seat played, and its answer, at the terminal (the interactive shell
        # prints above its prompt).
        self.printer: Callable[[str], None] = _say

    @property
    def game(self) -> Game[Any, Any]:
        return self.session.game

    def run(self, line: str) -> Reply:
        line = line.strip()
        if not line or line.startswith("#"):
            return Reply("")
        return self._answered(lambda: self._run(line))

    def _answered(self, doing: Callable[[], Reply]) -> Reply:
        """The reply of `doing`, or its refusal, then a failed save said."""
        try:
            reply = doing()
        except RefereeError as e:
            reply = Reply(
                _("rejected: {error}").format(error=clip_echoes(str(e))),
                ok=False,
                exit_code=e.exit_code,
            )
        if self.session.save_error:
            reply.text += "\n" + _(
                "NOT SAVED: {error}; the moves are kept here: `save FILE` saves them elsewhere"
            ).format(error=self.session.save_error)
            # Not an answer to go on from in a pipe: the batch stops, and says it failed.
            reply.ok, reply.exit_code = False, WriteError.exit_code
        return reply

    def _run(self, line: str) -> Reply:
        words = split(line)
        verb = frame.find(words[0])
        if verb is not None and verb.kind == "command":
            reply: Reply = verb.handler(self, words[1:], line)
            return reply
        return self._move(line)

    # --- moves ---------------------------------------------------------------------------
    def _move(self, line: str) -> Reply:
        try:
            events = self.session.play(line)
        except Confirm as asked:
            # A skip with a cost is played only on the table's yes; batch mode refuses it.
            question = _("{reason}: play it anyway? [y/N] ").format(reason=asked.reason)
            if self.confirm is None or not self.confirm(question):
                raise
            events = self.session.play(line, agreed=True)
        except Several as several:
            # Asked only for a plain move: a prefix (`as`, `force`) would be lost in the choice.
            if self.choose is None or frame.find(split(line)[0]) is not None:
                raise
            picked = self.choose(several.message, several.choices)
            if picked is None:
                raise
            events = self.session.play(several.choices[picked])
        return Reply(self._after(events))

    # --- from a seat (issue 32): the same session, answers and save as a typed move -------
    def seat_move(self, player: str, line: str, agreed: bool = False) -> Reply:
        """A move sent from `player`'s seat. What the shell would ask instead (a skipped step
        with a cost, several moves the words may mean) is answered with the question or the
        choices, for the seat to send again: `agreed`, or one of the choices."""

        def move() -> Reply:
            try:
                events = self.session.play_for(player, line.strip(), agreed=agreed)
            except Confirm as asked:
                question = _("{reason}: play it anyway?").format(reason=asked.reason)
                return Reply(question, ok=False, exit_code=asked.exit_code, question=question)
            except Several as several:
                said = _("which move? {question}").format(question=several.message)
                return Reply(said, ok=False, exit_code=several.exit_code, choices=several.choices)
            return Reply(self._after(events))

        return self._answered(move)

    def aside(self) -> Shell:
        """A shell of its own on a copy of the game as it is now (`Session.trial`), that saves
        nothing and prints nothing: what it answers a seat, in the language in force, is what
        this shell would, and this shell's game does not change (a seat's own language)."""
        shell = Shell(self.session.trial())
        shell.printer = lambda text: None
        return shell

    def say(self, text: str) -> None:
        """Print what a seat played, and its answer (`printer`: above the prompt when the
        interactive shell runs)."""
        self.printer(text)

    def seat_undo(self, player: str) -> Reply:
        """`player`'s own last move taken back from their seat (`Session.undo_for`)."""

        def undo() -> Reply:
            undone = self.session.undo_for(player)
            lines = [_("undone: {player}: {move}").format(player=e.by, move=e.text) for e in undone]
            return Reply("\n".join([*lines, self.next_line()]))

        return self._answered(undo)

    def _after(self, events: list[Event]) -> str:
        """The events, then what the table must do next."""
        parts = [render.events(events)] if events else []
        state = self.session.state
        if self.game.is_over(state):
            final = render.standings(self.game.standings(state), over=True, game=self.game.name)
            parts.append(fit.screen(final))
        else:
            parts.append(self.next_line())
        return "\n".join(parts)

    def next_line(self) -> str:
        """Who acts at what step (as the page says it), then the first few moves legal now in
        the game's order; the others are a Tab or `help` away."""
        now = offers.of(self.session)
        verbs = now.verbs()
        listed = ", ".join(verbs[:NEXT_VERBS]) or _("no move")
        if len(verbs) > NEXT_VERBS:
            more = _("{listed} (+{n}: Tab or help)")
            listed = more.format(listed=listed, n=len(verbs) - NEXT_VERBS)
        return self.session.step_line(now.options, listed)

    # --- the shell's own commands (declared in COMMANDS) --------------------------
    @COMMANDS.verb(
        "help",
        "help [VERB]",
        N_("the verbs you can type now, or one verb in full"),
        aliases=("?",),
        complete=lambda session, words: (
            [*(v.name for v in session.game.verbs()), *frame.VERBS] if not words else ()
        ),
        forms=(
            Form("help", N_("the verbs you can type now")),
            Form("help bid", N_("one verb in full")),
        ),
        rule=N_("help offers only what the referee would accept now"),
    )
    def _help(self, words: list[str], line: str) -> Reply:
        game_verbs = {v.name: v for v in self.game.verbs()}
        if words:
            alias = frame.find(words[0])  # `help exit` is help on quit
            name = alias.name if alias else match(words[0], [*game_verbs, *frame.VERBS], N_("verb"))
            v = game_verbs.get(name) or frame.VERBS[name]
            lines = verb_help(v)
            if name == "adjust" and name not in game_verbs:
                keys = ", ".join(self.game.adjustables(self.session.state)) or _(
                    "none in this game"
                )
                lines.insert(2, "  " + _("WHAT is one of: {keys}").format(keys=keys))
            return Reply("\n".join(lines))
        legal = offers.of(self.session).legal_now(list(game_verbs))
        now = [game_verbs[v] for v in legal]
        later = [v for v in game_verbs.values() if v not in now]
        always = frame.offered(self.session)
        # one column for the summaries of all three lists
        every: list[Verb | FrameVerb] = [*now, *later, *always]
        lines = [f"{self.session.title}: {self.next_line()}", "", _("Moves legal now:")]
        lines += help_rows(now, every) or ["  " + _("(none)")]
        lines += ["", _("Other moves of this game:"), *help_rows(later, every)]
        lines += ["", _("Always:"), *help_rows(always, every)]
        return Reply("\n".join(lines))

    @COMMANDS.verb(
        "lang",
        "lang ja|en",
        N_("the language of the answers: ja (Japanese) or en (English); the game is the same"),
        complete=lambda session, words: i18n.LANGUAGES if not words else (),
        forms=(
            Form("lang ja", N_("answers in Japanese")),
            Form("lang en", N_("answers in English")),
        ),
        rule=N_("the language changes the answers only, never the game or its log"),
    )
    def _lang(self, words: list[str], line: str) -> Reply:
        if len(words) != 1:
            raise UsageError(_("lang needs one language"), "lang ja|en")
        try:
            i18n.use(words[0])
        except i18n.LanguageError:
            raise UsageError(
                _("unknown language '{word}'").format(word=words[0]), "ja, en"
            ) from None
        self.session.notify(Change(NOTHING))  # the page follows the table's language
        name = _("Japanese") if i18n.language() == "ja" else _("English")
        return Reply(_("answers in {language} from now on").format(language=name))

    @COMMANDS.verb(
        "status",
        "status",
        N_("everything on the table at a glance"),
        forms=(Form("status"),),
        rule=N_("shows the state the moves so far give; changes nothing"),
    )
    def _status(self, words: list[str], line: str) -> Reply:
        in_force = render.readings_line(self.game.readings(), self.session.readings)
        status = "\n".join(filter(None, [self.game.status(self.session.state), in_force]))
        return Reply(fit.screen(status))

    @COMMANDS.verb(
        "reading",
        "reading KEY CHOICE",
        N_("at setup, before the first move: choose how the table reads an open rule"),
        complete=_reading_words,
        offered=lambda session: bool(session.game.readings()) and not session.entries,
        forms=(Form("reading train-limit before-rust"),),
        rule=N_("a reading is chosen at setup, before the first move; the log names it"),
    )
    def _reading(self, words: list[str], line: str) -> Reply:
        if len(words) != 2:
            keys = ", ".join(r.key for r in self.game.readings()) or _("none in this game")
            raise UsageError(
                _("reading needs a key and a choice"),
                _("reading KEY CHOICE; keys: {keys}").format(keys=keys),
            )
        chosen = self.session.choose_reading(words[0], words[1])
        said = _("reading {reading}: the game is set up again under it").format(reading=chosen)
        return Reply(f"{said}\n{self.next_line()}")

    @COMMANDS.verb(
        "readings",
        "readings [--all]",
        N_("the readings chosen that differ from the default (--all: every reading)"),
        offered=lambda session: bool(session.game.readings()),
        forms=(Form("readings", N_("those chosen")), Form("readings --all", N_("every reading"))),
        rule=N_("shows the readings in force; changes nothing"),
    )
    def _readings(self, words: list[str], line: str) -> Reply:
        if words not in ([], ["--all"]):
            raise UsageError(_("readings takes only --all"), "readings [--all]")
        return Reply(
            render.readings(self.game.readings(), self.session.readings, only_chosen=not words)
        )

    @COMMANDS.verb(
        "standings",
        "standings",
        N_("scores as they stand (final when the game is over)"),
        forms=(Form("standings"),),
        rule=N_("ranks the players by the score the rules name; changes nothing"),
    )
    def _standings(self, words: list[str], line: str) -> Reply:
        state = self.session.state
        over = self.game.is_over(state)
        return Reply(fit.screen(render.standings(self.game.standings(state), over, self.game.name)))

    @COMMANDS.verb(
        "log",
        "log",
        N_("the moves so far, numbered, with who made them"),
        forms=(Form("log"),),
        rule=N_("shows the moves as the log keeps them; changes nothing"),
    )
    def _log(self, words: list[str], line: str) -> Reply:
        return Reply(render.log(self.session))

    @COMMANDS.verb(
        "undo",
        "undo [N]",
        N_("take back the last move, or the last N (any depth, back to the setup)"),
        complete=lambda session, words: ("1", "2", "3") if not words else (),
        forms=(
            Form("undo", N_("the last thing done, an amendment included")),
            Form("undo 2", N_("the last two")),
        ),
        rule=N_("undo takes back exactly the last thing done; the moves after it are replayed"),
    )
    def _undo(self, words: list[str], line: str) -> Reply:
        if len(words) > 1:
            raise UsageError(_("undo takes at most one number"), "undo [N]")
        count = amount(words[0], N_("the number of moves to undo"), low=1) if words else 1
        amendment = self.session.amendment
        undone = self.session.undo(count)
        lines = [
            _("undone: {player}: {move}").format(player=entry.by, move=entry.text)
            for entry in undone
        ]
        if amendment is not None:  # taken back first
            lines[0] = _("undone: the amendment of move {number}; it is '{move}' again").format(
                number=amendment.number, move=amendment.entries[amendment.number - 1].text
            )
        return Reply("\n".join([*lines, self.next_line()]))

    @COMMANDS.verb(
        "redo",
        "redo",
        N_("put back the move last undone (until a new move is made)"),
        offered=lambda session: bool(session.redo_stack),
        forms=(Form("redo"),),
        rule=N_("redo puts back only what undo took, until a new move is made"),
    )
    def _redo(self, words: list[str], line: str) -> Reply:
        if words:
            raise UsageError(_("redo takes no argument"), "redo")
        entry, events = self.session.redo()
        redone = _("redone: {player}: {move}").format(player=entry.by, move=entry.text)
        return Reply(f"{redone}\n{self._after(events)}")

    @COMMANDS.verb(
        "save",
        "save [FILE] [--force]",
        N_(
            "save now (every move is saved anyway); FILE goes on under a new name, and --force"
            " replaces a file that is not this game's"
        ),
        forms=(
            Form("save", N_("in the game's own file")),
            Form("save copy.toml", N_("from now on in another file")),
        ),
        rule=N_(
            "every move is saved as it is made; a file that is not this game's is never"
            " replaced without --force"
        ),
    )
    def _save(self, words: list[str], line: str) -> Reply:
        force = "--force" in words
        names = [w for w in words if w != "--force"]
        if len(names) > 1:
            raise UsageError(_("save takes at most one file name"), "save [FILE] [--force]")
        if not names:
            if self.session.path is None:
                raise UsageError(_("this session has no file yet"), "save FILE")
            self.session.autosave()
            if self.session.save_error:
                return Reply("", ok=False, exit_code=2)
            return Reply(_("saved in {path}").format(path=self.session.path))
        path = Path(names[0])
        exists = refuse_special(path)  # a device or FIFO is refused before anything is asked
        if exists and not force and not savefile.is_own(self.session, path):
            question = _(
                "{path} holds another game: replace it (kept as {backup}.bak)? [y/N] "
            ).format(path=path, backup=path.name)
            if not self._may_replace(path, question, "save FILE --force"):
                return Reply(_("not saved: {path} is left as it is").format(path=path))
        savefile.save_as(self.session, path)
        return Reply(_("saved in {path}").format(path=path))

    def _may_replace(self, path: Path, question: str, forced: str) -> bool:
        """Whether the person at the table agrees to replace `path`; in batch mode (nobody to
        ask) the line must say --force instead."""
        if self.confirm is None:
            raise UsageError(
                _("{path} exists and is not this game's file; it is left as it is").format(
                    path=path
                ),
                _("{forced} to replace it, or another name").format(forced=forced),
            )
        return self.confirm(question)

    @COMMANDS.verb(
        "quit",
        "quit",
        N_("save and leave; resume later with `referee resume FILE`"),
        aliases=("exit",),
        forms=(Form("quit"),),
        rule=N_("nothing is lost: the game is saved before the shell ends"),
    )
    def _quit(self, words: list[str], line: str) -> Reply:
        self.session.autosave()
        if self.session.save_error:
            return Reply(_("not leaving: the moves could not be saved"), ok=False, exit_code=2)
        if self.session.path:
            return Reply(_("saved in {path}").format(path=self.session.path), quit=True)
        return Reply(_("saved"), quit=True)

    @COMMANDS.verb(
        "what-if",
        "what-if VERB ...",
        N_("show what a move would change, without making it"),
        move_after=0,
        forms=(Form("what-if bid 125"),),
        rule=N_("the move is judged as it would be played, and nothing is played"),
    )
    def _what_if(self, words: list[str], line: str) -> Reply:
        if not words:
            raise UsageError(_("what-if needs a move"), "what-if VERB ...")
        text = line.split(None, 1)[1]
        before = self.game.adjustables(self.session.state)
        state, events = self.session.what_if(text)
        after = self.game.adjustables(state)
        changes = [
            f"  {key}: {before.get(key, 0)} -> {after.get(key, 0)}"
            for key in dict.fromkeys([*before, *after])
            if before.get(key, 0) != after.get(key, 0)
        ]
        lines = [
            _("if {move}:").format(move=text),
            render.events(events) if events else "  " + _("(no events)"),
        ]
        lines += [_("changes:"), *changes] if changes else [_("no number changes")]
        lines.append(_("(nothing was played)"))
        return Reply("\n".join(lines))

    @COMMANDS.verb(
        "export",
        "export FILE.md|FILE.html [--force]",
        N_("write the log and the standings (Markdown, or one page with the charts)"),
        forms=(
            Form("export game.md", N_("Markdown")),
            Form("export game.html", N_("one page with the charts")),
        ),
        rule=N_("the diary is written beside the save, never over it"),
    )
    def _export(self, words: list[str], line: str) -> Reply:
        force = "--force" in words
        names = [w for w in words if w != "--force"]
        if len(names) != 1:
            raise UsageError(
                _("export needs one file name"), "export FILE.md or FILE.html [--force]"
            )
        path = Path(names[0])
        if self._is_own_file(path):
            raise UsageError(
                _("{path} is this game's own save; the diary goes elsewhere").format(path=path)
            )
        exists = refuse_special(path)
        if exists and not force:
            question = _("{path} exists: replace it with the diary? [y/N] ").format(path=path)
            if not self._may_replace(path, question, f"export {path} --force"):
                return Reply(_("not exported: {path} is left as it is").format(path=path))
        write = html_page if path.suffix.lower() in (".html", ".htm") else markdown
        write_bytes(path, write(self.session).encode("utf-8"), backup=True)
        if exists:
            return Reply(
                _("wrote {path} (the file it replaced is kept as {backup})").format(
                    path=path, backup=savelock.backup_of(target_of(path))
                )
            )
        return Reply(_("wrote {path}").format(path=path))

    def _is_own_file(self, path: Path) -> bool:
        """Whether `path` reaches this game's save, its backup or its lock, by any name."""
        own = self.session.path
        if own is None:
            return False
        real = Path(os.path.realpath(path))
        kept = (savelock.lock_path(own), savelock.backup_of(Path(os.path.realpath(own))))
        return savefile.is_own(self.session, path) or real in kept

    @COMMANDS.verb(
        "share",
        "share [off|seats [off]|--host H --port N]",
        N_("show the game live on the table's phones; each player moves from their own seat"),
        complete=lambda session, words: _share_words(words),
        forms=(
            Form("share", N_("start the page and each player's seat")),
            Form("share seats", N_("each player's seat address again")),
            Form("share seats off", N_("close the seats")),
            Form("share off", N_("stop it")),
            Form("share --host 0.0.0.0 --port 8080", N_("on this address")),
        ),
        rule=N_("the page is read-only; a seat plays only its own player's moves"),
    )
    def _share(self, words: list[str], line: str) -> Reply:
        # The page's server (aiohttp) is loaded when a page is first shared: start-up time.
        from referee.web import share

        if words and words[0].lower() in ("off", "seats"):
            off = words[0].lower() == "off"
            if off and len(words) > 1:
                raise UsageError(_("share off takes nothing more"), share.USAGE)
            seats_off = share.seats_words(words[1:]) if not off else False
            if self.sharing is None:
                return Reply(_("the game is not shared"))
            if not off:
                return Reply(share.seats(self.sharing, seats_off, self))
            sharing, self.sharing = self.sharing, None
            return Reply(share.stop_soon(sharing))
        host, port = share.parse(words)
        if self.sharing is not None:
            return Reply(share.already(self.sharing))
        self.sharing = share.start(self.session, host, port)
        announced = share.announce(self.sharing.page.url)
        return Reply(f"{announced}\n{share.open_seats(self.sharing, self)}")

    @COMMANDS.verb(
        "amend",
        "amend N MOVE ...",
        N_("replace move N and replay the rest"),
        move_after=1,
        forms=(Form("amend 3 auction 125"),),
        rule=N_("the later moves are replayed after the change; undo takes the amendment back"),
    )
    def _amend(self, words: list[str], line: str) -> Reply:
        if len(words) < 2:
            raise UsageError(_("amend needs a move number and the move"), "amend N VERB ...")
        try:
            number = int(words[0])
        except ValueError:
            raise UsageError(
                _("'{word}' is not a move number").format(word=words[0]), "amend N VERB ..."
            ) from None
        text = line.split(None, 2)[2]
        events = self.session.amend(number, text)
        return Reply(self._after(events))


# The moves the shell's `Next:` line names: the game lists the likeliest first; a long list
# would bury who acts (the page says no moves at all).
NEXT_VERBS = 4
VIEW_RULE = N_("a view shows the state the moves so far give, in the games that have it")


def _view_verb(name: str, summary: str) -> None:
    """A view the frame offers in the games that provide it (`Game.views`)."""

    def offered(session: Session) -> bool:
        return name in session.game.views()

    @COMMANDS.verb(name, name, summary, offered=offered, forms=(Form(name),), rule=VIEW_RULE)
    def show(shell: Shell, words: list[str], line: str) -> Reply:
        game = shell.game
        if name not in game.views():
            shown = ", ".join(game.views()) or _("none; `status` shows the table")
            raise UsageError(
                _("{title} has no '{view}' view").format(title=game.shown_title, view=name),
                _("views: {views}").format(views=shown),
            )
        if words:
            raise UsageError(_("{verb} takes no argument").format(verb=name), name)
        return Reply(fit.screen(game.view(shell.session.state, name)))


_view_verb("market", N_("the stock market: every share price and what moves it next"))
_view_verb("trains", N_("the trains: the roster, the phase, what the next train brings"))
_view_verb("companies", N_("per company its owners and figures; per player holdings and worth"))


def _share_words(words: list[str]) -> tuple[str, ...]:
    """Completion for `share`: its words, then `off` after `seats`."""
    if not words:
        return ("off", "seats", "--host", "--port")
    return ("off",) if words == ["seats"] else ()


def _say(text: str) -> None:
    print(text, flush=True)


def verb_help(verb: Verb | frame.FrameVerb) -> list[str]:
    """`help VERB`: the usage and summary, every form with a line that uses it, and the rule
    the verb follows (a section of the game's rules file, or the frame's own rule)."""
    lines = [verb.usage, "  " + _(verb.summary)]
    if verb.forms:
        width = max(len(form.example) for form in verb.forms) + 2
        lines.append("  " + _("Examples:"))
        lines += [
            f"    {form.example:<{width}}{_(form.text)}" if form.text else f"    {form.example}"
            for form in verb.forms
        ]
    if verb.rule:
        lines.append("  " + _("Rule: {rule}").format(rule=cite(verb.rule)))
    for rule in dict.fromkeys(form.rule for form in verb.forms if form.rule):
        shown = ", ".join(form.example for form in verb.forms if form.rule == rule)
        said = _("Rule ({examples}): {rule}").format(examples=shown, rule=cite(rule))
        lines.append("  " + said)
    return lines


def help_rows(
    verbs: Sequence[Verb | frame.FrameVerb],
    aligned: Sequence[Verb | frame.FrameVerb] = (),
    widest: int = 32,
) -> list[str]:
    """Usage and summary in two columns, as wide as the usages of `aligned` (or `verbs`) need;
    a usage too wide for its column gets a line of its own."""
    width = min(max((len(v.usage) for v in aligned or verbs), default=0), widest) + 2
    rows = []
    for v in verbs:
        if len(v.usage) + 2 > width:
            rows += [f"  {v.usage}", f"  {'':<{width}}{_(v.summary)}"]
        else:
            rows.append(f"  {v.usage:<{width}}{_(v.summary)}")
    return rows
