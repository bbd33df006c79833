"""The maps' words (tile numbers, costs, hex names) never sit on track (issue 29 item 3): on the
maps of 1830, 1889 and Lost Atlas at the end of a game, with their track laid, every word's
box stays clear of every track of its hex and of the words placed before it."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest

from referee.eighteen import hexmap
from referee.games.lost_atlas import page as lost_atlas
from referee.games.titled import page as titled
from referee.web.view import Page, body
from tests.web.conftest import played

MAPS = {
    "1830": ("18xx-1830-3p-whole-game-bank-broken.txt", titled),
    "1889": ("18xx-1889-2p-nine-sets-bank-broken.txt", titled),
    "lost-atlas": ("lost-atlas-long-3p-mapped-six-cycles.txt", lost_atlas),
}
WORD = re.compile(
    r'<text class="((?:label|hexname)(?: tight)?)" x="([-\d.]+)" y="([-\d.]+)"[^>]*>([^<]*)</text>'
)
FONTS = {"label": hexmap.LABEL_FONT, "hexname": hexmap.NAME_FONT}
FONTS |= {f"{cls} tight": hexmap.TIGHT_FONT for cls in FONTS}


def _drawn(monkeypatch: pytest.MonkeyPatch, scenario: str, module: object) -> list[tuple]:
    """Each hex of the game's map with the SVG group of its words."""
    seen: list[tuple[Sequence[hexmap.Hex], str, str]] = []

    def keep(hexes: Sequence[hexmap.Hex], layout: str = "flat") -> str:
        out = hexmap.svg(hexes, layout)
        seen.append((hexes, layout, out))
        return out

    monkeypatch.setattr(module, "svg", keep)
    session = played(scenario)
    body(session, Page(), charts_html="")
    ((hexes, layout, out),) = seen
    # the words of each hex, drawn after all the hexes (no neighbour hides them), in order
    groups = out.split('<g class="words" transform=')[1:]
    assert len(groups) == len(hexes)
    return [(h, layout, g) for h, g in zip(hexes, groups, strict=True)]


@pytest.mark.parametrize("game", list(MAPS))
def test_no_word_of_the_map_sits_on_track(monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    scenario, module = MAPS[game]
    checked = 0
    for h, layout, group in _drawn(monkeypatch, scenario, module):
        track = hexmap.track_points(h, layout)
        boxes = []
        for cls, x, y, text in WORD.findall(group):
            font = FONTS[cls]
            box = hexmap._box(float(x), float(y) - font * 0.35, text, font)
            near = min((hexmap._clearance(box, px, py) for px, py in track), default=99.0)
            assert near >= hexmap.TRACK_CLEARANCE - 0.01, f"{game} {h.name}: {text!r} on track"
            for other in boxes:
                apart = max(
                    abs(box[0] - other[0]) - box[2] - other[2],
                    abs(box[1] - other[1]) - box[3] - other[3],
                )
                assert apart >= 0, f"{game} {h.name}: {text!r} on another word"
            boxes.append(box)
            checked += bool(track)
    assert checked > 10  # the maps have track, and words beside it


@pytest.mark.parametrize("game", list(MAPS))
def test_no_hex_is_drawn_over_a_word(monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    """A word may be wider than its hex (Lost Atlas's "capital" reaches into its neighbours on
    a phone): every word is drawn after every hex, so that no neighbour hides part of it."""
    scenario, module = MAPS[game]
    drawn: list[str] = []
    monkeypatch.setattr(module, "svg", lambda *a, **k: drawn.append(hexmap.svg(*a, **k)) or "")
    body(played(scenario), Page(), charts_html="")
    (out,) = drawn
    words = [m.start() for m in re.finditer('<text class="(label|hexname)', out)]
    assert words and out.rfind("<polygon") < min(words)
