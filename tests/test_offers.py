"""Only what would be accepted is offered (issue 26, design §6): at positions drawn from the
whole games of every game (tests/scenarios), each verb `Next:` and `help` list as legal now and
each word Tab completes leads to a line `what-if` accepts, or is marked as the start of a move
that needs more words: then Tab offers the next word, or `what-if` answers that words are
missing (a usage error: a name or number the referee cannot list)."""

from __future__ import annotations

import shlex
from dataclasses import replace
from functools import cache
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from referee import scenario
from referee.session import Session
from referee.shell.commands import Shell
from referee.shell.completer import ShellCompleter

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.txt"))
DEPTH = 7  # words of a line followed through completion


@cache
def played(path: Path) -> Session:
    return scenario.play(scenario.load(path))


def at(session: Session, index: int) -> Session:
    """The session as it stood after its first `index` moves (unsaved, nothing to redo)."""
    return replace(
        session,
        entries=session.entries[:index],
        states=session.states[: index + 1],
        store=None,
        awaiting=[],
        redo_stack=[],
    )


def completions(session: Session, words: list[str]) -> dict[str, bool]:
    """What Tab offers after `words`: each word, and whether it is marked as needing more."""
    text = shlex.join(words) + " " if words else ""
    found = ShellCompleter(session).get_completions(Document(text, len(text)), CompleteEvent())
    return {c.display_text: bool(c.display_meta_text) for c in found}


def listed_verbs(shell: Shell) -> list[str]:
    """The verbs of `Next: PLAYER (PHASE): VERB, VERB`."""
    line = shell.next_line()
    if not line.startswith("Next: "):
        return []  # the game is over
    said = line.split("; ", 1)[0].rsplit(": ", 1)[1]  # `; why` after: the forced reading
    return [] if said == "no move" else said.split(", ")


def legal_in_help(shell: Shell) -> list[str]:
    text = shell.run("help").text
    block = text.split("Moves legal now:\n", 1)[1].split("\n\n", 1)[0]
    # a usage too wide for its column has its summary on the next line, indented further
    rows = [row for row in block.splitlines() if row[2:3] != " "]
    return [row.split()[0] for row in rows if row != "  (none)"]


def check_line(shell: Shell, words: list[str], marked: bool, pick: st.DataObject) -> None:
    """`words` as completed: accepted, or marked and with more to type; then a word or two
    after it, completed the same way."""
    line = shlex.join(words)
    reply = shell.run(f"what-if {line}")
    after = completions(shell.session, words)
    if not marked:
        assert reply.ok, f"offered as a move, refused: {line}: {reply.text}"
    else:
        assert not reply.ok, f"marked as needing more words, accepted: {line}"
        assert after or reply.exit_code == 2, f"offered, leads nowhere: {line}: {reply.text}"
    if len(words) >= DEPTH or not after:
        return
    for word in pick.draw(st.lists(st.sampled_from(sorted(after)), max_size=2, unique=True)):
        check_line(shell, [*words, word], after[word], pick)


# No shrinking: a failure names its line, and shrinking whole games takes minutes.
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
@given(st.sampled_from(FILES), st.floats(0, 1), st.data())
def test_every_offer_is_accepted_or_needs_more(path: Path, where: float, pick: st.DataObject):
    whole = played(path)
    session = at(whole, round(where * len(whole.entries)))
    shell = Shell(session)
    verbs = listed_verbs(shell)
    offered = completions(session, [])
    assert all(verb in offered for verb in verbs), (verbs, offered)
    for verb in legal_in_help(shell):
        reply = shell.run(f"what-if {verb}")
        assert reply.ok or offered.get(verb), f"help: {verb} legal now, refused: {reply.text}"
    for verb in verbs:
        check_line(shell, [verb], offered[verb], pick)
    for view in ("market", "trains", "companies"):
        if view in offered:
            assert shell.run(view).ok, f"{view} offered, refused"


def test_a_typed_move_of_a_whole_game_was_offered() -> None:
    """The other way round: the verb of each move typed in the whole games was among those
    offered at its position (the check keeps nothing legal from the table)."""
    for path in FILES:
        whole = played(path)
        for index, entry in enumerate(whole.entries):
            words = shlex.split(entry.text)
            verbs = [v.name for v in whole.game.verbs()]
            if entry.auto or not any(v.startswith(words[0].lower()) for v in verbs):
                continue  # a frame verb, or a form without a verb (Lost Atlas: `K17 NE-SW`)
            offered = completions(at(whole, index), [])
            verb = words[0].lower()
            assert any(o.lower().startswith(verb) for o in offered), (
                f"{path.name}: move {index + 1} '{entry.text}' not offered: {sorted(offered)}"
            )
