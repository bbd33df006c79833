"""The quick commands' tables come out exactly as tabulate's "simple" format would lay them."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from tabulate import tabulate

from referee.core.columns import simple_table

CELL = st.one_of(
    st.integers(min_value=0, max_value=10**6),
    st.from_regex(r"[A-Za-z0-9∞][A-Za-z0-9 ∞-]{0,12}", fullmatch=True).map(str.rstrip),
)


@given(
    st.integers(min_value=1, max_value=4).flatmap(
        lambda n: st.tuples(
            st.lists(st.from_regex(r"[a-z]{1,9}", fullmatch=True), min_size=n, max_size=n),
            st.lists(st.lists(CELL, min_size=n, max_size=n), min_size=1, max_size=6),
        )
    )
)
def test_any_small_table_is_laid_out_as_tabulate_does(table: tuple[list[str], list[list]]) -> None:
    headers, rows = table
    assert simple_table(rows, headers) == tabulate(rows, headers=headers)


def test_a_route_table() -> None:
    rows = [["4", "F1 100 - F3 20", 120], ["∞", "(does not run)", 0]]
    headers = ["train", "stops", "revenue"]
    assert simple_table(rows, headers) == tabulate(rows, headers=headers)
