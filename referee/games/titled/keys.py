"""Reading one table of a title description: each value checked, each error naming its key.

A `Keys` wraps one TOML table and the path that leads to it (`companies[PRR].tokens`). Every
getter removes the key it reads; `done()` then refuses any key left over, so a misspelt key is
reported rather than silently ignored.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NoReturn

from referee.core.errors import UsageError
from referee.i18n import _


class TitleError(UsageError):
    """A title description that cannot be used: one line naming the file and the key."""


def shown(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    if isinstance(value, bool):
        text = "true" if value else "false"
    return text if len(text) <= 40 else f"{text[:37]}..."


class Keys:
    def __init__(self, data: Any, path: str, file: str) -> None:
        self.file = file
        self.path = path
        if not isinstance(data, dict):
            self.fail(_("must be a table, not {value}").format(value=shown(data)))
        self.data: dict[str, Any] = dict(data)
        self.known: list[str] = []  # the keys asked for, named when an unknown one is found

    def fail(self, problem: str, key: str = "", allowed: str = "") -> NoReturn:
        where = ".".join(p for p in (self.path, key) if p)
        said = _("{file}: {where}: {problem}")
        raise TitleError(
            said.format(file=self.file, where=where or _("the file"), problem=problem), allowed
        )

    def has(self, key: str) -> bool:
        return key in self.data

    def _take(self, key: str, default: Any) -> Any:
        self.known.append(key)
        if key in self.data:
            return self.data.pop(key)
        if default is None:
            self.fail(_("is missing"), key)
        return default

    def value(self, key: str) -> Any:
        """A required value of any type, for the caller to check."""
        return self._take(key, None)

    def table(self, key: str, required: bool = True) -> Keys:
        raw = self._take(key, None if required else {})
        return Keys(raw, f"{self.path}.{key}" if self.path else key, self.file)

    def tables(self, key: str, name_key: str) -> Iterator[Keys]:
        """Each table of an array of tables, its path naming the entry by `name_key`."""
        raw = self._take(key, None)
        if not isinstance(raw, list) or not raw:
            self.fail(_("must be a non-empty list of tables ([[{key}]])").format(key=key), key)
        for index, item in enumerate(raw):
            label = item.get(name_key) if isinstance(item, dict) else None
            label = label if isinstance(label, str) and label else str(index + 1)
            yield Keys(item, f"{key}[{label}]", self.file)

    def integer(self, key: str, default: int | None = None, low: int = 0, high: int = 10**9) -> int:
        value = self._take(key, default)
        self.check_int(value, key, low, high)
        return int(value)

    def check_int(self, value: Any, key: str, low: int = 0, high: int = 10**9) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(_("must be a whole number, not {value}").format(value=shown(value)), key)
        if not low <= value <= high:
            self.fail(
                _("must be {low} to {high}, not {value}").format(low=low, high=high, value=value),
                key,
            )

    def integers(self, key: str, low: int = 0, high: int = 10**9, empty: bool = False) -> list[int]:
        value = self._take(key, None if not empty else [])
        if not isinstance(value, list) or (not value and not empty):
            said = _("must be a list of whole numbers, not {value}")
            self.fail(said.format(value=shown(value)), key)
        for item in value:
            self.check_int(item, key, low, high)
        return [int(v) for v in value]

    def text(self, key: str, default: str | None = None, choices: tuple[str, ...] = ()) -> str:
        value = self._take(key, default)
        if not isinstance(value, str):
            self.fail(_("must be text, not {value}").format(value=shown(value)), key)
        if choices and value not in choices:
            self.fail(_("cannot be {value}").format(value=shown(value)), key, ", ".join(choices))
        if not choices and default is None and not value.strip():
            self.fail(_("must not be empty"), key)
        return value

    def texts(
        self, key: str, default: list[str] | None = None, choices: tuple[str, ...] = ()
    ) -> list[str]:
        value = self._take(key, default)
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            self.fail(_("must be a list of text, not {value}").format(value=shown(value)), key)
        for item in value:
            if choices and item not in choices:
                said = _("cannot hold {value}").format(value=shown(item))
                self.fail(said, key, ", ".join(choices))
        if len(set(value)) != len(value):
            self.fail(_("names an entry twice"), key)
        return list(value)

    def flag(self, key: str, default: bool) -> bool:
        value = self._take(key, default)
        if not isinstance(value, bool):
            self.fail(_("must be true or false, not {value}").format(value=shown(value)), key)
        return value

    def count_or_unlimited(self, key: str, default: int | str | None = None) -> int | None:
        """A whole number of at least 1, or "unlimited" (None)."""
        value = self._take(key, default)
        if value == "unlimited":
            return None
        self.check_int(value, key, 1)
        return int(value)

    def by_players(self, key: str, low: int, high: int) -> dict[int, int]:
        """A table keyed by player count ("3" = 800) of whole numbers."""
        table = self.table(key)
        out: dict[int, int] = {}
        for count in list(table.data):
            if not count.isdigit() or not 1 <= int(count) <= 20:
                table.fail(_("keys must be player counts 1 to 20"), count)
            out[int(count)] = table.integer(count, low=low, high=high)
        if not out:
            self.fail(_("must give at least one player count"), key)
        return dict(sorted(out.items()))

    def done(self) -> None:
        if self.data:
            key = sorted(self.data)[0]
            self.fail(_("is not a key of this table"), key, ", ".join(dict.fromkeys(self.known)))
