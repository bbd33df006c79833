"""Where the rules allow two readings: a described title states its options as keys of its
description (tables/titles/*.toml), so the table chooses none here."""

from __future__ import annotations

from referee.core.engine import Reading

READINGS: tuple[Reading, ...] = ()
