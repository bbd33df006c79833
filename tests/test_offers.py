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

from devtools import scenario
from referee.core.engine import (
    Incomplete,
    Options,
    Overridden,
    RefereeError,
    RuleError,
    typed_move,
)
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
    check_offers(at(whole, round(where * len(whole.entries))), pick)


def check_offers(session: Session, pick: st.DataObject) -> None:
    """Each verb listed or legal in `help` is offered, and each line Tab completes from it is
    accepted or needs more words."""
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


def _titled(title: str, players: list[str], lines: list[str]) -> Session:
    """A session of the 18xx banker for `title` after `lines`, each accepted."""
    from referee.games.titled.describe import title_data

    session = Session.new("18xx", players, "", title_data(title)[0])
    session.settle()
    shell = Shell(session)
    for line in lines:
        reply = shell.run(line)
        assert reply.ok, f"{line}: {reply.text}"
    return shell.session


def _owned_by(session: Session, owners: dict[str, str]) -> Session:
    """The session with privates given to owners by hand (a position the test needs)."""
    draft = session.state.draft()
    draft.privates.update(owners)
    return replace(session, states=[*session.states[:-1], draft.seal()])


def chesapeake_lv_operates() -> Session:
    """18Chesapeake for A,B,C: LV (drawn for C's CV) operates first in operating round 1.1,
    owning C&OC (a lay on D2 as its own, then a free station there) and C-P (two extra lays on
    H2 and I3)."""
    auction = ["bid D&R 20", "bid C-P 40", "bid B&S 50", "bid C&OC 80", "bid B&OR 100"]
    stock = ["bid CV 200", "par LV 95", "par PRR 95", "done", "done"]
    for _turn in range(4):
        stock += ["buy LV", "done", "buy PRR", "done", "done"]
    session = _titled("18Chesapeake", ["A", "B", "C"], [*auction, *stock, "done", "done"])
    assert session.state.order[session.state.operating] == "LV"
    return _owned_by(session, {"C&OC": "LV", "C-P": "LV"})


def tn_ln_operates() -> Session:
    """18TN for A,B,C,D: L&N (A) operates in operating round 1.1, owning TCC (a free lay on
    H17 beside its own lays)."""
    auction = ["bid TCC 20", "bid ETWCR 40", "bid MCR 70", "bid OWR 100", "bid LNR 175"]
    session = _titled("18tn", ["A", "B", "C", "D"], [*auction, "par L&N 90", *["done"] * 4])
    assert session.state.order[session.state.operating] == "L&N"
    return _owned_by(session, {"TCC": "L&N"})


def chesapeake_free_station_due() -> Session:
    """As chesapeake_lv_operates, once LV has laid 57 on D2 with C&OC: its free station is
    due there (`token D2 0 C&OC`)."""
    session = chesapeake_lv_operates()
    reply = Shell(session).run("tile D2 57 1 80 C&OC")
    assert reply.ok, reply.text
    return session


AL_AUCTION = ["bid TR 20", "bid SNAR 40", "bid BLC 70", "bid M&C 100", "bid NDY 120"]


def al_ndy_for_sale() -> Session:
    """18AL for A,B,C: C's turn in stock round 1, phase 2, when players may sell privates to
    each other (phases.2.private_sales_between_players); B owns NDY (`private NDY 1`)."""
    session = _titled("18AL", ["A", "B", "C"], AL_AUCTION)
    assert session.state.round == "stock" and session.state.privates["NDY"] == "B"
    return session


def al_ln_owns_ndy() -> Session:
    """18AL for A,B,C: L&N (C) operates in operating round 1.1, owning NDY, the 2-trains sold
    out: its 3-train at NDY's discount (`train 3 NDY`) is legal, NDY's sale is not."""
    stock = ["par L&N 90", "done", *["buy L&N", "done"] * 4, "done", "done", "done"]
    session = _titled("18AL", ["A", "B", "C"], [*AL_AUCTION, *stock])
    assert session.state.order[session.state.operating] == "L&N"
    session = _owned_by(session, {"NDY": "L&N"})
    draft = session.state.draft()
    draft.depot["2"] = 0
    return replace(session, states=[*session.states[:-1], draft.seal()])


