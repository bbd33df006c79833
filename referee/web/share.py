"""Starting and stopping the page: for the shell's `share` verb and `--share`, and for
`referee serve`. The page knows the shell's session only: it hears of changes as one of the
session's observers, never from the shell."""

from __future__ import annotations

import asyncio
import io
import sys
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from referee.core.engine import UsageError
from referee.i18n import _
from referee.play.session import Change, Session
from referee.web.seats import Hands, Seats
from referee.web.server import TablePage, lan_address
from referee.web.source import SaveFollower, Source
from referee.web.watch import Watch

USAGE = "share [--host ADDRESS] [--port N], share seats [off], or share off"


@dataclass
class Sharing:
    """The page of one shell's session, while it is shared."""

    source: Source
    page: TablePage
    tasks: set[asyncio.Task[None]] = field(default_factory=set)
    seats: Seats | None = None  # the players' seats, while open

    def changed(self, change: Change) -> None:
        """Called by the session after every change: pages hear of it once the table sees it."""
        if change.show:
            self.source.check()


def qr(url: str) -> str:
    """The address as a QR code drawn in the terminal (half-height blocks)."""
    import segno  # loaded only when a page is shared: the shell starts without it

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue().rstrip("\n")


def announce(url: str, served: bool = False) -> str:
    """What the shell (or `referee serve`, when `served`) says of a page it just started."""
    shared = _("the game is shared (read-only) at")
    if served:
        how = _("phones on the same network: scan the code or type the address; Ctrl-C stops it")
    else:
        how = _(
            "phones on the same network: scan the code or type the address; `share off` stops it"
        )
    return f"{shared}\n  {url}\n{qr(url)}\n{how}"


def seat_lines(seats: Seats) -> str:
    """Each player's private seat address and its QR code."""
    lines = [_("each player's own seat (private: only that player scans it):")]
    for player, url in seats.urls():
        lines += [f"  {player}: {url}", qr(url)]
    return "\n".join(lines)


def open_seats(sharing: Sharing, hands: Hands) -> str:
    """Open a seat for each player (`share`, `share seats` when closed); what the shell says."""
    sharing.seats = Seats(sharing.page, hands)
    return seat_lines(sharing.seats)


def seats_words(words: Sequence[str]) -> bool:
    """Whether the words after `share seats` say `off`; nothing else is allowed."""
    if len(words) > 1 or (words and words[0].lower() != "off"):
        raise UsageError(_("share seats takes only 'off'"), USAGE)
    return bool(words)


def seats(sharing: Sharing, off: bool, hands: Hands) -> str:
    """`share seats`: the seats' addresses again (opened anew when closed); `share seats off`
    closes them: their addresses no longer work."""
    if not off:
        if sharing.seats is None:
            return open_seats(sharing, hands)
        return seat_lines(sharing.seats)
    if sharing.seats is None:
        return _("the seats are closed already")
    sharing.seats.close()
    sharing.seats = None
    return _("the seats are closed; their addresses no longer work (the page still does)")


def parse(words: Sequence[str]) -> tuple[str, int | None]:
    """--host/--port from the shell's words."""
    host, port = "", None
    rest = list(words)
    while rest:
        flag = rest.pop(0)
        if flag not in ("--host", "--port") or not rest:
            raise UsageError(_("share does not understand '{word}'").format(word=flag), USAGE)
        value = rest.pop(0)
        if flag == "--host":
            host = value
        else:
            try:
                port = int(value)
            except ValueError:
                raise UsageError(
                    _("'{word}' is not a port number").format(word=value), _("0 to 65535")
                ) from None
            if not 0 <= port <= 65535:
                raise UsageError(
                    _("{port} is not a port number").format(port=port), _("0 to 65535")
                )
    return host or lan_address(), port


def start(session: Session, host: str, port: int | None) -> Sharing:
    """Serve `session`'s page from the running loop (the interactive shell's); the page hears
    of every change through the session's observers."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        raise UsageError(
            _("share works in the interactive shell"),
            _("`referee resume FILE --share`, or `referee serve FILE` to show a save"),
        ) from None
    source = Source(session)
    page = TablePage(source)
    page.listen(host, port)
    sharing = Sharing(source, page)
    _later(sharing, page.serve())
    session.observers.append(sharing.changed)
    return sharing


def already(sharing: Sharing) -> str:
    """What `share` says when the game is shared already."""
    said = _("already shared at {url}").format(url=sharing.page.url)
    return f"{said}\n{qr(sharing.page.url)}"


def stop_soon(sharing: Sharing) -> str:
    """Stop the page from the running loop (`share off`); what the shell says of it."""
    _unhear(sharing)
    _later(sharing, sharing.page.stop())
    return _("the page is stopped; its address no longer works")


def _unhear(sharing: Sharing) -> None:
    """The page no longer hears of the session's changes, and its seats are closed."""
    if sharing.seats is not None:
        sharing.seats.close()
        sharing.seats = None
    observers = sharing.source.session.observers
    if sharing.changed in observers:
        observers.remove(sharing.changed)


def _later(sharing: Sharing, work: Coroutine[Any, Any, None]) -> None:
    task = asyncio.get_running_loop().create_task(work)
    sharing.tasks.add(task)  # keep a reference until it is done
    task.add_done_callback(sharing.tasks.discard)


async def stop(sharing: Sharing) -> None:
    """Stop the page when the shell ends."""
    _unhear(sharing)
    await sharing.page.stop()


# --- referee serve FILE ------------------------------------------------------------------
async def follow(path: Path, host: str, port: int | None, out: TextIO) -> None:
    """Serve a save read-only and follow it as its writer appends moves (until cancelled):
    read again as soon as the system says the file changed (see referee.web.watch)."""
    follower = SaveFollower(path)
    page = TablePage(follower.source)
    url = await page.start(host or lan_address(), port)
    print(announce(url, served=True), file=out, flush=True)
    following = _("following {path}: every saved move shows on the page").format(path=path)
    print(following, file=out, flush=True)
    try:
        async with Watch(path) as watch:
            while True:
                await watch.changed()
                follower.poll()
    finally:
        await page.stop()


def serve_file(path: Path, host: str, port: int | None) -> int:
    try:
        asyncio.run(follow(path, host, port, sys.stdout))
    except KeyboardInterrupt:
        print(_("stopped"), file=sys.stdout)
    return 0
