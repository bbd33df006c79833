"""The two ways of feeding the shell: a person at a terminal, or lines from a pipe."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import TextIO

from referee.session import Session
from referee.shell.commands import Shell


def run_batch(session: Session, lines: TextIO, out: TextIO, keep_going: bool = False) -> int:
    """One command per line, each echoed with its answer. Exit code of the first rejection."""
    shell = Shell(session)
    first_error = 0
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        print(f"> {line}", file=out)
        reply = shell.run(line)
        if reply.text:
            print(reply.text, file=out)
        if reply.quit:
            break
        if not reply.ok:
            first_error = first_error or reply.exit_code
            if not keep_going:
                break
    return first_error


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
    from prompt_toolkit import PromptSession
    from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    from referee.shell.completer import ShellCompleter

    shell = Shell(session)
    game = session.game
    history_file = history_path(session)
    history = FileHistory(str(history_file)) if history_file else InMemoryHistory()

    def prompt_text() -> str:
        options = game.options(session.state)
        who = options.actor or "game over"
        phase = f" · {options.phase}" if options.phase else ""
        return f"{game.name}{phase} · {who}> "

    def toolbar() -> str:
        return game.toolbar(session.state)

    prompt = PromptSession(
        history=history,
        completer=ShellCompleter(session),
        auto_suggest=AutoSuggestFromHistory(),
        bottom_toolbar=toolbar,
        complete_while_typing=True,
    )
    print(f"{game.title} with {', '.join(session.players)}. Type 'help' for the moves.")
    if share is not None:
        reply = shell.run(" ".join(["share", *share]))
        print(reply.text, file=sys.stdout if reply.ok else sys.stderr)
    print(shell.next_line())
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
            if reply.quit:
                return 0
    finally:
        if shell.sharing is not None:
            from referee.web.share import stop

            await stop(shell)
