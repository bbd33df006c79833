"""The page of a game with no view of its own yet: what every game shows, and nothing more."""

from __future__ import annotations

from typing import Any

from referee.core.gamespec import Played, standing_details
from referee.i18n import _


def prices(game: Any, state: Any) -> dict[str, int]:
    return {}


def panels(session: Played, state: Any) -> list[tuple[str, str]]:
    return []


def ending(session: Played, state: Any) -> list[str]:
    return [_("the game is over") if session.game.is_over(state) else _("the game goes on")]


def holdings(session: Played, state: Any, player: str) -> list[tuple[str, str]]:
    return standing_details(session.game, state, player)