TITLED_POSITIONS = {
    "18Chesapeake LV with C&OC and C-P": chesapeake_lv_operates,
    "18Chesapeake C&OC's free station due": chesapeake_free_station_due,
    "18TN L&N with TCC": tn_ln_operates,
    "18AL NDY for sale between players": al_ndy_for_sale,
    "18AL L&N with NDY": al_ln_owns_ndy,
}


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
@given(st.sampled_from(sorted(TITLED_POSITIONS)), st.data())
def test_18chesapeake_18tn_and_18al_offer_only_accepted_private_forms(
    name: str, pick: st.DataObject
) -> None:
    """Issue 28: the forms 18Chesapeake, 18TN and 18AL added (`tile HEX TILE ROT COST PRIVATE`
    for a private's extra or own lay, `token HEX CITY PRIVATE` for C&OC's free station, 18AL's
    `private NDY 1` and `train 3 NDY`) are offered only where accepted, at positions where
    they are legal."""
    check_offers(TITLED_POSITIONS[name](), pick)


def test_the_private_forms_are_legal_at_these_positions() -> None:
    """The positions above are where the private forms are legal (the offers checked there
    include `tile` and `token`): C&OC's lay on D2 and C-P's on H2, C&OC's free station once
    its tile is laid, TCC's free lay on H17; another private's station is refused."""
    accepted = {
        chesapeake_lv_operates: ["tile D2 57 1 80 C&OC", "tile H2 9 2 0 C-P"],
        chesapeake_free_station_due: ["token D2 0 C&OC"],
        tn_ln_operates: ["tile H17 9 0 0 TCC"],
    }
    for position, lines in accepted.items():
        session = position()
        assert {"tile", "token"} <= set(
            listed_verbs(Shell(session)) + legal_in_help(Shell(session))
        )
        for line in lines:
            assert Shell(session).run(f"what-if {line}").ok, line
    with pytest.raises(RuleError, match="C-P brings no free station"):
        chesapeake_free_station_due().what_if("token D2 0 C-P")


def test_18al_offers_ndys_forms_where_they_are_accepted_and_not_where_refused() -> None:
    """18AL's NDY (privates.NDY.train_discount, phases.2.private_sales_between_players): `private
    NDY 1` is accepted in the stock round and offered there; in L&N's operating turn `train 3
    NDY` is accepted and offered, `private NDY 1` refused and not offered."""
    sale, turn = al_ndy_for_sale(), al_ln_owns_ndy()
    assert Shell(sale).run("what-if private NDY 1").ok
    assert "private" in completions(sale, [])
    assert "NDY" in completions(sale, ["private"])
    assert Shell(turn).run("what-if train 3 NDY").ok
    assert "NDY" in completions(turn, ["train", "3"])
    with pytest.raises(RuleError, match="NDY is not owned by a player"):
        turn.what_if("private NDY 1")
    assert "NDY" not in completions(turn, ["private"])


def test_amount_positions_are_keyed_as_the_candidates_are() -> None:
    """Issue 32 item 5: the argument positions a game marks as amounts (a number pad on the
    seat), under `verb FIRST` before `verb`, as `argument_slots` reads its candidates."""
    from referee.core.engine import Options
    from referee.core.words import amount_positions

    options = Options("A", ("bid", "buy"), amounts={"bid": (0,), "buy train": (2,)})
    assert amount_positions(options, "bid", []) == (0,)
    assert amount_positions(options, "buy", ["Train", "from"]) == (2,)
    assert amount_positions(options, "buy", ["share"]) == ()
    assert amount_positions(options, "pass", []) == ()


def test_a_usage_error_where_an_amount_comes_next_is_open() -> None:
    """Issue 32 item 5: a line short of an amount the options mark as typed freely (a bid) is
    the start of a move, even where every candidate listed there is refused (a bid of 5,
    under Lost Atlas's lowest of 120, ■7): the number pad gives the rest. Without the mark,
    the line leads only to the candidates listed, and is not offered."""
    from referee.games.lost_atlas.game import LostAtlas

    class Listed(LostAtlas):
        def __init__(self, amounts: dict[str, tuple[int, ...]]) -> None:
            self.amounts = amounts

        def options(self, state: object) -> Options:
            found = super().options(state)  # type: ignore[arg-type]
            return replace(found, args={"auction": (("5",),)}, amounts=self.amounts)

    session = Session.new("lost-atlas", ["A", "B"], "micro")
    session.play("charters Expansive,Eastern / Express,Suburban")
    session.play("destinations 30/40/70/100")
    marked = offers.Offers(replace(session, game=Listed({"auction": (0,)})), session.state)
    unmarked = offers.Offers(replace(session, game=Listed({})), session.state)
    for now in (marked, unmarked):
        assert now.verdict(["auction"]) == "usage"
        assert now.verdict(["auction", "5"]) == "refused"
    assert marked.amount_next(["auction"]) and marked.viable(["auction"])
    assert not unmarked.amount_next(["auction"]) and not unmarked.viable(["auction"])


