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

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from referee import scenario
from referee.core.engine import Incomplete, Overridden, RefereeError, RuleError, typed_move
from referee.play import offers
from referee.play.session import Session, split
from referee.shell.completer import ShellCompleter
from referee.shell.shell import Shell

FILES = sorted((Path(__file__).parent / "scenarios").glob("*.txt"))
FILES_BY_NAME = {path.name: path for path in FILES}
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
    """The verbs of `Next: PLAYER (PHASE): VERB, VERB (+N: Tab or help)`."""
    line = shell.next_line()
    if not line.startswith("Next: "):
        return []  # the game is over
    said = line.split("; ", 1)[0].split(" (+", 1)[0]  # `; why` after: the forced reading
    said = said.rsplit(": ", 1)[1]  # the first few moves; ` (+N: Tab or help)` the others
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


def _refusals(session: Session) -> list[tuple[str, RuleError, list[str]]]:
    """Each example of `help VERB` that the rules refuse here though it could be forced: the
    line, its refusal, and the rules the forced move says it overrode, in order."""
    game, state = session.game, session.state
    actor = game.options(state).actor
    found = []
    for line in (form.example for verb in game.verbs() for form in verb.forms):
        try:
            move = typed_move(game, state, actor or "", split(line))
            game.apply(state, move)
        except RuleError as refusal:
            if not refusal.computable:
                continue
            try:
                _state, events = game.apply(state, move, forced=True)
            except RefereeError:
                continue
            broken = [e.rule for e in events if isinstance(e, Overridden)]
            found.append((line, refusal, broken))
        except RefereeError:
            continue
    return found


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
@given(st.sampled_from(FILES), st.floats(0, 1))
def test_every_refusal_names_the_rule_that_refused_it(path: Path, where: float) -> None:
    """Every game (issue 26 item 4): each example of `help VERB`, typed where the rules refuse
    it, is refused by the first rule the same move breaks when forced: the rule named is the
    one that refused it, not another check met on the way."""
    whole = played(path)
    session = at(whole, round(where * len(whole.entries)))
    for line, refusal, broken in _refusals(session):
        if broken:  # a game that names the rules a forced move broke
            assert refusal.rule == broken[0], f"{line}: {refusal} but it breaks {broken}"


def test_a_train_leaving_a_city_of_several_lines_needs_the_line__congo_line_moving_a_train() -> (
    None
):
    """Congo Line, 商品を積む／列車の移動 (列車の移動): `move red 1` with red in a city where
    several lines start lacks the line's city: words missing (`Incomplete`), offered as the
    start of a move, not a refusal by a rule."""
    whole = played(FILES_BY_NAME["congo-line-3p-seventh-city.txt"])
    session = next(
        at(whole, i)
        for i in range(len(whole.entries))
        if "move" in whole.game.options(whole.states[i]).verbs
    )
    with pytest.raises(Incomplete, match="name the line it takes"):
        session.what_if("move red 1")
    assert offers.Offers(session, session.state).verdict(["move", "red", "1"]) == "open"


def test_a_city_given_fewer_cubes_than_it_takes_needs_more__railroad_rivals_setup() -> None:
    """Railroad Rivals, 準備: the start city takes two cubes; `draw` and `draw wood` lack words
    (`Incomplete`: the cubes come from the bag, no list offers them); a third cube is too
    many, refused by the rule."""
    whole = played(FILES_BY_NAME["railroad-rivals-2p-tie-on-stocks.txt"])
    session = at(whole, 1)
    for line in ("draw", "draw wood"):
        with pytest.raises(Incomplete, match="takes 2 cubes"):
            session.what_if(line)
    with pytest.raises(RuleError) as refused:
        session.what_if("draw wood grain wood")
    assert refused.value.rule == "準備"
