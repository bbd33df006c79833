"""Congo Line: the trains on their lines, the goods they carry, shares, money, city bonuses."""

from __future__ import annotations

from typing import Any

from referee.core.gamespec import Played
from referee.core.html import esc, swatch, table
from referee.games.congo_line.names import shown
from referee.games.congo_line.state import END_CITIES, TRAINS, State
from referee.games.congo_line.track import space_value
from referee.i18n import _


def prices(game: Any, state: State) -> dict[str, int]:
    """Each train's share price: the number on its space (0 in a city: a share is free)."""
    return {c: space_value(state, state.trains[c]) or 0 for c in TRAINS}


def _price(state: State, colour: str) -> str:
    value = space_value(state, state.trains[colour])
    return _("free") if value is None else str(value)


def panels(session: Played, state: State) -> list[tuple[str, str]]:
    snap = session.game.snapshot(state)
    trains = []
    for colour in TRAINS:
        t = snap["trains"][colour]
        where = (
            _("in {city}").format(city=t["city"])
            if t["city"]
            else _("on {line}, space {space}").format(
                line=t["line"].replace(">", " > "), space=t["space"]
            )
        )
        trains.append(
            [
                swatch(colour),
                esc(where),
                esc(_price(state, colour)),
                esc(" ".join(t["goods"]) or "-"),
                snap["available"][colour],
                snap["reserve"][colour],
            ]
        )
    players = [
        [
            esc(p),
            snap["money"][p],
            esc(" ".join(f"{n} {shown(c)}" for c, n in snap["shares"][p].items() if n) or "-"),
            snap["cubes_left"][p],
        ]
        for p in state.players
    ]
    bonus = [[esc(city), left] for city, left in snap["bonus_left"].items()]
    train_headers = [
        _("train"),
        _("where"),
        _("share price"),
        _("goods (owners)"),
        _("shares to buy"),
        _("reserve"),
    ]
    player_headers = [_("player"), _("money"), _("shares"), _("goods cubes left")]
    reached = _("reached: {cities}").format(cities=", ".join(snap["reached"]) or _("none"))
    parts = [
        (_("Trains"), table(train_headers, trains, True)),
        (_("Players"), table(player_headers, players, True)),
        (
            _("Cities"),
            f"<p>{esc(reached)}</p>" + table([_("city"), _("bonus left")], bonus, True),
        ),
    ]
    turn = snap.get("turn") or {}
    if turn.get("dice"):
        dice = ", ".join(swatch(d) for d in turn["dice"])
        rolled = esc(_("{player} rolled:").format(player=turn.get("player", "")))
        parts.append((_("Dice"), f"<p>{rolled} {dice}</p>"))
    return parts


def ending(session: Played, state: State) -> list[str]:
    reached = len(session.game.snapshot(state)["reached"])
    return [
        _("a train reaching the {last}th city ends the game: {n} of {last} cities reached").format(
            last=END_CITIES, n=reached
        )
    ]


def holdings(session: Played, state: State, player: str) -> list[tuple[str, str]]:
    """What `player` holds, for their seat: money, shares by train, goods cubes left."""
    snap = session.game.snapshot(state)
    shares = ", ".join(f"{n} {shown(c)}" for c, n in snap["shares"][player].items() if n)
    return [
        (_("money"), str(snap["money"][player])),
        (_("shares"), shares or "-"),
        (_("goods cubes left"), str(snap["cubes_left"][player])),
    ]