def _scenario_at(name: str, line: str) -> Session:
    """The session of a whole game of tests/scenarios as it stood before its move `line`."""
    whole = played(FILES_BY_NAME[name])
    return at(whole, next(i for i, e in enumerate(whole.entries) if e.text == line))


# Issue 32 item 5: the positions where the options list words a seat taps instead of typing
# them: the shares turned up and the hexes of a lay in Union Station; in Railroad Rivals the
# start city and its edges, the cubes drawn, the stock tiles revealed, a bid and a tile placed.
RIVALS = "railroad-rivals-2p-tie-on-stocks.txt"
RIVALS_NAMED = "railroad-rivals-2p-named-box.txt"  # the city tiles' names in the board data
TAPPED_POSITIONS = {
    "Railroad Rivals: the start city": lambda: _scenario_at(
        RIVALS, "start Chicago PRR B&O - NYC 2"
    ),
    "Railroad Rivals: the start city's cubes": lambda: _scenario_at(RIVALS, "draw wg"),
    "Railroad Rivals: a reveal": lambda: _scenario_at(RIVALS, "reveal Denver Omaha stock PRR B&O"),
    "Railroad Rivals: a bid": lambda: _scenario_at(RIVALS, "bid 1"),
    "Railroad Rivals: a drafted tile placed": lambda: _scenario_at(
        RIVALS, "place Denver 1,0 - UP - B&O 2"
    ),
    "Railroad Rivals: a tile from the hand placed": lambda: _scenario_at(
        RIVALS, "place Boise 0,1 ---- 1 blank"
    ),
    "Railroad Rivals, the box's names listed: a reveal": lambda: _scenario_at(
        RIVALS_NAMED, "reveal Denver Omaha stock PRR B&O"
    ),
    "Railroad Rivals, the box's names listed: a tile from the hand placed": lambda: _scenario_at(
        RIVALS_NAMED, "place Tulsa -1,0 PRR NYC - - 1"
    ),
    "Union Station: the setup's reveal": lambda: _scenario_at(
        "union-station-5p-blocked-track.txt", "reveal black green blue orange white black"
    ),
    "Union Station: a lay on the map": lambda: _scenario_at(
        "union-station-5p-blocked-track.txt", "lay black A1 B1"
    ),
}


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
@given(st.sampled_from(sorted(TAPPED_POSITIONS)), st.data())
def test_the_words_listed_for_a_seat_to_tap_are_offered_only_where_accepted(
    name: str, pick: st.DataObject
) -> None:
    """Issue 32 item 5: where the options list each word of a move (Union Station's reveal,
    準備, and its lay's second hex, 線路の敷設; Railroad Rivals' start city and cubes, 準備,
    reveal and bid, タイルの補充とターン順のビッド, and placement, 都市タイルの配置, with the
    box's city tiles tapped where the board data names them), each line
    completed from them is accepted or needs more words."""
    check_offers(TAPPED_POSITIONS[name](), pick)


EXPRESS01_SHORT = "express01-3p-short-three-decks-share-from-display.txt"
# Issue 32 item 5: the moves a seat once had to type, now offered word by word (the order of
# four players, where a name given twice could have been offered after the first)
EXPRESS01_POSITIONS = {
    **{
        line: (EXPRESS01_SHORT, line)
        for line in (
            "order C A",
            "lay 27 through green +1",
            "buy green r1 pay r3 r3",
            "run green 20 27",
            "take C c1 A c2 B c3",
            "buy green C pay r3 r3",
        )
    },
    "order of four": ("express01-4p-short-three-decks-shared-win.txt", ""),
}


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
@given(st.sampled_from(sorted(EXPRESS01_POSITIONS)), st.data())
def test_express01_offers_only_accepted_words_where_a_seat_once_typed(
    name: str, pick: st.DataObject
) -> None:
    """Issue 32 item 5: Express 01's words listed for every argument (order, a station's bonus,
    pay and the cards, a run's stations, each taker of a payment) lead only to accepted moves,
    or are marked as needing more."""
    path, line = EXPRESS01_POSITIONS[name]
    session = _scenario_at(path, line) if line else at(played(FILES_BY_NAME[path]), 0)
    check_offers(session, pick)
