"""Random choices for the random-play tests, drawn by hypothesis so that failures shrink."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

from devtools.random_play import Pick
from referee.play.session import Session


def picker(data: st.DataObject) -> Pick:
    def pick(choices: Sequence[str]) -> str:
        return data.draw(st.sampled_from(list(choices)))

    return pick


def typed(session: Session, line: str) -> list[str]:
    """Play a random player's line, meant for whoever acts now, as the typist would: while the
    referee takes it as the confirmation of one of its own automatic moves (the same move, typed
    one beat behind: issue 26), it is typed once more. The lines typed, to replay the game."""
    lines = []
    for _confirmed in range(len(session.awaiting) + 1):
        logged = len(session.entries)
        session.play(line)
        lines.append(line)
        if len(session.entries) > logged:
            return lines
    raise AssertionError(f"'{line}' was neither a move nor the confirmation of one")
