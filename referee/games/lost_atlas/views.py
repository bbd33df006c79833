"""What players ask to see at the table: the stock market, the trains, the companies.

Views, not moves: each is a pure function of the state returning text for the terminal.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.core import fit
from referee.games.lost_atlas import data, ledger, trains
from referee.games.lost_atlas.data import INF, POOL, TREASURY
from referee.games.lost_atlas.render import colour_name, company_head, company_row
from referee.games.lost_atlas.state import State
from referee.i18n import _, pgettext


def _train_name(kind: str) -> str:
    return "∞" if kind == INF else kind


def market(s: State) -> str:
    """The stock track with every company's marker (top of a space first, ■11)."""
    spaces = data.spaces()
    on: dict[int, list[str]] = {}
    for name in s.order():  # operating order: higher price first, then higher on the space
        on.setdefault(s.companies[name].price, []).append(name)
    track = " ".join(f"[{v}]" if v in on else str(v) for v in spaces)
    lines = [
        _("stock track ([ ] = a marker; {closed} closes): {track}").format(
            closed=data.table()["market"]["closed"], track=track
        )
    ]
    if not on:
        lines.append(_("no company on the track yet"))
    for price in sorted(on, reverse=True):
        lines.append(
            f"  {price:>3}: "
            + ", ".join(on[price])
            + (_("  (top first)") if len(on[price]) > 1 else "")
        )
    low, high = data.par_range(s.level)
    lines.append(
        _("starting values now ({colour}): {low} to {high} (■7)").format(
            colour=colour_name(s.colour), low=low, high=high
        )
    )
    lines.append(
        _(
            "a dividend moves the marker: revenue at least the price one space right, twice the "
            "price two; withheld or 0 one left (■16, ■17)"
        )
    )
    return "\n".join(lines)


def roster(s: State) -> str:
    """The trains: the phase, the deck in order, what the next train brings and what rusts."""
    table = data.table()["trains"]
    lines = [
        _(
            "phase {colour} (last train taken: {level}); train limit: minors {minors},"
            " majors {majors}"
        ).format(
            colour=colour_name(s.colour),
            level=s.level if s.level < 7 else "7/∞",
            minors=data.limit(s.level, False),
            majors=data.limit(s.level, True),
        )
    ]
    rows: list[list[object]] = []
    for kind in table["order"]:
        left = s.deck.get(kind, 0)
        if kind == "7" and left:
            rows.append(
                ["7 / ∞", _("unlimited"), f"{data.train_price('7')} / {data.train_price(INF)}"]
            )
        elif left:
            rows.append([kind, left, data.train_price(kind)])
    lines.append(
        fit.table(rows, [_("deck"), _("left"), pgettext("train", "price")])
        if rows
        else _("the deck is empty")
    )
    top = trains.deck_top(s)
    if top is not None:
        level = data.train_level(top)
        brings = []
        colour = data.phase_colour(level)
        if colour != s.colour:
            brings.append(_("phase {colour}").format(colour=colour_name(colour)))
        minor, major = data.limit(level, False), data.limit(level, True)
        if (minor, major) != (data.limit(s.level, False), data.limit(s.level, True)):
            brings.append(
                _("limits minors {minors}, majors {majors}").format(minors=minor, majors=major)
            )
        rusted = table["rusts"].get(top)
        if rusted and rusted not in s.rusted_log:
            brings.append(_("the {train}-trains rust").format(train=rusted))
        lines.append(
            _("next: a {train}-train for {price}").format(train=top, price=data.train_price(top))
            + (": " + "; ".join(brings) if brings else _(": no change"))
        )
    rust = [
        _("the first {new} rusts the {old}s").format(new=k, old=v)
        for k, v in table["rusts"].items()
    ]
    done = [_("{train}s rusted").format(train=v) for v in s.rusted_log]
    lines.append(
        _("rusting (■18): {rusts}").format(rusts="; ".join(rust))
        + (f" ({', '.join(done)})" if done else "")
    )
    pool = " ".join(_train_name(t.kind) for t in s.pool_trains) or _("none")
    lines.append(_("pool trains: {trains}").format(trains=pool))
    rusted = _("(rusted)")
    owned = [
        f"{n} {' '.join(_train_name(t.kind) + (rusted if t.rusted else '') for t in c.trains)}"
        for n, c in s.companies.items()
        if c.trains
    ]
    lines.append(_("companies' trains: {trains}").format(trains="; ".join(owned) or _("none")))
    return "\n".join(lines)


def companies(s: State) -> str:
    """Per company: president, treasury, trains, stations, last revenues; per player:
    holdings, shares against the 60% limit (■4), cash and worth."""
    order = s.order()
    rows = []
    for name in order:
        c = s.companies[name]
        revenues = " ".join(map(str, c.revenues[-3:])) or "-"
        rows.append([*company_row(s, name), revenues, c.held(TREASURY) or "", c.held(POOL) or ""])
    head = [*company_head(), _("last revenues"), _("in treasury"), _("in pool")]
    out = [fit.table(rows, head) if rows else _("no company is open yet")]
    prows = []
    for p in s.players:
        held = [
            f"{n} {c.held(p)}/{ledger.player_limit(c)}" + ("P" if c.president == p else "")
            for n in order
            if (c := s.companies[n]).held(p)
        ]
        prows.append(
            [p, ", ".join(held) or "-", s.cash[p], ledger.value(s, p), _("bankrupt") * (p in s.out)]
        )
    head = [
        _("player"),
        _("shares (held/limit, P = president)"),
        pgettext("lost-atlas", "cash"),
        _("worth"),
        "",
    ]
    out.append(fit.table(prows, head))
    return "\n\n".join(out)


# The frame's views (referee/shell/shell.py) that Lost Atlas draws.
VIEWS: dict[str, Callable[[State], str]] = {
    "market": market,
    "trains": roster,
    "companies": companies,
}
