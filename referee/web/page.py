"""The HTML document around the page's body: live (with its script) or self-contained."""

from __future__ import annotations

from importlib import resources

from referee.core.html import esc
from referee.i18n import _, language
from referee.play.session import Session


def live_words() -> dict[str, str]:
    """The status line's words, in the language of the page (the script takes them from the
    page, and from each view when the language changes)."""
    return {
        "live": _("live · move {moves}"),
        "unreachable": _("cannot reach the referee; retrying…"),
        "lost": _("connection lost; reconnecting…"),
    }


def title_of(session: Session) -> str:
    return f"{session.title}: {', '.join(session.players)}"


def live_status() -> str:
    """The live page's status line; its other words go to the page's script as data."""
    data = "".join(f' data-{key}="{esc(text)}"' for key, text in live_words().items())
    connecting = esc(_("connecting…"))
    return f'<p class="live" id="live" aria-live="polite"{data}>{connecting}</p>'


def static(name: str) -> str:
    return resources.files("referee.web").joinpath("static", name).read_text(encoding="utf-8")


def page_html(session: Session, body: str, version: str, live: bool) -> str:
    """The whole document. Live pages load page.css/page.js from the program; a saved page
    (the diary) carries its stylesheet inside and needs no script."""
    title = title_of(session)
    if live:
        head = '<link rel="stylesheet" href="page.css"><script src="page.js" defer></script>'
    else:
        head = f"<style>{static('page.css')}</style>"
    status = live_status() if live else f"<p>{esc(session.created.strftime('%Y-%m-%d'))}</p>"
    return f"""<!doctype html>
<html lang="{language()}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>{esc(title)}</title>
{head}
</head>
<body data-version="{esc(version)}" data-moves="{len(session.entries)}">
<header><h1 id="title">{esc(title)}</h1>{status}</header>
<main id="main">
{body}
</main>
</body>
</html>
"""
