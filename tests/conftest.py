"""Test-wide settings."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

from referee.shell.shell import register_verbs

# The frame's verbs are put in force explicitly, as the program does when it starts.
register_verbs()

# CI runs the same generated examples every time, so a red run always reproduces; on a
# developer's machine hypothesis explores new ones.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English whatever the machine's locale, and leaves it so; the
    programs a test starts inherit REFEREE_LANG=en unless the test says otherwise."""
    from referee import i18n

    monkeypatch.setenv("REFEREE_LANG", "en")
    i18n.use("en")
    yield
    i18n.use("en")
