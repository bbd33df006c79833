"""Congo Line: the trains on their lines, the goods they carry, shares, money, city bonuses."""

from __future__ import annotations

from typing import Any

from referee.games.congo_line.state import END_CITIES, TRAINS, State
from referee.session import Session
from referee.web.html import esc, swatch, table


def prices(game: Any, state: State) -> dict[str, int]:
    return {}


def panels(session: Session, state: State) -> list[tuple[str, str]]:
    snap = session.game.snapshot(state)
    trains = []
    for colour in TRAINS:
        t = snap["trains"][colour]
        where = f"in {t['city']}" if t["city"] else f"on {t['line']}, space {t['space']}"
        trains.append(
            [
                swatch(colour),
                esc(where),
                esc(" ".join(t["goods"]) or "-"),
                snap["available"][colour],
                snap["reserve"][colour],
            ]
        )
    players = [
        [
            esc(p),
            snap["money"][p],
            esc(" ".join(f"{n} {c}" for c, n in snap["shares"][p].items() if n) or "-"),
            snap["cubes_left"][p],
        ]
        for p in state.players
    ]
    bonus = [[esc(city), left] for city, left in snap["bonus_left"].items()]
    parts = [
        (
            "Trains",
            table(["train", "where", "goods (owners)", "shares to buy", "reserve"], trains, True),
        ),
        ("Players", table(["player", "money", "shares", "goods cubes left"], players, True)),
        (
            "Cities",
            f"<p>reached: {esc(', '.join(snap['reached']) or 'none')}</p>"
            + table(["city", "bonus left"], bonus, True),
        ),
    ]
    turn = snap.get("turn") or {}
    if turn.get("dice"):
        dice = ", ".join(swatch(d) for d in turn["dice"])
        parts.append(("Dice", f"<p>{esc(turn.get('player', ''))} rolled: {dice}</p>"))
    return parts


def ending(session: Session, state: State) -> list[str]:
    reached = len(session.game.snapshot(state)["reached"])
    return [
        f"a train reaching the {END_CITIES}th city ends the game: {reached} of "
        f"{END_CITIES} cities reached"
    ]
