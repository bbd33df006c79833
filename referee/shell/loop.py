"""The two ways of feeding the shell: a person at a terminal, or lines from a pipe."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from referee.core.bar import fit
from referee.core.engine import RefereeError
from referee.i18n import _
from referee.play.session import Session
from referee.shell.shell import Reply, Shell
from referee.store.savefile import FileStore


def run_batch(session: Session, lines: TextIO, out: TextIO, keep_going: bool = False) -> int:
    """One command per line, each echoed with its answer. Exit code of the first rejection.

    The lines that arrive together are answered together: their moves are appended to the
    file, fsynced once, and only then are their answers printed.
    """
    shell = Shell(session)
    first_error = 0
    for group in line_groups(lines):
        answered: list[tuple[str, Reply]] = []
        with synced_after(session, answered):
            for raw in group:
                line = raw.strip()
                if not line:
                    continue
                reply = shell.run(line)
                answered.append((line, reply))
                if reply.quit or not (reply.ok or keep_going):
                    break
        for line, reply in answered:
            print(f"> {line}", file=out)
            if reply.text:
                print(reply.text, file=out)
            if not reply.ok:
                first_error = first_error or reply.exit_code
        out.flush()
        last = answered[-1][1] if answered else None
        if last is not None and (last.quit or not (last.ok or keep_going)):
            break
    return first_error


def line_groups(lines: TextIO) -> Iterator[list[str]]:
    """The lines in the groups they arrive in (what one read of the pipe holds). A stream
    without a file descriptor gives one line at a time."""
    try:
        fd = lines.fileno()
    except (AttributeError, OSError, ValueError):
        for line in lines:
            yield [line]
        return
    pending = b""
    while chunk := os.read(fd, 1 << 16):
        *complete, pending = (pending + chunk).split(b"\n")
        if complete:
            yield [line.decode("utf-8", "replace") for line in complete]
    if pending:
        yield [pending.decode("utf-8", "replace")]


@contextmanager
def synced_after(session: Session, answered: list[tuple[str, Reply]]) -> Iterator[None]:
    """Append the moves of a group without fsync, then fsync once before any answer."""
    store = session.store
    if not isinstance(store, FileStore):
        yield
        return
    store.deferred = True
    try:
        yield
    finally:
        store.deferred = False
        try:
            store.sync()
        except RefereeError as e:
            session.save_error = str(e)
            if answered:
                reply = answered[-1][1]
                reply.text += "\n" + _(
                    "NOT SAVED: {error}; the moves are kept here: `save FILE` saves them"
                ).format(error=e)
                reply.ok, reply.exit_code = False, e.exit_code


def history_path(session: Session) -> Path | None:
    if session.path is None:
        return None
    return session.path.with_name(f".{session.path.name}.history")


def run_interactive(session: Session, share: list[str] | None = None) -> int:
    """The prompt-toolkit shell. Ctrl-C clears the line; Ctrl-D saves and quits.

    It runs on asyncio so that the table page (the `share` verb; `share` holds its words
    when the session starts shared) is served from the same loop while the prompt waits."""
    return asyncio.run(_interactive(session, share))


async def _interactive(session: Session, share: list[str] | None) -> int:
    # prompt-toolkit (and what is built on it) loads only for a terminal: batch mode and the
    # quick commands start without it (bench/startup.py).
    from prompt_toolkit import PromptSession
    from prompt_toolkit.application import get_app
    from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
    from prompt_toolkit.history import InMemoryHistory

    from referee.shell.completer import ShellCompleter
    from referee.shell.history import SaveHistory

    shell = Shell(session, confirm=ask, choose=which)
    shell.printer = say_above_prompt
    game = session.game
    history_file = history_path(session)
    history = SaveHistory(history_file) if history_file else InMemoryHistory()

    def say_history_problem() -> None:
        if isinstance(history, SaveHistory) and history.unsaid():
            print(_("referee: warning: {warning}").format(warning=history.problem), file=sys.stderr)

    def prompt_text() -> str:
        options = game.options(session.state)
        who = options.actor or _("game over")
        phase = f" · {options.phase}" if options.phase else ""
        return f"{game.name}{phase} · {who}> "

    def toolbar() -> str:
        return bottom_bar(session, get_app().output.get_size().columns)

    prompt: PromptSession[str] = PromptSession(
        history=history,
        completer=ShellCompleter(session),
        auto_suggest=AutoSuggestFromHistory(),
        bottom_toolbar=toolbar,
        complete_while_typing=True,
    )
    print(
        _("{title} with {players}. Type 'help' for the moves.").format(
            title=session.title, players=", ".join(session.players)
        )
    )
    if share is not None:
        reply = shell.run(" ".join(["share", *share]))
        print(reply.text, file=sys.stdout if reply.ok else sys.stderr)
    print(shell.next_line())
    say_history_problem()
    try:
        while True:
            try:
                line = await prompt.prompt_async(prompt_text)
            except KeyboardInterrupt:
                continue
            except EOFError:
                line = "quit"
            reply = shell.run(line)
            if reply.text:
                print(reply.text, file=sys.stdout if reply.ok else sys.stderr)
            say_history_problem()
            if reply.quit:
                return 0
    finally:
        if shell.sharing is not None:
            from referee.web.share import stop  # loaded only if a page was shared

            await stop(shell.sharing)
            shell.sharing = None


# What is being printed above the prompt (kept until done: the loop holds tasks weakly).
_printing: set[asyncio.Future[None]] = set()


def say_above_prompt(text: str) -> None:
    """Print `text` above the prompt without breaking what is being typed there (a seat's move
    arrives while the prompt waits); the prompt is drawn again below it, its turn updated."""
    from prompt_toolkit.application import run_in_terminal

    printing = asyncio.ensure_future(run_in_terminal(lambda: print(text, flush=True)))
    _printing.add(printing)
    printing.add_done_callback(_printing.discard)


def bottom_bar(session: Session, columns: int) -> str:
    """The game's bar fitted to a terminal `columns` wide (referee/bar.py)."""
    return fit(session.game.toolbar_parts(session.state), columns)


def which(question: str, choices: Sequence[str]) -> int | None:
    """One of several moves, by its number at the terminal; anything else is none."""
    from prompt_toolkit import PromptSession

    listed = "\n".join(f"  {i}. {choice}" for i, choice in enumerate(choices, start=1))
    try:
        answer = PromptSession[str]().prompt(
            question
            + "\n"
            + listed
            + "\n"
            + _("which (1-{last}, Enter for none)? ").format(last=len(choices)),
            in_thread=True,
        )
    except (KeyboardInterrupt, EOFError):
        return None
    return picked(answer, len(choices))


def picked(answer: str, count: int) -> int | None:
    """The index of choice number `answer` (1 to `count`); None for anything else."""
    word = answer.strip()
    # isdecimal, not isdigit: '²' and '①' are digits that int() refuses; and int() refuses
    # more than 4,300 digits
    if not word.isdecimal() or len(word) > 9:
        return None
    return int(word) - 1 if 1 <= int(word) <= count else None


def ask(question: str) -> bool:
    """A yes/no question at the terminal; anything but yes (or Ctrl-C, Ctrl-D) is no."""
    from prompt_toolkit import PromptSession

    try:
        # In a thread of its own: the shell's prompt already runs the asyncio loop here.
        answer = PromptSession[str]().prompt(question, in_thread=True)
    except (KeyboardInterrupt, EOFError):
        return False
    return answer.strip().lower() in ("y", "yes", _("y"), _("yes"))
