"""Nothing on the table page is clipped, on a phone or a desktop (issue 29 items 2 and 7).

Every game's page, mid-game, and its diary are opened in headless Chromium at 360, 390, 768 and
1440 px; in every card (section) no element reaches past the card's edges and no box hides
content behind a scroll bar, and the page itself never scrolls sideways. A map is the one thing
that may be wider than its card: it sits in its own pan box (`.pan`) that the reader drags and
pinches, and the box itself stays inside the card.

Screenshots of each page at phone and desktop width are kept for people to look at: under
`$REFEREE_SCREENSHOTS/layout` when that is set, else under the test's tmp_path.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from referee.play.session import Session
from referee.web.export import html_page
from referee.web.page import page_html
from referee.web.view import Page, body
from tests.web.cdp import Browser
from tests.web.conftest import ONE_OF_EACH, played

WIDTHS = (360, 390, 768, 1440)
PHONE, DESKTOP = 390, 1440
SHOT_HEIGHT = 4000  # a screenshot's height in px, at most: the kept files stay small
GAMES = {**ONE_OF_EACH, "1830": "18xx-1830-3p-two-sets-rust-and-emergency.txt"}

# Every element of a card that reaches past the card, or hides content behind a scroll bar;
# inside a map's pan box only the box itself counts. A list of short descriptions.
CLIPPED = """
(() => {
  const out = [];
  const where = (el) => {
    const card = el.closest('section');
    const title = card && card.querySelector('h2') ? card.querySelector('h2').textContent : '';
    const name = el.tagName.toLowerCase() + (el.className && el.className.baseVal === undefined
      ? '.' + String(el.className).trim().replace(/\\s+/g, '.') : '');
    return title + ' > ' + name + ' ' + JSON.stringify((el.textContent || '').slice(0, 40));
  };
  for (const card of document.querySelectorAll('main > section, main > p')) {
    const box = card.getBoundingClientRect();
    const told = [];  // what lies inside an element already told is not told again
    for (const el of [card, ...card.querySelectorAll('*')]) {
      if (el.closest('.pan') && !el.classList.contains('pan')) continue;
      if (told.some((t) => t.contains(el))) continue;
      const before = out.length;
      if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (el !== card && (r.left < box.left - 1 || r.right > box.right + 1)) {
        out.push('past the card: ' + where(el) + ` ${Math.round(r.left)}..${Math.round(r.right)}`
          + ` in ${Math.round(box.left)}..${Math.round(box.right)}`);
      }
      if (!el.classList.contains('pan') && el.scrollWidth > el.clientWidth + 1
          && getComputedStyle(el).overflowX !== 'visible') {
        out.push('scrolls sideways: ' + where(el) + ` ${el.scrollWidth} > ${el.clientWidth}`);
      }
      if (out.length > before && el !== card) told.push(el);
    }
  }
  return out;
})()
"""


def _page(name: str) -> str:
    """The HTML of a game's page mid-game, or of a finished game's diary."""
    if name == "diary":
        return html_page(played(GAMES["1830"]))
    session = _mid_game(name)
    return page_html(session, body(session, Page()), "v", live=False)


@functools.cache
def _mid_game(game: str) -> Session:
    """The game's scenario half played, once (the pages only read it)."""
    return played(GAMES[game], _half(GAMES[game]))


def _half(name: str) -> int:
    from devtools import scenario
    from tests.web.conftest import SCENARIOS

    return len(scenario.load(SCENARIOS / name).commands) // 2


def shots(tmp_path: Path) -> Path:
    kept = os.environ.get("REFEREE_SCREENSHOTS")
    return Path(kept) / "layout" if kept else tmp_path / "screenshots"


# One Chromium for the module (each test sizes it and opens its own page): not one per page.
@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def browser() -> AsyncIterator[Browser]:
    b = Browser()
    await b.start(WIDTHS[0], 800)
    yield b
    await b.close()


def test_every_page_is_played_mid_game() -> None:
    """The pages measured below are games in progress (a finished one hides the moves)."""
    for game in GAMES:
        session = _mid_game(game)
        assert not session.game.is_over(session.state), game


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize("name", [*GAMES, "diary"])
async def test_nothing_is_clipped_at_360_390_768_and_1440_px(
    browser: Browser, tmp_path: Path, name: str
) -> None:
    path = tmp_path / f"{name}.html"
    path.write_text(_page(name), encoding="utf-8")
    found = {}
    for width in WIDTHS:
        await browser.size(width, 800)
        await browser.open(path.as_uri())
        await browser.wait_for(
            "document.readyState === 'complete' && !!document.getElementById('main')", 10
        )
        clipped = await browser.js(CLIPPED)
        page = await browser.js("document.documentElement.scrollWidth")
        if page > width:
            clipped.append(f"the page is {page} px wide")
        if clipped:
            found[width] = clipped
        if width in (PHONE, DESKTOP):
            await browser.screenshot(shots(tmp_path) / f"{name}-{width}.png", width, SHOT_HEIGHT)
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)
