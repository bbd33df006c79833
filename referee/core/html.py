"""Small HTML builders for the page: escaped text, tables, colour swatches.

In the core (a leaf: it reads only the catalog) because each game's page.py builds its panels
with them, and a game may not import the page above it (tests/test_layers.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from html import escape
from typing import Any

from referee.i18n import _

# The railroad colours of the games, as drawn on the page. The name is always written beside
# the swatch (colour-blind players read the word).
SWATCHES = {
    "black": "#222222",
    "white": "#f4f4f4",
    "green": "#2e8b3d",
    "blue": "#2f62c9",
    "orange": "#f08a1c",
    "red": "#d03030",
    "yellow": "#f2c81d",
    "purple": "#7d4fb0",
    "gray": "#8a8a8a",
    "grey": "#8a8a8a",
    "brown": "#8b5a2b",
}


def esc(value: Any) -> str:
    return escape(str(value), quote=True)


def swatch(name: str, label: str = "") -> str:
    """A colour name with its swatch before it; plain text when it is not a colour. `label`:
    the name as the table reads it, when not `name` itself (a Japanese name)."""
    colour = SWATCHES.get(str(name).lower())
    if colour is None:
        return esc(label or name)
    word = esc(label or _(name))  # the games mark their colour names for the catalog (黒, 緑, ...)
    return f'<span class="nw"><span class="sw" style="background:{colour}"></span>{word}</span>'


# A table of this many columns or more reads as stacked cards in a narrow card (a phone): one
# card per row, each cell under its header's name, so no column is ever cut off.
STACKED = 4
# ... and of this many takes the page's whole width on a wide screen.
WIDE = 7
# The log's tables read as lines of text (they wrap), never as cards.
FLOWING = ("moves", "log")


def table(
    headers: Sequence[str],
    rows: Iterable[Sequence[Any]],
    raw: bool = False,
    cls: str = "",
    headings: Mapping[int, str] | None = None,
) -> str:
    """An HTML table; cells are escaped unless `raw` (already HTML). Each cell carries its
    header's name for the stacked layout of a narrow screen. `headings`: a heading row (class
    "round") spanning the table, before the row of that index (0-based)."""
    cell: Callable[[Any], str] = str if raw else esc
    head = "".join(f"<th>{esc(h)}</th>" for h in headers)
    stacked = len(headers) >= STACKED and cls not in FLOWING
    names = [f' data-label="{esc(h)}"' if h and stacked else "" for h in headers]
    over = (headings or {}).get
    body = "".join(
        (
            f'<tr class="round"><th colspan="{len(headers)}">{esc(over(n))}</th></tr>'
            if over(n)
            else ""
        )
        + "<tr>"
        + "".join(
            f"<td{names[i] if i < len(names) else ''}>{cell(v)}</td>" for i, v in enumerate(row)
        )
        + "</tr>"
        for n, row in enumerate(rows)
    )
    classes = [cls] if cls else []
    classes += ["cards"] if stacked else []
    classes += ["many"] if len(headers) >= WIDE else []
    attr = f' class="{esc(" ".join(classes))}"' if classes else ""
    inner = f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody>"
    return f'<div class="scroll"><table{attr}>{inner}</table></div>'


def section(title: str, body: str, cls: str = "") -> str:
    attr = f' class="{esc(cls)}"' if cls else ""
    return f"<section{attr}><h2>{esc(title)}</h2>{body}</section>"


def items(lines: Iterable[str], raw: bool = False) -> str:
    cell: Callable[[Any], str] = str if raw else esc
    return "<ul>" + "".join(f"<li>{cell(line)}</li>" for line in lines) + "</ul>"


def para(text: str) -> str:
    return f"<p>{esc(text)}</p>"
