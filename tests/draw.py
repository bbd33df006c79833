"""Random choices for the random-play tests, drawn by hypothesis so that failures shrink."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

from referee.rules_kit import Pick


def picker(data: st.DataObject) -> Pick:
    def pick(choices: Sequence[str]) -> str:
        return data.draw(st.sampled_from(list(choices)))

    return pick
